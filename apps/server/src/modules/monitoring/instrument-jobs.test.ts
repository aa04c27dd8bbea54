import { describe, expect, it } from 'vitest';
import type { Jobs } from '../../core/jobs.js';
import { createMetrics } from '../metrics/metrics.js';
import { instrumentJobs } from './instrument-jobs.js';

type Handler = (jobs: { id: string }[]) => Promise<unknown>;

/** The two pg-boss methods instrumentJobs touches, recording what the modules attach. */
function fakeBoss() {
  const handlers = new Map<string, Handler>();
  const calls: unknown[][] = [];
  const boss = {
    async work(name: string, ...rest: unknown[]) {
      calls.push([name, ...rest]);
      handlers.set(name, rest[rest.length - 1] as Handler);
      return `worker-${name}`;
    },
    getDb: () => ({ pool: { totalCount: 3, idleCount: 2, waitingCount: 0 } }),
  };
  return { boss: boss as unknown as Jobs, handlers, calls };
}

const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : undefined;
};

describe('instrumentJobs', () => {
  it('counts and times job batches per queue and outcome, and keeps handler results and errors', async () => {
    const { boss, handlers, calls } = fakeBoss();
    const metrics = createMetrics({ defaultMetrics: false });
    instrumentJobs(boss, metrics);

    // both signatures modules use: (name, handler) and (name, options, handler)
    expect(await boss.work('import-file', async () => 'done')).toBe('worker-import-file');
    await boss.work('send-mail', { batchSize: 5 }, async () => {
      throw new Error('smtp down');
    });
    expect(calls[1]![1]).toEqual({ batchSize: 5 });

    expect(await handlers.get('import-file')!([{ id: '1' }])).toBe('done');
    expect(await handlers.get('import-file')!([{ id: '2' }, { id: '3' }])).toBe('done');
    await expect(handlers.get('send-mail')!([{ id: '4' }])).rejects.toThrow('smtp down');

    const text = await metrics.render();
    expect(sample(text, 'leadtrail_jobs_total{queue="import-file",outcome="completed"}')).toBe(3);
    expect(sample(text, 'leadtrail_jobs_total{queue="send-mail",outcome="failed"}')).toBe(1);
    expect(sample(text, 'leadtrail_job_duration_seconds_count{queue="import-file",outcome="completed"}')).toBe(2);
    // pg-boss's own pool is shown next to the app's
    expect(sample(text, 'leadtrail_db_pool_connections{pool="jobs"}')).toBe(3);
    expect(sample(text, 'leadtrail_db_pool_idle_connections{pool="jobs"}')).toBe(2);
  });
});
