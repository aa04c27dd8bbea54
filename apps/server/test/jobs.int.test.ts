import { describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { startJobs } from '../src/core/jobs.js';

const waitFor = async (fn: () => Promise<boolean>, ms = 15_000) => {
  const start = Date.now();
  while (!(await fn())) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('jobs (pg-boss)', () => {
  it('runs a job, and a job queued before a restart runs after it', async () => {
    const url = inject('databaseUrl');
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    await pool.query('create table if not exists job_probe (id text primary key)');
    const queue = `probe-${process.pid}`;

    // process 1: queue two jobs; work the first, then stop before the second is taken
    const first = await startJobs(url, () => {});
    await first.createQueue(queue);
    await first.send(queue, { id: `a-${process.pid}` });
    await first.work<{ id: string }>(queue, { batchSize: 1 }, async ([job]) => {
      await pool.query('insert into job_probe (id) values ($1)', [job!.data.id]);
    });
    await waitFor(async () => (await pool.query('select 1 from job_probe where id = $1', [`a-${process.pid}`])).rowCount === 1);
    await first.stop({ graceful: true, wait: true });

    // queue the second job through an instance that never works the queue, then stop it
    const sender = await startJobs(url, () => {});
    await sender.send(queue, { id: `b-${process.pid}` });
    await sender.stop({ graceful: true, wait: true });

    // process 2: a new instance (as after a restart) picks the waiting job up
    const second = await startJobs(url, () => {});
    await second.work<{ id: string }>(queue, async ([job]) => {
      await pool.query('insert into job_probe (id) values ($1) on conflict do nothing', [job!.data.id]);
    });
    await waitFor(async () => (await pool.query('select 1 from job_probe where id = $1', [`b-${process.pid}`])).rowCount === 1);
    await second.stop({ graceful: true, wait: true });
    const all = await pool.query('select id from job_probe where id like $1 order by id', [`%-${process.pid}`]);
    expect(all.rows.map((r) => r.id)).toEqual([`a-${process.pid}`, `b-${process.pid}`]);
    await pool.end();
  });
});
