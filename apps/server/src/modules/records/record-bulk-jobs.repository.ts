import { sql } from 'drizzle-orm';
import type { Role } from '@leadtrail/contracts';
import type { Tx } from '../../core/unit-of-work.js';

/** What a job selects: the grid's quick search, filter and list (a `matching` selection). */
export type JobSelection = { q?: string; filter?: unknown; listId?: string };

export type BulkJobRow = {
  id: string;
  entity: 'contacts' | 'companies';
  kind: 'update' | 'delete';
  memberId: string;
  userId: string;
  status: 'queued' | 'running' | 'completed' | 'failed';
  selection: JobSelection;
  field: string | null;
  value: unknown;
  editId: string | null;
  total: number | null;
  done: number;
  affected: number;
  skipped: number;
  lastId: string | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
};

const COLUMNS = sql.raw(`id, entity, kind, member_id as "memberId", user_id as "userId", status, selection, field, value,
  edit_id as "editId", total, done, affected, skipped, last_id as "lastId", error,
  to_json(created_at)#>>'{}' as "createdAt", to_json(finished_at)#>>'{}' as "finishedAt"`);

/** The SQL of record_bulk_jobs (decision 0029): bulk edits and deletes by filter, run in batches. */
export function createBulkJobsRepository() {
  return {
    async insert(tx: Tx, workspaceId: string, job: Pick<BulkJobRow, 'id' | 'entity' | 'kind' | 'memberId' | 'userId' | 'selection' | 'field' | 'value'>) {
      const res = await tx.execute<BulkJobRow>(sql`
        insert into record_bulk_jobs (workspace_id, id, entity, kind, member_id, user_id, selection, field, value)
        values (${workspaceId}, ${job.id}, ${job.entity}, ${job.kind}, ${job.memberId}, ${job.userId},
                ${JSON.stringify(job.selection)}::jsonb, ${job.field}, ${job.value === undefined ? null : JSON.stringify(job.value)}::jsonb)
        returning ${COLUMNS}`);
      return res.rows[0]!;
    },

    /** The job, `lock`ed for its next batch (a second runner of the same job waits its turn). */
    async get(tx: Tx, workspaceId: string, entity: string, id: string, lock = false): Promise<BulkJobRow | null> {
      const res = await tx.execute<BulkJobRow>(sql`
        select ${COLUMNS} from record_bulk_jobs where workspace_id = ${workspaceId} and id = ${id} and entity = ${entity}
        ${lock ? sql`for update` : sql``}`);
      return res.rows[0] ?? null;
    },

    /**
     * How many of the workspace's jobs are queued or running, its starts taking turns (a
     * transaction-level lock): two starts at once can't both see room for one more.
     */
    async activeCount(tx: Tx, workspaceId: string) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('record_bulk_jobs:' || ${workspaceId}))`);
      const res = await tx.execute<{ n: number }>(sql`
        select count(*)::int as n from record_bulk_jobs where workspace_id = ${workspaceId} and status in ('queued', 'running')`);
      return res.rows[0]?.n ?? 0;
    },

    /** Whether an update job of this edit is still queued or running (its undo waits for it). */
    async editRunning(tx: Tx, workspaceId: string, editId: string) {
      const res = await tx.execute(sql`
        select 1 from record_bulk_jobs where workspace_id = ${workspaceId} and edit_id = ${editId}::uuid and status in ('queued', 'running')`);
      return res.rows.length > 0;
    },

    async start(tx: Tx, workspaceId: string, id: string, total: number) {
      await tx.execute(sql`
        update record_bulk_jobs set status = 'running', total = ${total}, started_at = coalesce(started_at, now())
        where workspace_id = ${workspaceId} and id = ${id}`);
    },

    /** A batch's progress, committed with the batch. */
    async checkpoint(tx: Tx, workspaceId: string, id: string, p: { lastId: string; editId: string | null; done: number; affected: number; skipped: number }) {
      await tx.execute(sql`
        update record_bulk_jobs set last_id = ${p.lastId}::uuid, edit_id = coalesce(edit_id, ${p.editId}::uuid),
          done = done + ${p.done}, affected = affected + ${p.affected}, skipped = skipped + ${p.skipped}
        where workspace_id = ${workspaceId} and id = ${id}`);
    },

    async finish(tx: Tx, workspaceId: string, id: string, status: 'completed' | 'failed', error: string | null = null) {
      await tx.execute(sql`
        update record_bulk_jobs set status = ${status}, error = ${error}, finished_at = now()
        where workspace_id = ${workspaceId} and id = ${id} and status in ('queued', 'running')`);
    },

    /** The member a job acts for, as they are now. */
    async member(tx: Tx, workspaceId: string, memberId: string): Promise<{ role: Role; status: 'active' | 'deactivated' } | null> {
      const res = await tx.execute<{ role: Role; status: 'active' | 'deactivated' }>(sql`
        select role, status from members where workspace_id = ${workspaceId} and id = ${memberId}`);
      return res.rows[0] ?? null;
    },

    /** Jobs a stopped server left unfinished (every workspace: a security-definer function). */
    async unfinished(tx: Tx) {
      const res = await tx.execute<{ workspace_id: string; id: string; entity: string }>(sql`select workspace_id, id, entity from unfinished_record_bulk_jobs()`);
      return res.rows.map((r) => ({ workspaceId: r.workspace_id, id: r.id, entity: r.entity }));
    },
  };
}

export type BulkJobsRepository = ReturnType<typeof createBulkJobsRepository>;
