/**
 * The prospect requests with the prospect tables in a database of their own (PROSPECTS_DATABASE_URL,
 * decision 0043) beside the same requests on one database: same people, same workspace shape as
 * bench:prospects (2,000 contacts from the set, 200 suppressed emails, 20 suppressed domains).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:prospects-split -w bench
 *
 * Env: DATABASE_URL (a PostgreSQL server; the bench creates its databases beside the one named:
 * `leadtrail_bench_split_prospects`, generated once with BENCH_PEOPLE people (1000000) and reused,
 * and `leadtrail_bench_split_app`, made anew each run), BENCH_RUNS (20). The one-database app runs
 * on the prospects database itself (its workspace tables there); the split app on the fresh one,
 * reading the people from the other.
 */
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { benchAccount } from './sign-up.js';
import { time } from './timing.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createContainer } from '../apps/server/src/container.js';
import { createDb } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { createMailer } from '../apps/server/src/lib/mail.js';
import { generateIntoDatabase } from '../apps/server/src/modules/prospects/cli/prospects.cli.js';
import { databaseUrlOn, dropDatabase, freshDatabase } from '../apps/server/test/scratch-database.js';

const ORIGIN = 'http://localhost:3000';
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 1_000_000);
const log = (m: string) => console.log(`[bench] ${m}`);
if (!process.env.DATABASE_URL) throw new Error('set DATABASE_URL to a PostgreSQL server (the bench creates its databases there)');
const server = process.env.DATABASE_URL;
const urlOf = (name: string) => databaseUrlOn(server, name);
const prosUrl = urlOf('leadtrail_bench_split_prospects');
const appUrl = urlOf('leadtrail_bench_split_app');

async function prepare() {
  const c = new pg.Client({ connectionString: server });
  await c.connect();
  // the generated people are kept between runs (the app's database is made anew each run)
  const exists = (await c.query(`select 1 from pg_database where datname = 'leadtrail_bench_split_prospects'`)).rowCount;
  if (!exists) await c.query('create database leadtrail_bench_split_prospects');
  await c.end();
  const pool = new pg.Pool({ connectionString: prosUrl, max: 4 });
  await migrate(pool);
  const have = Number((await pool.query('select count(*) as n from prospect_people')).rows[0].n);
  if (have !== PEOPLE) {
    log(`generating ${PEOPLE.toLocaleString('en-US')} people…`);
    await generateIntoDatabase(pool, { people: PEOPLE, seed: 'bench' }, log);
    await pool.query('vacuum analyze prospect_people');
  }
  await pool.end();
  await freshDatabase(server, 'leadtrail_bench_split_app');
}

async function run(label: string, url: string, split: boolean) {
  const db = createDb(url, { max: 8 });
  await migrate(db.pool);
  const prospectsDb = split ? createDb(prosUrl, { max: 8 }) : null;
  const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: ORIGIN, AUTH_RATE_LIMIT: '10000', DATA_DIR: '.data/bench-prospects-split' };
  const config = loadConfig(split ? { ...env, PROSPECTS_DATABASE_URL: prosUrl } : env);
  const logger = pino({ level: 'silent' });
  const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, db, log: logger });
  const container = createContainer({ config, db, prospectsDb, jobs: null, mailer, log: logger });
  const app = await buildApp(config, { db, mailer, container });
  await app.ready();
  // a new workspace each run (the one-database app's tables outlive a run)
  const email = `split-${label}-${Date.now()}@leadtrail.example`;
  const { workspaceId: ws, cookie } = await benchAccount(app, url, { email, password: 'bench password 2026', companyName: 'Split', origin: ORIGIN });
  const pros = new pg.Pool({ connectionString: prosUrl, max: 1 });
  const emails = (await pros.query<{ email: string }>(`select email from prospect_people where email is not null order by id limit 2000`)).rows.map((r) => r.email);
  const supp = (await pros.query<{ email: string }>(`select email from prospect_people where email is not null order by id offset 5000 limit 200`)).rows.map((r) => r.email);
  const domains = (await pros.query<{ domain: string }>(`select domain from prospect_companies order by id limit 20`)).rows.map((r) => r.domain);
  await pros.end();
  await db.pool.query(`insert into contacts (workspace_id, id, email) select $1, gen_random_uuid(), e from unnest($2::text[]) e on conflict do nothing`, [ws, emails]);
  await db.pool.query(`insert into suppressions (workspace_id, id, kind, value) select $1, gen_random_uuid(), 'email', e from unnest($2::text[]) e on conflict do nothing`, [ws, supp]);
  await db.pool.query(`insert into suppressions (workspace_id, id, kind, value) select $1, gen_random_uuid(), 'domain', e from unnest($2::text[]) e on conflict do nothing`, [ws, domains]);
  await db.pool.query('analyze contacts; analyze suppressions');
  const headers = { origin: ORIGIN, cookie };
  const api = (path: string) => async () => {
    const r = await app.inject({ method: 'GET', url: path, headers });
    if (r.statusCode !== 200) throw new Error(`${path}: ${r.statusCode} ${r.body.slice(0, 300)}`);
  };
  const t0 = performance.now();
  await api('/api/v1/prospects/facets')();
  const first = performance.now() - t0;
  const enc = (f: unknown) => encodeURIComponent(JSON.stringify(f));
  const three = { and: [{ field: 'seniority', op: 'anyOf', value: ['director', 'vp'] }, { field: 'department', op: 'is', value: 'sales' }, { field: 'country', op: 'is', value: 'United States' }] };
  const cases: [string, string][] = [
    ['search, 3 filters, first page', `/api/v1/prospects?limit=25&filter=${enc(three)}`],
    ['search, net new, 3 filters', `/api/v1/prospects?limit=25&scope=net_new&filter=${enc(three)}`],
    ['facets, 3 filters', `/api/v1/prospects/facets?filter=${enc(three)}`],
    ['keyword search "sales manager"', `/api/v1/prospects?limit=25&q=sales%20manager`],
    ['facets, keywords "sales manager"', `/api/v1/prospects/facets?q=sales%20manager`],
    ['companies, net new, first page', `/api/v1/prospects/companies?limit=25&scope=net_new`],
  ];
  const out = new Map<string, string>([['first facets request (index build, exceptions)', `${first.toFixed(0)}`]]);
  for (const [name, path] of cases) {
    const s = await time(api(path), RUNS);
    out.set(name, `${s.median.toFixed(1)} / ${s.p95.toFixed(1)}`);
  }
  await app.close();
  await db.close();
  await prospectsDb?.close();
  return out;
}

await prepare();
const one = await run('one', prosUrl, false);
const split = await run('split', appUrl, true);
await dropDatabase(server, 'leadtrail_bench_split_app');
console.log(`\nProspects, ${PEOPLE.toLocaleString('en-US')} people; ${RUNS} runs each; app.inject; median / p95 ms`);
console.log('request | one database | prospect tables in their own database');
for (const [k, v] of one) console.log(`${k} | ${v} | ${split.get(k)}`);
