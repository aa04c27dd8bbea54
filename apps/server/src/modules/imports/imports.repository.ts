import type pg from 'pg';
import { and, desc, eq, getTableColumns, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { from as copyFrom } from 'pg-copy-streams';
import type { Tx } from '../../core/unit-of-work.js';
import {
  importErrors,
  importMappingMemory,
  imports,
  type ImportRow,
  type StoredImportMapping,
} from '../../db/schema/index.js';

/**
 * The only file that queries the imports tables (imports, import_errors, import_rows,
 * import_mapping_memory, import_write_batches). Every method takes the caller's transaction
 * first (a drizzle `tx` from uow.tenant, or the raw client of uow.tenantClient for the
 * processor's COPY and set-based statements) and opens none.
 */

export type ImportWithUser = ImportRow & { createdByName: string | null; createdByEmail: string | null };
export type ImportPatch = Partial<Omit<typeof imports.$inferInsert, 'workspaceId' | 'id'>>;

export type ErrorInsert = {
  rowNumber: number;
  seq: number;
  /** error: the row was not imported; warning: it was, without this cell */
  kind: 'error' | 'warning';
  columnName: string | null;
  value: string | null;
  reason: string;
  record: string[] | null;
};

const withUser = {
  createdByName: sql<string | null>`(select u.name from users u where u.id = ${imports.createdBy})`,
  createdByEmail: sql<string | null>`(select u.email from users u where u.id = ${imports.createdBy})`,
};

/** The advisory lock class of an import's run (pg_try_advisory_xact_lock(class, hashtext(import id))). */
const IMPORT_RUN_LOCK_CLASS = 727400;

export function createImportsRepository() {
  return {
    async insert(tx: Tx, row: typeof imports.$inferInsert): Promise<void> {
      await tx.insert(imports).values(row);
    },

    async find(tx: Tx, workspaceId: string, id: string): Promise<ImportWithUser | null> {
      const [row] = await tx
        .select({ ...getColumns(), ...withUser })
        .from(imports)
        .where(and(eq(imports.workspaceId, workspaceId), eq(imports.id, id)));
      return (row as ImportWithUser | undefined) ?? null;
    },

    /** Newest first; the cursor is the last row's (createdAt, id). */
    async list(
      tx: Tx,
      workspaceId: string,
      q: { limit: number; cursor?: { createdAt: Date; id: string }; statuses?: string[]; entity?: string },
    ): Promise<ImportWithUser[]> {
      {
        const conds = [eq(imports.workspaceId, workspaceId)];
        if (q.statuses?.length) conds.push(inArray(imports.status, q.statuses as ImportRow['status'][]));
        if (q.entity) conds.push(eq(imports.entity, q.entity as ImportRow['entity']));
        if (q.cursor) {
          conds.push(
            or(
              lt(imports.createdAt, q.cursor.createdAt),
              and(eq(imports.createdAt, q.cursor.createdAt), lt(imports.id, q.cursor.id)),
            )!,
          );
        }
        const rows = await tx
          .select({ ...getColumns(), ...withUser })
          .from(imports)
          .where(and(...conds))
          .orderBy(desc(imports.createdAt), desc(imports.id))
          .limit(q.limit);
        return rows as ImportWithUser[];
      }
    },

    async update(tx: Tx, workspaceId: string, id: string, patch: ImportPatch): Promise<void> {
      await tx
        .update(imports)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(imports.workspaceId, workspaceId), eq(imports.id, id)));
    },

    /** Deletes an import still in one of `statuses` (nothing written yet); its storage key, or null when it was not. */
    async discard(tx: Tx, workspaceId: string, id: string, statuses: ImportRow['status'][]): Promise<string | null> {
      const res = await tx
        .delete(imports)
        .where(and(eq(imports.workspaceId, workspaceId), eq(imports.id, id), inArray(imports.status, statuses)))
        .returning({ storageKey: imports.storageKey });
      return res[0]?.storageKey ?? null;
    },

    /** Moves the import from one of `from` to `to` (with the patch); false when it was in another status. */
    async transition(
      tx: Tx,
      workspaceId: string,
      id: string,
      from: ImportRow['status'][],
      patch: ImportPatch,
    ): Promise<boolean> {
      const res = await tx
        .update(imports)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(imports.workspaceId, workspaceId), eq(imports.id, id), inArray(imports.status, from)))
        .returning({ id: imports.id });
      return res.length > 0;
    },

    async errorsPage(
      tx: Tx,
      workspaceId: string,
      importId: string,
      q: { limit: number; after?: { row: number; seq: number } },
    ) {
      {
        const conds = [eq(importErrors.workspaceId, workspaceId), eq(importErrors.importId, importId)];
        if (q.after) {
          conds.push(
            or(
              sql`${importErrors.rowNumber} > ${q.after.row}`,
              and(eq(importErrors.rowNumber, q.after.row), sql`${importErrors.seq} > ${q.after.seq}`),
            )!,
          );
        }
        const rows = await tx
          .select({
            rowNumber: importErrors.rowNumber,
            seq: importErrors.seq,
            column: importErrors.columnName,
            value: importErrors.value,
            reason: importErrors.reason,
            kind: importErrors.kind,
          })
          .from(importErrors)
          .where(and(...conds))
          .orderBy(importErrors.rowNumber, importErrors.seq)
          .limit(q.limit);
        const [{ total }] = (
          await tx.execute(
            sql`select count(*)::int as total from import_errors where workspace_id = ${workspaceId} and import_id = ${importId}`,
          )
        ).rows as [{ total: number }];
        return { rows, total };
      }
    },

    /**
     * Rows with a problem in file order (failed, or imported without some cells), each with its
     * cells as uploaded, its kind and its reasons, a page at a time.
     */
    async failedRows(tx: Tx, workspaceId: string, importId: string, afterRow: number, limit: number) {
      const res = await tx.execute(sql`
          select row_number as "rowNumber", min(kind) as kind,
                 (array_agg(record order by seq) filter (where record is not null))[1] as record,
                 string_agg(case when column_name is null then reason else column_name || ': ' || reason end, '; ' order by seq) as reasons
          from import_errors
          where workspace_id = ${workspaceId} and import_id = ${importId} and row_number > ${afterRow}
          group by row_number order by row_number limit ${limit}`);
      // min(kind): 'error' sorts first, so a row with any error is one
      return res.rows as { rowNumber: number; kind: 'error' | 'warning'; record: string[] | null; reasons: string }[];
    },

    async rememberedMapping(
      tx: Tx,
      workspaceId: string,
      userId: string,
      entity: string,
      signature: string,
    ): Promise<StoredImportMapping | null> {
      const [row] = await tx
          .select({ mapping: importMappingMemory.mapping })
          .from(importMappingMemory)
          .where(
            and(
              eq(importMappingMemory.workspaceId, workspaceId),
              eq(importMappingMemory.userId, userId),
              eq(importMappingMemory.entity, entity as 'contacts' | 'companies'),
              eq(importMappingMemory.headerSignature, signature),
            ),
          );
      return row?.mapping ?? null;
    },

    async rememberMapping(
      tx: Tx,
      workspaceId: string,
      userId: string,
      entity: 'contacts' | 'companies',
      signature: string,
      mapping: StoredImportMapping,
    ) {
      await tx
          .insert(importMappingMemory)
          .values({ workspaceId, userId, entity, headerSignature: signature, mapping })
          .onConflictDoUpdate({
            target: [
              importMappingMemory.workspaceId,
              importMappingMemory.userId,
              importMappingMemory.entity,
              importMappingMemory.headerSignature,
            ],
            set: { mapping, updatedAt: new Date() },
          });
    },

    /** Unfinished imports of all workspaces (through a security-definer function: no workspace is known yet). */
    async unfinished(tx: Tx): Promise<{ workspaceId: string; id: string }[]> {
      const res = await tx.execute(sql`select workspace_id as "workspaceId", id from unfinished_imports()`);
      return res.rows as { workspaceId: string; id: string }[];
    },

    // --- inside the processor's transactions (raw clients) ---

    /**
     * A COPY into the staging table, to write text lines into. The client is the table owner:
     * COPY refuses row-level security.
     */
    stagingCopy(client: pg.ClientBase) {
      return client.query(
        copyFrom(
          `copy import_rows (workspace_id, import_id, row_no, id, key, data, custom, company_domain, company_name, company_create, note) from stdin`,
        ),
      );
    },

    async insertErrors(
      client: pg.ClientBase,
      workspaceId: string,
      importId: string,
      errors: ErrorInsert[],
    ): Promise<void> {
      if (errors.length === 0) return;
      await client.query(
        `insert into import_errors (workspace_id, import_id, row_number, seq, column_name, value, reason, record, kind)
         select $1, $2, * from unnest($3::int[], $4::int2[], $5::text[], $6::text[], $7::text[], $8::jsonb[], $9::text[])`,
        [
          workspaceId,
          importId,
          errors.map((e) => e.rowNumber),
          errors.map((e) => e.seq),
          errors.map((e) => e.columnName),
          errors.map((e) => e.value),
          errors.map((e) => e.reason),
          errors.map((e) => (e.record ? JSON.stringify(e.record) : null)),
          errors.map((e) => e.kind),
        ],
      );
    },

    /** Advances the reading checkpoint with the batch it records; answers whether a cancel was asked. */
    async readCheckpoint(
      client: pg.ClientBase,
      workspaceId: string,
      id: string,
      p: { nextRecord: number; rows: number; errors: number; warnings: number; ownersNotMembers: number; rate: number; done: boolean },
    ): Promise<{ cancel: boolean; rowsRead: number }> {
      const res = await client.query<{ cancel: boolean; rows_read: number }>(
        `update imports set read_next_record = $3, rows_read = rows_read + $4, errors_count = errors_count + $5, attempts = 1,
           rows_done = rows_done + $5, progress_at = now(), updated_at = now(), phase = $7,
           rows_per_second = case when write_checkpoint = 0 then $6 else rows_per_second end,
           rows_total = case when $8 then rows_read + $4 else greatest(rows_total, rows_read + $4) end,
           rows_total_exact = rows_total_exact or $8, read_done = $8, warnings_count = warnings_count + $9,
           owners_not_members_count = owners_not_members_count + $10
         where workspace_id = $1 and id = $2
         returning cancel_requested_at is not null as cancel, rows_read`,
        [workspaceId, id, p.nextRecord, p.rows, p.errors, p.rate, p.done ? 'writing' : 'reading', p.done, p.warnings, p.ownersNotMembers],
      );
      return { cancel: res.rows[0]!.cancel, rowsRead: res.rows[0]!.rows_read };
    },

    /**
     * Fresh planner statistics for the staging table: right after a bulk COPY it looks empty to
     * the planner, which then joins it row by row (minutes instead of a second). Needs the owner.
     */
    /** The active members' lower-case emails and names (an import's owner column names one of them, or a warning). */
    async memberKeys(client: pg.ClientBase, workspaceId: string): Promise<Set<string>> {
      const res = await client.query<{ key: string }>(
        `select lower(u.email) as key from members m join users u on u.id = m.user_id where m.workspace_id = $1 and m.status = 'active'
         union select lower(u.name) from members m join users u on u.id = m.user_id where m.workspace_id = $1 and m.status = 'active' and u.name is not null`,
        [workspaceId],
      );
      return new Set(res.rows.map((r) => r.key));
    },

    async analyzeStaging(client: pg.ClientBase): Promise<void> {
      await client.query('analyze import_rows');
    },

    /** How many rows are staged for the import (to notice a database crash that emptied the unlogged table). */
    async stagedCount(client: pg.ClientBase, workspaceId: string, importId: string): Promise<number> {
      const res = await client.query<{ n: number }>(
        'select count(*)::int as n from import_rows where workspace_id = $1 and import_id = $2',
        [workspaceId, importId],
      );
      return res.rows[0]!.n;
    },

    /**
     * Marks the batch's suppressed rows, then those repeating an earlier row of the file by
     * identity (every earlier row is staged already: reading commits in file order). Answers
     * the counts. Runs in the batch's transaction.
     */
    async markBatch(client: pg.PoolClient, workspaceId: string, importId: string, from: number, to: number, isSuppressed: SQL) {
      // one pass: a suppressed row is 's'; otherwise a row whose key an earlier (not suppressed)
      // row of the file has is 'd'. An earlier suppressed row of the same batch has the same
      // key, so it makes this row suppressed too: the snapshot not seeing its mark is harmless.
      const res = await drizzle(client).execute<{ suppressed: number; duplicates: number }>(
        sql`with marked as (
              update import_rows r set outcome = case when ${isSuppressed} then 's' else 'd' end
              where r.workspace_id = ${workspaceId} and r.import_id = ${importId} and r.row_no > ${from} and r.row_no <= ${to}
                and r.outcome is null and r.key is not null
                and (${isSuppressed} or exists (
                  select 1 from import_rows p where p.workspace_id = ${workspaceId} and p.import_id = ${importId}
                    and p.key = r.key and p.row_no < r.row_no and p.outcome is distinct from 's'))
              returning r.outcome)
            select (count(*) filter (where outcome = 's'))::int as suppressed, (count(*) filter (where outcome = 'd'))::int as duplicates
            from marked`,
      );
      return res.rows[0]!;
    },

    /**
     * Keeps the batch's suppressed rows with the entry that matched (`entry`: the entry as JSON
     * {id, kind, value, reason} for the row `r`; `name`: the row's name), in the batch's
     * transaction. A redone batch adds nothing twice.
     */
    async recordSuppressed(client: pg.PoolClient, workspaceId: string, importId: string, from: number, to: number, entry: SQL, name: SQL) {
      await drizzle(client).execute(
        sql`insert into import_suppressed_rows (workspace_id, import_id, row_number, key, name, entry_id, entry_kind, entry_value, entry_reason)
            select r.workspace_id, r.import_id, r.row_no, r.key, nullif(${name}, ''), (e.m->>'id')::uuid, e.m->>'kind', e.m->>'value', e.m->>'reason'
            from import_rows r cross join lateral (select (${entry})::jsonb as m) e
            where r.workspace_id = ${workspaceId} and r.import_id = ${importId} and r.row_no > ${from} and r.row_no <= ${to}
              and r.outcome = 's' and e.m is not null
            on conflict do nothing`,
      );
    },

    /** The suppressed rows of an import in file order, after `afterRow`, with their count. */
    async suppressedPage(tx: Tx, workspaceId: string, importId: string, q: { limit: number; afterRow?: number }) {
      const rows = await tx.execute<{
        rowNumber: number;
        key: string;
        name: string | null;
        entryId: string | null;
        entryKind: 'email' | 'domain' | 'hash';
        entryValue: string;
        entryReason: string | null;
      }>(sql`
        select row_number as "rowNumber", key, name, entry_id as "entryId", entry_kind as "entryKind",
          entry_value as "entryValue", entry_reason as "entryReason"
        from import_suppressed_rows
        where workspace_id = ${workspaceId} and import_id = ${importId} and row_number > ${q.afterRow ?? 0}
        order by row_number
        limit ${q.limit}`);
      const total = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from import_suppressed_rows where workspace_id = ${workspaceId} and import_id = ${importId}`,
      );
      return { rows: rows.rows, total: total.rows[0]!.n };
    },

    /**
     * The import's run lock, held by the transaction on `client` until it ends (one writer per
     * import across processes); false when another run holds it.
     */
    async tryRunLock(client: pg.ClientBase, importId: string): Promise<boolean> {
      const got = await client.query<{ ok: boolean }>('select pg_try_advisory_xact_lock($1, hashtext($2)) as ok', [IMPORT_RUN_LOCK_CLASS, importId]);
      return got.rows[0]!.ok;
    },

    /** A statement that keeps the lock's transaction from looking idle (the server's idle-in-transaction timeout). */
    async keepAlive(client: pg.ClientBase): Promise<void> {
      await client.query('select 1');
    },

    /** The row number ending the next write batch of about `size` staged rows after `after`, or null when none are left. */
    async nextBatchEnd(
      client: pg.ClientBase,
      workspaceId: string,
      importId: string,
      after: number,
      size: number,
    ): Promise<number | null> {
      const res = await client.query<{ last: number | null }>(
        `select max(row_no) as last from (
           select row_no from import_rows where workspace_id = $1 and import_id = $2 and row_no > $3 order by row_no limit $4) b`,
        [workspaceId, importId, after, size],
      );
      return res.rows[0]!.last;
    },

    /** Staged rows in (from, to], whatever their outcome: the rows a write batch settles. */
    async rowsInRange(
      client: pg.ClientBase,
      workspaceId: string,
      importId: string,
      from: number,
      to: number,
    ): Promise<number> {
      const res = await client.query<{ n: number }>(
        'select count(*)::int as n from import_rows where workspace_id = $1 and import_id = $2 and row_no > $3 and row_no <= $4',
        [workspaceId, importId, from, to],
      );
      return res.rows[0]!.n;
    },

    /**
     * Records a written batch with its counts, in the batch's transaction: a resumed import
     * skips exactly the batches recorded. Answers whether a cancel was asked.
     */
    async recordBatch(
      client: pg.ClientBase,
      workspaceId: string,
      id: string,
      p: {
        from: number;
        to: number;
        rows: number;
        created: number;
        updated: number;
        skipped: number;
        suppressed: number;
        inFile: number;
        rate: number;
      },
    ): Promise<{ cancel: boolean }> {
      await client.query(
        'insert into import_write_batches (workspace_id, import_id, from_row, to_row) values ($1, $2, $3, $4)',
        [workspaceId, id, p.from, p.to],
      );
      const res = await client.query<{ cancel: boolean }>(
        `update imports set write_checkpoint = greatest(write_checkpoint, $3), rows_done = rows_done + $4,
           created_count = created_count + $5, updated_count = updated_count + $6,
           duplicates_count = duplicates_count + $7 + $9, suppressed_count = suppressed_count + $8,
           duplicates_in_file = duplicates_in_file + $9, rows_per_second = $10, progress_at = now(), updated_at = now(),
           attempts = 1
         where workspace_id = $1 and id = $2
         returning cancel_requested_at is not null as cancel`,
        [workspaceId, id, p.to, p.rows, p.created, p.updated, p.skipped, p.suppressed, p.inFile, p.rate],
      );
      return { cancel: res.rows[0]!.cancel };
    },

    /** The batches already written (after a restart), in row order. */
    async writtenBatches(tx: Tx, workspaceId: string, importId: string): Promise<{ from: number; to: number }[]> {
      const res = await tx.execute(
        sql`select from_row as "from", to_row as "to" from import_write_batches
            where workspace_id = ${workspaceId} and import_id = ${importId} order by from_row`,
      );
      return res.rows as { from: number; to: number }[];
    },

    /** Ends the import: staging rows go, the status and times are set. */
    async finish(
      client: pg.ClientBase,
      workspaceId: string,
      id: string,
      status: ImportRow['status'],
      error: string | null,
    ) {
      await client.query('delete from import_rows where workspace_id = $1 and import_id = $2', [workspaceId, id]);
      await client.query('delete from import_write_batches where workspace_id = $1 and import_id = $2', [
        workspaceId,
        id,
      ]);
      await client.query(
        `update imports set status = $3, error = $4, phase = 'done', finished_at = now(), progress_at = now(), updated_at = now(),
           rows_per_second = 0
         where workspace_id = $1 and id = $2`,
        [workspaceId, id, status, error],
      );
    },

    /**
     * Back to an unread state after a database crash emptied the staging rows: the file is
     * read again. Rows already written stay written and counted (their batches are recorded
     * and skipped); the failed rows are found again.
     */
    async restartReading(client: pg.ClientBase, workspaceId: string, id: string) {
      await client.query('delete from import_rows where workspace_id = $1 and import_id = $2', [workspaceId, id]);
      await client.query('delete from import_errors where workspace_id = $1 and import_id = $2', [workspaceId, id]);
      await client.query(
        `update imports set read_next_record = 0, rows_read = 0, rows_done = rows_done - errors_count, errors_count = 0, warnings_count = 0, owners_not_members_count = 0,
           matched = false, read_done = false, phase = 'reading'
         where workspace_id = $1 and id = $2`,
        [workspaceId, id],
      );
    },

    /**
     * Counts a processing attempt, committed before the work starts; answers the attempts
     * before it that did not end (the process died). `endedHere`: the previous attempt ended
     * in this process but could not record it (the database was away).
     */
    async startAttempt(client: pg.ClientBase, workspaceId: string, id: string, endedHere: boolean): Promise<number> {
      const res = await client.query<{ prior: number }>(
        `update imports set attempts = greatest(attempts - $3::int, 0) + 1 where workspace_id = $1 and id = $2
         returning attempts - 1 as prior`,
        [workspaceId, id, endedHere ? 1 : 0],
      );
      return res.rows[0]?.prior ?? 0;
    },

    /** The attempt ended without taking the process down. */
    async endAttempt(client: pg.ClientBase, workspaceId: string, id: string): Promise<void> {
      await client.query('update imports set attempts = greatest(attempts - 1, 0) where workspace_id = $1 and id = $2', [
        workspaceId,
        id,
      ]);
    },
  };
}

const getColumns = () => getTableColumns(imports);

export type ImportsRepository = ReturnType<typeof createImportsRepository>;

/** Row types of the tables this repository owns, for the service (which never imports db/). */
export type { ImportRow, StoredImportColumn, StoredImportMapping } from '../../db/schema/index.js';
