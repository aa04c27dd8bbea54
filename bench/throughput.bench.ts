/**
 * Request throughput (issue 13): the server as `npm start` runs it (NODE_ENV=production, its own
 * process and database) under autocannon, next to a minimal Fastify + pg server answering the
 * same first page of 50 contacts from the same database, in the same run.
 *
 *   npm run bench:throughput -w bench
 *
 * Measures, each for BENCH_SECONDS (10) at 50 and at 200 connections: the grid's first page,
 * a contact's detail, GET /api/v1/me, and the minimal server's page; prints req/s, p99, errors
 * and the ratio to the minimal server. BENCH_PROFILE=1 also runs the grid at 50 connections
 * under `node --cpu-prof` and prints the profile's top frames (self time, during the load);
 * BENCH_PROFILE=only does just that.
 *
 * Env: DATABASE_URL (a superuser; the bench uses its own database leadtrail_bench_throughput on
 * that server), BENCH_CONTACTS (100000), BENCH_PORT (3340), BENCH_MIN_PORT (3341). The seed is
 * reused when it is there. Figures on a shared machine are inflated: read the ratios.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createDb } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { benchAccount } from './sign-up.js';
import { topFrames } from './cpu-profile.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const COMPANIES = Math.max(10, Math.round(CONTACTS / 10));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3340);
const MIN_PORT = Number(process.env.BENCH_MIN_PORT ?? 3341);
const PROFILE_ONLY = process.env.BENCH_PROFILE === 'only';
const PROFILE = process.env.BENCH_PROFILE === '1' || PROFILE_ONLY;
const DB_NAME = 'leadtrail_bench_throughput';
const EMAIL = 'throughput@bench.example';
const PASSWORD = 'bench password 2026';
const ORIGIN = `http://localhost:${PORT}`;
const NODE = process.execPath;
const TSX = ['--import', 'tsx'];

const log = (m: string) => console.log(`[bench] ${m}`);

function databaseUrlFor(base: string, name: string) {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

async function ensureDatabase(base: string) {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const has = await admin.query('select 1 from pg_database where datname = $1', [DB_NAME]);
  if (!has.rowCount) await admin.query(`create database ${DB_NAME}`);
  await admin.end();
  return databaseUrlFor(base, DB_NAME);
}

/** The workspace's owner (signed up in-process) and N contacts over N/10 companies, by SQL. */
async function seed(url: string) {
  const db = createDb(url, { max: 4 });
  await migrate(db.pool);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: ORIGIN, AUTH_RATE_LIMIT: '10000', DATA_DIR: '.data/bench' });
  const app = await buildApp(config, { db });
  await app.ready();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const a = await benchAccount(app, url, { email: EMAIL, password: PASSWORD, companyName: 'Throughput bench', origin: ORIGIN });
    const headers = { origin: ORIGIN, cookie: a.cookie };
    const fields = (await app.inject({ method: 'GET', url: '/api/v1/custom-fields?entity=contacts', headers })).json() as { data: { key: string }[] };
    if (!fields.data.some((f) => f.key === 'score')) {
      await app.inject({ method: 'POST', url: '/api/v1/custom-fields', headers, payload: { entity: 'contacts', label: 'Score', type: 'number' } });
    }
    const n = Number((await client.query('select count(*) from contacts where workspace_id = $1', [a.workspaceId])).rows[0].count);
    if (n !== CONTACTS) {
      log(`seeding ${CONTACTS.toLocaleString('en-US')} contacts over ${COMPANIES.toLocaleString('en-US')} companies`);
      await client.query('delete from contacts where workspace_id = $1', [a.workspaceId]);
      await client.query('delete from companies where workspace_id = $1', [a.workspaceId]);
      await client.query(
        `insert into companies (workspace_id, id, name, domain, country, owner_id, source, created_by, updated_by)
         select $1, gen_random_uuid(), 'Company ' || k, 'c' || k || '.bench.example', 'France', $2, 'import', $2, $2
         from generate_series(1, $3::int) k`,
        [a.workspaceId, a.memberId, COMPANIES],
      );
      await client.query(
        `insert into contacts (workspace_id, id, first_name, last_name, email, email_status, job_title, company_id, country,
                               owner_id, source, custom_fields, created_by, updated_by, created_at, updated_at)
         select $1, gen_random_uuid(), 'First' || g, 'Last' || (g % 997), 'p' || g || '@c' || (g % $3) || '.bench.example', 'valid', 'Engineer',
                co.id, 'Germany', $2, 'import', jsonb_build_object('score', g % 101), $2, $2,
                now() - g * interval '1 second', now() - g * interval '1 second'
         from generate_series(1, $4::int) g
         left join lateral (select id from companies where workspace_id = $1 and domain = 'c' || (1 + g % $3) || '.bench.example') co on true`,
        [a.workspaceId, a.memberId, COMPANIES, CONTACTS],
      );
      await client.query('vacuum analyze contacts');
      await client.query('vacuum analyze companies');
    }
    const id = (await client.query('select id from contacts where workspace_id = $1 order by created_at desc limit 1', [a.workspaceId])).rows[0].id as string;
    return { workspaceId: a.workspaceId, contactId: id };
  } finally {
    await client.end();
    await app.close();
    await db.close();
  }
}

function start(args: string[], env: Record<string, string>, ready: RegExp): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no start within 120 s: ${out.slice(-2000)}`)), 120_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (ready.test(out)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code}: ${out.slice(-2000)}`));
    });
  });
}

const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });

function startApp(url: string, profileDir?: string) {
  const flags = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  return start([...flags, ...TSX, 'apps/server/src/main.ts', 'start', '--role', 'web'], {
    NODE_ENV: 'production',
    DATABASE_URL: url,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    APP_URL: ORIGIN,
    LOG_LEVEL: 'warn',
    DEMO_WORKSPACE: 'false',
    AUTH_RATE_LIMIT: '10000',
  }, /serving on/);
}

async function signIn(): Promise<string> {
  const res = await fetch(`${ORIGIN}/api/v1/auth/login`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign in: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('lt_session='))!;
  return cookie.split(';')[0]!;
}

type Result = { name: string; connections: number; rps: number; p99: number; errors: number };

async function load(name: string, url: string, connections: number, headers: Record<string, string> = {}): Promise<Result> {
  const r = await autocannon({ url, connections, duration: SECONDS, headers, pipelining: 1 });
  const errors = r.errors + r.timeouts + r.non2xx;
  const res = { name, connections, rps: r.requests.average, p99: r.latency.p99, errors };
  log(`${name} @${connections}: ${res.rps.toFixed(0)} req/s, p99 ${res.p99} ms, errors ${errors}`);
  return res;
}

async function main() {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('set DATABASE_URL (a superuser on a PostgreSQL server; the bench makes its own database)');
  const url = await ensureDatabase(base);
  const { workspaceId, contactId } = await seed(url);
  log(`database ${DB_NAME}: ${CONTACTS.toLocaleString('en-US')} contacts; Node ${process.version}`);

  const minimal = await start([...TSX, 'bench/minimal-grid-server.ts'], { DATABASE_URL: url, WORKSPACE_ID: workspaceId, PORT: String(MIN_PORT) }, /ready/);
  let app = await startApp(url);
  const results: Result[] = [];
  try {
    const cookie = await signIn();
    const headers = { cookie, origin: ORIGIN };
    const check = await fetch(`${ORIGIN}/api/v1/contacts?limit=50`, { headers });
    const page = (await check.json()) as { data: unknown[] };
    if (check.status !== 200 || page.data.length !== 50) throw new Error(`grid page: ${check.status}`);
    const targets: [string, string, Record<string, string>][] = [
      ['minimal server: first page', `http://127.0.0.1:${MIN_PORT}/contacts`, {}],
      ['grid first page (50)', `${ORIGIN}/api/v1/contacts?limit=50`, headers],
      ['contact detail', `${ORIGIN}/api/v1/contacts/${contactId}`, headers],
      ['GET /api/v1/me', `${ORIGIN}/api/v1/me`, headers],
    ];
    for (const connections of PROFILE_ONLY ? [] : [50, 200]) {
      for (const [name, u, h] of targets) results.push(await load(name, u, connections, h));
    }
    if (PROFILE) {
      await stopChild(app);
      fs.mkdirSync(path.join(ROOT, '.data'), { recursive: true });
      const dir = fs.mkdtempSync(path.join(ROOT, '.data', 'cpu-prof-'));
      const started = performance.now();
      app = await startApp(url, dir);
      const cookie2 = await signIn();
      const from = (performance.now() - started) * 1000;
      await load('grid first page (profiled)', `${ORIGIN}/api/v1/contacts?limit=50`, 50, { cookie: cookie2, origin: ORIGIN });
      const to = (performance.now() - started) * 1000;
      await stopChild(app);
      const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
      if (file) {
        console.log(`\nTop frames (self time) of the grid under load, ${path.join(dir, file)}:`);
        for (const f of topFrames(path.join(dir, file), 25, { from, to })) console.log(`  ${f.pct.toFixed(1).padStart(5)}%  ${f.name}  ${f.where}`);
      }
    }
  } finally {
    await stopChild(app);
    await stopChild(minimal);
  }

  if (PROFILE_ONLY) return;
  const base50 = results.find((r) => r.connections === 50 && r.name.startsWith('minimal'))!.rps;
  const base200 = results.find((r) => r.connections === 200 && r.name.startsWith('minimal'))!.rps;
  console.log('');
  console.log(`Throughput, ${CONTACTS.toLocaleString('en-US')} contacts, autocannon ${SECONDS} s each; targets: >= 0.5x the minimal server at 50, p99 <= 250 ms at 200, 0 errors`);
  const w = [30, 6, 9, 8, 7, 7, 4];
  const line = (c: string[]) => c.map((x, i) => (i === 0 ? x.padEnd(w[i]!) : x.padStart(w[i]!))).join('  ');
  console.log(line(['request', 'conns', 'req/s', 'p99 ms', 'errors', 'ratio', 'ok']));
  for (const r of results) {
    const ratio = r.rps / (r.connections === 50 ? base50 : base200);
    const minimalRow = r.name.startsWith('minimal');
    const ok = minimalRow ? '' : r.errors === 0 && (r.connections === 50 ? ratio >= 0.5 : r.p99 <= 250) ? 'yes' : 'NO';
    console.log(line([r.name, String(r.connections), r.rps.toFixed(0), String(r.p99), String(r.errors), `${ratio.toFixed(2)}x`, ok]));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
