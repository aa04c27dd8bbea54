import type { ValueDef } from '../custom-fields/custom-field-values.js';
import type { CustomFieldsService } from '../custom-fields/custom-fields.service.js';
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
import {
  createRecordImportRepository,
  type ImportClient,
  type RecordImportParams,
  type RecordImportResult,
  type RecordImportSql,
} from './record-import.repository.js';

/**
 * The set-based write path of imports (issues 6 and 25): one for contacts and companies,
 * configured by the entity's RecordImportSql (contacts/contacts-import.sql.ts,
 * companies/companies-import.sql.ts) as records.service is by a RecordSpec, so that only the
 * records module writes contact and company tables. Rows arrive checked and normalised by the
 * entity's own rules (records/entities/contact.ts, company.ts, through imports/import-*-row.ts);
 * they are written batch by batch from the imports staging table.
 */

export type { RecordImportParams, RecordImportResult } from './record-import.repository.js';

/** Records deleted per statement of an undo. */
const UNDO_BATCH = 5000;

export function createRecordImportService(deps: {
  uow: UnitOfWork;
  customFields: CustomFieldsService;
  /** The workspace's default phone region, read on `tx` when given. */
  phoneRegion: (workspaceId: string, tx?: Tx) => Promise<string>;
  spec: RecordImportSql;
}) {
  const { spec } = deps;
  const repo = createRecordImportRepository(spec);
  const also = spec.undoAlso ? { repo: createRecordImportRepository(spec.undoAlso.sql), where: spec.undoAlso.where } : null;

  async function undoIn(tx: Tx, workspaceId: string, importId: string): Promise<{ removed: number; companiesRemoved: number }> {
    const removed = await repo.deleteCreated(tx, workspaceId, importId, UNDO_BATCH);
    const companiesRemoved = also ? await also.repo.deleteCreated(tx, workspaceId, importId, UNDO_BATCH, also.where) : 0;
    return { removed, companiesRemoved };
  }

  return {
    /** What an import's rows are checked with, loaded once per import run. */
    async rowContext(workspaceId: string): Promise<{ defs: ValueDef[]; phoneRegion: string }> {
      return {
        defs: await deps.customFields.definitions(workspaceId, spec.table),
        phoneRegion: await deps.phoneRegion(workspaceId),
      };
    },

    /** The same in the caller's unit of work (an import's preflight reads it with its rows). */
    async rowContextIn(tx: Tx, workspaceId: string): Promise<{ defs: ValueDef[]; phoneRegion: string }> {
      return {
        defs: await deps.customFields.definitionsIn(tx, workspaceId, spec.table),
        phoneRegion: await deps.phoneRegion(workspaceId, tx),
      };
    },

    /**
     * Writes staged rows (fromRow, toRow] inside the caller's transaction (restricted role,
     * workspace set): what the entity writes first (a contact's companies), one upsert per the
     * duplicates mode, what it writes after (a contact's channels), then notes. Rows repeating
     * an earlier row of the file are left for mergeDuplicates.
     */
    async writeBatch(client: ImportClient, p: RecordImportParams): Promise<RecordImportResult> {
      await spec.beforeBatch?.(client, p);
      const result = await repo.upsertBatch(client, p);
      await spec.afterWrite?.(client, p, 'staged');
      await repo.insertNotes(client, p);
      return result;
    },

    /**
     * Merges the rows of (fromRow, toRow] that repeat an earlier row of the file into the
     * record that row wrote (after every batch is written, so that record exists), with their notes.
     */
    async mergeDuplicates(client: ImportClient, p: Omit<RecordImportParams, 'pending'>) {
      await repo.mergeDuplicates(client, p);
      await spec.afterWrite?.(client, p, 'merged');
      await repo.insertMergedNotes(client, p);
    },

    /** Refreshes the planner's statistics of the named tables an import grows (the caller's client is the table owner). */
    refreshStatistics: (client: ImportClient, tables: readonly string[]) => repo.analyze(client, tables),

    /** How many rows of the workspace each of those tables holds, up to `cap`. */
    tableSizes: (client: ImportClient, workspaceId: string, cap: number) => repo.sizes(client, workspaceId, cap),

    /** Ids of the records the staged rows (fromRow, toRow] now correspond to (for adding them to a list). */
    recordIds: (client: ImportClient, p: Pick<RecordImportParams, 'workspaceId' | 'importId' | 'fromRow' | 'toRow'>) =>
      repo.recordIds(client, p),

    /**
     * Removes the records an import created (not those it only updated), then what the entity
     * says goes with them (a contact import's companies no contact links to any more): one unit
     * of work, deleting in batches.
     */
    undo: (workspaceId: string, importId: string) => deps.uow.tenant({ workspaceId }, (tx) => undoIn(tx, workspaceId, importId)),

    /** The same inside the caller's unit of work (the imports module marks the import undone with it). */
    undoIn,
  };
}

export type RecordImportService = ReturnType<typeof createRecordImportService>;
