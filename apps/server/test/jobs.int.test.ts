import { describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import type { Job } from 'pg-boss';
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
    await first.work(queue, { batchSize: 1 }, async ([job]: Job<{ id: string }>[]) => {
      await pool.query('insert into job_probe (id) values ($1)', [job!.data.id]);
    });
    await waitFor(async () => (await pool.query('select 1 from job_probe where id = $1', [`a-${process.pid}`])).rowCount === 1);
    await first.stop({ graceful: true });

    // queue the second job through an instance that never works the queue, then stop it
    const sender = await startJobs(url, () => {});
    await sender.send(queue, { id: `b-${process.pid}` });
    await sender.stop({ graceful: true });

    // process 2: a new instance (as after a restart) picks the waiting job up
    const second = await startJobs(url, () => {});
    await second.work(queue, async ([job]: Job<{ id: string }>[]) => {
      await pool.query('insert into job_probe (id) values ($1) on conflict do nothing', [job!.data.id]);
    });
    await waitFor(async () => (await pool.query('select 1 from job_probe where id = $1', [`b-${process.pid}`])).rowCount === 1);
    await second.stop({ graceful: true });
    const all = await pool.query('select id from job_probe where id like $1 order by id', [`%-${process.pid}`]);
    expect(all.rows.map((r) => r.id)).toEqual([`a-${process.pid}`, `b-${process.pid}`]);
    await pool.end();
  });

  it('replaces a schema left by pg-boss 10, which pg-boss 12 cannot migrate, and keeps a current one', async () => {
    const url = inject('databaseUrl');
    const schema = `pgboss_legacy_${process.pid}`;
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    // the parts of pg-boss 10's schema (version 24) that the check reads, plus a queued job
    await pool.query(`drop schema if exists ${schema} cascade`);
    await pool.query(`create schema ${schema}`);
    await pool.query(`create table ${schema}.version (version int primary key, maintained_on timestamptz, cron_on timestamptz)`);
    await pool.query(`insert into ${schema}.version (version) values (24)`);
    await pool.query(`create table ${schema}.legacy_job (name text, data jsonb)`);
    await pool.query(`insert into ${schema}.legacy_job values ('imports-process', '{}')`);

    const logged: string[] = [];
    const boss = await startJobs(url, () => {}, { schema, log: (m) => logged.push(m) });
    expect(await boss.schemaVersion()).toBeGreaterThanOrEqual(25);
    expect(logged).toEqual([expect.stringContaining(`dropped the pg-boss 10 schema "${schema}"`)]);
    const gone = await pool.query('select to_regclass($1) as t', [`${schema}.legacy_job`]);
    expect(gone.rows[0].t).toBeNull();

    // the new schema works, and a job queued in it survives the next start (nothing is dropped again)
    const queue = `legacy-probe-${process.pid}`;
    await boss.createQueue(queue);
    await boss.send(queue, { id: 'kept' });
    await boss.stop({ graceful: true });
    const again = await startJobs(url, () => {}, { schema, log: (m) => logged.push(m) });
    expect(logged).toHaveLength(1);
    const [job] = await again.fetch<{ id: string }>(queue);
    expect(job?.data).toEqual({ id: 'kept' });
    await again.stop({ graceful: true });
    await pool.query(`drop schema ${schema} cascade`);
    await pool.end();
  });
});
