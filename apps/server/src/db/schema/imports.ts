import { bigint, boolean, integer, jsonb, pgTable, primaryKey, real, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Tables of imports (migration 0400). import_rows, the staging table, is reached with plain SQL only. */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type StoredImportColumn = {
  index: number;
  header: string;
  samples: string[];
  suggestedTarget: string;
  /** the first rows' values as the mapping reads them (modules/imports/column-profile.ts) */
  profile?: { filled: number; distinct: number; shares: Record<string, number> };
  /** why the suggestion, and how sure (absent on imports uploaded before it) */
  suggestion?: { reason: string; confidence: number; review: boolean };
};
export type StoredImportMapping = { index: number; target: string }[];
export type StoredImportOptions = {
  duplicates: 'skip' | 'fill' | 'overwrite';
  listId: string | null;
  newListName: string | null;
  ownerId: string | null;
  createCompanies: boolean;
  /** contacts: fill missing emails and phones from the prospect database (import-enrich.service.ts) */
  enrich?: boolean;
  enrichCap?: number | null;
  /** contacts: verify the imported emails once written (issue 24) */
  verifyEmails?: boolean;
  /** rows whose owner column names nobody among the active members: the import's owner (default) or none (issue 26) */
  unknownOwners?: 'owner' | 'unassigned';
};

export const imports = pgTable(
  'imports',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: uuid('id').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    fileType: text('file_type', { enum: ['csv', 'xlsx', 'vcf'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    entity: text('entity', { enum: ['contacts', 'companies'] }).notNull(),
    status: text('status', {
      enum: ['uploaded', 'mapping', 'queued', 'processing', 'completed', 'completed_with_errors', 'failed', 'cancelled'],
    }).notNull(),
    encoding: text('encoding', { enum: ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] }),
    delimiter: text('delimiter', { enum: [',', ';', '\t', '|'] }),
    headerRow: integer('header_row').notNull().default(1),
    sheet: text('sheet'),
    sheets: jsonb('sheets').$type<string[]>().notNull().default([]),
    columns: jsonb('columns').$type<StoredImportColumn[]>().notNull().default([]),
    preview: jsonb('preview').$type<string[][]>().notNull().default([]),
    mapping: jsonb('mapping').$type<StoredImportMapping>().notNull().default([]),
    mappingRemembered: boolean('mapping_remembered').notNull().default(false),
    headerSignature: text('header_signature'),
    options: jsonb('options').$type<StoredImportOptions>().notNull(),
    rowsTotal: integer('rows_total').notNull().default(0),
    rowsTotalExact: boolean('rows_total_exact').notNull().default(false),
    phase: text('phase', { enum: ['waiting', 'reading', 'matching', 'writing', 'finishing', 'done'] }).notNull().default('waiting'),
    rowsRead: integer('rows_read').notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsPerSecond: real('rows_per_second').notNull().default(0),
    progressAt: ts('progress_at'),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    duplicatesCount: integer('duplicates_count').notNull().default(0),
    duplicatesInFile: integer('duplicates_in_file').notNull().default(0),
    suppressedCount: integer('suppressed_count').notNull().default(0),
    errorsCount: integer('errors_count').notNull().default(0),
    /** rows imported with at least one cell left empty (migration 0860) */
    warningsCount: integer('warnings_count').notNull().default(0),
    /** of those: rows whose owner column names nobody among the active members (migration 0931) */
    ownersNotMembersCount: integer('owners_not_members_count').notNull().default(0),
    readNextRecord: integer('read_next_record').notNull().default(0),
    readDone: boolean('read_done').notNull().default(false),
    matched: boolean('matched').notNull().default(false),
    writeCheckpoint: integer('write_checkpoint').notNull().default(0),
    /** processing attempts since the last committed progress (migration 0520) */
    attempts: integer('attempts').notNull().default(0),
    listId: uuid('list_id'),
    error: text('error'),
    createdBy: uuid('created_by').notNull(),
    createdByMember: uuid('created_by_member'),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    cancelRequestedAt: ts('cancel_requested_at'),
    undoneAt: ts('undone_at'),
    undoneCount: integer('undone_count'),
    /** the original file and error report are gone (retention, or an erasure request); migration 0710 */
    fileDeletedAt: ts('file_deleted_at'),
    fileDeletedReason: text('file_deleted_reason', { enum: ['retention', 'erasure'] }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

export const importErrors = pgTable(
  'import_errors',
  {
    workspaceId: uuid('workspace_id').notNull(),
    importId: uuid('import_id').notNull(),
    rowNumber: integer('row_number').notNull(),
    seq: smallint('seq').notNull().default(0),
    columnName: text('column_name'),
    value: text('value'),
    reason: text('reason').notNull(),
    /** error: the row was not imported; warning: it was, without this cell (migration 0860) */
    kind: text('kind', { enum: ['error', 'warning'] }).notNull().default('error'),
    record: jsonb('record').$type<string[]>(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.importId, t.rowNumber, t.seq] })],
);

export const importMappingMemory = pgTable(
  'import_mapping_memory',
  {
    workspaceId: uuid('workspace_id').notNull(),
    userId: uuid('user_id').notNull(),
    entity: text('entity', { enum: ['contacts', 'companies'] }).notNull(),
    headerSignature: text('header_signature').notNull(),
    mapping: jsonb('mapping').$type<StoredImportMapping>().notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId, t.entity, t.headerSignature] })],
);

export type ImportRow = typeof imports.$inferSelect;
