import {
  createCompanyBodySchema,
  employeeRanges,
  revenueRanges,
  type DuplicateMode,
  type EmployeeRange,
  type RevenueRange,
} from '@leadtrail/contracts';
import { normalizeDomain, normalizePhone } from '../../lib/normalize.js';
import { normalizeUrl, validateValues, type ValueDef } from '../custom-fields/custom-field-values.js';
import type { CustomFieldsService } from '../custom-fields/custom-fields.service.js';
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
import type { ImportClient } from '../records/record-import-writer.js';
import type { CompaniesImportRepository } from './companies-import.repository.js';

/**
 * The set-based write path of company imports, and the companies a contact import finds or
 * creates (issue 6), kept in the companies module so that only it writes companies. Rows are
 * checked by the rules of POST /api/v1/companies: the contract's body schema, lib/normalize.ts
 * and the custom-field value rules.
 */

export type ImportValues = Record<string, string>;
export type ImportIssue = { target: string; message: string };
export type ImportRowContext = { defs: ValueDef[]; phoneRegion: string };
export type StagedCompany = {
  key: string | null;
  data: Record<string, string | number>;
  custom: Record<string, unknown> | null;
  companyDomain: null;
  companyName: null;
  companyCreate: false;
  note: string | null;
};
export type NormalizedCompanyRow = { record: StagedCompany; issues: [] } | { record: null; issues: ImportIssue[] };

const parseCount = (raw: string): number | null => {
  const v = raw
    .trim()
    .toLowerCase()
    .replace(/[\s,_]/g, '');
  const m = v.match(/^(\d+(?:\.\d+)?)(k|m|b)?\+?$/);
  if (!m) return null;
  const mult = m[2] === 'k' ? 1e3 : m[2] === 'm' ? 1e6 : m[2] === 'b' ? 1e9 : 1;
  return Number(m[1]) * mult;
};

const EMPLOYEE_BOUNDS: [number, EmployeeRange][] = [
  [10, '1-10'],
  [50, '11-50'],
  [200, '51-200'],
  [500, '201-500'],
  [1000, '501-1000'],
  [5000, '1001-5000'],
  [10000, '5001-10000'],
  [Infinity, '10001+'],
];

/** "250", "51-200", "1,001-5,000", "10,000+" or "10001+" -> our employee range; null when unreadable. */
export function toEmployeeRange(raw: string): EmployeeRange | null {
  const v = raw.trim().replace(/[\s,]/g, '').replace(/–|—/g, '-');
  if ((employeeRanges as readonly string[]).includes(v)) return v as EmployeeRange;
  const range = v.match(/^(\d+)-(\d+)$/);
  const plus = v.match(/^(\d+)\+$/);
  const n = range ? Number(range[2]) : plus ? Number(plus[1]) + 1 : parseCount(v);
  if (n === null || !Number.isFinite(n) || n < 1) return null;
  return EMPLOYEE_BOUNDS.find(([max]) => n <= max)![1];
}

const REVENUE_BOUNDS: [number, RevenueRange][] = [
  [1e6, '<1M'],
  [1e7, '1M-10M'],
  [5e7, '10M-50M'],
  [1e8, '50M-100M'],
  [5e8, '100M-500M'],
  [1e9, '500M-1B'],
  [Infinity, '1B+'],
];

/** "$12,500,000", "12.5M", "10M-50M" or "<1M" -> our revenue range; null when unreadable. */
export function toRevenueRange(raw: string): RevenueRange | null {
  const v = raw
    .trim()
    .toUpperCase()
    .replace(/[\s,$€£]/g, '')
    .replace(/USD|EUR|GBP/g, '')
    .replace(/–|—/g, '-');
  if ((revenueRanges as readonly string[]).includes(v)) return v as RevenueRange;
  const range = v.match(/^([\d.]+[KMB]?)-([\d.]+[KMB]?)$/);
  // a range's upper bound is exclusive: "10M-50M" is below 50M
  const n = range ? (parseCount(range[2]!) ?? NaN) - 1 : parseCount(v.replace(/\+$/, ''));
  if (n === null || !Number.isFinite(n) || n < 0) return null;
  return REVENUE_BOUNDS.find(([max]) => n < max)![1];
}

/** Checks and normalises one mapped row for a company import (pure; same answer every time). */
export function normalizeCompanyImportRow(values: ImportValues, ctx: ImportRowContext): NormalizedCompanyRow {
  const issues: ImportIssue[] = [];
  const data: Record<string, string | number> = {};
  let domain: string | null = null;
  if (values.domain !== undefined) {
    domain = normalizeDomain(values.domain);
    if (!domain) issues.push({ target: 'domain', message: 'Enter a domain like example.com' });
  }
  let website: string | null = null;
  if (values.website !== undefined) {
    website = normalizeUrl(values.website);
    if (!website) issues.push({ target: 'website', message: 'Enter a valid website, like example.com' });
    else data.website = website;
  }
  // like the API: the website gives the domain when there is none
  if (!domain && website && values.domain === undefined) domain = normalizeDomain(website);
  // a row with a domain but no name is named after its domain
  const name = values.name ?? domain ?? undefined;
  const body: Record<string, unknown> = { name };
  for (const f of ['industry', 'city', 'region', 'country', 'description'] as const)
    if (values[f] !== undefined) body[f] = values[f];
  if (values.foundedYear !== undefined) {
    const y = Number(values.foundedYear.trim());
    if (Number.isInteger(y)) body.foundedYear = y;
    else issues.push({ target: 'foundedYear', message: 'Enter a year, like 2015' });
  }
  const parsed = createCompanyBodySchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'name');
      const message =
        issue.code === 'too_big' && field !== 'foundedYear' && 'maximum' in issue
          ? `Use at most ${String(issue.maximum)} characters`
          : field === 'name' && values.name === undefined
            ? 'The row has neither a name nor a domain'
            : issue.message;
      issues.push({ target: field, message });
    }
  }
  for (const f of ['name', 'industry', 'city', 'region', 'country', 'description'] as const) {
    const v = body[f];
    if (typeof v === 'string' && v.trim() !== '') data[f] = v.trim();
  }
  if (typeof body.foundedYear === 'number') data.founded_year = body.foundedYear;
  // a member named by email or name; resolved when written (no member matches: the import's owner)
  if (values.owner !== undefined) data.owner_ref = values.owner.trim().toLowerCase().slice(0, 320);
  if (domain) data.domain = domain;
  if (values.employeeRange !== undefined) {
    const r = toEmployeeRange(values.employeeRange);
    if (r) data.employee_range = r;
    else issues.push({ target: 'employeeRange', message: 'Enter a number of employees or a range like 51-200' });
  }
  if (values.revenueRange !== undefined) {
    const r = toRevenueRange(values.revenueRange);
    if (r) data.revenue_range = r;
    else
      issues.push({ target: 'revenueRange', message: 'Enter an amount (12.5M, $12,500,000) or a range like 10M-50M' });
  }
  if (values.phone !== undefined) {
    const p = normalizePhone(values.phone, ctx.phoneRegion);
    if (p) data.phone = p;
    else issues.push({ target: 'phone', message: 'Enter a valid phone number' });
  }
  if (values.linkedinUrl !== undefined) {
    const url = normalizeUrl(values.linkedinUrl);
    if (url) data.linkedin_url = url;
    else issues.push({ target: 'linkedinUrl', message: 'Enter a valid URL' });
  }
  let input: Record<string, unknown> | null = null;
  for (const [target, raw] of Object.entries(values)) {
    if (!target.startsWith('custom:')) continue;
    const key = target.slice(7);
    input ??= {};
    input[key] =
      ctx.defs.find((d) => d.key === key)?.type === 'multi_select'
        ? raw
            .split(/[;,]/)
            .map((s) => s.trim())
            .filter(Boolean)
        : raw;
  }
  let custom: Record<string, unknown> | null = null;
  if (input || ctx.defs.some((d) => d.required && !d.archived)) {
    const change = validateValues(ctx.defs, input ?? {}, { mode: 'create', phoneRegion: ctx.phoneRegion });
    for (const e of change.errors)
      issues.push({ target: `custom:${e.path.replace(/^customFields\./, '')}`, message: e.message });
    if (Object.keys(change.set).length > 0) custom = change.set;
  }
  if (issues.length > 0) return { record: null, issues };
  return {
    record: {
      key: domain,
      data,
      custom,
      companyDomain: null,
      companyName: null,
      companyCreate: false,
      note: values.notes ?? null,
    },
    issues: [],
  };
}

export type CompanyBatchParams = {
  workspaceId: string;
  importId: string;
  fromRow: number;
  toRow: number;
  mode: DuplicateMode;
  ownerId: string | null;
  memberId: string | null;
  createCompanies: boolean;
  pending: number;
};

export function createCompaniesImportService(deps: {
  uow: UnitOfWork;
  repo: CompaniesImportRepository;
  customFields: CustomFieldsService;
  phoneRegion: (workspaceId: string) => Promise<string>;
}) {
  const { repo } = deps;

  async function deleteCreated(tx: Tx, workspaceId: string, importId: string, withoutContacts: boolean) {
    let removed = 0;
    for (;;) {
      const n = await repo.deleteCreatedBatch(tx, workspaceId, importId, 5000, withoutContacts);
      removed += n;
      if (n < 5000) return removed;
    }
  }

  const undoIn = async (tx: Tx, workspaceId: string, importId: string) => ({
    removed: await deleteCreated(tx, workspaceId, importId, false),
    companiesRemoved: 0,
  });

  return {
    async rowContext(workspaceId: string): Promise<ImportRowContext> {
      return {
        defs: await deps.customFields.definitions(workspaceId, 'companies'),
        phoneRegion: await deps.phoneRegion(workspaceId),
      };
    },

    /**
     * A contact import's batch: creates the companies its rows name (when asked to) so the
     * contacts can link to them; the company columns of its rows fill their companies' empty fields.
     */
    async linkForContacts(client: ImportClient, p: CompanyBatchParams) {
      if (p.createCompanies) await repo.createNamedInBatch(client, p);
      await repo.fillFromContactsInBatch(client, p);
    },

    /** Writes staged company rows (fromRow, toRow] inside the caller's transaction. */
    async writeBatch(client: ImportClient, p: CompanyBatchParams) {
      const result = await repo.upsertBatch(client, p);
      await repo.insertNotes(client, p);
      return result;
    },

    /** Merges rows repeating an earlier row of the file into the company it wrote, with their notes. */
    async mergeDuplicates(client: ImportClient, p: Omit<CompanyBatchParams, 'pending'>) {
      await repo.mergeDuplicates(client, p);
      await repo.insertMergedNotes(client, p);
    },

    /** Refreshes the planner's statistics of the named tables an import grows (the caller's client is the table owner). */
    refreshStatistics: (client: ImportClient, tables: readonly string[]) => repo.analyze(client, tables),

    /** How many rows of the workspace each of those tables holds, up to `cap`. */
    tableSizes: (client: ImportClient, workspaceId: string, cap: number) => repo.sizes(client, workspaceId, cap),

    recordIds: (client: ImportClient, p: Pick<CompanyBatchParams, 'workspaceId' | 'importId' | 'fromRow' | 'toRow'>) =>
      repo.recordIds(client, p),

    /** Removes the companies a company import created: one unit of work, deleting in batches. */
    undo: (workspaceId: string, importId: string) => deps.uow.tenant({ workspaceId }, (tx) => undoIn(tx, workspaceId, importId)),

    /** The same inside the caller's unit of work (the imports module marks the import undone with it). */
    undoIn,

    /** After a contact import's undo, in its unit of work: the companies it created that no contact links to any more. */
    undoCreatedWithoutContactsIn: (tx: Tx, workspaceId: string, importId: string) => deleteCreated(tx, workspaceId, importId, true),
  };
}

export type CompaniesImportService = ReturnType<typeof createCompaniesImportService>;
