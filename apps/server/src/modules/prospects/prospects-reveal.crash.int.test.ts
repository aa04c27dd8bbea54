import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RevealJob } from '@leadtrail/contracts';
import { outboxMail } from '../../../test/helpers.js';
import { repoRoot as root, serverProcess } from '../../../test/server-process.js';
import { ensureTestProspects } from './cli/prospects-fixture.js';

/**
 * Kill -9 of a real server in the middle of a bulk reveal, then a restart: the worker's sweep
 * resumes the job after its last committed batch and every person is charged exactly once.
 */

let server: Awaited<ReturnType<typeof serverProcess>>;
let pool: pg.Pool;
const api = (...args: Parameters<typeof server.api>) => server.api(...args);

async function waitFor(id: string, until: (j: RevealJob) => boolean, timeoutMs: number): Promise<RevealJob> {
  const end = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    const res = await api('GET', `/api/v1/prospects/reveal-jobs/${id}`);
    if (res.status === 200) {
      const job = res.json() as RevealJob;
      last = JSON.stringify(job);
      if (until(job)) return job;
      if (job.status === 'failed' || job.status === 'completed') throw new Error(`reveal ended before the condition: ${last}`);
    }
    if (Date.now() > end) throw new Error(`timed out waiting for the reveal: ${last}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  server = await serverProcess({ tmpPrefix: 'lt-reveal-crash-', startTimeoutMs: 60000 });
  pool = new pg.Pool({ connectionString: server.databaseUrl, max: 2 });
  await ensureTestProspects(pool);
  await server.start();
}, 120_000);

afterAll(async () => {
  // the pool first: stopping drops the server's database, which would cut its connections
  await pool?.end();
  await server?.stop();
});

describe('a bulk reveal survives kill -9 of the server', () => {
  it('resumes after the kill and charges each person once', async () => {
    const email = `reveal-crash-${Date.now()}@test.example`;
    const asked = await api('POST', '/api/v1/auth/register', { name: 'Crash Tester', email, password: 'correct horse battery staple', companyName: 'Crash Co' });
    expect(asked.status, asked.text).toBe(202);
    const token = (await outboxMail(server.databaseUrl, email)).match(/\/register\/confirm\/([\w-]+)/)![1];
    const reg = await api('POST', '/api/v1/auth/register/confirm', { token });
    expect(reg.status, reg.text).toBe(201);
    server.keepSession(reg);
    const workspaceId = reg.json().workspace.id as string;
    // the operator's credits, by the operator's command
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'credits', 'adjust', '--workspace', workspaceId, '--amount', '750', '--reason', 'crash test'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: server.databaseUrl, DATA_DIR: server.dataDir, LOG_LEVEL: 'warn', SMTP_URL: '' },
      encoding: 'utf8',
    });
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stdout).toContain('balance now 800');

    const ids = (await pool.query<{ id: string }>(`select id from prospect_people where email is not null and email_status = 'valid' order by id limit 750`)).rows.map((r) => r.id);
    const res = await api('POST', '/api/v1/prospects/reveal', { ids, fields: 'email' }, { 'idempotency-key': 'crash-1' });
    expect(res.status, res.text).toBe(202);
    const jobId = (res.json() as RevealJob).id;

    const partway = await waitFor(jobId, (j) => j.done > 0, 180_000);
    await server.kill();
    const afterKill = await pool.query<{ done: number; charged: number; status: string }>(
      `select done, charged, status from reveal_jobs where workspace_id = $1 and id = $2`,
      [workspaceId, jobId],
    );
    expect(afterKill.rows[0]!.done).toBeGreaterThanOrEqual(partway.done);
    expect(afterKill.rows[0]!.done).toBeLessThan(750);
    expect(afterKill.rows[0]!.status).toBe('running');

    await server.start();
    const done = await waitFor(jobId, (j) => j.status === 'completed', 240_000);
    expect(done).toMatchObject({ done: 750, charged: 750, revealed: 750, reserved: 0 });
    // one ledger row per committed batch of 250 (decision 0035), each person a line of one of them, once
    const spends = await pool.query<{ rows: string; n: string; people: string }>(
      `select (select count(*) from credit_ledger where workspace_id = $1 and kind = 'spend') as rows,
              count(*) as n, count(distinct reference) as people from credit_ledger_lines where workspace_id = $1`,
      [workspaceId],
    );
    expect(spends.rows[0]).toEqual({ rows: '3', n: '750', people: '750' });
    const contacts = await pool.query<{ n: string }>(`select count(*) as n from contacts where workspace_id = $1 and source = 'prospect'`, [workspaceId]);
    expect(contacts.rows[0]!.n).toBe('750');
    const audit = await pool.query<{ ledger: string; balance: string }>(
      `select (select sum(amount) from credit_ledger where workspace_id = $1) as ledger,
              (select sum(remaining) from credit_grants where workspace_id = $1 and expired_at is null) as balance`,
      [workspaceId],
    );
    expect(audit.rows[0]).toEqual({ ledger: '50', balance: '50' });
  }, 600_000);
});
