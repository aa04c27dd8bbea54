import { z } from 'zod';
import { entitySchema, type Entity } from './custom-fields.js';

/** Imports: upload a file, map its columns, process it in the background (PRODUCT.md sections 5 and 11). */

export const importStatuses = [
  'uploaded',
  'mapping',
  'queued',
  'processing',
  'completed',
  'completed_with_errors',
  'failed',
  'cancelled',
] as const;
export type ImportStatus = (typeof importStatuses)[number];
export const importStatusLabels: Record<ImportStatus, string> = {
  uploaded: 'Uploaded',
  mapping: 'Mapping',
  queued: 'Queued',
  processing: 'Processing',
  completed: 'Completed',
  completed_with_errors: 'Completed with errors',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
/** Statuses in which the import still moves on its own (the screens poll while one is shown). */
export const activeImportStatuses: readonly ImportStatus[] = ['queued', 'processing'];
export const finishedImportStatuses: readonly ImportStatus[] = ['completed', 'completed_with_errors', 'failed', 'cancelled'];

export const importEncodings = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type ImportEncoding = (typeof importEncodings)[number];
export const importEncodingLabels: Record<ImportEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  'windows-1252': 'Windows-1252 (Western European)',
};

export const importDelimiters = [',', ';', '\t', '|'] as const;
export type ImportDelimiter = (typeof importDelimiters)[number];
export const importDelimiterLabels: Record<ImportDelimiter, string> = {
  ',': 'Comma (,)',
  ';': 'Semicolon (;)',
  '\t': 'Tab',
  '|': 'Pipe (|)',
};

export const duplicateModes = ['skip', 'fill', 'overwrite'] as const;
export type DuplicateMode = (typeof duplicateModes)[number];
export const duplicateModeLabels: Record<DuplicateMode, string> = {
  skip: 'Skip existing records',
  fill: 'Fill empty fields of existing records',
  overwrite: 'Overwrite existing records with the file’s values',
};

/** The most a file may hold: 512 MB, and HubSpot's per-file row limit. */
export const IMPORT_MAX_BYTES = 512 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 1_048_576;

/**
 * Mapping targets besides custom fields (`custom:<key>`), a new custom field created from the
 * column (`new-custom:<label>`) and `ignore`. `fullName` is split into first and last name;
 * `companyName`, `companyDomain` and `website` find or create the contact's company, whose empty
 * industry, employees, phone, LinkedIn and website the `company…` columns fill. `owner` names a
 * member by email or name: the new record's owner (the import's owner when none matches).
 */
/**
 * Issue 26: columns of further emails and phones (`E-mail 2`, `Home email`, `Phone 2`…) become a
 * contact's additional ones, typed by the target; several columns may share one. The row's
 * first email column stays the primary email.
 */
export const additionalChannelTargets = [
  'additionalWorkEmail',
  'additionalPersonalEmail',
  'additionalOtherEmail',
  'additionalWorkPhone',
  'additionalPersonalPhone',
  'additionalOtherPhone',
] as const;
export type AdditionalChannelTarget = (typeof additionalChannelTargets)[number];

export const contactImportTargets = [
  'firstName',
  'lastName',
  'fullName',
  'email',
  'emailStatus',
  'workPhone',
  'mobilePhone',
  'otherPhone',
  'jobTitle',
  'seniority',
  'department',
  'companyName',
  'companyDomain',
  'website',
  'linkedinUrl',
  'city',
  'region',
  'country',
  'owner',
  'companyIndustry',
  'companyEmployees',
  'companyPhone',
  'companyLinkedinUrl',
  'notes',
  ...additionalChannelTargets,
] as const;
export const companyImportTargets = [
  'name',
  'domain',
  'website',
  'industry',
  'employeeRange',
  'revenueRange',
  'phone',
  'linkedinUrl',
  'city',
  'region',
  'country',
  'description',
  'foundedYear',
  'owner',
  'notes',
] as const;
export type ContactImportTarget = (typeof contactImportTargets)[number];
export type CompanyImportTarget = (typeof companyImportTargets)[number];
export type StandardImportTarget = ContactImportTarget | CompanyImportTarget;

export const importTargetLabels: Record<StandardImportTarget, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Full name (split into first and last)',
  email: 'Email',
  emailStatus: 'Email status',
  workPhone: 'Work phone',
  mobilePhone: 'Mobile phone',
  otherPhone: 'Other phone',
  jobTitle: 'Job title',
  seniority: 'Seniority',
  department: 'Department',
  companyName: 'Company name',
  companyDomain: 'Company domain',
  website: 'Company website',
  linkedinUrl: 'LinkedIn URL',
  city: 'City',
  region: 'Region / state',
  country: 'Country',
  notes: 'Note',
  name: 'Name',
  domain: 'Domain',
  industry: 'Industry',
  employeeRange: 'Employees',
  revenueRange: 'Annual revenue',
  phone: 'Phone',
  description: 'Description',
  foundedYear: 'Founded (year)',
  owner: 'Owner (a member’s email or name)',
  companyIndustry: 'Company industry',
  companyEmployees: 'Company employees',
  companyPhone: 'Company phone',
  companyLinkedinUrl: 'Company LinkedIn URL',
  additionalWorkEmail: 'Additional email (work)',
  additionalPersonalEmail: 'Additional email (personal)',
  additionalOtherEmail: 'Additional email (other)',
  additionalWorkPhone: 'Additional phone (work)',
  additionalPersonalPhone: 'Additional phone (personal)',
  additionalOtherPhone: 'Additional phone (other)',
};

export const standardImportTargets = (entity: Entity): readonly StandardImportTarget[] =>
  entity === 'contacts' ? contactImportTargets : companyImportTargets;

/** Targets several columns may share: their values are joined (notes), listed (additional emails and phones) or ignored. */
export const multiColumnTargets: readonly string[] = ['ignore', 'notes', ...additionalChannelTargets];

export const IMPORT_TARGET_MAX = 130;
/** `ignore`, a standard field, `custom:<key>` or `new-custom:<label>`. */
export const importTargetSchema = z
  .string()
  .trim()
  .min(1)
  .max(IMPORT_TARGET_MAX)
  .regex(/^(ignore|[a-zA-Z]+|custom:[a-z][a-z0-9_]*|new-custom:.+)$/, 'Choose a field, a custom field or Ignore');

export const importColumnSchema = z.object({
  index: z.number().int(),
  header: z.string(),
  /** Non-empty values from the first rows. */
  samples: z.array(z.string()),
  suggestedTarget: z.string(),
  /** Why the suggestion ("header `Mobiltelefon`", "values are emails") and how sure, 0..1; review: worth a look. */
  suggestion: z.object({ reason: z.string(), confidence: z.number().min(0).max(1), review: z.boolean() }).optional(),
});
export type ImportColumn = z.infer<typeof importColumnSchema>;

export const importMappingItemSchema = z.object({ index: z.number().int().min(0).max(10_000), target: importTargetSchema });
export type ImportMappingItem = z.infer<typeof importMappingItemSchema>;

export const importUnknownOwnerModes = ['owner', 'unassigned'] as const;
export type ImportUnknownOwnerMode = (typeof importUnknownOwnerModes)[number];

export const importOptionsSchema = z.object({
  duplicates: z.enum(duplicateModes),
  /** An existing list of the same entity to add the imported records to. */
  listId: z.uuid().nullable(),
  /** Or a new list created when the import starts. */
  newListName: z.string().trim().min(1).max(120).nullable(),
  /** A member id; new records get this owner (the uploader when null). */
  ownerId: z.uuid().nullable(),
  /** Contacts: find or create their company from the company name, domain or website columns. */
  createCompanies: z.boolean(),
  /** Contacts: fill missing email and phone from the prospect database, charged as reveals (import-enrich). */
  enrich: z.boolean().optional(),
  /** The most credits the enrichment may spend; null or absent: no cap. */
  enrichCap: z.number().int().min(1).max(100_000_000).nullable().optional(),
  /** Contacts: verify the imported emails once the rows are written (a verification job, issue 24). */
  verifyEmails: z.boolean().optional(),
  /**
   * Rows whose owner column names nobody among the active members (issue 26): `owner` gives them
   * the import's owner (ownerId, else the uploader: the default, as before), `unassigned` leaves
   * them without an owner. Each such row is a warning, counted as ownersNotMembers.
   */
  unknownOwners: z.enum(importUnknownOwnerModes).optional(),
});
export type ImportOptions = z.infer<typeof importOptionsSchema>;

export const defaultImportOptions: ImportOptions = {
  duplicates: 'skip',
  listId: null,
  newListName: null,
  ownerId: null,
  createCompanies: true,
};

export const importPhases = ['waiting', 'reading', 'matching', 'writing', 'finishing', 'done'] as const;
export type ImportPhase = (typeof importPhases)[number];
export const importPhaseLabels: Record<ImportPhase, string> = {
  waiting: 'Waiting to start',
  reading: 'Reading and checking rows',
  matching: 'Matching duplicates and suppressions',
  writing: 'Writing records',
  finishing: 'Finishing',
  done: 'Done',
};

export const importProgressSchema = z.object({
  /** Rows written (or settled as duplicate, suppressed or error). */
  rowsDone: z.number().int(),
  /** Rows read and checked so far (the reading phase runs ahead of writing). */
  rowsRead: z.number().int(),
  /** Data rows in the file: estimated from the upload until the file has been read once. */
  rowsTotal: z.number().int(),
  rowsTotalExact: z.boolean(),
  phase: z.enum(importPhases),
  rowsPerSecond: z.number(),
  /** Estimated; null until there is a rate to go by. */
  secondsLeft: z.number().nullable(),
  /** 0..1 over both passes (reading, then writing). */
  fraction: z.number(),
  updatedAt: z.iso.datetime().nullable(),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;

/** created + updated + duplicates + suppressed + errors = rows, always. */
export const importCountsSchema = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Existing records skipped, plus rows repeating an earlier row of the file (merged into it). */
  duplicates: z.number().int(),
  /** Of those: rows repeating an earlier row of the same file. */
  duplicatesInFile: z.number().int(),
  suppressed: z.number().int(),
  errors: z.number().int(),
  /** Rows imported with at least one cell left empty (a warning each); not a part of the sum above. */
  warnings: z.number().int(),
  /** Of the warnings: rows whose owner column names nobody among the active members (options.unknownOwners says what they got). */
  ownersNotMembers: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const importFileTypes = ['csv', 'xlsx', 'vcf'] as const;

export const importSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  fileSize: z.number().int(),
  fileType: z.enum(importFileTypes),
  entity: entitySchema,
  status: z.enum(importStatuses),
  encoding: z.enum(importEncodings).nullable(),
  delimiter: z.enum(importDelimiters).nullable(),
  /** 1-based record number of the header row (preamble lines come before it). */
  headerRow: z.number().int(),
  /** XLSX: the sheet read, and every sheet of the workbook. */
  sheet: z.string().nullable(),
  sheets: z.array(z.string()),
  columns: z.array(importColumnSchema),
  mapping: z.array(importMappingItemSchema),
  /** True when the mapping came from this user's last import of a file with the same headers. */
  mappingRemembered: z.boolean(),
  options: importOptionsSchema,
  progress: importProgressSchema,
  counts: importCountsSchema,
  /** Why it failed, when it did. */
  error: z.string().nullable(),
  /** The list the records were added to (the new one when newListName was given). */
  listId: z.uuid().nullable(),
  createdBy: z.uuid(),
  createdByName: z.string().nullable(),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
  cancelRequested: z.boolean(),
  /** When the records it created were removed, and how many. */
  undoneAt: z.iso.datetime().nullable(),
  undoneCount: z.number().int().nullable(),
  /** When the original file (and, by retention, the error report) was deleted; the counts stay. */
  fileDeletedAt: z.iso.datetime().nullable(),
  fileDeletedReason: z.enum(['retention', 'erasure']).nullable(),
});
export type Import = z.infer<typeof importSchema>;

/** GET /api/v1/imports/{id} also carries the first records of the file as parsed now (preamble included). */
export const importDetailSchema = importSchema.extend({
  /** Before the start: the file reads as the other entity (companies uploaded as contacts, or the reverse), and why. */
  entityHint: z.object({ entity: entitySchema, reason: z.string() }).nullable().optional(),
  preview: z.object({
    /** Up to 50 records from the start of the file, each an array of cells. */
    records: z.array(z.array(z.string())),
    /** 1-based record number of preview.records[0]. */
    firstRecord: z.number().int(),
  }),
});
export type ImportDetail = z.infer<typeof importDetailSchema>;

export const importListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
  /** One status or several separated by commas. */
  status: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const parts = v.split(',').map((s) => s.trim()).filter(Boolean);
      for (const p of parts) {
        if (!(importStatuses as readonly string[]).includes(p)) {
          ctx.addIssue({ code: 'custom', message: `Unknown status "${p}"` });
          return z.NEVER;
        }
      }
      return parts as ImportStatus[];
    }),
  entity: entitySchema.optional(),
});
export type ImportListQuery = z.input<typeof importListQuerySchema>;
export const importPageSchema = z.object({ data: z.array(importSchema), nextCursor: z.string().nullable() });
export type ImportPage = z.infer<typeof importPageSchema>;

/**
 * PATCH /api/v1/imports/{id} while the import is being mapped. Changing encoding, delimiter,
 * headerRow or sheet reads the file again and answers new columns and suggestions (the
 * mapping is kept when the headers stay the same). `entity` switches between contacts and
 * companies (the suggestions follow).
 */
export const updateImportBodySchema = z.object({
  entity: entitySchema.optional(),
  encoding: z.enum(importEncodings).optional(),
  delimiter: z.enum(importDelimiters).optional(),
  headerRow: z.number().int().min(1).max(50).optional(),
  sheet: z.string().min(1).max(200).optional(),
  mapping: z.array(importMappingItemSchema).max(2000).optional(),
  options: importOptionsSchema.partial().optional(),
});
export type UpdateImportBody = z.infer<typeof updateImportBodySchema>;

export const importErrorSchema = z.object({
  /** 1-based record number in the file (the header row counts). */
  rowNumber: z.number().int(),
  /** The column's header, when one column is at fault. */
  column: z.string().nullable(),
  value: z.string().nullable(),
  reason: z.string(),
  /** error: the row was not imported; warning: it was, with this cell left empty. */
  kind: z.enum(['error', 'warning']),
});
export type ImportRowError = z.infer<typeof importErrorSchema>;
export const importErrorPageSchema = z.object({
  data: z.array(importErrorSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
});
export type ImportErrorPage = z.infer<typeof importErrorPageSchema>;

/** A row left out because it was suppressed, with the suppression entry that matched then. */
export const importSuppressedRowSchema = z.object({
  /** 1-based record number in the file (the header row counts). */
  rowNumber: z.number().int(),
  /** The contact's email or the company's domain. */
  value: z.string(),
  name: z.string().nullable(),
  entry: z.object({
    /** The entry's id (it may have been removed since). */
    id: z.uuid().nullable(),
    kind: z.enum(['email', 'domain', 'hash']),
    value: z.string(),
    reason: z.string().nullable(),
  }),
});
export type ImportSuppressedRow = z.infer<typeof importSuppressedRowSchema>;
export const importSuppressedPageSchema = z.object({
  data: z.array(importSuppressedRowSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
});
export type ImportSuppressedPage = z.infer<typeof importSuppressedPageSchema>;

export const importUndoResultSchema = z.object({ removed: z.number().int(), companiesRemoved: z.number().int() });
export type ImportUndoResult = z.infer<typeof importUndoResultSchema>;

/**
 * POST /api/v1/imports/{id}/preflight: the first rows tried with a mapping (the import's own
 * when none is given) before the start; nothing is written.
 */
export const importPreflightBodySchema = z.object({
  mapping: z.array(importMappingItemSchema).max(10_000).optional(),
  duplicates: z.enum(duplicateModes).optional(),
  /** What rows whose owner is not a member get (the import's options.unknownOwners when absent). */
  unknownOwners: z.enum(importUnknownOwnerModes).optional(),
});
export type ImportPreflightBody = z.infer<typeof importPreflightBodySchema>;

export const IMPORT_PREFLIGHT_ROWS = 1000;
export const importPreflightNoticeCodes = ['identity_repeats', 'many_duplicates_in_file', 'unmapped_values'] as const;

export const importPreflightSchema = z.object({
  /** Data rows tried: the first ones of the file, up to IMPORT_PREFLIGHT_ROWS. */
  rowsTried: z.number().int(),
  /** What those rows would do: created + updated + duplicates + suppressed + errors = rowsTried. */
  created: z.number().int(),
  updated: z.number().int(),
  duplicates: z.number().int(),
  /** Of the duplicates: rows repeating an earlier row of the file. */
  duplicatesInFile: z.number().int(),
  /** Rows whose email (or a company's domain) is on the suppression list. */
  suppressed: z.number().int(),
  /** Imported rows with at least one cell left empty. */
  warnings: z.number().int(),
  /** Of the warnings: rows whose owner column names nobody among the active members. */
  ownersNotMembers: z.number().int(),
  errors: z.number().int(),
  /** The most frequent problems, with how many rows each. */
  topReasons: z.array(
    z.object({ kind: z.enum(['error', 'warning']), column: z.string().nullable(), reason: z.string(), rows: z.number().int() }),
  ),
  /** Plain words about what may be wrong with the mapping. */
  notices: z.array(z.object({ code: z.enum(importPreflightNoticeCodes), column: z.string().nullable(), message: z.string() })),
});
export type ImportPreflight = z.infer<typeof importPreflightSchema>;

/** The header of the reason column appended to the error report. */
export const ERROR_REPORT_REASON_HEADER = 'Import error';
/** The header of the report's column saying whether the row was left out (error) or imported without some cells (warning). */
export const ERROR_REPORT_KIND_HEADER = 'Import problem';

/** How far an import is, 0..1: reading counts for 40%, writing for 60% (about their shares of the time). */
export function importFraction(p: Pick<ImportProgress, 'rowsDone' | 'rowsRead' | 'rowsTotal' | 'phase'>): number {
  if (p.phase === 'done') return 1;
  const total = Math.max(1, p.rowsTotal);
  return Math.min(1, (Math.min(p.rowsRead, total) * 0.4 + Math.min(p.rowsDone, total) * 0.6) / total);
}
