/**
 * Lists and suppression benchmark (issue 5). Seeds 1,000,000 contacts over 100,000 companies
 * and 100,000 suppression entries (emails, SHA-256 hashes, domains covering subdomains) in one
 * workspace, then measures through app.inject (session, RLS, JSON), each next to a bare-SQL
 * baseline run in the same process:
 *
 * - the contacts grid with the suppression check on every row (first page, deep cursor page),
 *   the "suppressed" / "not suppressed" filters and their counts, against the same page without
 *   any suppression columns;
 * - a full export that leaves suppressed contacts out, against COPY of the bare query;
 * - adding 100,000 contacts to a list by filter (one INSERT … SELECT), against the bare INSERT.
 *
 *   npm run bench:lists -w bench
 *
 * Env: DATABASE_URL (else an embedded PostgreSQL under DATA_DIR, default .data/bench-lists, port
 * BENCH_PG_PORT 5517), BENCH_CONTACTS (1000000), BENCH_SUPPRESSIONS (100000), BENCH_RUNS (30).
 * The seed is reused when it is already there.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { buildApp } from '../apps/server/src/app.js';
import { benchAccount, type BenchAccount as Account } from './sign-up.js';
import { stats, time, type Stats } from './timing.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createDb } from '../apps/server/src/db/client.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { encodeCursor } from '../apps/server/src/lib/filters/keyset.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const COMPANIES = Math.max(100, Math.round(CONTACTS / 10));
const ENTRIES = Number(process.env.BENCH_SUPPRESSIONS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const PASSWORD = 'bench password 2026';
const ORIGIN = 'http://localhost:3000';
/** Ten cities, one per tenth of the contacts: "city is Lyon" names exactly 10%. */
const CITIES = ['Lyon', 'Berlin', 'Madrid', 'Rome', 'Oslo', 'Dublin', 'Vienna', 'Prague', 'Lisbon', 'Warsaw'];
const FIRST = ['James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'William', 'Elizabeth', 'Ada', 'Hugo', 'Léa', 'Wei', 'Yuki'];
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Martin', 'Lee', 'Müller', 'Dubois', 'Rossi', 'Wang', 'Sato'];

const log = (m: string) => console.log(`[bench:lists] ${m}`);
const arr = (xs: string[]) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]::text[]`;
const fmt = (n: number) => n.toLocaleString('en-US');

/** The email of seeded contact g: one in ten on a subdomain of its company's domain. */
const EMAIL_SQL = (g: string) =>
  `'p' || ${g} || '@' || case when ${g} % 10 = 0 then 'eu.' else '' end || 'c' || (1 + (hashint4(${g} + 11) & 2147483647) % ${COMPANIES}) || '.bench.example'`;

type App = Awaited<ReturnType<typeof buildApp>>;

const account = (app: App, email: string, companyName: string, databaseUrl: string) =>
  benchAccount(app, databaseUrl, { email, companyName, password: PASSWORD, origin: ORIGIN });

/** Bulk load with the contacts' and companies' secondary indexes dropped and rebuilt after. */
async function seedContacts(client: pg.Client, a: Account) {
  const saved = (
    await client.query<{ name: string; def: string }>(`select indexname as name, indexdef as def from pg_indexes
      where schemaname = 'public' and tablename in ('contacts', 'companies') and indexname not in (select conname from pg_constraint)`)
  ).rows;
  await client.query(`create table if not exists bench_lists_saved_indexes (name text primary key, def text not null)`);
  for (const ix of saved) await client.query('insert into bench_lists_saved_indexes values ($1, $2) on conflict do nothing', [ix.name, ix.def]);
  for (const ix of saved) await client.query(`drop index if exists ${ix.name}`);
  await client.query('delete from contacts where workspace_id = $1', [a.workspaceId]);
  await client.query('delete from companies where workspace_id = $1', [a.workspaceId]);
  await client.query(`create or replace function pg_temp.bench_id(tag int, ms bigint, n bigint) returns uuid language sql immutable as $$
      select (lpad(to_hex(ms), 12, '0') || '7' || lpad(to_hex(tag), 3, '0') || '8' || lpad(to_hex(n), 15, '0'))::uuid $$`);
  const base = new Date().toISOString();
  let t = performance.now();
  await client.query(
    `insert into companies (workspace_id, id, name, domain, country, owner_id, source, created_by, updated_by, created_at, updated_at)
     select $1, pg_temp.bench_id(31, (extract(epoch from ts) * 1000)::bigint, k), 'Company ' || k, 'c' || k || '.bench.example', 'France', $2, 'import', $2, $2, ts, ts
     from generate_series(1, $3::int) k, lateral (select $4::timestamptz - interval '3 years' + k * interval '10 minutes' as ts) t`,
    [a.workspaceId, a.memberId, COMPANIES, base],
  );
  log(`  ${fmt(COMPANIES)} companies in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const chunk = 250_000;
  for (let from = 1; from <= CONTACTS; from += chunk) {
    const to = Math.min(CONTACTS, from + chunk - 1);
    t = performance.now();
    await client.query(
      `insert into contacts (workspace_id, id, first_name, last_name, email, company_id, city, country, owner_id, source, created_by, updated_by, created_at, updated_at)
       select $1, pg_temp.bench_id(30, (extract(epoch from ts) * 1000)::bigint, g),
              (${arr(FIRST)})[1 + (hashint4(g + 1) & 2147483647) % ${FIRST.length}], (${arr(LAST)})[1 + (hashint4(g + 2) & 2147483647) % ${LAST.length}],
              ${EMAIL_SQL('g')},
              pg_temp.bench_id(31, (extract(epoch from $6::timestamptz - interval '3 years' + (1 + (hashint4(g + 11) & 2147483647) % ${COMPANIES}) * interval '10 minutes') * 1000)::bigint,
                               1 + (hashint4(g + 11) & 2147483647) % ${COMPANIES}),
              (${arr(CITIES)})[1 + g % 10], 'France', $2, 'import', $2, $2, ts, ts
       from generate_series($3::int, $4::int) g, lateral (select $6::timestamptz - ($5::int - g) * interval '30 seconds' as ts) y`,
      [a.workspaceId, a.memberId, from, to, CONTACTS, base],
    );
    log(`  contacts ${fmt(to)} / ${fmt(CONTACTS)} (${((performance.now() - t) / 1000).toFixed(1)} s)`);
  }
  await client.query(`set maintenance_work_mem = '1GB'`);
  for (const ix of saved) {
    t = performance.now();
    await client.query(ix.def);
    log(`  index ${ix.name} (${((performance.now() - t) / 1000).toFixed(1)} s)`);
  }
  await client.query('delete from bench_lists_saved_indexes');
}

/**
 * ENTRIES entries: 80% emails (half of them of existing contacts), 10% SHA-256 hashes (half of
 * existing contacts' emails), 10% domains (2% of them company domains, which also cover the
 * contacts on their `eu.` subdomain).
 */
async function seedSuppressions(client: pg.Client, a: Account) {
  await client.query('delete from suppressions where workspace_id = $1', [a.workspaceId]);
  const emails = Math.round(ENTRIES * 0.8);
  const hashes = Math.round(ENTRIES * 0.1);
  const domains = ENTRIES - emails - hashes;
  const step = (n: number) => Math.max(1, Math.floor(CONTACTS / n));
  await client.query(
    `insert into suppressions (workspace_id, id, kind, value, reason, added_by)
     select $1, gen_random_uuid(), 'email', case when i % 2 = 0 then ${EMAIL_SQL(`(i * ${step(emails / 2)} / 2)`)} else 'nobody' || i || '@elsewhere.example' end, 'requested_opt_out', $2
     from generate_series(1, $3::int) i on conflict do nothing`,
    [a.workspaceId, a.memberId, emails],
  );
  await client.query(
    `insert into suppressions (workspace_id, id, kind, value, reason, added_by)
     select $1, gen_random_uuid(), 'hash', encode(sha256(convert_to(case when i % 2 = 0 then ${EMAIL_SQL(`(i * ${step(hashes / 2)} / 2 + 7)`)} else 'x' || i end, 'UTF8')), 'hex'), 'bounced', $2
     from generate_series(1, $3::int) i on conflict do nothing`,
    [a.workspaceId, a.memberId, hashes],
  );
  await client.query(
    `insert into suppressions (workspace_id, id, kind, value, reason, added_by)
     select $1, gen_random_uuid(), 'domain', case when i % 50 = 0 then 'c' || (1 + (i * 7919) % ${COMPANIES}) || '.bench.example' else 'other' || i || '.example' end, 'competitor', $2
     from generate_series(1, $3::int) i on conflict do nothing`,
    [a.workspaceId, a.memberId, domains],
  );
  await client.query('vacuum analyze suppressions');
}

async function main() {
  let databaseUrl = process.env.DATABASE_URL;
  let stop = async () => {};
  if (!databaseUrl) {
    const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? '.data/bench-lists');
    const instance = await startEmbeddedPostgres(dataDir, Number(process.env.BENCH_PG_PORT ?? 5517));
    databaseUrl = instance.url;
    stop = instance.stop;
    log(`embedded PostgreSQL under ${dataDir}`);
  }
  const db = createDb(databaseUrl, { max: 8 });
  await migrate(db.pool);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: ORIGIN, AUTH_RATE_LIMIT: '10000', DATA_DIR: '.data/bench-lists' });
  const app = await buildApp(config, { db });
  await app.ready();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();

  try {
    // indexes a killed seed dropped come back first
    if ((await client.query(`select to_regclass('public.bench_lists_saved_indexes') as t`)).rows[0]?.t) {
      for (const ix of (await client.query<{ def: string }>('select def from bench_lists_saved_indexes')).rows) {
        await client.query(ix.def.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
      }
      await client.query('delete from bench_lists_saved_indexes');
    }
    const a = await account(app, 'bench-lists@bench.example', 'Bench lists (1M contacts)', databaseUrl);
    const ws = a.workspaceId;
    const n = async (q: string) => Number((await client.query(q, [ws])).rows[0].n);
    if ((await n('select count(*) as n from contacts where workspace_id = $1')) !== CONTACTS) {
      const t = performance.now();
      log(`seeding ${fmt(CONTACTS)} contacts over ${fmt(COMPANIES)} companies`);
      await seedContacts(client, a);
      await client.query('vacuum analyze contacts');
      await client.query('vacuum analyze companies');
      log(`seeded in ${((performance.now() - t) / 1000).toFixed(0)} s`);
    }
    if ((await n('select count(*) as n from suppressions where workspace_id = $1')) !== ENTRIES) {
      log(`seeding ${fmt(ENTRIES)} suppression entries`);
      await seedSuppressions(client, a);
    }
    await client.query('delete from lists where workspace_id = $1', [ws]);
    const version = (await client.query('show server_version')).rows[0].server_version;
    const entries = await n('select count(*) as n from suppressions where workspace_id = $1');
    log(`PostgreSQL ${version}, Node ${process.version}, ${fmt(CONTACTS)} contacts, ${fmt(entries)} suppression entries`);

    const headers = { origin: ORIGIN, cookie: a.cookie };
    const api = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
      const res = await app.inject({ method, url, headers, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res;
    };
    const enc = (f: unknown) => encodeURIComponent(JSON.stringify(f));
    const suppressedIs = (v: boolean) => ({ and: [{ field: 'suppressed', op: 'is', value: v }] });
    const cols = `c.id, c.first_name, c.last_name, c.email, c.email_status, c.job_title, c.company_id, co.name as company_name, c.country, c.owner_id, c.custom_fields, c.created_at, c.updated_at`;
    const from = `contacts c left join companies co on co.workspace_id = c.workspace_id and co.id = c.company_id`;

    // how many contacts the entries suppress, by THE check (through the API: RLS and all)
    const suppressedTotal = (await api('GET', `/api/v1/contacts/count?filter=${enc(suppressedIs(true))}`)).json().total as number;
    log(`${fmt(suppressedTotal)} contacts suppressed (${((suppressedTotal / CONTACTS) * 100).toFixed(1)}%)`);
    const first = (await api('GET', '/api/v1/contacts?limit=50')).json();
    if (!first.data.some((c: { suppressed: boolean }) => c.suppressed)) log('  (no suppressed contact on the first page)');

    const deep = (await client.query(
      `select created_at as v, id from contacts where workspace_id = $1 order by created_at desc, id desc offset $2 limit 1`,
      [ws, Math.floor(CONTACTS * 0.9)],
    )).rows[0] as { v: Date; id: string };
    const deepText = (await client.query(`select $1::timestamptz::text as v`, [deep.v])).rows[0].v as string;
    const deepCursor = encodeCursor('-createdAt', deepText, deep.id);

    type Row = { name: string; api: Stats; sql: Stats; target: number | null };
    const rows: Row[] = [];
    const bench = async (name: string, url: string, baseline: string, params: unknown[], target: number | null, runs = RUNS) => {
      const apiStats = await time(() => api('GET', url), runs, Math.min(3, runs));
      const sqlStats = await time(() => client.query(baseline, params), runs, Math.min(3, runs));
      rows.push({ name, api: apiStats, sql: sqlStats, target });
      log(`${name}: median ${apiStats.median.toFixed(1)} ms, p95 ${apiStats.p95.toFixed(1)} ms (baseline SQL ${sqlStats.median.toFixed(1)} ms)`);
    };
    const page = `select ${cols} from ${from} where c.workspace_id = $1 order by c.created_at desc, c.id desc limit 51`;
    await bench('first page (50), badge + entry on every row', '/api/v1/contacts?limit=50', page, [ws], 25);
    await bench('cursor page at 90%, badge + entry', `/api/v1/contacts?limit=50&cursor=${encodeURIComponent(deepCursor)}`,
      `select ${cols} from ${from} where c.workspace_id = $1 and (c.created_at, c.id) < ($2::timestamptz, $3::uuid) order by c.created_at desc, c.id desc limit 51`,
      [ws, deepText, deep.id], 25);
    await bench('filter: suppressed', `/api/v1/contacts?limit=50&filter=${enc(suppressedIs(true))}`, page, [ws], 150);
    await bench('filter: not suppressed', `/api/v1/contacts?limit=50&filter=${enc(suppressedIs(false))}`, page, [ws], 150);
    await bench('count: suppressed (the export dialog)', `/api/v1/contacts/count?filter=${enc(suppressedIs(true))}`, `select count(*) from contacts c where c.workspace_id = $1`, [ws], null, 5);
    await bench('suppression list page (search an email)', `/api/v1/suppressions?limit=50&q=${encodeURIComponent('p100@c1.bench.example')}`,
      `select * from suppressions where workspace_id = $1 order by id desc limit 51`, [ws], 150);

    // add 100,000 contacts to a list by filter: a new list each run
    const lyon = { and: [{ field: 'city', op: 'is', value: 'Lyon' }] };
    const expected = CONTACTS / 10;
    let listNo = 0;
    const addRuns: number[] = [];
    const againRuns: number[] = [];
    for (let i = 0; i < 5; i++) {
      const list = (await api('POST', '/api/v1/lists', { name: `Lyon ${++listNo}`, entity: 'contacts' })).json() as { id: string };
      let t = performance.now();
      const res = (await api('POST', `/api/v1/lists/${list.id}/members`, { filter: lyon })).json() as { added: number; alreadyPresent: number };
      addRuns.push(performance.now() - t);
      if (res.added !== expected) throw new Error(`added ${res.added}, expected ${expected}`);
      t = performance.now();
      const again = (await api('POST', `/api/v1/lists/${list.id}/members`, { filter: lyon })).json() as { added: number; alreadyPresent: number };
      againRuns.push(performance.now() - t);
      if (again.added !== 0 || again.alreadyPresent !== expected) throw new Error(`re-add: ${JSON.stringify(again)}`);
    }
    const listId = (await client.query(`select id from lists where workspace_id = $1 limit 1`, [ws])).rows[0].id as string;
    const bareRuns: number[] = [];
    for (let i = 0; i < 5; i++) {
      await client.query('begin');
      const bare = await client.query(`insert into lists (workspace_id, id, name, entity) values ($1, gen_random_uuid(), 'bare ' || $2, 'contacts') returning id`, [ws, i]);
      const t = performance.now();
      await client.query(
        `insert into list_contacts (workspace_id, list_id, contact_id) select $1, $2, c.id from contacts c where c.workspace_id = $1 and c.city = 'Lyon'`,
        [ws, bare.rows[0].id],
      );
      bareRuns.push(performance.now() - t);
      await client.query('rollback');
    }
    const add = stats(addRuns);
    const again = stats(againRuns);
    const bare = stats(bareRuns);
    log(`add ${fmt(expected)} by filter: median ${add.median.toFixed(0)} ms (bare INSERT … SELECT ${bare.median.toFixed(0)} ms)`);

    // the members page of a 100,000-member list
    await bench('list members page (100,000 members)', `/api/v1/lists/${listId}/members?limit=50`, page, [ws], 25);
    await bench('list members page, filter suppressed', `/api/v1/lists/${listId}/members?limit=50&filter=${enc(suppressedIs(true))}`, page, [ws], 150);

    // full export (suppressed left out): streamed through inject
    const exportOnce = async () => {
      let peak = process.memoryUsage().rss;
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/v1/contacts/export', headers, payloadAsStream: true });
      if (res.statusCode !== 200) throw new Error(`export: ${res.statusCode}`);
      let lines = 0;
      for await (const chunk of res.stream() as Readable) {
        const buf = chunk as Buffer;
        for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) lines++;
        peak = Math.max(peak, process.memoryUsage().rss);
      }
      return { rows: lines - 1, ms: performance.now() - t, peak };
    };
    const copyOnce = async () => {
      const t = performance.now();
      const stream = client.query(copyStreams.to(`copy (select ${cols} from ${from} where c.workspace_id = '${ws}' order by c.created_at desc, c.id desc) to stdout with csv header`));
      let lines = 0;
      for await (const chunk of stream) {
        const buf = chunk as Buffer;
        for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) lines++;
      }
      return { rows: lines - 1, ms: performance.now() - t };
    };
    const exp = await exportOnce();
    const copy = await copyOnce();
    if (exp.rows !== CONTACTS - suppressedTotal) throw new Error(`export wrote ${exp.rows} rows, expected ${CONTACTS - suppressedTotal}`);

    const line = (cells: string[], widths: number[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
    const widths = [46, 10, 8, 9, 7, 10, 4];
    console.log('');
    console.log(`Lists and suppression: ${fmt(CONTACTS)} contacts, ${fmt(entries)} suppression entries (${fmt(suppressedTotal)} contacts suppressed); ${RUNS} runs each; app.inject vs the bare SQL of the page without suppression (superuser, no RLS)`);
    console.log(line(['request', 'median ms', 'p95 ms', 'SQL med', 'ratio', 'target p95', 'ok'], widths));
    for (const r of rows) {
      console.log(line([r.name, r.api.median.toFixed(1), r.api.p95.toFixed(1), r.sql.median.toFixed(1), `${(r.api.median / Math.max(r.sql.median, 0.01)).toFixed(1)}x`, r.target ? `< ${r.target}` : '-', r.target ? (r.api.p95 < r.target ? 'yes' : 'NO') : ''], widths));
    }
    console.log(
      `add ${fmt(expected)} members by filter (one INSERT … SELECT): median ${add.median.toFixed(0)} ms, worst ${Math.max(...addRuns).toFixed(0)} ms ` +
        `(bare INSERT … SELECT ${bare.median.toFixed(0)} ms, ratio ${(add.median / bare.median).toFixed(1)}x); target < 2000 ms: ${Math.max(...addRuns) < 2000 ? 'yes' : 'NO'}`,
    );
    console.log(`add the same ${fmt(expected)} again (all already present): median ${again.median.toFixed(0)} ms`);
    const rps = exp.rows / (exp.ms / 1000);
    console.log(
      `export leaving suppressed out: ${fmt(exp.rows)} rows in ${(exp.ms / 1000).toFixed(1)} s = ${fmt(Math.round(rps))} rows/s ` +
        `(COPY of all rows without the check: ${fmt(Math.round(copy.rows / (copy.ms / 1000)))} rows/s); peak RSS ${(exp.peak / 1024 / 1024).toFixed(0)} MB; target >= 100,000 rows/s: ${rps >= 100_000 ? 'yes' : 'NO'}`,
    );
  } finally {
    await client.end();
    await app.close();
    await db.close();
    await stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
