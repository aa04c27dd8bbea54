import type pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import type { DuplicateMode } from '@leadtrail/contracts';
import type { Tx } from '../../core/unit-of-work.js';

/**
 * The set-based import writer of contacts and companies (one for both: issue 25). It reads the
 * imports module's staging table (import_rows: the hand-over point of a running import) and
 * writes records and their notes, inside the import's transaction on its client (restricted
 * role, workspace set), so row-level security applies to every statement. The entity's own SQL
 * (its columns, its upsert, what it writes besides) comes from its RecordImportSql
 * (contacts/contacts-import.sql.ts, companies/companies-import.sql.ts); record-import.service.ts
 * runs it.
 */

/** The import's client: in its transaction, restricted role and workspace set (uow.tenantClient). */
export type ImportClient = pg.ClientBase;

export type ImportRange = { workspaceId: string; importId: string; fromRow: number; toRow: number };

/** One batch of an import: staging row numbers (fromRow, toRow] and how to write them. */
export type RecordImportParams = ImportRange & {
  mode: DuplicateMode;
  ownerId: string | null;
  memberId: string | null;
  createCompanies: boolean;
  /** rows of the range still to write: neither suppressed nor repeating an earlier row */
  pending: number;
};
export type RecordImportResult = { created: number; updated: number; skipped: number; rows: number };

/** Staged rows of the batch still to write (not duplicates within the file, not suppressed). */
export const IN_BATCH = `r.workspace_id = $1 and r.import_id = $2 and r.row_no > $3 and r.row_no <= $4 and r.outcome is null`;
export const STAGED = `import_rows r where ${IN_BATCH}`;

export type RecordImportSql = {
  table: 'contacts' | 'companies';
  /** The column that identifies a record (the staged row's `key`). */
  keyColumn: 'email' | 'domain';
  /** The notes column pointing at this entity. */
  noteColumn: 'contact_id' | 'company_id';
  /**
   * One upsert of the batch's staged rows per duplicates mode, `returning (xmax = 0) as created`.
   * Parameters: $1 workspace, $2 import, $3 and $4 the row range, $5 owner, $6 member.
   */
  upsert: (mode: DuplicateMode) => string;
  /** The SET list merging a repeated row `d` (data, custom) into record `x`: empty fields only. */
  mergeSet: string;
  /** Tables whose statistics an import of this entity makes stale. */
  analyze: readonly string[];
  /** What a batch writes before its upsert besides the entity's table (contacts: the companies their rows name). */
  beforeBatch?: (client: ImportClient, p: RecordImportParams) => Promise<void>;
  /**
   * What a batch writes after its upsert (`staged`) or after merging its repeats (`merged`),
   * before their notes (contacts: their additional emails and phones).
   */
  afterWrite?: (client: ImportClient, p: Omit<RecordImportParams, 'pending'>, rows: 'staged' | 'merged') => Promise<void>;
  /**
   * What an undo removes after the import's records: the records of another entity the import
   * created that match `where` (contacts: the companies no contact links to any more).
   */
  undoAlso?: { sql: RecordImportSql; where: SQL };
};

/**
 * The SET list of an upsert: fill keeps what the record has, overwrite takes the file's
 * non-empty values; custom fields merge the same way.
 */
export function upsertSet(mode: Exclude<DuplicateMode, 'skip'>, columns: readonly string[], extra: readonly string[] = []): string {
  const col = (c: string) => (mode === 'fill' ? `${c} = coalesce(x.${c}, excluded.${c})` : `${c} = coalesce(excluded.${c}, x.${c})`);
  return [
    ...extra,
    ...columns.map(col),
    mode === 'fill' ? 'custom_fields = excluded.custom_fields || x.custom_fields' : 'custom_fields = x.custom_fields || excluded.custom_fields',
    'updated_by = excluded.updated_by',
    'updated_at = now()',
  ].join(',\n      ');
}

/** The SET entries merging a repeat's text columns into the empty ones of record `x`. */
export const fillFromRepeat = (columns: readonly string[]) => columns.map((c) => `${c} = coalesce(x.${c}, d.data->>'${c}')`);

export function createRecordImportRepository(spec: RecordImportSql) {
  const { table, keyColumn, noteColumn } = spec;
  const args = (p: ImportRange) => [p.workspaceId, p.importId, p.fromRow, p.toRow];
  /** The record a staged row now corresponds to: by key (a scalar probe), else the id it was created with. */
  const RECORD_OF_ROW = `coalesce((select e.id from ${table} e where e.workspace_id = $1 and e.${keyColumn} = r.key), r.id)`;

  return {
    /** One statement for the batch; counts what it created, updated, and left alone. */
    async upsertBatch(
      client: pg.ClientBase,
      p: ImportRange & { mode: DuplicateMode; ownerId: string | null; memberId: string | null; pending: number },
    ): Promise<RecordImportResult> {
      // the rows to write (neither suppressed nor repeats): the caller counted them
      const rows = p.pending;
      if (rows === 0) return { created: 0, updated: 0, skipped: 0, rows: 0 };
      // counted in SQL: a batch of 50,000 rows needs no 50,000 objects here
      const res = await client.query<{ created: number; written: number }>(
        `with w as (${spec.upsert(p.mode)}) select (count(*) filter (where created))::int as created, count(*)::int as written from w`,
        [...args(p), p.ownerId, p.memberId],
      );
      const { created, written } = res.rows[0]!;
      return { created, updated: written - created, skipped: rows - written, rows };
    },

    /** A note per row that has one, on the record it created or (fill/overwrite) updated. */
    async insertNotes(client: pg.ClientBase, p: ImportRange & { mode: DuplicateMode; memberId: string | null }) {
      // skip mode leaves existing records alone: notes go to created ones only
      await client.query(
        `insert into notes (workspace_id, id, ${noteColumn}, body, author_id)
         select $1, imports_uuid_v7(), n.record_id, n.note, $5::uuid
         from (select ${RECORD_OF_ROW} as record_id, r.id, r.note from ${STAGED} and r.note is not null) n
         ${p.mode === 'skip' ? 'where n.record_id = n.id' : ''}`,
        [...args(p), p.memberId],
      );
    },

    /** Notes of rows merged into an earlier row of the file (where the merge applied). */
    async insertMergedNotes(client: pg.ClientBase, p: ImportRange & { mode: DuplicateMode; memberId: string | null }) {
      await client.query(
        `insert into notes (workspace_id, id, ${noteColumn}, body, author_id)
         select $1, imports_uuid_v7(), e.id, r.note, $5::uuid
         from import_rows r cross join lateral (
           select x.id, x.import_id from ${table} x where x.workspace_id = $1 and x.${keyColumn} = r.key) e
         where r.workspace_id = $1 and r.import_id = $2 and r.row_no > $3 and r.row_no <= $4 and r.outcome = 'D'
           and r.note is not null ${p.mode === 'skip' ? 'and e.import_id is not distinct from $2::uuid' : ''}`,
        [...args(p), p.memberId],
      );
    },

    /**
     * Rows of the batch that repeat an earlier row of the file (marked 'd') are merged into
     * the record that row wrote: its empty fields take the repeat's values (in skip mode only
     * when this import created that record). Earliest repeat first, then the next. Marked 'D'.
     */
    async mergeDuplicates(client: pg.ClientBase, p: ImportRange & { mode: DuplicateMode; memberId: string | null }) {
      // `is not distinct from`: not indexable on purpose, so the key's index drives the join (the
      // import_id index would scan every record the import created, per batch)
      const own = p.mode === 'skip' ? 'and x.import_id is not distinct from $2::uuid' : '';
      for (;;) {
        const res = await client.query(
          `with d as (
             select distinct on (r.key) r.row_no, r.key, r.data, r.custom from import_rows r
             where r.workspace_id = $1 and r.import_id = $2 and r.row_no > $3 and r.row_no <= $4 and r.outcome = 'd'
             order by r.key, r.row_no
           ), merged as (
             update ${table} x set
               ${spec.mergeSet},
               custom_fields = coalesce(d.custom, '{}'::jsonb) || x.custom_fields,
               updated_by = $5::uuid, updated_at = now()
             from d
             where x.workspace_id = $1 and x.id = (select y.id from ${table} y where y.workspace_id = $1 and y.${keyColumn} = d.key) ${own}
             returning x.id
           )
           update import_rows r set outcome = 'D' from d
           where r.workspace_id = $1 and r.import_id = $2 and r.row_no = d.row_no`,
          [...args(p), p.memberId],
        );
        if ((res.rowCount ?? 0) === 0) return;
      }
    },

    /** The records of the batch's rows: created ones by id, existing ones by key. */
    async recordIds(client: pg.ClientBase, p: ImportRange): Promise<string[]> {
      const res = await client.query<{ id: string }>(`select ${RECORD_OF_ROW} as id from ${STAGED}`, args(p));
      return res.rows.map((r) => r.id);
    },

    /**
     * How many rows of the workspace each table an import grows holds, counted up to `cap`
     * (the import's statistics schedule starts from it: a million more rows barely change a
     * workspace of many millions).
     */
    async sizes(client: pg.ClientBase, workspaceId: string, cap: number): Promise<Map<string, number>> {
      const res = await client.query<{ t: string; n: number }>(
        spec.analyze
          .map((t) => `select '${t}' as t, (select count(*)::int from (select 1 from ${t} where workspace_id = $1 limit $2) x) as n`)
          .join(' union all '),
        [workspaceId, cap],
      );
      return new Map(res.rows.map((r) => [r.t, r.n]));
    },

    /**
     * Fresh planner statistics for those of the tables an import grows that are named. A
     * workspace that goes from a few records to a million within a minute is planned with the
     * old numbers otherwise ("one company"), and a probe by email or domain walks every record
     * of the workspace instead. Needs the table owner.
     */
    async analyze(client: pg.ClientBase, tables: readonly string[]) {
      for (const t of tables) await client.query(`analyze ${t}`);
    },

    /**
     * Deletes the records the import created (and matching `also`), `batch` at a time, in the
     * caller's unit of work; answers how many went.
     */
    async deleteCreated(tx: Tx, workspaceId: string, importId: string, batch: number, also: SQL = sql`true`): Promise<number> {
      let removed = 0;
      for (;;) {
        const res = await tx.execute(sql`
          delete from ${sql.raw(table)} where workspace_id = ${workspaceId} and id in (
            select x.id from ${sql.raw(table)} x where x.workspace_id = ${workspaceId} and x.import_id = ${importId} and ${also}
            limit ${batch})`);
        const n = res.rowCount ?? 0;
        removed += n;
        if (n < batch) return removed;
      }
    },
  };
}

export type RecordImportRepository = ReturnType<typeof createRecordImportRepository>;
