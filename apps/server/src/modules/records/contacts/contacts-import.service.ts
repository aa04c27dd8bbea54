import type { DuplicateMode } from '@leadtrail/contracts';
import type { CustomFieldsService } from '../../custom-fields/custom-fields.service.js';
import type { ValueDef } from '../../custom-fields/custom-field-values.js';
import type { Tx, UnitOfWork } from '../../../core/unit-of-work.js';
import type { ImportClient } from '../record-import-writer.js';
import type { CompaniesImportService } from '../companies/companies-import.service.js';
import type { ContactsImportRepository } from './contacts-import.repository.js';

/**
 * The set-based write path of contact imports (issue 6), kept in the contacts module so that
 * only this module writes contact tables. Rows arrive checked and normalised by the contact's
 * own rules (records/entities/contact.ts, through imports/import-contact-row.ts); they are
 * written batch by batch from the imports staging table.
 */

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
    /** What an import's rows are checked with, loaded once per import run. */
    async rowContext(workspaceId: string): Promise<{ defs: ValueDef[]; phoneRegion: string }> {
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
      await repo.insertChannels(client, p, 'staged');
      await repo.insertNotes(client, p);
      return result;
    },

    /**
     * Merges the rows of (fromRow, toRow] that repeat an earlier row of the file into the
     * contact that row wrote (after every batch is written, so that contact exists), with their notes.
     */
    async mergeDuplicates(client: ImportClient, p: Omit<WriteBatchParams, 'pending'>) {
      await repo.mergeDuplicates(client, p);
      await repo.insertChannels(client, p, 'merged');
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
