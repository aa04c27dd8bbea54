import type { DuplicateMode } from '@leadtrail/contracts';
import type { ValueDef } from '../../custom-fields/custom-field-values.js';
import type { CustomFieldsService } from '../../custom-fields/custom-fields.service.js';
import type { Tx, UnitOfWork } from '../../../core/unit-of-work.js';
import type { ImportClient } from '../record-import-writer.js';
import type { CompaniesImportRepository } from './companies-import.repository.js';

/**
 * The set-based write path of company imports, and the companies a contact import finds or
 * creates (issue 6), kept in the companies module so that only it writes companies. Rows
 * arrive checked by the company's own rules (records/entities/company.ts, through
 * imports/import-company-row.ts).
 */

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
    async rowContext(workspaceId: string): Promise<{ defs: ValueDef[]; phoneRegion: string }> {
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
