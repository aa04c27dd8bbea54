/**
 * Import benchmark (issue 6): a generated contacts CSV (1,000,000 rows, ~150 MB, 10% of rows
 * repeating contacts the workspace already has, 1% invalid) imported end to end through the
 * HTTP API of a real server process (upload, reading, matching, writing) into a workspace
 * that already holds 1,000,000 contacts; compared in the same run with two baselines of the same
 * rows, COPY → staging → INSERT … ON CONFLICT into an empty copy of the contacts table with all its
 * indexes, and the same into a table with only the unique email index (issue 13). While the import runs, the
 * contacts grid's first page is requested in a loop and timed, the server's resident memory
 * is sampled, and the CPU the server process and the embedded PostgreSQL used is printed (CPU
 * seconds tell what a change saved even when other work shares the machine).
 *
 *   npm run bench:imports -w bench
 *
 * Env: DATABASE_URL (else an embedded PostgreSQL under .data/bench-imports, port BENCH_PG_PORT
 * 5492, given shared_buffers 1GB and max_wal_size 4GB), BENCH_ROWS (1000000), BENCH_EXISTING (1000000),
 * BENCH_SERVER_FLAGS (node flags of the server process; the server sets its own heap limits,
 * lib/heap-limits.ts, unless these hold a heap flag: --max-old-space-size=4288 measures V8's defaults),
 * BENCH_PHASE_LATENCY (1: API latency per import phase), BENCH_BASELINES (0: skip both baselines, while iterating;
 * a figure to report always has them), BENCH_FORMAT_ROWS (200000: the same rows as CSV and XLSX imported
 * each into an empty workspace, XLSX rows/s beside CSV rows/s, import-formats.ts; 0 skips it), BENCH_ONLY=formats
 * (only that comparison). The CSV is kept between runs; the
 * bench database (its own) is emptied at the start of each run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { signUpToken } from './sign-up.js';
import copyStreams from 'pg-copy-streams';
import { v7 } from 'uuid';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { compareFormats } from './import-formats.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIR = path.join(ROOT, '.data', 'bench-imports');
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const EXISTING = Number(process.env.BENCH_EXISTING ?? 1_000_000);
const PASSWORD = 'bench password 2026';

const log = (m: string) => console.log(`[bench] ${m}`);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

const FIRST = ['James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'William', 'Elizabeth', 'David', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Lucas', 'Emma', 'Hugo', 'Léa', 'Jonas', 'Mia', 'Mateo', 'Sofía', 'Wei', 'Yuki'];
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Lee', 'Müller', 'Schmidt', 'Dubois', 'Rossi', 'Wang', 'Sato', 'Nguyen', 'O’Brien', 'van Dijk'];
const TITLES = ['CEO', 'CTO', 'VP of Sales', 'Head of Operations', 'Director of Engineering', 'Sales Manager', 'Account Executive', 'Software Engineer', 'Product Manager', 'Data Analyst'];
const CITIES = ['New York', 'London', 'Berlin', 'Paris', 'Madrid', 'Milan', 'Amsterdam', 'Stockholm', 'Toronto', 'Sydney'];
const COUNTRIES = ['United States', 'United Kingdom', 'Germany', 'France', 'Spain', 'Italy', 'Netherlands', 'Sweden', 'Canada', 'Australia'];
const DOMAINS = 20_000;

const existingEmail = (j: number) => `c${j}@firm${j % DOMAINS}.bench`;

/** Row i of the file: every 10th repeats an existing contact, every 100th (offset) has a broken email. */
function fileRow(i: number): { cells: string[]; kind: 'new' | 'existing' | 'invalid' } {
  const first = FIRST[i % FIRST.length]!;
  const ascii = first.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const last = LAST[(i * 7) % LAST.length]!;
  const d = i % DOMAINS;
  let email: string;
  let kind: 'new' | 'existing' | 'invalid' = 'new';
  if (i % 100 === 99) {
    email = `not-an-email-${i}`;
    kind = 'invalid';
  } else if (i % 10 === 0) {
    email = existingEmail((i * 7919) % EXISTING);
    kind = 'existing';
  } else email = `${ascii}.${i}@company${d}.example`;
  const phone = i % 2 === 0 ? `+1 415 555 ${String(1000 + (i % 9000)).padStart(4, '0')}` : '';
  return {
    kind,
    cells: [
      first,
      last,
      email,
      TITLES[i % TITLES.length]!,
      `Company ${d} Inc`,
      phone,
      CITIES[i % CITIES.length]!,
      COUNTRIES[(i >> 3) % COUNTRIES.length]!,
      `https://www.linkedin.com/in/${ascii}-${i}`,
    ],
  };
}

const HEADER = ['First Name', 'Last Name', 'Email', 'Title', 'Company', 'Phone', 'City', 'Country', 'LinkedIn URL'];
const csvCell = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

function expected() {
  let created = 0;
  let duplicates = 0;
  let errors = 0;
  for (let i = 0; i < ROWS; i++) {
    const k = fileRow(i).kind;
    if (k === 'new') created++;
    else if (k === 'existing') duplicates++;
    else errors++;
  }
  return { created, duplicates, errors };
}

async function writeCsv(file: string) {
  if (fs.existsSync(file)) return;
  log(`writing ${path.basename(file)}`);
  const out = fs.createWriteStream(`${file}.part`);
  out.write(`${HEADER.join(',')}\r\n`);
  let chunk: string[] = [];
  for (let i = 0; i < ROWS; i++) {
    chunk.push(fileRow(i).cells.map(csvCell).join(','));
    if (chunk.length === 10_000 || i === ROWS - 1) {
      if (!out.write(`${chunk.join('\r\n')}\r\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
      chunk = [];
    }
  }
  await new Promise<void>((r) => out.end(r));
  fs.renameSync(`${file}.part`, file);
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

const rssOf = (pid: number, field: 'VmRSS' | 'VmHWM'): number => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = status.match(new RegExp(`${field}:\\s+(\\d+) kB`));
  return m ? Number(m[1]) * 1024 : 0;
};

/** CPU seconds a process has used (user + system), from /proc: a figure a busy machine disturbs less than time. */
const cpuOf = (pid: number): number => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

async function main() {
  fs.mkdirSync(DIR, { recursive: true });
  let dbUrl = process.env.DATABASE_URL;
  let stopPg = async () => {};
  let pgDir: string | null = null;
  if (dbUrl) {
    // a database of its own on that server
    const admin = new pg.Client({ connectionString: dbUrl });
    await admin.connect();
    const exists = await admin.query("select 1 from pg_database where datname = 'leadtrail_bench_imports'");
    if (!exists.rowCount) await admin.query('create database leadtrail_bench_imports');
    await admin.end();
    const u = new URL(dbUrl);
    u.pathname = '/leadtrail_bench_imports';
    dbUrl = u.toString();
  } else {
    const port = Number(process.env.BENCH_PG_PORT ?? 5492);
    let embedded = await startEmbeddedPostgres(path.join(DIR, 'db'), port);
    // PostgreSQL's defaults (128 MB of shared buffers) are for a laptop: a database holding a
    // million contacts gets a server's settings, the same for the baseline and the import
    const admin = new pg.Client({ connectionString: embedded.url });
    await admin.connect();
    const sb = (await admin.query('show shared_buffers')).rows[0].shared_buffers as string;
    if (sb !== '1GB') {
      for (const [k, v] of [['shared_buffers', '1GB'], ['max_wal_size', '4GB'], ['checkpoint_timeout', '15min'], ['wal_buffers', '64MB']]) {
        await admin.query(`alter system set ${k} = '${v}'`);
      }
      await admin.end();
      await embedded.stop();
      embedded = await startEmbeddedPostgres(path.join(DIR, 'db'), port);
      log('bench PostgreSQL: shared_buffers 1GB, max_wal_size 4GB (restarted)');
    } else await admin.end();
    dbUrl = embedded.url;
    stopPg = embedded.stop;
    pgDir = path.join(DIR, 'db', 'pg');
  }
  const pool = new pg.Pool({ connectionString: dbUrl, max: 4 });
  await migrate(pool);
  // the bench's own database: start from empty workspaces every run
  // (the credit ledger's append-only trigger refuses a TRUNCATE: replica mode skips triggers, superuser only)
  const wipe = await pool.connect();
  try {
    await wipe.query(`set session_replication_role = replica`);
    await wipe.query('truncate workspaces, users, mail_outbox cascade');
  } finally {
    await wipe.query('reset session_replication_role').catch(() => {});
    wipe.release();
  }

  const csvFile = path.join(DIR, `contacts-${ROWS}.csv`);
  // the formats comparison alone writes only its own files
  const formatsOnly = process.env.BENCH_ONLY === 'formats';
  if (!formatsOnly) await writeCsv(csvFile);
  const fileSize = formatsOnly ? 0 : fs.statSync(csvFile).size;
  if (!formatsOnly) log(`file: ${fmt(ROWS)} rows, ${(fileSize / 1024 / 1024).toFixed(1)} MB`);

  // --- the server, as a process of its own (its memory is what we measure) ---
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const server: ChildProcess = spawn(process.execPath, [...(process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean), '--import', 'tsx', 'apps/server/src/main.ts', 'start'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      APP_URL: base,
      DATA_DIR: path.join(DIR, 'app'),
      DATABASE_URL: dbUrl,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stopServer = () => server.kill('SIGTERM');
  process.on('exit', stopServer);
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // starting
    }
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }

  let cookie = '';
  const api = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { origin: base, cookie, ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return { res, json: () => JSON.parse(text) };
  };
  let owners = 0;
  /** A new owner in an empty workspace; the requests that follow act as them. */
  const signUpOwner = async () => {
    const email = `bench-${Date.now()}-${owners++}@bench.example`;
    cookie = '';
    await api('POST', '/api/v1/auth/register', { name: 'Bench Importer', email, password: PASSWORD, companyName: 'Bench Imports' });
    // registration finishes by the emailed link (no SMTP here: the outbox holds it)
    const reg = await api('POST', '/api/v1/auth/register/confirm', { token: await signUpToken(dbUrl, email) });
    cookie = (reg.res.headers.get('set-cookie') ?? '').split(';')[0]!;
    return reg.json() as { workspace: { id: string }; member: { id: string } };
  };
  /** XLSX beside CSV for the same rows (issue 23): BENCH_FORMAT_ROWS (200000; 0 skips it), alone with BENCH_ONLY=formats. */
  const formatRows = Number(process.env.BENCH_FORMAT_ROWS ?? 200_000);
  const formats = () =>
    compareFormats({
      dir: DIR,
      rows: formatRows,
      header: HEADER,
      row: (i) => fileRow(i).cells,
      api,
      signUp: async () => void (await signUpOwner()),
      serverCpu: () => cpuOf(server.pid!),
      log,
    });
  if (formatsOnly) {
    const same = await formats();
    stopServer();
    await new Promise((r) => server.once('exit', r));
    await pool.end();
    await stopPg();
    if (!same) process.exitCode = 1;
    return;
  }
  const me = await signUpOwner();
  const ws = me.workspace.id;

  // --- the workspace's existing contacts ---
  const t0 = performance.now();
  await pool.query(
    `insert into contacts (workspace_id, id, first_name, last_name, email, job_title, city, country, owner_id, source, created_by, updated_by)
     select $1, gen_random_uuid(), 'Existing', 'Contact ' || g, 'c' || g || '@firm' || (g % ${DOMAINS}) || '.bench',
            'Manager', 'Boston', 'United States', $2, 'manual', $2, $2
     from generate_series(0, ${EXISTING - 1}) g`,
    [ws, me.member.id],
  );
  await pool.query('analyze contacts');
  log(`seeded ${fmt(EXISTING)} existing contacts in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // --- baselines (issue 13): COPY → staging → INSERT … ON CONFLICT of the same rows, the import's
  // own shape, into (1) an empty copy of contacts with all its indexes and (2) a table holding only
  // the unique (workspace_id, email) index: what the table's other indexes cost, in the same run ---
  const baseline = async (name: string, create: string[]) => {
    await pool.query('drop table if exists bench_contacts_copy');
    for (const stmt of create) await pool.query(stmt);
    const client = await pool.connect();
    const t = performance.now();
    try {
      await client.query('create temp table bench_staging (workspace_id uuid, id uuid, first_name text, last_name text, email text, job_title text, work_phone text, city text, country text, linkedin_url text, source text)');
      await new Promise<void>((resolve, reject) => {
        const stream = client.query(
          copyStreams.from('copy bench_staging (workspace_id, id, first_name, last_name, email, job_title, work_phone, city, country, linkedin_url, source) from stdin'),
        );
        stream.on('error', reject);
        stream.on('finish', resolve);
        let i = 0;
        const pump = () => {
          while (i < ROWS) {
            const lines: string[] = [];
            for (let k = 0; k < 5000 && i < ROWS; k++, i++) {
              const c = fileRow(i).cells;
              lines.push([ws, v7(), c[0], c[1], c[2]!.toLowerCase(), c[3], c[5] || '\\N', c[6], c[7], c[8], 'import'].join('\t'));
            }
            if (!stream.write(`${lines.join('\n')}\n`)) {
              stream.once('drain', pump);
              return;
            }
          }
          stream.end();
        };
        pump();
      });
      await client.query(`insert into bench_contacts_copy (workspace_id, id, first_name, last_name, email, job_title, work_phone, city, country, linkedin_url, source)
        select workspace_id, id, first_name, last_name, email, job_title, work_phone, city, country, linkedin_url, source from bench_staging
        on conflict do nothing`);
      await client.query('drop table bench_staging');
    } finally {
      client.release();
    }
    const secs = (performance.now() - t) / 1000;
    await pool.query('drop table bench_contacts_copy');
    log(`baseline ${name}: ${fmt(ROWS)} rows in ${secs.toFixed(1)} s = ${fmt(ROWS / secs)} rows/s`);
    return { secs, rate: ROWS / secs };
  };
  const skip = process.env.BENCH_BASELINES === '0';
  const none = { secs: NaN, rate: NaN };
  const sameTable = skip ? none : await baseline('same table', ['create table bench_contacts_copy (like contacts including all)']);
  const uniqueOnly = skip
    ? none
    : await baseline('unique index only', [
        'create table bench_contacts_copy (like contacts including defaults including generated)',
        'create unique index on bench_contacts_copy (workspace_id, email)',
      ]);
  const copySeconds = sameTable.secs;
  const copyRate = sameTable.rate;

  // --- the import, through the API ---
  const pid = server.pid!;
  const rssBefore = rssOf(pid, 'VmRSS');
  const cpuBefore = cpuOf(pid);
  let rssPeakSampled = rssBefore;
  // the embedded PostgreSQL's processes (the postmaster's children): CPU each used while the import ran
  const postmaster = pgDir ? Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]) : 0;
  const pgCpu = new Map<number, { first: number; last: number }>();
  const samplePg = () => {
    if (!postmaster) return;
    for (const name of fs.readdirSync('/proc')) {
      const p = Number(name);
      if (!p) continue;
      try {
        const f = fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ');
        if (Number(f[1]) !== postmaster && p !== postmaster) continue;
        const cpu = (Number(f[11]) + Number(f[12])) / 100;
        const seen = pgCpu.get(p);
        if (seen) seen.last = cpu;
        else pgCpu.set(p, { first: cpu, last: cpu });
      } catch {
        // gone
      }
    }
  };
  samplePg();
  const sampler = setInterval(() => {
    samplePg();
    try {
      rssPeakSampled = Math.max(rssPeakSampled, rssOf(pid, 'VmRSS'));
    } catch {
      // the process ended
    }
  }, 100);

  const latencies: number[] = [];
  const stamps: number[] = [];
  let running = true;
  const latencyLoop = (async () => {
    while (running) {
      const s = performance.now();
      await api('GET', '/api/v1/contacts?limit=50');
      latencies.push(performance.now() - s);
      stamps.push(s);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();

  const start = performance.now();
  const form = new FormData();
  form.append('file', await fs.openAsBlob(csvFile, { type: 'text/csv' }), path.basename(csvFile));
  const up = (await api('POST', '/api/v1/imports', form)).json() as { id: string; mapping: { index: number; target: string }[] };
  const uploaded = performance.now();
  log(`uploaded in ${((uploaded - start) / 1000).toFixed(1)} s; mapping: ${up.mapping.map((m) => `${HEADER[m.index]}→${m.target}`).join(', ')}`);
  await api('POST', `/api/v1/imports/${up.id}/start`);
  const phases: Record<string, number> = {};
  let done: {
    status: string;
    counts: { rows: number; created: number; updated: number; duplicates: number; suppressed: number; errors: number };
    progress: { phase: string };
    error: string | null;
  };
  for (;;) {
    done = (await api('GET', `/api/v1/imports/${up.id}`)).json();
    if (!(done.progress.phase in phases)) phases[done.progress.phase] = performance.now();
    if (['completed', 'completed_with_errors', 'failed', 'cancelled'].includes(done.status)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const end = performance.now();
  running = false;
  await latencyLoop;
  clearInterval(sampler);
  samplePg();
  const postgresCpu = [...pgCpu.values()].reduce((sum, c) => sum + c.last - c.first, 0);
  const hwm = rssOf(pid, 'VmHWM');
  const serverCpu = cpuOf(pid) - cpuBefore;

  const seconds = (end - start) / 1000;
  const rate = ROWS / seconds;
  const exp = expected();
  const order = ['waiting', 'reading', 'matching', 'writing', 'finishing', 'done'].filter((p) => p in phases);
  const phaseLine = order
    .map((p, i) => `${p} ${(((phases[order[i + 1]!] ?? end) - phases[p]!) / 1000).toFixed(1)} s`)
    .join(', ');
  const during = latencies.slice(1);

  console.log('');
  console.log(`Import of ${fmt(ROWS)} rows (${(fileSize / 1024 / 1024).toFixed(0)} MB) into a workspace of ${fmt(EXISTING)} contacts`);
  console.log(`  status            ${done.status}${done.error ? ` (${done.error})` : ''}`);
  console.log(`  counts            ${JSON.stringify(done.counts)}`);
  console.log(`  expected          created ${fmt(exp.created)}, duplicates ${fmt(exp.duplicates)}, errors ${fmt(exp.errors)}`);
  console.log(`  end to end        ${seconds.toFixed(1)} s = ${fmt(rate)} rows/s (upload ${((uploaded - start) / 1000).toFixed(1)} s; ${phaseLine})`);
  console.log(`  baseline: table   ${copySeconds.toFixed(1)} s = ${fmt(copyRate)} rows/s (COPY → staging → INSERT … ON CONFLICT, empty copy of contacts with all its indexes)`);
  console.log(`  baseline: unique  ${uniqueOnly.secs.toFixed(1)} s = ${fmt(uniqueOnly.rate)} rows/s (the same into a table with only the unique email index)`);
  console.log(`  ratio             ${(rate / copyRate).toFixed(2)}x the same-table baseline, ${(rate / uniqueOnly.rate).toFixed(2)}x the unique-index-only one (target: ${fmt(ROWS)} rows <= 60 s: ${seconds <= 60 ? 'yes' : 'NO'})`);
  console.log(
    `  server RSS        ${(rssBefore / 1048576).toFixed(0)} MB before, peak ${(Math.max(hwm, rssPeakSampled) / 1048576).toFixed(0)} MB (target < 300 MB)${process.env.BENCH_SERVER_FLAGS ? ` with ${process.env.BENCH_SERVER_FLAGS}` : ''}`,
  );
  console.log(
    `  CPU               server process ${serverCpu.toFixed(1)} s${postmaster ? `, PostgreSQL ${postgresCpu.toFixed(1)} s` : ''} during the import (less disturbed by other load than the time)`,
  );
  console.log(
    `  API first page    ${during.length} requests during the import: p50 ${percentile(during, 50).toFixed(0)} ms, p95 ${percentile(during, 95).toFixed(0)} ms, max ${Math.max(...during).toFixed(0)} ms (target p95 < 100 ms)`,
  );
  if (process.env.BENCH_PHASE_LATENCY) {
    for (const p of order) {
      const from = phases[p]!;
      const to = phases[order[order.indexOf(p) + 1]!] ?? end;
      const xs = latencies.filter((_, i) => stamps[i]! >= from && stamps[i]! < to);
      if (xs.length) console.log(`    during ${p}: ${xs.length} requests, p50 ${percentile(xs, 50).toFixed(0)} ms, p95 ${percentile(xs, 95).toFixed(0)} ms`);
    }
  }
  const ok =
    done.counts.created === exp.created && done.counts.duplicates === exp.duplicates && done.counts.errors === exp.errors && done.counts.rows === ROWS;
  console.log(`  accounted         ${ok ? 'every row, as expected' : 'MISMATCH'}`);
  const formatsOk = formatRows > 0 ? await formats() : true;

  stopServer();
  await new Promise((r) => server.once('exit', r));
  await pool.end();
  await stopPg();
  if (!ok || !formatsOk) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
