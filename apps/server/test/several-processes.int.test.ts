import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ImportDetail } from '@leadtrail/contracts';
import { outboxMail } from './helpers.js';
import { startNginx } from './nginx-kit.js';
import { freePort, scratchDatabase, spawnServer, type ServerChild } from './process-kit.js';

/**
 * Issue 13, "several processes": nginx (Debian) in front of two `--role web` processes and one
 * `--role worker` on one PostgreSQL database (fresh per run) and one Redis (a key prefix per run).
 * Through nginx: sign-in, a grid page and a 100,000-row import whose worker is killed (SIGKILL)
 * and started again mid-import (exact counts after; nothing moves while no worker runs, so the
 * web processes only enqueue). The login limit (10 a minute) holds across both web processes
 * (Redis). One web process is killed with SIGKILL under load (autocannon, 50 connections, 20 s):
 * nginx's retry of idempotent requests leaves 0 failed requests.
 */

const ROWS = 100_000;
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const prefix = `leadtrail-test-${process.pid}-${Date.now()}:`;

const cleanup: (() => Promise<unknown>)[] = [];
let dir: string;
let dbUrl: string;
let pool: pg.Pool;
let nginx: Awaited<ReturnType<typeof startNginx>>;
const web: { port: number; proc: ServerChild | null }[] = [];
let worker: ServerChild | null = null;
let env: Record<string, string>;

function startProcess(role: 'web' | 'worker', port?: number): ServerChild {
  const s = spawnServer(['start', '--role', role], { ...env, ...(port ? { PORT: String(port) } : {}) });
  return s;
}

async function stopProcess(s: ServerChild | null) {
  if (!s || s.child.exitCode !== null || s.child.signalCode !== null) return;
  s.child.kill('SIGTERM');
  const timer = setTimeout(() => s.child.kill('SIGKILL'), 8_000);
  await s.exited;
  clearTimeout(timer);
}

async function killHard(s: ServerChild) {
  s.child.kill('SIGKILL');
  expect(await s.exited).toBe('SIGKILL');
}

async function waitUntil(what: string, s: ServerChild, ready: () => Promise<boolean>, timeoutMs = 90_000) {
  const end = Date.now() + timeoutMs;
  while (!(await ready().catch(() => false))) {
    if (s.child.exitCode !== null) throw new Error(`${what} ended at start (${s.child.exitCode}):\n${s.output()}`);
    if (Date.now() > end) throw new Error(`${what} not ready after ${timeoutMs} ms:\n${s.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const webReady = (port: number) => async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok;
const workerReady = (s: ServerChild) => async () => s.output().includes('worker running');

let cookie = '';
async function call(base: string, method: string, url: string, body?: unknown) {
  const form = body instanceof FormData;
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      origin: nginx.url,
      cookie,
      ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, headers: res.headers, json: () => JSON.parse(text) };
}
const viaNginx = (method: string, url: string, body?: unknown) => call(nginx.url, method, url, body);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt-several-'));
  // nginx's workers (`nobody` under a root master) reach their temp folders through it
  fs.chmodSync(dir, 0o755);
  cleanup.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  const db = await scratchDatabase(inject('databaseUrl'), `lt_several_${process.pid}`);
  cleanup.push(db.drop);
  dbUrl = db.url;
  pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
  cleanup.push(() => pool.end());
  cleanup.push(async () => {
    // every key of this run, whatever the test reached
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  const nginxPort = await freePort();
  web.push({ port: await freePort(), proc: null }, { port: await freePort(), proc: null });
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir, { mode: 0o755 });
  env = {
    DATABASE_URL: dbUrl,
    // one folder for the uploaded files: a web process stores them, the worker reads them
    DATA_DIR: dataDir,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: prefix,
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${nginxPort}`,
    TRUST_PROXY: '127.0.0.1',
    AUTH_RATE_LIMIT: '10',
  };
  cleanup.push(async () => {
    await Promise.all([...web.map((w) => stopProcess(w.proc)), stopProcess(worker)]);
  });
  worker = startProcess('worker');
  for (const w of web) w.proc = startProcess('web', w.port);
  await Promise.all([
    ...web.map((w) => waitUntil(`web :${w.port}`, w.proc!, webReady(w.port))),
    waitUntil('worker', worker, workerReady(worker)),
  ]);
  const nginxDir = path.join(dir, 'nginx');
  fs.mkdirSync(nginxDir);
  nginx = await startNginx({ dir: nginxDir, listenPort: nginxPort, upstreamPorts: web.map((w) => w.port) });
  cleanup.push(() => nginx.stop());
}, 150_000);

afterAll(async () => {
  for (const f of cleanup.reverse()) await f().catch((err: Error) => console.error(`cleanup: ${err.message}`));
});

function contactsFile(rows: number) {
  const lines = ['First Name,Last Name,Email,Company,Title'];
  for (let i = 1; i <= rows; i++) lines.push(`First${i},Last${i},person${i}@company${i % 2_000}.test,Company ${i % 2_000},Title ${i % 7}`);
  return `${lines.join('\n')}\n`;
}

async function importNow(id: string): Promise<ImportDetail> {
  const res = await viaNginx('GET', `/api/v1/imports/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.json() as ImportDetail;
}

async function waitForImport(id: string, until: (i: ImportDetail) => boolean, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const imp = await importNow(id);
    if (until(imp)) return imp;
    if (['completed', 'completed_with_errors', 'failed', 'cancelled'].includes(imp.status)) {
      throw new Error(`import ended before the condition: ${imp.status} ${JSON.stringify(imp.progress)} ${JSON.stringify(imp.counts)}`);
    }
    if (Date.now() > end) throw new Error(`timed out: ${imp.status} ${JSON.stringify(imp.progress)} ${JSON.stringify(imp.counts)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('two web processes and a worker behind nginx', () => {
  let workspaceId = '';
  const email = `several-${process.pid}@test.example`;
  const password = 'correct horse battery staple';

  it('signs in, shows a grid page and imports 100,000 rows through nginx, the worker killed and started again mid-import', async () => {
    const asked = await viaNginx('POST', '/api/v1/auth/register', { name: 'Several Processes', email, password, companyName: 'Several Co' });
    expect(asked.status, asked.text).toBe(202);
    const token = (await outboxMail(dbUrl, email)).match(/\/register\/confirm\/([\w-]+)/)![1];
    const confirmed = await viaNginx('POST', '/api/v1/auth/register/confirm', { token });
    expect(confirmed.status, confirmed.text).toBe(201);
    workspaceId = confirmed.json().workspace.id as string;

    const signedIn = await viaNginx('POST', '/api/v1/auth/login', { email, password });
    expect(signedIn.status, signedIn.text).toBe(200);
    cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(cookie).toMatch(/^lt_session=/);
    // the session works on both web processes (it lives in PostgreSQL)
    for (const w of web) {
      const me = await call(`http://127.0.0.1:${w.port}`, 'GET', '/api/v1/me');
      expect(me.status, me.text).toBe(200);
    }

    const form = new FormData();
    form.append('file', new Blob([contactsFile(ROWS)], { type: 'text/csv' }), 'hundred-thousand.csv');
    const up = await viaNginx('POST', '/api/v1/imports', form);
    expect(up.status, up.text).toBe(201);
    const id = (up.json() as ImportDetail).id;
    const started = await viaNginx('POST', `/api/v1/imports/${id}/start`);
    expect(started.status, started.text).toBe(200);

    const midway = await waitForImport(
      id,
      (i) => (i.progress.phase === 'reading' && i.progress.rowsRead >= 20_000) || (i.progress.phase === 'writing' && i.counts.created > 0),
      120_000,
    );
    expect(midway.progress.rowsDone).toBeLessThan(ROWS);
    await killHard(worker!);
    // no worker: the web processes only enqueue, so nothing moves
    await new Promise((r) => setTimeout(r, 500));
    const stalled = await importNow(id);
    await new Promise((r) => setTimeout(r, 2_000));
    const still = await importNow(id);
    expect(still.status).toBe(stalled.status);
    // (secondsLeft is worked out at read time; the rest is what a worker last wrote)
    const moved = (i: ImportDetail) => ({ phase: i.progress.phase, rowsRead: i.progress.rowsRead, rowsDone: i.progress.rowsDone, updatedAt: i.progress.updatedAt });
    expect(moved(still)).toEqual(moved(stalled));
    expect(still.counts).toEqual(stalled.counts);
    expect(still.progress.rowsDone).toBeLessThan(ROWS);

    worker = startProcess('worker');
    await waitUntil('worker (restarted)', worker, workerReady(worker));
    const done = await waitForImport(id, (i) => i.status === 'completed', 150_000);
    expect(done.counts).toEqual({ rows: ROWS, created: ROWS, updated: 0, duplicates: 0, duplicatesInFile: 0, suppressed: 0, errors: 0, warnings: 0, ownersNotMembers: 0 });
    expect(done.progress).toMatchObject({ rowsTotal: ROWS, rowsDone: ROWS, phase: 'done' });
    const counted = await pool.query(
      `select count(*)::int as n, count(distinct email)::int as emails, count(*) filter (where import_id = $2)::int as imported
       from contacts where workspace_id = $1`,
      [workspaceId, id],
    );
    expect(counted.rows[0]).toEqual({ n: ROWS, emails: ROWS, imported: ROWS });

    const page = await viaNginx('GET', '/api/v1/contacts?limit=50');
    expect(page.status, page.text).toBe(200);
    const body = page.json() as { data: { email: string | null }[]; nextCursor: string | null };
    expect(body.data).toHaveLength(50);
    expect(body.nextCursor).not.toBeNull();
    expect(body.data.every((c) => /^person\d+@company\d+\.test$/.test(c.email ?? ''))).toBe(true);
  }, 300_000);

  it('counts the limit of 10 logins a minute once across both web processes (Redis)', async () => {
    // a client of its own behind the proxy (X-Forwarded-For is believed from 127.0.0.1, TRUST_PROXY),
    // so its minute starts here; its attempts alternate between the two processes
    const client = '203.0.113.77';
    const answers: { port: number; status: number; retryAfter: string | null }[] = [];
    for (let i = 0; i < 12; i++) {
      const w = web[i % 2]!;
      const res = await fetch(`http://127.0.0.1:${w.port}/api/v1/auth/login`, {
        method: 'POST',
        headers: { origin: nginx.url, 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify({ email: `nobody-${i}-${process.pid}@test.example`, password: 'not the password' }),
      });
      await res.text();
      answers.push({ port: w.port, status: res.status, retryAfter: res.headers.get('retry-after') });
    }
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(401));
    // the 11th and 12th of the minute: refused by each process, on counts the other one made too
    expect(answers.slice(10).map((a) => a.status)).toEqual([429, 429]);
    expect(new Set(answers.slice(10).map((a) => a.port)).size).toBe(2);
    expect(Number(answers[11]!.retryAfter)).toBeGreaterThan(0);
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}rate-limit:*`);
    await redis.quit();
    expect(keys.some((k) => k.includes('/api/v1/auth/login') && k.endsWith(client))).toBe(true);
  });

  it('loses no request when a web process is killed under load (nginx retries it on the other)', async () => {
    const victim = web[0]!;
    const load = autocannon({
      url: `${nginx.url}/api/v1/contacts?limit=50`,
      connections: 50,
      duration: 20,
      headers: { cookie },
    });
    const killed = new Promise<void>((resolve, reject) => {
      setTimeout(() => void killHard(victim.proc!).then(resolve, reject), 5_000);
    });
    const result = await load;
    await killed;
    console.log(
      `[several-processes] ${result.requests.total} requests in ${result.duration} s (${result.requests.average}/s), ` +
        `2xx ${result['2xx']}, non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}, p99 ${result.latency.p99} ms`,
    );
    expect(victim.proc!.child.signalCode).toBe('SIGKILL');
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.non2xx).toBe(0);
    expect(result['2xx']).toBe(result.requests.total);
    expect(result['2xx']).toBeGreaterThan(100);
    // nginx met the dead process and passed its requests on
    expect(nginx.errorLog()).toMatch(/\(111: Connection refused\) while connecting to upstream|upstream prematurely closed|Connection reset by peer/);
    // the survivor answers alone now, through nginx and directly
    expect((await viaNginx('GET', '/api/v1/contacts?limit=1')).status).toBe(200);
    expect((await call(`http://127.0.0.1:${web[1]!.port}`, 'GET', '/api/v1/me')).status).toBe(200);
  }, 60_000);
});
