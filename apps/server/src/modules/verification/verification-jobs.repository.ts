import { sql, type SQL } from 'drizzle-orm';
import type { Role } from '@leadtrail/contracts';
import type { JobStarter } from '../../core/bulk-jobs.js';
import type { Tx } from '../../core/unit-of-work.js';

/**
 * The only file that queries verification jobs, their items and the monthly usage counter
 * (migration 0850). Tenant tables: every query runs in the workspace's transaction.
 */

export type VerificationJobKind = 'address' | 'contacts' | 'find';
export type VerificationJobStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';

export type VerificationJobRow = {
  id: string;
  kind: VerificationJobKind;
  memberId: string;
  userId: string;
  status: VerificationJobStatus;
  stopReason: string | null;
  email: string | null;
  result: unknown;
  total: number;
  done: number;
  valid: number;
  risky: number;
  invalid: number;
  unknown: number;
  found: number;
  charged: number;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
};

export type JobCounts = { done: number; valid: number; risky: number; invalid: number; unknown: number; found: number; charged: number };

const iso = (c: string) => sql.raw(`to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const JOB = sql`id, kind, member_id as "memberId", user_id as "userId", status, stop_reason as "stopReason", email, result,
  total, done, valid, risky, invalid, unknown, found, charged, error, ${iso('created_at')} as "createdAt",
  ${iso('finished_at')} as "finishedAt"`;

export function createVerificationJobsRepository() {
  return {
    async insertJob(
      tx: Tx,
      workspaceId: string,
      j: { id: string; kind: VerificationJobKind; memberId: string; userId: string; email: string | null },
    ) {
      await tx.execute(sql`
        insert into verification_jobs (workspace_id, id, kind, member_id, user_id, email, total)
        values (${workspaceId}, ${j.id}, ${j.kind}, ${j.memberId}, ${j.userId}, ${j.email}, ${j.kind === 'address' ? 1 : 0})`);
    },

    /** Fixes the job's contacts (a subquery with an `id` column), answers how many. */
    async insertItems(tx: Tx, workspaceId: string, jobId: string, selection: SQL): Promise<number> {
      const r = await tx.execute(sql`
        insert into verification_job_items (workspace_id, job_id, contact_id)
        select ${workspaceId}, ${jobId}, s.id from (${selection}) s
        on conflict do nothing`);
      const total = r.rowCount ?? 0;
      await tx.execute(sql`update verification_jobs set total = ${total} where workspace_id = ${workspaceId} and id = ${jobId}`);
      return total;
    },

    async find(tx: Tx, workspaceId: string, id: string): Promise<VerificationJobRow | null> {
      const r = await tx.execute<VerificationJobRow>(sql`select ${JOB} from verification_jobs where workspace_id = ${workspaceId} and id = ${id}`);
      return r.rows[0] ?? null;
    },

    /** Several jobs at once (a reveal's addresses, polled together). */
    async findMany(tx: Tx, workspaceId: string, ids: string[]): Promise<VerificationJobRow[]> {
      if (!ids.length) return [];
      const r = await tx.execute<VerificationJobRow>(sql`select ${JOB} from verification_jobs where workspace_id = ${workspaceId} and id = any(${sql.param(ids)}::uuid[])`);
      return r.rows;
    },

    /** The job's row locked (a batch and a cancel don't pass each other). */
    async lock(tx: Tx, workspaceId: string, id: string): Promise<VerificationJobRow | null> {
      const r = await tx.execute<VerificationJobRow>(sql`select ${JOB} from verification_jobs where workspace_id = ${workspaceId} and id = ${id} for update`);
      return r.rows[0] ?? null;
    },

    async markRunning(tx: Tx, workspaceId: string, id: string) {
      await tx.execute(sql`update verification_jobs set status = 'running', started_at = coalesce(started_at, now())
        where workspace_id = ${workspaceId} and id = ${id} and status in ('queued', 'running')`);
    },

    /** The next contacts not done, in id order. */
    async nextItems(tx: Tx, workspaceId: string, jobId: string, limit: number): Promise<string[]> {
      const r = await tx.execute<{ contact_id: string }>(sql`
        select contact_id from verification_job_items
        where workspace_id = ${workspaceId} and job_id = ${jobId} and not done
        order by contact_id limit ${limit}`);
      return r.rows.map((x) => x.contact_id);
    },

    /** A batch's items done and its counts added: in the batch's transaction, so a resume never redoes them. */
    async finishItems(tx: Tx, workspaceId: string, jobId: string, ids: string[], add: JobCounts) {
      await tx.execute(sql`
        update verification_job_items set done = true
        where workspace_id = ${workspaceId} and job_id = ${jobId} and contact_id = any(${sql.param(ids)}::uuid[])`);
      await tx.execute(sql`
        update verification_jobs set done = done + ${add.done}, valid = valid + ${add.valid}, risky = risky + ${add.risky},
          invalid = invalid + ${add.invalid}, unknown = unknown + ${add.unknown}, found = found + ${add.found},
          charged = charged + ${add.charged}
        where workspace_id = ${workspaceId} and id = ${jobId}`);
    },

    async finish(
      tx: Tx,
      workspaceId: string,
      id: string,
      f: { status: Exclude<VerificationJobStatus, 'queued' | 'running'>; stopReason?: string | null; error?: string | null; result?: unknown },
    ) {
      await tx.execute(sql`
        update verification_jobs set status = ${f.status}, stop_reason = ${f.stopReason ?? null}, error = ${f.error ?? null},
          result = coalesce(${f.result === undefined ? null : JSON.stringify(f.result)}::jsonb, result), finished_at = now()
        where workspace_id = ${workspaceId} and id = ${id} and status in ('queued', 'running')`);
    },

    /** Left queued or running by a stopped process (no workspace known yet: a definer function). */
    async unfinished(tx: Tx): Promise<{ workspaceId: string; id: string }[]> {
      const r = await tx.execute<{ workspace_id: string; id: string }>(sql`select workspace_id, id from unfinished_verification_jobs()`);
      return r.rows.map((x) => ({ workspaceId: x.workspace_id, id: x.id }));
    },

    /** This period's counted verifications, the row locked (jobs of one workspace count in turn). */
    async lockUsage(tx: Tx, workspaceId: string, periodStart: Date): Promise<number> {
      const day = periodStart.toISOString().slice(0, 10);
      await tx.execute(sql`insert into verification_usage (workspace_id, period_start) values (${workspaceId}, ${day}::date)
        on conflict do nothing`);
      const r = await tx.execute<{ used: number }>(sql`select used from verification_usage
        where workspace_id = ${workspaceId} and period_start = ${day}::date for update`);
      return r.rows[0]?.used ?? 0;
    },

    async usage(tx: Tx, workspaceId: string, periodStart: Date): Promise<number> {
      const r = await tx.execute<{ used: number }>(sql`select used from verification_usage
        where workspace_id = ${workspaceId} and period_start = ${periodStart.toISOString().slice(0, 10)}::date`);
      return r.rows[0]?.used ?? 0;
    },

    async addUsage(tx: Tx, workspaceId: string, periodStart: Date, n: number) {
      if (n <= 0) return;
      await tx.execute(sql`update verification_usage set used = used + ${n}
        where workspace_id = ${workspaceId} and period_start = ${periodStart.toISOString().slice(0, 10)}::date`);
    },

    /** The member a job acts for, as they are now. */
    async starter(tx: Tx, workspaceId: string, memberId: string): Promise<JobStarter> {
      const r = await tx.execute<{ role: Role; status: 'active' | 'deactivated' }>(
        sql`select role, status from members where workspace_id = ${workspaceId} and id = ${memberId}`,
      );
      return r.rows[0] ?? null;
    },
  };
}

export type VerificationJobsRepository = ReturnType<typeof createVerificationJobsRepository>;
