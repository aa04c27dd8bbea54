import type { FastifyBaseLogger } from 'fastify';
import { createProspectReads, createUnitOfWork, type Tx } from './core/unit-of-work.js';
import { createHeavySlots } from './core/heavy-slots.js';
import { uncounted } from './core/unit-tally.js';
import { recordsBulkQueue } from './modules/records/records-bulk.jobs.js';
import { pendingMigrations } from './db/migrate.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Mailer } from './lib/mail.js';
import type { Jobs } from './core/jobs.js';
import { createAuthRepository } from './modules/auth/auth.repository.js';
import { createAuthService, type SeenCredential } from './modules/auth/auth.service.js';
import { createNotifiedCaches } from './core/notified-cache.js';
import { createSecondFactor } from './modules/auth/second-factor.js';
import { createAccountRepository } from './modules/account/account.repository.js';
import { createAccountService } from './modules/account/account.service.js';
import { createInvitationsRepository } from './modules/invitations/invitations.repository.js';
import { createInvitationsService } from './modules/invitations/invitations.service.js';
import { createListsRepository } from './modules/lists/lists.repository.js';
import { createListsService, listMemberships } from './modules/lists/lists.service.js';
import { createMembersRepository } from './modules/members/members.repository.js';
import { createMembersService } from './modules/members/members.service.js';
import { createSuppressionsRepository } from './modules/suppressions/suppressions.repository.js';
import { createSuppressionsService } from './modules/suppressions/suppressions.service.js';
import { createWorkspaceRepository } from './modules/workspace/workspace.repository.js';
import { createWorkspaceService } from './modules/workspace/workspace.service.js';
import { createActivityRepository } from './modules/activity/activity.repository.js';
import { createActivityService } from './modules/activity/activity.service.js';
import { createCompaniesService } from './modules/records/companies/companies.service.js';
import { createContactsService } from './modules/records/contacts/contacts.service.js';
import { createContactsRepository } from './modules/records/contacts/contacts.repository.js';
import { createContactDuplicatesService } from './modules/records/contacts/contact-duplicates.service.js';
import { createCustomFieldsRepository } from './modules/custom-fields/custom-fields.repository.js';
import { createCustomFieldsService } from './modules/custom-fields/custom-fields.service.js';
import { createGridPreferencesRepository } from './modules/grid-preferences/grid-preferences.repository.js';
import { createGridPreferencesService } from './modules/grid-preferences/grid-preferences.service.js';
import { createNotesRepository } from './modules/notes/notes.repository.js';
import { createNotesService } from './modules/notes/notes.service.js';
import { assertRecordIn } from './modules/records/record-exists.sql.js';
import path from 'node:path';
import { createLocalStorage } from './lib/storage/storage.js';
import { companyImportSql } from './modules/records/companies/companies-import.sql.js';
import { contactImportSql } from './modules/records/contacts/contacts-import.sql.js';
import { createRecordImportService } from './modules/records/record-import.service.js';
import { createRecordProspects } from './modules/records/record-prospects.service.js';
import { importListsVia } from './modules/imports/import-lists.js';
import { createImportProcessor } from './modules/imports/import-processor.jobs.js';
import { createImportsRepository } from './modules/imports/imports.repository.js';
import { createImportsService, importDetailIn } from './modules/imports/imports.service.js';
import { createProspectsRepository } from './modules/prospects/prospects.repository.js';
import { createProspectsService } from './modules/prospects/prospects.service.js';
import { createSavedSearchesRepository } from './modules/saved-searches/saved-searches.repository.js';
import { createSavedSearchesService } from './modules/saved-searches/saved-searches.service.js';
import { createSavedViewsRepository } from './modules/saved-views/saved-views.repository.js';
import { createSavedViewsService } from './modules/saved-views/saved-views.service.js';
import { createSearchRepository } from './modules/search/search.repository.js';
import { createSearchService } from './modules/search/search.service.js';
import { createCreditsRepository } from './modules/credits/credits.repository.js';
import { createCreditsService } from './modules/credits/credits.service.js';
import { createBilling, createPlanCredits } from './modules/billing/billing.module.js';
import { stripeOptionsOf } from './modules/billing/stripe-provider.js';
import { revealQueue } from './modules/prospects/prospects-reveal.jobs.js';
import { createRevealRepository } from './modules/prospects/prospects-reveal.repository.js';
import { createImportEnricher } from './modules/imports/import-enrich.service.js';
import { createImportEnrichRepository } from './modules/imports/import-enrich.repository.js';
import { createRevealService, type RevealService } from './modules/prospects/prospects-reveal.service.js';
import { createPrivacyRepository } from './modules/privacy/privacy.repository.js';
import { createPrivacyService, type PrivacyService } from './modules/privacy/privacy.service.js';
import { exportQueue } from './modules/privacy/privacy.jobs.js';
import { createAuditRepository } from './modules/audit/audit.repository.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { createWebhooksRepository } from './modules/webhooks/webhooks.repository.js';
import { createWebhooksService } from './modules/webhooks/webhooks.service.js';
import { createWebhookSender } from './modules/webhooks/webhook-sender.js';
import { createEmailVerifier, verifierSettingsFrom, type EmailVerifier } from './modules/verification/email-verifier.js';
import { createVerificationService, type VerificationService } from './modules/verification/verification.service.js';
import { greylistRetries, verificationQueue } from './modules/verification/verification.jobs.js';
import { verificationsOfPlanNamed } from './modules/billing/plans.js';

/** A logger that redacts secrets: the HTTP app's, or one built with lib/logging's options. */
export type Logger = FastifyBaseLogger;

export type ContainerDeps = {
  config: Config;
  db: Db;
  /** the prospect tables' own database (PROSPECTS_DATABASE_URL, decision 0043); absent: `db` */
  prospectsDb?: Db | null;
  jobs: Jobs | null;
  mailer: Mailer;
  log: Logger;
};

/**
 * The service graph, built once per process and handed to the HTTP app and the workers.
 * Every module's service gets its narrow dependencies; the unit of work is the only way
 * a module reaches the database.
 */
export function createContainer(deps: ContainerDeps) {
  const { config, db, mailer } = deps;
  // what every request reads first, kept per process and emptied when the database says it changed
  // (issue 13); listening is started by the HTTP app (app.ts): until then everything is read from the database
  const caches = createNotifiedCaches(db.pool);
  // heavy statements take slots: a workspace at most its share, all of them at most half the
  // pool, so light work of every workspace always finds a connection (decision 0029)
  const heavy = createHeavySlots({ perWorkspace: config.heavyPerWorkspace, total: Math.floor((db.pool.options.max ?? 10) / 2) });
  const uow = createUnitOfWork(db, { listen: caches.transactions, heavy });
  // sign-in and the per-request credential check on the credential pool, which user work can't take
  // reads of the prospect tables: the use case's transaction, or the prospects database when it has its own (decision 0043)
  const prospectReads = createProspectReads(deps.prospectsDb ?? null);
  const authUow = createUnitOfWork({ ...db, pool: db.authPool }, { listen: caches.transactions });
  // the audit log (issue 15): every module records its events through it, in its own unit of work
  const audit = createAuditService({ uow, repo: createAuditRepository() });
  // webhooks (issue 17): other modules' use cases write events to its outbox in their own unit of work
  const webhooks = createWebhooksService({
    uow, repo: createWebhooksRepository(), send: createWebhookSender({ allowPrivate: config.webhookAllowPrivate }), mailer,
    appUrl: config.appUrl, allowPrivate: config.webhookAllowPrivate, log: deps.log.child({ module: 'webhooks' }),
  });
  const authRepo = createAuthRepository();
  const secondFactor = createSecondFactor(authRepo);
  const auth = createAuthService({ uow: authUow, repo: authRepo, mailer, appUrl: config.appUrl, secondFactor, audit,
    // a credential checked within the last 30 s (and its minute of freshness) is not read again
    credentials: caches.cache<SeenCredential>('credentials', { maxAgeMs: 30_000 }) });
  const workspace = createWorkspaceService({ uow, repo: createWorkspaceRepository() });
  const account = createAccountService({
    uow,
    repo: createAccountRepository(),
    secondFactor,
    auth,
    workspace,
    mailer,
    appUrl: config.appUrl,
    audit,
  });
  // credits and reveals (issue 10): a reveal spends, records the reveal and creates contacts in one unit of work
  // the period's plan credits are read from billing's subscription by billing's reader, built first:
  // billing (built later) calls credits, credits never calls billing back
  const planCredits = createPlanCredits();
  const credits = createCreditsService({ uow, repo: createCreditsRepository(), events: webhooks, planCredits });
  const suppressions = createSuppressionsService({ repo: createSuppressionsRepository(), uow, audit });
  // My Contacts: custom fields, companies, contacts, their notes and timeline
  // inside a caller's unit of work (a reveal's contacts) the settings are read on its transaction:
  // a second connection per nested call would starve the pool under concurrent reveals
  const phoneRegion = async (workspaceId: string, tx?: Tx) =>
    (tx ? await workspace.settingsIn(tx, workspaceId) : await workspace.settings(workspaceId)).defaultPhoneRegion;
  const customFields = createCustomFieldsService({ repo: createCustomFieldsRepository(), uow, cache: caches.cache('custom_fields', { maxAgeMs: 60_000 }) });
  // notes, a record's timeline and its lists check the record inside their unit of work with records' fragment
  const activity = createActivityService({ repo: createActivityRepository(), uow, assertRecordIn });
  const notes = createNotesService({ repo: createNotesRepository(), activity, uow, assertRecordIn });
  // a merge moves list memberships through the lists repository (their one writer), built first
  const listsRepo = createListsRepository();
  const memberships = listMemberships(listsRepo);
  // contacts and companies: one records vertical (modules/records) with two configurations;
  // a company merge moves its contacts in its unit of work through the contacts repository (their one
  // writer), built first and handed to both: companies, then contacts (which need companies), no closure back
  // bulk edits and deletes by filter run as jobs (decision 0029): on pg-boss when the process has it
  const bulkQueue = deps.jobs ? recordsBulkQueue(deps.jobs) : undefined;
  const bulkLog = deps.log.child({ module: 'records-bulk' });
  const contactsRepo = createContactsRepository();
  const companies = createCompaniesService({
    uow, customFields, activity, notes, lists: memberships, phoneRegion, events: webhooks, audit, bulkQueue, log: bulkLog,
    relinkContactsIn: contactsRepo.relinkCompany,
  });
  const contacts = createContactsService({ uow, customFields, companies, activity, notes, lists: memberships, phoneRegion, events: webhooks, audit, bulkQueue, log: bulkLog, repo: contactsRepo });
  // a deactivated member's records can be handed to someone else (Settings → Users): members are
  // built after contacts and companies, whose owners they are
  const members = createMembersService({
    uow,
    repo: createMembersRepository(),
    account,
    workspace,
    recordOwners: { contacts, companies },
    creditUsage: credits,
    audit,
  });
  const invitations = createInvitationsService({
    uow,
    repo: createInvitationsRepository(),
    members,
    workspace,
    account,
    auth,
    mailer,
    appUrl: config.appUrl,
    audit,
  });
  // duplicates view (issue 26): a page of pairs merged by the contacts' own merge, undoable
  const contactDuplicates = createContactDuplicatesService({ uow, contacts, events: webhooks });
  // lists page and add to the contacts and companies grids (issue 5), built after them: no cycle
  const lists = createListsService({ repo: listsRepo, uow, sources: { contacts, companies }, activity, events: webhooks, assertRecordIn });
  const gridPreferences = createGridPreferencesService({ repo: createGridPreferencesRepository(), uow });
  // the prospect database's search (issue 10); reveals spend credits in the credits module
  const prospects = createProspectsService({ uow, repo: createProspectsRepository(), reads: prospectReads });
  // email verification (issue 24): the verifier is built where a job first runs (a worker), the
  // service queues jobs to it and, for one address, waits for its answer
  let verifierInstance: EmailVerifier | null = null;
  // its shared cache's units are its own, not the asking use case's (decision 0039)
  const verifier = () => (verifierInstance ??= createEmailVerifier({ uow: uncounted(uow), settings: verifierSettingsFrom(config.verify) }));
  const queueVerification = verificationQueue(deps.jobs, () => verification, deps.log.child({ module: 'verification' }));
  const verification: VerificationService = createVerificationService({
    uow, verifier, credits, events: webhooks, queue: () => queueVerification, retryLater: greylistRetries(deps.jobs), appUrl: config.appUrl,
    contacts: { ...contacts, selectionSqlIn: (tx, ctx, sel) => contacts.selectionSqlIn(tx, ctx, sel) },
    included: async (tx, workspaceId, at) => verificationsOfPlanNamed((await planCredits(tx, workspaceId, at)).name),
    prospectsAtDomain: prospects.peopleAtDomainIn,
  });
  // saved prospect searches with "N new" (issue 10), counted through the prospect search
  const savedSearches = createSavedSearchesService({ uow, repo: createSavedSearchesRepository(), prospects });
  // the command palette's search and the grids' saved views (issue 14)
  const search = createSearchService({ uow, repo: createSearchRepository() });
  const savedViews = createSavedViewsService({
    uow, repo: createSavedViewsRepository(),
    check: (tx, ctx, grid, view) => (grid === 'contacts' ? contacts : companies).checkViewIn(tx, ctx, view),
  });
  // built once; it asks for the reveal service only when a job runs in this process (a real cycle:
  // the queue runs the service that queues to it; so are the other queues below)
  const queueReveal = revealQueue(deps.jobs, () => reveal, deps.log.child({ module: 'reveal' }));
  // records' prospect API: a revealed person becomes a contact, its company found or created
  const recordProspects = createRecordProspects({ contacts, companies });
  const reveal: RevealService = createRevealService({
    uow, repo: createRevealRepository(), credits, prospects, contacts: recordProspects, lists, queue: () => queueReveal, events: webhooks, audit,
    log: deps.log.child({ module: 'reveal' }),
    // every reveal verifies the emails it would charge, before its unit of work
    verdicts: verification.verdictsFor,
  });
  // imports (issue 6): uploads on local disk under DATA_DIR/files; the bulk write path (one, per entity) lives in records
  const storage = createLocalStorage(path.join(config.dataDir, 'files'));
  const importLog = deps.log.child({ module: 'imports' });
  const companiesImport = createRecordImportService({ uow, customFields, phoneRegion, spec: companyImportSql });
  const contactsImport = createRecordImportService({ uow, customFields, phoneRegion, spec: contactImportSql });
  const importLists = importListsVia(lists);
  const importsRepo = createImportsRepository();
  // the import's enrich option: fills contacts from the prospect database, charged in each batch's transaction
  const importEnricher = createImportEnricher({
    uow, repo: createImportEnrichRepository(), credits, contacts, reveals: reveal, importIn: importDetailIn(importsRepo), prospects,
  });
  const importProcessor = createImportProcessor({
    uow, repo: importsRepo, storage, contactsImport, companiesImport, lists: importLists, mailer, appUrl: config.appUrl,
    log: importLog, notifyAfterMs: 60_000,
    enrich: importEnricher, events: webhooks,
    // the verify emails option: the contacts the import created, as a verification job
    verifyEmails: (ctx, importId) => verification.start(ctx, { filter: { and: [{ field: 'importId', op: 'is', value: importId }] } }),
  });
  const imports = createImportsService({
    uow, repo: importsRepo, storage, processor: importProcessor, jobs: deps.jobs, customFields, lists: importLists, contactsImport,
    companiesImport, log: importLog, audit,
    memberExistsIn: (tx, ctx, id) => members.existsIn(tx, ctx.workspaceId, id),
  });
  const importWorker = { processor: importProcessor, repo: importsRepo, storage, contactsImport, companiesImport, lists: importLists };
  // readiness: the database answers through the unit of work, and no migration is pending
  const readiness = {
    ping: uow.ping,
    // the prospects database's too when it has its own (a start migrates both, decision 0043)
    pendingMigrations: async () => [
      ...(await pendingMigrations(db.pool)),
      ...(deps.prospectsDb ? (await pendingMigrations(deps.prospectsDb.pool)).map((f) => `prospects database: ${f}`) : []),
    ],
  };
  // privacy (issue 15): erasure, workspace export (a job), file retention, deleting the workspace
  const privacyLog = deps.log.child({ module: 'privacy' });
  const queueExport = exportQueue(deps.jobs, () => privacy, privacyLog);
  const privacy: PrivacyService = createPrivacyService({
    uow, repo: createPrivacyRepository(), storage, suppressions, account, contacts, audit, queue: () => queueExport,
    mailer, appUrl: config.appUrl, log: privacyLog, verification, prospects,
  });
  // billing (issue 11): plans, subscription, cards, invoices, renewal; Stripe when STRIPE_SECRET_KEY is set, else the sandbox
  const billing = createBilling({
    uow, credits, mailer, audit,
    config: { salesEmail: config.salesEmail, invoiceSeller: config.invoiceSeller, appUrl: config.appUrl, stripe: config.stripe ? { ...stripeOptionsOf(config.stripe), webhookSecret: config.stripe.webhookSecret } : null },
  });
  return { config, uow, heavyLimits: heavy.limits, audit, billing, readiness, jobs: deps.jobs, mailer, importEnricher, auth, caches, workspace, account, members, invitations, suppressions, customFields, activity, notes, companies, contacts, recordProspects, gridPreferences, lists, imports, importWorker, prospects, savedSearches, credits, reveal, webhooks, search, savedViews, privacy, verification, verifier, contactDuplicates };
}

export type Container = ReturnType<typeof createContainer>;
