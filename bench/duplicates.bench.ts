/**
 * Duplicates view benchmark (issue 26, decision 0037). Seeds BENCH_CONTACTS (100,000) contacts
 * over a tenth as many companies in one workspace, each with its own name, work phone and (one
 * in two) LinkedIn URL, then plants 132 pairs with the same name at the same company, 50 with
 * the same phone and 50 with the same LinkedIn URL. Measures through app.inject (session, RLS,
 * JSON) the first page of GET /api/v1/contacts/duplicates, next to the contacts grid's first
 * page and a bare count of the workspace's contacts, in the same run; then the preview (a dry
 * run: every merge done and rolled back) of a page of 100 pairs.
 *
 *   DATABASE_URL=postgres://… npm run bench:duplicates -w bench
 *
 * Env: DATABASE_URL (else an embedded PostgreSQL under .data/bench-duplicates, port 5519),
 * BENCH_CONTACTS (100000), BENCH_RUNS (20). The seed is reused when it is already there.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createDb } from '../apps/server/src/db/client.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { benchAccount } from './sign-up.js';
import { time } from './timing.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const COMPANIES = Math.max(10, Math.round(CONTACTS / 10));
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const ORIGIN = 'http://localhost:3000';
const PLANTED = { name: 132, phone: 50, linkedin: 50 };
const log = (m: string) => console.log(`[bench:duplicates] ${m}`);
const fmt = (n: number) => n.toLocaleString('en-US');

async function seed(client: pg.Client, ws: string, memberId: string) {
  await client.query('delete from contacts where workspace_id = $1', [ws]);
  await client.query('delete from companies where workspace_id = $1', [ws]);
  await client.query(
    `insert into companies (workspace_id, id, name, domain, owner_id, created_by, updated_by)
     select $1, gen_random_uuid(), 'Company ' || k, 'c' || k || '.bench.example', $2, $2, $2 from generate_series(1, $3::int) k`,
    [ws, memberId, COMPANIES],
  );
  // contact k: its own name, phone and (even k) LinkedIn URL, at company k % COMPANIES
  await client.query(
    `with co as (select id, row_number() over (order by id) - 1 as n from companies where workspace_id = $1)
     insert into contacts (workspace_id, id, first_name, last_name, email, work_phone, linkedin_url, company_id, owner_id, created_by, updated_by)
     select $1, gen_random_uuid(), 'First' || k, 'Last' || k, 'p' || k || '@bench.example', '+1202' || lpad(k::text, 7, '0'),
       case when k % 2 = 0 then 'https://www.linkedin.com/in/p' || k end, co.id, $2, $2, $2
     from generate_series(1, $3::int) k join co on co.n = k % $4`,
    [ws, memberId, CONTACTS, COMPANIES],
  );
  // the planted duplicates: the same name at the same company (new rows), then shared phones and URLs
  await client.query(
    `insert into contacts (workspace_id, id, first_name, last_name, company_id, job_title, owner_id, created_by, updated_by)
     select workspace_id, gen_random_uuid(), upper(first_name), ' ' || last_name, company_id, 'Planted', owner_id, created_by, updated_by
     from contacts where workspace_id = $1 and email = any(select 'p' || k || '@bench.example' from generate_series(1, $2::int) k)`,
    [ws, PLANTED.name],
  );
  await client.query(
    `update contacts set mobile_phone = '+1202' || lpad((split_part(split_part(email, '@', 1), 'p', 2)::int + 1)::text, 7, '0')
     where workspace_id = $1 and email = any(select 'p' || (1001 + 2 * k) || '@bench.example' from generate_series(0, $2::int - 1) k)`,
    [ws, PLANTED.phone],
  );
  await client.query(
    `update contacts set linkedin_url = 'https://www.linkedin.com/in/p' || (split_part(split_part(email, '@', 1), 'p', 2)::int + 1)
     where workspace_id = $1 and email = any(select 'p' || (5001 + 2 * k) || '@bench.example' from generate_series(0, $2::int - 1) k)`,
    [ws, PLANTED.linkedin],
  );
  await client.query('vacuum analyze contacts');
  await client.query('vacuum analyze companies');
}

async function main() {
  let databaseUrl = process.env.DATABASE_URL;
  let stop = async () => {};
  if (!databaseUrl) {
    const instance = await startEmbeddedPostgres(path.resolve(ROOT, '.data/bench-duplicates'), Number(process.env.BENCH_PG_PORT ?? 5519));
    databaseUrl = instance.url;
    stop = instance.stop;
  }
  const db = createDb(databaseUrl, { max: 4 });
  await migrate(db.pool);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: ORIGIN, AUTH_RATE_LIMIT: '10000', DATA_DIR: '.data/bench-duplicates' });
  const app = await buildApp(config, { db });
  await app.ready();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const a = await benchAccount(app, databaseUrl, {
      email: 'bench-duplicates@bench.example',
      password: 'bench password 2026',
      companyName: 'Bench duplicates',
      origin: ORIGIN,
    });
    const ws = a.workspaceId;
    const expected = CONTACTS + PLANTED.name;
    const count = async () => Number((await client.query('select count(*) as n from contacts where workspace_id = $1', [ws])).rows[0].n);
    if ((await count()) !== expected) {
      const t = performance.now();
      await seed(client, ws, a.memberId);
      log(`seeded ${fmt(expected)} contacts in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    const version = (await client.query('show server_version')).rows[0].server_version;
    log(`PostgreSQL ${version}, Node ${process.version}, ${fmt(expected)} contacts over ${fmt(COMPANIES)} companies, ${RUNS} runs`);
    const headers = { origin: ORIGIN, cookie: a.cookie };
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json();
    };
    const page = await get('/api/v1/contacts/duplicates?limit=50');
    const want = PLANTED.name + PLANTED.phone + PLANTED.linkedin;
    log(`pairs found: ${page.total} (planted ${want}); first page ${page.data.length}, first reasons ${JSON.stringify(page.data[0]?.reasons)}`);
    if (page.total !== want) throw new Error(`expected ${want} pairs, found ${page.total}`);

    const dupes = await time(() => get('/api/v1/contacts/duplicates?limit=50'), RUNS);
    const grid = await time(() => get('/api/v1/contacts?limit=50'), RUNS);
    const bare = await time(() => client.query('select count(*) from contacts where workspace_id = $1', [ws]), RUNS);
    const row = (name: string, s: { median: number; p95: number }) =>
      log(`  ${name.padEnd(46)} median ${s.median.toFixed(1).padStart(7)} ms  p95 ${s.p95.toFixed(1).padStart(7)} ms`);
    row('GET /api/v1/contacts/duplicates?limit=50', dupes);
    row('GET /api/v1/contacts?limit=50 (the grid)', grid);
    row('bare SQL count(*) of the contacts', bare);
    log(`  duplicates / bare count: ${(dupes.median / bare.median).toFixed(1)}x; duplicates / grid page: ${(dupes.median / grid.median).toFixed(1)}x`);

    // a page of 100 pairs merged and rolled back (the preview does the whole merge): per pair
    const hundred = (await get('/api/v1/contacts/duplicates?limit=100')).data.map((p: { keep: { id: string }; merge: { id: string } }) => ({
      keepId: p.keep.id,
      mergeId: p.merge.id,
    }));
    const preview = await time(async () => {
      const res = await app.inject({ method: 'POST', url: '/api/v1/contacts/duplicates/merge', headers, payload: { pairs: hundred, dryRun: true } });
      if (res.statusCode !== 200 || res.json().merged !== hundred.length) throw new Error(`preview: ${res.statusCode} ${res.body.slice(0, 300)}`);
    }, 5, 1);
    row(`POST …/duplicates/merge dryRun, ${hundred.length} pairs`, preview);
    log(`  ${(preview.median / hundred.length).toFixed(1)} ms a pair`);
  } finally {
    await client.end();
    await app.close();
    await db.pool.end().catch(() => {});
    await stop();
  }
}

await main();
