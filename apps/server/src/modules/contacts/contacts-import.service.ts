import { createContactBodySchema, type DuplicateMode, type EmailStatus, type Seniority } from '@leadtrail/contracts';
import { splitFullName } from '../../lib/person-name.js';
import {
  emailDomain,
  FREE_MAIL_DOMAINS,
  normalizeDomain,
  normalizeEmail,
  normalizePhone,
} from '../../lib/normalize.js';
import { normalizeUrl, validateValues, type ValueDef } from '../custom-fields/custom-field-values.js';
import type { CustomFieldsService } from '../custom-fields/custom-fields.service.js';
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
import type { ImportClient } from '../records/record-import-writer.js';
import { toEmployeeRange, type CompaniesImportService } from '../companies/companies-import.service.js';
import type { ContactsImportRepository } from './contacts-import.repository.js';

/**
 * The set-based write path of contact imports (issue 6), kept in the contacts module so that
 * only this module writes contact tables. A row is checked by the same rules as
 * POST /api/v1/contacts: the contract's body schema, lib/normalize.ts, and the custom-field
 * value rules; then rows are written batch by batch from the imports staging table.
 */

/** Mapped cell values of one row, by import target (non-empty, trimmed). */
export type ImportValues = Record<string, string>;
/** A problem with one row: the target (and so the column) at fault, and why. */
export type ImportIssue = { target: string; message: string };

/** A valid row, normalised, as it goes into the staging table. */
export type StagedRecord = {
  /** identity: normalised email (contacts) or domain (companies) */
  key: string | null;
  /** column values of the target table by column name; absent = empty */
  data: Record<string, string | number>;
  custom: Record<string, unknown> | null;
  companyDomain: string | null;
  companyName: string | null;
  /** the row names a company (name, domain or website column): it may be created */
  companyCreate: boolean;
  note: string | null;
};

export type ImportRowContext = { defs: ValueDef[]; phoneRegion: string };
export type NormalizedRow = { record: StagedRecord; issues: [] } | { record: null; issues: ImportIssue[] };

const EMAIL_STATUS_WORDS: Record<string, EmailStatus> = {
  valid: 'valid',
  verified: 'valid',
  deliverable: 'valid',
  ok: 'valid',
  safe: 'valid',
  risky: 'risky',
  'catch-all': 'risky',
  catchall: 'risky',
  'accept all': 'risky',
  accept_all: 'risky',
  guessed: 'risky',
  extrapolated: 'risky',
  likely: 'risky',
  'likely to engage': 'risky',
  unverified: 'risky',
  invalid: 'invalid',
  bounced: 'invalid',
  undeliverable: 'invalid',
  'hard bounce': 'invalid',
  unknown: 'unknown',
  unavailable: 'unknown',
  'not found': 'unknown',
};

/** Provider words (Apollo's "Verified", ZeroBounce's "catch-all") to our four statuses; anything else is unknown. */
export function toEmailStatus(raw: string): EmailStatus {
  return EMAIL_STATUS_WORDS[raw.trim().toLowerCase()] ?? 'unknown';
}

const SENIORITY_WORDS: Record<string, Seniority> = {
  owner: 'owner',
  founder: 'founder',
  cofounder: 'founder',
  'co-founder': 'founder',
  c_suite: 'c_suite',
  'c-suite': 'c_suite',
  'c suite': 'c_suite',
  'c-level': 'c_suite',
  'c level': 'c_suite',
  cxo: 'c_suite',
  executive: 'c_suite',
  partner: 'partner',
  vp: 'vp',
  'vice president': 'vp',
  'vp-level': 'vp',
  head: 'head',
  director: 'director',
  manager: 'manager',
  senior: 'senior',
  entry: 'entry',
  'entry level': 'entry',
  junior: 'entry',
  intern: 'intern',
  internship: 'intern',
  training: 'intern',
};

/** A seniority label as the exports write it (Apollo writes our values; Lusha "C-Level"), or null when unknown. */
export function toSeniority(raw: string): Seniority | null {
  return SENIORITY_WORDS[raw.trim().toLowerCase()] ?? null;
}

const SPLIT_TARGETS = new Set(['firstName', 'lastName']);

/**
 * Checks and normalises one mapped row for a contact import. Nothing here touches the
 * database; the same row gives the same answer every time (a resumed import relies on it).
 */
export function normalizeContactImportRow(values: ImportValues, ctx: ImportRowContext): NormalizedRow {
  const issues: ImportIssue[] = [];
  const body: Record<string, unknown> = {};
  for (const f of [
    'firstName',
    'lastName',
    'email',
    'jobTitle',
    'department',
    'city',
    'region',
    'country',
    'workPhone',
    'mobilePhone',
    'otherPhone',
    'linkedinUrl',
  ] as const) {
    if (values[f] !== undefined) body[f] = values[f];
  }
  if (values.fullName !== undefined && (body.firstName === undefined || body.lastName === undefined)) {
    const split = splitFullName(values.fullName);
    if (body.firstName === undefined && split.firstName) body.firstName = split.firstName;
    if (body.lastName === undefined && split.lastName) body.lastName = split.lastName;
  }
  if (values.emailStatus !== undefined) body.emailStatus = toEmailStatus(values.emailStatus);
  if (values.seniority !== undefined) {
    const s = toSeniority(values.seniority);
    if (s) body.seniority = s;
    else
      issues.push({
        target: 'seniority',
        message: `"${values.seniority}" is not a seniority (use owner, founder, C-suite, partner, VP, head, director, manager, senior, entry or intern)`,
      });
  }
  const parsed = createContactBodySchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'email');
      // a name taken from the full-name column is that column's fault
      const target =
        SPLIT_TARGETS.has(field) && values[field] === undefined && values.fullName !== undefined ? 'fullName' : field;
      const message =
        issue.code === 'too_big' && 'maximum' in issue
          ? `Use at most ${String(issue.maximum)} characters`
          : field === 'email' && values.email === undefined
            ? 'The row has neither a name nor an email'
            : issue.message;
      issues.push({ target, message });
    }
  }
  const data: Record<string, string | number> = {};
  const put = (column: string, v: unknown) => {
    if (typeof v === 'string' && v !== '') data[column] = v;
  };
  put('first_name', body.firstName);
  put('last_name', body.lastName);
  const email = normalizeEmail(body.email as string | undefined);
  put('email', email ?? undefined);
  put('email_status', body.emailStatus);
  put('job_title', body.jobTitle);
  put('seniority', body.seniority);
  put('department', body.department);
  put('city', body.city);
  put('region', body.region);
  put('country', body.country);
  for (const [target, column] of [
    ['workPhone', 'work_phone'],
    ['mobilePhone', 'mobile_phone'],
    ['otherPhone', 'other_phone'],
  ] as const) {
    const raw = values[target];
    if (raw === undefined) continue;
    const p = normalizePhone(raw, ctx.phoneRegion);
    if (p) data[column] = p;
    else issues.push({ target, message: 'Enter a valid phone number' });
  }
  if (values.linkedinUrl !== undefined) {
    const url = normalizeUrl(values.linkedinUrl);
    if (url) data.linkedin_url = url;
    else issues.push({ target: 'linkedinUrl', message: 'Enter a valid URL' });
  }
  // the company: a domain column, else the website's domain, else the work email's domain
  let companyDomain: string | null = null;
  if (values.companyDomain !== undefined) {
    companyDomain = normalizeDomain(values.companyDomain);
    if (!companyDomain) issues.push({ target: 'companyDomain', message: 'Enter a domain like example.com' });
  }
  if (!companyDomain && values.website !== undefined) {
    const url = normalizeUrl(values.website);
    companyDomain = url ? normalizeDomain(url) : null;
    if (!companyDomain) issues.push({ target: 'website', message: 'Enter a valid website, like example.com' });
  }
  const companyName = values.companyName !== undefined ? values.companyName.slice(0, 200) : null;
  const companyCreate = companyName !== null || companyDomain !== null;
  if (!companyDomain) {
    const d = emailDomain(email);
    if (d && !FREE_MAIL_DOMAINS.has(d)) companyDomain = d;
  }
  // the company's own columns: they fill its empty fields once it is found or created
  companyExtras(values, ctx, data, issues);
  // a member named by email or name; resolved when written (no member matches: the import's owner)
  if (values.owner !== undefined) data.owner_ref = values.owner.trim().toLowerCase().slice(0, 320);
  const custom = customValues(values, ctx, issues);
  if (issues.length > 0) return { record: null, issues };
  return {
    record: { key: email, data, custom, companyDomain, companyName, companyCreate, note: values.notes ?? null },
    issues: [],
  };
}

/**
 * The company columns of a contact row (industry, employees, phone, LinkedIn, website), checked
 * as a company import checks them, into `company_…` keys of the staged data.
 */
function companyExtras(values: ImportValues, ctx: ImportRowContext, data: Record<string, string | number>, issues: ImportIssue[]) {
  if (values.companyIndustry !== undefined) data.company_industry = values.companyIndustry.slice(0, 100);
  if (values.companyEmployees !== undefined) {
    const r = toEmployeeRange(values.companyEmployees);
    if (r) data.company_employee_range = r;
    else issues.push({ target: 'companyEmployees', message: 'Enter a number of employees or a range like 51-200' });
  }
  if (values.companyPhone !== undefined) {
    const p = normalizePhone(values.companyPhone, ctx.phoneRegion);
    if (p) data.company_phone = p;
    else issues.push({ target: 'companyPhone', message: 'Enter a valid phone number' });
  }
  if (values.companyLinkedinUrl !== undefined) {
    const url = normalizeUrl(values.companyLinkedinUrl);
    if (url) data.company_linkedin_url = url;
    else issues.push({ target: 'companyLinkedinUrl', message: 'Enter a valid URL' });
  }
  if (values.website !== undefined) {
    const url = normalizeUrl(values.website);
    if (url) data.company_website = url;
  }
}

/** Custom-field values of a row by the same rules as the API (required fields too: a new record needs them). */
export function customValues(
  values: ImportValues,
  ctx: ImportRowContext,
  issues: ImportIssue[],
): Record<string, unknown> | null {
  let input: Record<string, unknown> | null = null;
  for (const [target, raw] of Object.entries(values)) {
    if (!target.startsWith('custom:')) continue;
    const key = target.slice(7);
    const def = ctx.defs.find((d) => d.key === key);
    input ??= {};
    // a multi select cell lists options separated by ; or ,
    input[key] =
      def?.type === 'multi_select'
        ? raw
            .split(/[;,]/)
            .map((s) => s.trim())
            .filter(Boolean)
        : raw;
  }
  if (!input && !ctx.defs.some((d) => d.required && !d.archived)) return null;
  const change = validateValues(ctx.defs, input ?? {}, { mode: 'create', phoneRegion: ctx.phoneRegion });
  for (const e of change.errors)
    issues.push({ target: `custom:${e.path.replace(/^customFields\./, '')}`, message: e.message });
  return Object.keys(change.set).length > 0 ? change.set : null;
}

export type WriteBatchParams = {
  workspaceId: string;
  importId: string;
  /** staging row numbers (fromRow, toRow] */
  fromRow: number;
  toRow: number;
  mode: DuplicateMode;
  ownerId: string | null;
  memberId: string | null;
  createCompanies: boolean;
  /** rows of the range still to write: neither suppressed nor repeating an earlier row */
  pending: number;
};
export type WriteBatchResult = { created: number; updated: number; skipped: number; rows: number };

export function createContactsImportService(deps: {
  uow: UnitOfWork;
  repo: ContactsImportRepository;
  customFields: CustomFieldsService;
  companiesImport: CompaniesImportService;
  phoneRegion: (workspaceId: string) => Promise<string>;
}) {
  const { repo } = deps;

  async function undoIn(tx: Tx, workspaceId: string, importId: string): Promise<{ removed: number; companiesRemoved: number }> {
    let removed = 0;
    for (;;) {
      const n = await repo.deleteCreatedBatch(tx, workspaceId, importId, 5000);
      removed += n;
      if (n < 5000) break;
    }
    const companiesRemoved = await deps.companiesImport.undoCreatedWithoutContactsIn(tx, workspaceId, importId);
    return { removed, companiesRemoved };
  }

  return {
    /** What normalizeContactImportRow needs, loaded once per import run. */
    async rowContext(workspaceId: string): Promise<ImportRowContext> {
      return {
        defs: await deps.customFields.definitions(workspaceId, 'contacts'),
        phoneRegion: await deps.phoneRegion(workspaceId),
      };
    },

    /**
     * Writes staged rows (fromRow, toRow] inside the caller's transaction (restricted role,
     * workspace set): companies first, then one upsert per the duplicates mode, then notes.
     * Rows repeating an earlier row of the file are left for mergeDuplicates.
     */
    async writeBatch(client: ImportClient, p: WriteBatchParams): Promise<WriteBatchResult> {
      await deps.companiesImport.linkForContacts(client, p);
      const result = await repo.upsertBatch(client, p);
      await repo.insertNotes(client, p);
      return result;
    },

    /**
     * Merges the rows of (fromRow, toRow] that repeat an earlier row of the file into the
     * contact that row wrote (after every batch is written, so that contact exists), with their notes.
     */
    async mergeDuplicates(client: ImportClient, p: Omit<WriteBatchParams, 'pending'>) {
      await repo.mergeDuplicates(client, p);
      await repo.insertMergedNotes(client, p);
    },

    /** Refreshes the planner's statistics of the named tables an import grows (the caller's client is the table owner). */
    refreshStatistics: (client: ImportClient, tables: readonly string[]) => repo.analyze(client, tables),

    /** How many rows of the workspace each of those tables holds, up to `cap`. */
    tableSizes: (client: ImportClient, workspaceId: string, cap: number) => repo.sizes(client, workspaceId, cap),

    /** Ids of the contacts the staged rows (fromRow, toRow] now correspond to (for adding them to a list). */
    recordIds: (client: ImportClient, p: Pick<WriteBatchParams, 'workspaceId' | 'importId' | 'fromRow' | 'toRow'>) =>
      repo.recordIds(client, p),

    /**
     * Removes the contacts an import created (not those it only updated), then the companies it
     * created that no contact links to any more: one unit of work, deleting in batches.
     */
    undo: (workspaceId: string, importId: string) => deps.uow.tenant({ workspaceId }, (tx) => undoIn(tx, workspaceId, importId)),

    /** The same inside the caller's unit of work (the imports module marks the import undone with it). */
    undoIn,
  };
}

export type ContactsImportService = ReturnType<typeof createContactsImportService>;
