import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerificationJob } from '@leadtrail/contracts';
import { outboxMail } from '../../../test/helpers.js';
import { serverProcess } from '../../../test/server-process.js';
import { startDnsPeer, startSmtpPeers, type SmtpPeer, type ZoneEntry } from '../../../test/verify-peers.js';

/**
 * A verification job of 10,000 addresses over 50 domains (each its own exchanger on loopback)
 * in a real server process, killed with -9 partway and started again: the worker's sweep
 * resumes the job with the contacts it had not done; every contact ends verified, the quota
 * counts each address at most once, and no address is asked again beyond what was in flight.
 */

const DOMAINS = 50;
const PER_DOMAIN = 200;
const TOTAL = DOMAINS * PER_DOMAIN;
// the job's batch (verification.service.ts): what a kill can leave in flight
const BATCH = 1000;

let server: Awaited<ReturnType<typeof serverProcess>>;
let pool: pg.Pool;
let dns: Awaited<ReturnType<typeof startDnsPeer>>;
const peers: Record<string, SmtpPeer> = {};
const domain = (d: number) => `d${d}.vr-bulk.test`;
const address = (d: number, i: number) => `p${i}@${domain(d)}`;
// one address in ten has no mailbox
const exists = (i: number) => i % 10 !== 0;

beforeAll(async () => {
  const specs: Record<string, [string, { kind: 'known'; mailboxes: string[] }]> = {};
  const zone: Record<string, ZoneEntry> = {};
  for (let d = 0; d < DOMAINS; d++) {
    const host = `127.0.1.${d + 1}`;
    const mailboxes = Array.from({ length: PER_DOMAIN }, (_, i) => i).filter(exists).map((i) => address(d, i));
    specs[`d${d}`] = [host, { kind: 'known', mailboxes }];
    zone[domain(d)] = { mx: [{ exchange: `mx.${domain(d)}`, priority: 10 }] };
    zone[`mx.${domain(d)}`] = { a: [host] };
  }
  const started = await startSmtpPeers(specs);
  Object.assign(peers, started.peers);
  dns = await startDnsPeer(zone);
  server = await serverProcess({
    tmpPrefix: 'lt-verify-crash-',
    startTimeoutMs: 60000,
    env: {
      VERIFY_DNS_SERVERS: dns.server,
      VERIFY_SMTP_PORT: String(started.port),
      VERIFY_HELO_HOST: 'verify.leadtrail.test',
      VERIFY_MAIL_FROM: 'bounces@leadtrail.test',
    },
  });
  pool = new pg.Pool({ connectionString: server.databaseUrl, max: 2 });
  await server.start();
}, 120_000);

afterAll(async () => {
  await pool?.end();
  await server?.stop();
  await Promise.all(Object.values(peers).map((p) => p.close()));
  await dns?.close();
});

async function waitFor(id: string, until: (j: VerificationJob) => boolean, timeoutMs: number): Promise<VerificationJob> {
  const end = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    const res = await server.api('GET', `/api/v1/verifications/${id}`);
    if (res.status === 200) {
      const job = res.json() as VerificationJob;
      last = JSON.stringify(job);
      if (until(job)) return job;
      if (job.status !== 'queued' && job.status !== 'running') throw new Error(`job ended before the condition: ${last}`);
    }
    if (Date.now() > end) throw new Error(`timed out waiting for the job: ${last}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('a verification job survives kill -9 of the server', () => {
  it('resumes after the kill: every contact verified, the quota counted once, nothing asked twice but what was in flight', async () => {
    const email = `verify-crash-${Date.now()}@test.example`;
    const asked = await server.api('POST', '/api/v1/auth/register', { name: 'Crash Tester', email, password: 'correct horse battery staple', companyName: 'Crash Co' });
    expect(asked.status, asked.text).toBe(202);
    const token = (await outboxMail(server.databaseUrl, email)).match(/\/register\/confirm\/([\w-]+)/)![1];
    const reg = await server.api('POST', '/api/v1/auth/register/confirm', { token });
    expect(reg.status, reg.text).toBe(201);
    server.keepSession(reg);
    const workspaceId = reg.json().workspace.id as string;
    // Professional: 25,000 verifications a month
    await pool.query(
      `insert into subscriptions (workspace_id, plan, current_period_start, current_period_end, seats, monthly_credits)
       values ($1, 'professional', date_trunc('month', now()), date_trunc('month', now()) + interval '1 month', 15, 5000)
       on conflict (workspace_id) do update set plan = 'professional'`,
      [workspaceId],
    );
    // 10,000 contacts, the domains interleaved (random ids: the job goes in id order)
    await pool.query(
      `insert into contacts (workspace_id, id, email, source)
       select $1, gen_random_uuid(), 'p' || (n / $2) || '@d' || (n % $2) || '.vr-bulk.test', 'import'
       from generate_series(0, $3 - 1) n`,
      [workspaceId, DOMAINS, TOTAL],
    );

    const started = Date.now();
    const res = await server.api('POST', '/api/v1/verifications', { filter: null });
    expect(res.status, res.text).toBe(202);
    const jobId = res.json().jobId as string;
    const partway = await waitFor(jobId, (j) => j.progress.done >= BATCH, 120_000);
    expect(partway.progress.total).toBe(TOTAL);
    await server.kill();
    const afterKill = await pool.query<{ done: number; status: string }>(
      `select done, status from verification_jobs where workspace_id = $1 and id = $2`,
      [workspaceId, jobId],
    );
    expect(afterKill.rows[0]!.status).toBe('running');
    expect(afterKill.rows[0]!.done).toBeLessThan(TOTAL);

    await server.start();
    const done = await waitFor(jobId, (j) => j.status === 'completed', 300_000);
    console.log(`verification crash test: ${TOTAL} addresses over ${DOMAINS} domains in ${((Date.now() - started) / 1000).toFixed(1)} s (a kill and a restart included)`);
    expect(done.progress).toEqual({ done: TOTAL, total: TOTAL });
    expect(done.counts).toEqual({ valid: TOTAL * 0.9, risky: 0, invalid: TOTAL * 0.1, unknown: 0, skipped: 0 });

    const statuses = await pool.query<{ email_status: string; n: string }>(
      `select email_status, count(*) as n from contacts where workspace_id = $1 group by 1 order by 1`,
      [workspaceId],
    );
    expect(statuses.rows).toEqual([
      { email_status: 'invalid', n: String(TOTAL * 0.1) },
      { email_status: 'valid', n: String(TOTAL * 0.9) },
    ]);
    // each address asked once, but those of the batch in flight at the kill (its domains not yet kept)
    const asks = new Map<string, number>();
    for (const p of Object.values(peers)) for (const r of p.rcpts) if (!r.includes('-lt-probe@')) asks.set(r, (asks.get(r) ?? 0) + 1);
    expect(asks.size).toBe(TOTAL);
    const twice = [...asks.values()].filter((n) => n > 1);
    expect(twice.length).toBeLessThanOrEqual(BATCH);
    expect(Math.max(...asks.values())).toBeLessThanOrEqual(2);
    // the quota: never more than once per address; what the killed batch asked is found in the cache after
    const used = (await server.api('GET', '/api/v1/verifications/usage')).json() as { used: number; included: number };
    expect(used.included).toBe(25_000);
    expect(used.used).toBeLessThanOrEqual(TOTAL);
    expect(used.used).toBeGreaterThanOrEqual(TOTAL - BATCH);
    // the per-host limit (VERIFY_CONCURRENCY, 2) held on every exchanger, and nothing sent DATA
    for (const p of Object.values(peers)) {
      expect(p.maxOpen).toBeLessThanOrEqual(2);
      expect(p.dataCalls).toBe(0);
    }
  }, 600_000);
});
