import type { FilterNode, RecordBulkJob } from '@leadtrail/contracts';
import { starterStop } from '../../core/bulk-jobs.js';
import { jobContext, type RequestContext } from '../../core/request-context.js';
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
import { unitTally } from '../../core/unit-tally.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { createBulkJobsRepository, type BulkJobRow, type JobSelection } from './record-bulk-jobs.repository.js';
import type { GridSpec, RecordEntity } from './record-spec.js';

/** Records a job goes through per transaction: each batch commits with its checkpoint. */
export const BULK_JOB_BATCH = 1000;
/**
 * Bulk jobs a workspace may have queued or running at once: the workers take jobs in turn, so
 * one workspace's hundred jobs would otherwise hold every other workspace's behind them.
 */
export const MAX_ACTIVE_BULK_JOBS = 3;
/** How long a batch refused a heavy slot (its workspace or the process busy) waits before asking again. */
const SLOT_WAIT_MS = 500;

/** Queues a job for a worker; the runner's `run` is what the worker calls. */
export type BulkJobQueue = (job: { workspaceId: string; id: string; entity: RecordEntity }) => Promise<void>;
type Log = { error: (obj: object, msg?: string) => void };

/** One batch's work inside its transaction: what changed, what a member's delete left alone, the edit made. */
type BatchResult = { affected: number; skipped: number; editId?: string };

type Deps = {
  uow: UnitOfWork;
  entity: RecordEntity;
  /** the ids of the batch after `afterId`, and how many match in all */
  batchIds: (tx: Tx, workspaceId: string, spec: GridSpec, afterId: string | null, limit: number) => Promise<string[]>;
  count: (tx: Tx, workspaceId: string, spec: GridSpec) => Promise<number>;
  /** the selection checked (a 400 naming the bad field) before a job is queued */
  checkSelection: (tx: Tx, workspaceId: string, spec: GridSpec) => Promise<void>;
  update: {
    /** The field and value checked (a 400) in the caller's unit of work. */
    checkIn: (tx: Tx, ctx: RequestContext, field: string, value: unknown) => Promise<void>;
    batchIn: (tx: Tx, ctx: RequestContext, editId: string | null, field: string, value: unknown, ids: string[]) => Promise<BatchResult>;
    finishIn: (tx: Tx, ctx: RequestContext, editId: string, field: string, affected: number) => Promise<void>;
  };
  delete: {
    batchIn: (tx: Tx, ctx: RequestContext, ids: string[]) => Promise<BatchResult>;
    finishIn: (tx: Tx, ctx: RequestContext, affected: number, skipped: number) => Promise<void>;
  };
  /** pg-boss when the process has it; else the jobs run here, one at a time */
  queue?: BulkJobQueue;
  log?: Log;
  batchSize?: number;
};

const toDto = (j: BulkJobRow): RecordBulkJob => ({
  id: j.id,
  entity: j.entity,
  kind: j.kind,
  status: j.status,
  field: j.field,
  total: j.total,
  done: j.done,
  affected: j.affected,
  skipped: j.skipped,
  editId: j.editId,
  error: j.error,
  createdAt: j.createdAt,
  finishedAt: j.finishedAt,
});

const specOf = (s: JobSelection): GridSpec => ({ q: s.q, filter: (s.filter ?? null) as FilterNode | null, listId: s.listId });

/**
 * Bulk edits and deletes of every record matching a filter, as background jobs (issue 27,
 * decision 0029): the request only checks and queues; the job goes through the matches in
 * batches of ids (keyset by id), each one transaction with its checkpoint, each taking a heavy
 * slot, so no request or job holds a connection for longer than a batch.
 */
export function createRecordBulkJobs(deps: Deps) {
  const { uow, entity } = deps;
  const repo = createBulkJobsRepository();
  const batchSize = deps.batchSize ?? BULK_JOB_BATCH;
  let local: Promise<void> = Promise.resolve();

  /** A heavy unit of work that waits for a slot instead of failing: a job has time, a request has not. */
  async function heavy<T>(ctx: RequestContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
    for (;;) {
      try {
        return await uow.tenant(ctx, fn, { heavy: true });
      } catch (err) {
        if (!(err instanceof AppError) || (err.code !== 'workspace_busy' && err.code !== 'server_busy')) throw err;
        await new Promise((done) => setTimeout(done, SLOT_WAIT_MS));
      }
    }
  }

  async function fail(workspaceId: string, id: string, message: string) {
    await uow.tenant({ workspaceId }, (tx) => repo.finish(tx, workspaceId, id, 'failed', message));
  }

  /** Runs a job to its end, from its last checkpoint (a resumed job goes on where it stopped). */
  async function run(workspaceId: string, id: string): Promise<void> {
    const found = await uow.tenant({ workspaceId }, async (tx) => {
      const job = await repo.get(tx, workspaceId, entity, id);
      return job && { job, starter: await repo.member(tx, workspaceId, job.memberId) };
    });
    if (!found || found.job.status === 'completed' || found.job.status === 'failed') return;
    const { job, starter } = found;
    const stop = starterStop(starter, 'records:write');
    if (stop) return fail(workspaceId, id, 'Stopped: the member who started it was deactivated or no longer may change records');
    const ctx = jobContext({ userId: job.userId, workspaceId, memberId: job.memberId, role: starter!.role });
    const spec = specOf(job.selection);
    try {
      if (job.status === 'queued') await heavy(ctx, async (tx) => repo.start(tx, workspaceId, id, await deps.count(tx, workspaceId, spec)));
      for (let more = true; more; ) {
        more = await heavy(ctx, async (tx) => {
          const cur = await repo.get(tx, workspaceId, entity, id, true);
          if (!cur || cur.status !== 'running') return false;
          const ids = await deps.batchIds(tx, workspaceId, spec, cur.lastId, batchSize);
          if (ids.length === 0) {
            if (cur.kind === 'update' && cur.editId) await deps.update.finishIn(tx, ctx, cur.editId, cur.field!, cur.affected);
            if (cur.kind === 'delete') await deps.delete.finishIn(tx, ctx, cur.affected, cur.skipped);
            await repo.finish(tx, workspaceId, id, 'completed');
            return false;
          }
          const r =
            cur.kind === 'update'
              ? await deps.update.batchIn(tx, ctx, cur.editId, cur.field!, cur.value, ids)
              : await deps.delete.batchIn(tx, ctx, ids);
          await repo.checkpoint(tx, workspaceId, id, { lastId: ids[ids.length - 1]!, editId: r.editId ?? null, done: ids.length, affected: r.affected, skipped: r.skipped });
          return true;
        });
      }
    } catch (err) {
      deps.log?.error({ err, bulkJobId: id }, 'bulk job failed');
      // what the committed batches did stays (an update's undo puts it back)
      await fail(workspaceId, id, err instanceof AppError && err.status < 500 ? err.message : 'The job failed; the records it had reached keep their change').catch(() => {});
    }
  }

  return {
    run,

    /** Checks and queues a bulk edit (`field`, `value`) or delete of every record a selection matches: 202 with the job. */
    async start(ctx: RequestContext, kind: 'update' | 'delete', selection: JobSelection, change: { field?: string; value?: unknown } = {}) {
      // one unit: the change and the selection checked, the job queued
      const job = await uow.tenant(ctx, async (tx) => {
        if (kind === 'update') await deps.update.checkIn(tx, ctx, change.field!, change.value);
        await deps.checkSelection(tx, ctx.workspaceId, { ...specOf(selection), filterPath: 'selection.matching.filter' });
        if ((await repo.activeCount(tx, ctx.workspaceId)) >= MAX_ACTIVE_BULK_JOBS)
          throw new AppError(
            429,
            'bulk_jobs_busy',
            `This workspace already runs ${MAX_ACTIVE_BULK_JOBS} bulk changes of all matching records; start this one when one of them has finished.`,
            { retryAfter: 10, limit: MAX_ACTIVE_BULK_JOBS },
          );
        return repo.insert(tx, ctx.workspaceId, {
          id: newId(), entity, kind, memberId: ctx.memberId, userId: ctx.userId, selection,
          field: kind === 'update' ? change.field! : null, value: kind === 'update' ? (change.value ?? null) : null,
        });
      });
      if (deps.queue) await deps.queue({ workspaceId: ctx.workspaceId, id: job.id, entity });
      // without a queue (tests, one process) the job runs here, after the answer: its units are its own, not the request's
      else local = unitTally.aside(() => local.then(() => run(ctx.workspaceId, job.id)).catch(() => {}));
      return { job: toDto(job) };
    },

    /** A job of the caller's workspace (another's answers 404). */
    async get(ctx: RequestContext, id: string): Promise<RecordBulkJob> {
      const job = await uow.tenant(ctx, (tx) => repo.get(tx, ctx.workspaceId, entity, id));
      if (!job) throw notFound('Bulk job');
      return toDto(job);
    },

    /** An edit still being applied by its job can't be undone yet (its undo would miss the rest): the undo's pre-check, in its unit of work. */
    async assertEditFinishedIn(tx: Tx, ctx: RequestContext, editId: string) {
      if (await repo.editRunning(tx, ctx.workspaceId, editId)) throw conflict('This edit is still running; undo it once it has finished');
    },

    /** Jobs a stopped server left unfinished, of this entity. */
    unfinished: () => uow.admin((tx) => repo.unfinished(tx)).then((all) => all.filter((j) => j.entity === entity)),
  };
}

export type RecordBulkJobs = ReturnType<typeof createRecordBulkJobs>;
