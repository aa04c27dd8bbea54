import { traceJob } from '../../lib/monitoring/sentry.js';
import type { Jobs } from '../../core/jobs.js';
import type { Metrics, PoolStats } from '../metrics/metrics.js';

type Handler = (jobs: { id: string }[]) => Promise<unknown>;

/**
 * Wraps `jobs.work` once, before any module attaches its handlers (modules/workers.ts), so every
 * batch is counted and timed per queue and outcome, and runs as a Sentry transaction (errors
 * captured) when a DSN is set. Modules keep calling `jobs.work` as usual.
 */
export function instrumentJobs(jobs: Jobs, metrics: Metrics): void {
  const work = jobs.work.bind(jobs) as (name: string, ...rest: unknown[]) => Promise<string>;
  const wrap =
    (queue: string, handler: Handler): Handler =>
    async (batch) => {
      const started = process.hrtime.bigint();
      const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
      try {
        const result = await traceJob(queue, () => handler(batch));
        metrics.recordJob(queue, 'completed', seconds(), batch.length);
        return result;
      } catch (error) {
        metrics.recordJob(queue, 'failed', seconds(), batch.length);
        throw error;
      }
    };
  const patched = (name: string, ...rest: unknown[]) => {
    const last = rest.length - 1;
    if (typeof rest[last] === 'function') rest[last] = wrap(name, rest[last] as Handler);
    return work(name, ...rest);
  };
  (jobs as { work: unknown }).work = patched;

  // pg-boss keeps a pool of its own; show it next to the app's
  const bossPool = (jobs.getDb() as { pool?: PoolStats }).pool;
  if (bossPool) metrics.watchPool('jobs', bossPool);
}
