import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { Mailer } from '../lib/mail.js';
import type { Jobs } from '../plugins/jobs.js';
import { createAuthRepository } from './auth/auth.repository.js';
import { createAuthService } from './auth/auth.service.js';
import { createSecondFactor } from './auth/second-factor.js';
import { createAccountRepository } from './account/account.repository.js';
import { createAccountService } from './account/account.service.js';
import { createInvitationsRepository } from './invitations/invitations.repository.js';
import { createInvitationsService } from './invitations/invitations.service.js';
import { createListsRepository } from './lists/lists.repository.js';
import { createListsService } from './lists/lists.service.js';
import { createMembersRepository } from './members/members.repository.js';
import { createMembersService } from './members/members.service.js';
import { createSuppressionsRepository } from './suppressions/suppressions.repository.js';
import { createSuppressionsService } from './suppressions/suppressions.service.js';
import { createWorkspaceRepository } from './workspace/workspace.repository.js';
import { createWorkspaceService } from './workspace/workspace.service.js';
import { createActivityRepository } from './activity/activity.repository.js';
import { createActivityService } from './activity/activity.service.js';
import { createCompaniesRepository } from './companies/companies.repository.js';
import { createCompaniesService } from './companies/companies.service.js';
import { createContactsRepository } from './contacts/contacts.repository.js';
import { createContactsService } from './contacts/contacts.service.js';
import { createCustomFieldsRepository } from './custom-fields/custom-fields.repository.js';
import { createCustomFieldsService } from './custom-fields/custom-fields.service.js';
import { createGridPreferencesRepository } from './grid-preferences/grid-preferences.repository.js';
import { createGridPreferencesService } from './grid-preferences/grid-preferences.service.js';
import { createNotesRepository } from './notes/notes.repository.js';
import { createNotesService } from './notes/notes.service.js';
import path from 'node:path';
import pino from 'pino';
import { createLocalStorage } from '../lib/storage/storage.js';
import { createCompaniesImportRepository } from './companies/companies-import.repository.js';
import { createCompaniesImportService } from './companies/companies-import.service.js';
import { createContactsImportRepository } from './contacts/contacts-import.repository.js';
import { createContactsImportService } from './contacts/contacts-import.service.js';
import { importListsVia } from './imports/import-lists.js';
import { createImportProcessor } from './imports/import-processor.js';
import { createImportsRepository } from './imports/imports.repository.js';
import { createImportsService } from './imports/imports.service.js';

export type ModuleDeps = { config: Config; db: Db; jobs: Jobs | null; mailer: Mailer };

/** Every module's service, built once from its narrow dependencies. */
export function createServices(deps: ModuleDeps) {
  const { config, db, mailer } = deps;
  const secondFactor = createSecondFactor(db);
  const auth = createAuthService({
    repo: createAuthRepository(db),
    mailer,
    appUrl: config.appUrl,
    secondFactor,
  });
  const workspace = createWorkspaceService({ repo: createWorkspaceRepository(db) });
  const account = createAccountService({
    repo: createAccountRepository(db),
    secondFactor,
    auth,
    workspace,
    mailer,
    appUrl: config.appUrl,
  });
  const members = createMembersService({ repo: createMembersRepository(db), account, workspace });
  const invitations = createInvitationsService({
    repo: createInvitationsRepository(db),
    members,
    workspace,
    account,
    auth,
    mailer,
    appUrl: config.appUrl,
  });
  const suppressions = createSuppressionsService({ repo: createSuppressionsRepository(db) });
  // My Contacts: custom fields, companies, contacts, their notes and timeline
  const phoneRegion = async (workspaceId: string) => (await workspace.settings(workspaceId)).defaultPhoneRegion;
  const customFields = createCustomFieldsService({ repo: createCustomFieldsRepository(db) });
  const activity = createActivityService({ repo: createActivityRepository(db) });
  const notes = createNotesService({ repo: createNotesRepository(db), activity });
  const companies = createCompaniesService({ repo: createCompaniesRepository(db), customFields, activity, notes, phoneRegion });
  const contacts = createContactsService({ repo: createContactsRepository(db), customFields, companies, activity, notes, phoneRegion });
  customFields.attachValueStore('contacts', contacts.valueStore);
  customFields.attachValueStore('companies', companies.valueStore);
  companies.attachContactRelinker(contacts.relinkCompany);
  // a deactivated member's records can be handed to someone else (Settings → Users)
  members.attachRecordOwners({ contacts, companies });
  const gridPreferences = createGridPreferencesService({ repo: createGridPreferencesRepository(db) });
  // lists page and add to the contacts and companies grids (issue 5)
  const lists = createListsService({ repo: createListsRepository(db), sources: { contacts, companies }, activity });
  contacts.attachMergeMover((ws, from, to) => lists.moveMemberships(ws, 'contacts', from, to));
  companies.attachMergeMover((ws, from, to) => lists.moveMemberships(ws, 'companies', from, to));
  // imports (issue 6): uploads on local disk under DATA_DIR/files; the bulk write paths live in contacts and companies
  const storage = createLocalStorage(path.join(config.dataDir, 'files'));
  const importLog = pino({ level: config.logLevel }).child({ module: 'imports' });
  const companiesImport = createCompaniesImportService({ repo: createCompaniesImportRepository(db), customFields, phoneRegion });
  const contactsImport = createContactsImportService({ repo: createContactsImportRepository(db), customFields, companiesImport, phoneRegion });
  const importLists = importListsVia(lists);
  const importsRepo = createImportsRepository(db);
  const importProcessor = createImportProcessor({
    db, repo: importsRepo, storage, contactsImport, companiesImport, lists: importLists, mailer, appUrl: config.appUrl,
    log: importLog, notifyAfterMs: 60_000,
  });
  const imports = createImportsService({
    repo: importsRepo, storage, processor: importProcessor, jobs: deps.jobs, customFields, lists: importLists, contactsImport,
    companiesImport, log: importLog,
    memberExists: (ctx, id) => members.get(ctx, id).then(() => true, () => false),
  });
  const importWorker = { processor: importProcessor, repo: importsRepo, storage, contactsImport, companiesImport, lists: importLists };
  return { auth, workspace, account, members, invitations, suppressions, customFields, activity, notes, companies, contacts, gridPreferences, lists, imports, importWorker };
}

export type Services = ReturnType<typeof createServices>;
