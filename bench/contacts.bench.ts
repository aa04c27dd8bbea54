/**
 * Contacts grid benchmark (issue 4): 1,000,000 contacts over 100,000 companies in one
 * workspace plus a second workspace of 100,000, then the grid's requests measured
 * over HTTP on loopback (session cookie, RLS, JSON serialisation included),
 * each next to the bare SQL of the same query (superuser, no RLS) in the same run.
 *
 *   npm run bench:contacts -w bench
 *
 * Env: DATABASE_URL (else an embedded PostgreSQL under DATA_DIR, default .data/bench, port
 * BENCH_PG_PORT 5490), BENCH_CONTACTS (1000000), BENCH_RUNS (40). The seed is reused when the
 * data is already there. BENCH_ONLY=search measures only the command palette's search and the
 * grid's filter values (issue 14; `npm run bench:search -w bench`).
 *
 * Issue 28: workspace C (BENCH_CONTACTS contacts) holds two filtered columns that correlate:
 * its oldest 1/16 (one import, say) are in France with a last name starting "Mil" (Milano,
 * Miller, Mills, Milton) and no other contact's last name starts "Mil", so "country is France
 * AND last name starts with Mil" matches 1/16 (62,500 of 1M) where the product of the two
 * columns' own frequencies (France 1/8, "Mil" 1/16) predicts 1/128 (7,800), spread evenly.
 * Beside it, Spain (1/8) and "Bra" (1/16) are independent and spread over the workspace
 * (8,300 matches, 7,800 predicted). Its pages are measured with
 * the rest, or alone with BENCH_ONLY=correlated (which seeds and reads only workspace C).
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { buildApp } from '../apps/server/src/app.js';
import { benchAccount, type BenchAccount as Account } from './sign-up.js';
import { time, type Stats } from './timing.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createDb } from '../apps/server/src/db/client.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { encodeCursor } from '../apps/server/src/lib/filters/keyset.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const COMPANIES = Math.max(10, Math.round(CONTACTS / 10));
const B_CONTACTS = Math.max(1000, Math.round(CONTACTS / 10));
const B_COMPANIES = Math.max(10, Math.round(B_CONTACTS / 10));
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const ONLY = process.env.BENCH_ONLY ?? '';
const PASSWORD = 'bench password 2026';
const ORIGIN = 'http://localhost:3000';

const log = (m: string) => console.log(`[bench] ${m}`);

const FIRST = ['James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'William', 'Elizabeth', 'David', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Daniel', 'Nancy', 'Matthew', 'Lisa', 'Anthony', 'Betty', 'Mark', 'Margaret', 'Donald', 'Sandra', 'Steven', 'Ashley', 'Paul', 'Kimberly', 'Andrew', 'Emily', 'Joshua', 'Donna', 'Kenneth', 'Michelle', 'Kevin', 'Dorothy', 'Brian', 'Carol', 'George', 'Amanda', 'Timothy', 'Melissa', 'Ronald', 'Deborah', 'Lucas', 'Emma', 'Hugo', 'Léa', 'Jonas', 'Mia', 'Mateo', 'Sofía', 'Wei', 'Yuki'];
// 100 surnames, each ~1% of contacts: "Smith" is the common one searched for
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Wang', 'Li', 'Zhang', 'Liu', 'Chen', 'Yang', 'Huang', 'Zhao', 'Wu', 'Zhou', 'Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Watanabe', 'Ito', 'Yamamoto', 'Nakamura', 'Kobayashi', 'Kato'];
const COUNTRIES = ['United States', 'United Kingdom', 'Germany', 'France', 'Spain', 'Italy', 'Netherlands', 'Sweden', 'Canada', 'Australia', 'Brazil', 'Mexico', 'India', 'Japan', 'Singapore', 'Ireland', 'Poland', 'Belgium', 'Switzerland', 'Denmark'];
const TITLES = ['CEO', 'CTO', 'CFO', 'VP of Sales', 'VP of Marketing', 'Head of Operations', 'Director of Engineering', 'Sales Manager', 'Marketing Manager', 'Account Executive', 'Software Engineer', 'Product Manager', 'Data Analyst', 'Customer Success Manager', 'Office Manager', 'Procurement Lead', 'HR Manager', 'Founder', 'Operations Analyst', 'IT Manager'];
const SENIORITY = ['c_suite', 'c_suite', 'c_suite', 'vp', 'vp', 'head', 'director', 'manager', 'manager', 'senior', 'entry', 'manager', 'entry', 'manager', 'manager', 'senior', 'manager', 'founder', 'entry', 'manager'];
const ADJ = ['Blue', 'Red', 'Silver', 'Golden', 'Northern', 'Pacific', 'Atlantic', 'Bright', 'Swift', 'Prime', 'Apex', 'Summit', 'Cedar', 'Oak', 'Granite', 'Crystal', 'Iron', 'Nova', 'Vertex', 'Lunar'];
// workspace C (issue 28): the correlated slice's surnames, the independent prefix's, and the others (none starting "Mil" or "Bra")
const MIL = ['Milano', 'Miller', 'Mills', 'Milton'];
const BRA = ['Bradley', 'Brandt', 'Braun', 'Bravo'];
const LAST_C = [...new Set(LAST)].filter((n) => !/^(mil|bra)/i.test(n));
const COUNTRIES_C = COUNTRIES.filter((c) => c !== 'France' && c !== 'Spain');
const NOUN = ['Logistics', 'Analytics', 'Systems', 'Foods', 'Capital', 'Health', 'Robotics', 'Energy', 'Media', 'Software', 'Labs', 'Partners', 'Works', 'Dynamics', 'Networks', 'Solutions', 'Retail', 'Motors', 'Pharma', 'Studios'];
const INDUSTRIES = ['Software', 'Logistics', 'Healthcare', 'Retail', 'Manufacturing', 'Financial Services', 'Energy', 'Media', 'Education', 'Construction'];

const arr = (xs: string[]) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]::text[]`;

const account = (app: Awaited<ReturnType<typeof buildApp>>, email: string, companyName: string, databaseUrl: string) =>
  benchAccount(app, databaseUrl, { email, companyName, password: PASSWORD, origin: ORIGIN });

async function customFields(app: Awaited<ReturnType<typeof buildApp>>, a: Account) {
  const headers = { origin: ORIGIN, cookie: a.cookie };
  const list = (await app.inject({ method: 'GET', url: '/api/v1/custom-fields?entity=contacts', headers })).json() as {
    data: { key: string; options: { id: string; label: string }[] }[];
  };
  let tier = list.data.find((f) => f.key === 'tier');
  if (!tier) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/custom-fields',
      headers,
      payload: { entity: 'contacts', label: 'Tier', type: 'single_select', options: ['Platinum', 'Gold', 'Silver', 'Bronze'].map((label) => ({ label })) },
    });
    tier = res.json();
  }
  if (!list.data.some((f) => f.key === 'score')) {
    await app.inject({ method: 'POST', url: '/api/v1/custom-fields', headers, payload: { entity: 'contacts', label: 'Score', type: 'number' } });
  }
  return Object.fromEntries(tier!.options.map((o) => [o.label, o.id])) as Record<'Platinum' | 'Gold' | 'Silver' | 'Bronze', string>;
}

/** A contact's country and last name as SQL over its number `g` (workspaces A and B: independent hashes). */
type Shape = { country: string; lastName: string };
const INDEPENDENT: Shape = {
  country: `(${arr(COUNTRIES)})[1 + (hashint4(g + 5) & 2147483647) % ${COUNTRIES.length}]`,
  lastName: `case when g % 50 = 0 then null else (${arr(LAST)})[1 + (hashint4(g + 2) & 2147483647) % ${LAST.length}] end`,
};
// workspace C: the oldest 1/16 of the contacts (one import, say) are French and "Mil…"; of the others 1/15 are
// French (France 1/8 in all), 2/15 Spanish (1/8) and, by another hash, 1/15 a "Bra…" (1/16): Spain and "Bra"
// are independent and spread over the whole workspace
const SLICE = `g <= ${Math.round(CONTACTS / 16)}`;
const CORRELATED: Shape = {
  country: `case when ${SLICE} then 'France' else (case (hashint4(g + 5) & 2147483647) % 15 when 0 then 'France' when 1 then 'Spain' when 2 then 'Spain'
              else (${arr(COUNTRIES_C)})[1 + (hashint4(g + 6) & 2147483647) % ${COUNTRIES_C.length}] end) end`,
  lastName: `case when ${SLICE} then (${arr(MIL)})[1 + g % ${MIL.length}]
              when (hashint4(g + 2) & 2147483647) % 15 = 0 then (${arr(BRA)})[1 + (hashint4(g + 7) & 2147483647) % ${BRA.length}]
              else (${arr(LAST_C)})[1 + (hashint4(g + 8) & 2147483647) % ${LAST_C.length}] end`,
};
type Load = { label: string; account: Account; contacts: number; companies: number; tag: number; tier: Record<string, string>; shape: Shape };

/** Bulk load with the secondary indexes dropped and rebuilt after (what a restore would do). */
async function seed(client: pg.Client, loads: Load[]) {
  // a workspace seeded before goes first, with its indexes: without (workspace_id, company_id) each
  // company deleted would scan every contact for its foreign key
  for (const l of loads) {
    await client.query('delete from contacts where workspace_id = $1', [l.account.workspaceId]);
    await client.query('delete from companies where workspace_id = $1', [l.account.workspaceId]);
  }
  await client.query(`create table if not exists bench_saved_indexes (name text primary key, def text not null)`);
  await client.query(`insert into bench_saved_indexes
    select indexname, indexdef from pg_indexes
    where schemaname = 'public' and tablename in ('contacts', 'companies')
      and indexname not in (select conname from pg_constraint)
    on conflict do nothing`);
  const saved = (await client.query<{ name: string; def: string }>('select name, def from bench_saved_indexes')).rows;
  for (const ix of saved) await client.query(`drop index if exists ${ix.name}`);

  await client.query(`create or replace function pg_temp.bench_id(tag int, ms bigint, n bigint) returns uuid language sql immutable as $$
      select (lpad(to_hex(ms), 12, '0') || '7' || lpad(to_hex(tag), 3, '0') || '8' || lpad(to_hex(n), 15, '0'))::uuid $$`);

  // one instant for both tables: a contact's company id is computed from the company's creation time
  const base = new Date().toISOString();
  const load = async (a: Account, nContacts: number, nCompanies: number, tagBase: number, tier: Record<string, string>, shape: Shape) => {
    const t0 = performance.now();
    // companies: created over the two years before the contacts
    await client.query(
      `insert into companies (workspace_id, id, name, domain, website, industry, employee_range, country, owner_id, source, created_by, updated_by, created_at, updated_at)
       select $1, pg_temp.bench_id($2, (extract(epoch from ts) * 1000)::bigint, k),
              (${arr(ADJ)})[1 + (hashint4(k) & 2147483647) % ${ADJ.length}] || ' ' || (${arr(NOUN)})[1 + (hashint4(k + 17) & 2147483647) % ${NOUN.length}] || ' ' || k,
              'c' || k || '.bench.example', 'https://www.c' || k || '.bench.example',
              (${arr(INDUSTRIES)})[1 + k % ${INDUSTRIES.length}],
              (array['1-10','11-50','51-200','201-500','501-1000','1001-5000'])[1 + k % 6],
              (${arr(COUNTRIES)})[1 + (hashint4(k + 3) & 2147483647) % ${COUNTRIES.length}],
              $3, 'import', $3, $3, ts, ts
       from generate_series(1, $4::int) k, lateral (select $5::timestamptz - interval '3 years' + (k * interval '10 minutes') as ts) t`,
      [a.workspaceId, tagBase + 1, a.memberId, nCompanies, base],
    );
    log(`  ${nCompanies.toLocaleString('en-US')} companies in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const chunk = 200_000;
    for (let from = 1; from <= nContacts; from += chunk) {
      const to = Math.min(nContacts, from + chunk - 1);
      const t1 = performance.now();
      await client.query(
        `insert into contacts (workspace_id, id, first_name, last_name, email, email_status, job_title, seniority, company_id,
                               city, country, owner_id, source, custom_fields, created_by, updated_by, created_at, updated_at)
         select $1, pg_temp.bench_id($2, (extract(epoch from ts) * 1000)::bigint, g),
                fn, ln,
                lower(translate(fn || '.' || coalesce(ln, 'x'), 'éüíá', 'euia')) || '.' || g || '@c' || k || '.bench.example',
                (array['valid','valid','valid','risky','unknown','invalid'])[1 + g % 6],
                (${arr(TITLES)})[1 + h % ${TITLES.length}],
                (${arr(SENIORITY)})[1 + h % ${SENIORITY.length}],
                pg_temp.bench_id($3, (extract(epoch from cts) * 1000)::bigint, k),
                null, country,
                $4, 'import',
                jsonb_strip_nulls(jsonb_build_object(
                  'tier', case when h % 100 < 2 then $5 when h % 100 < 12 then $6 when h % 100 < 42 then $7 when h % 100 < 82 then $8 end,
                  'score', h % 101)),
                $4, $4, ts, ts
         from generate_series($9::int, $10::int) g,
         lateral (select (hashint4(g) & 2147483647) as h, 1 + (hashint4(g + 11) & 2147483647) % $11 as k) x,
         lateral (select (${arr(FIRST)})[1 + (hashint4(g + 1) & 2147483647) % ${FIRST.length}] as fn,
                         ${shape.lastName} as ln, ${shape.country} as country,
                         $13::timestamptz - ($12::int - g) * interval '30 seconds' as ts,
                         $13::timestamptz - interval '3 years' + (k * interval '10 minutes') as cts) y`,
        [a.workspaceId, tagBase, tagBase + 1, a.memberId, tier.Platinum, tier.Gold, tier.Silver, tier.Bronze, from, to, nCompanies, nContacts, base],
      );
      log(`  contacts ${to.toLocaleString('en-US')} / ${nContacts.toLocaleString('en-US')} (${((performance.now() - t1) / 1000).toFixed(1)} s)`);
    }
  };
  for (const l of loads) {
    log(`seeding workspace ${l.label}: ${l.contacts.toLocaleString('en-US')} contacts over ${l.companies.toLocaleString('en-US')} companies`);
    await load(l.account, l.contacts, l.companies, l.tag, l.tier, l.shape);
  }

  await client.query(`set maintenance_work_mem = '1GB'`);
  await client.query(`set max_parallel_maintenance_workers = 2`);
  for (const ix of saved) {
    const t = performance.now();
    await client.query(ix.def);
    log(`  index ${ix.name} (${((performance.now() - t) / 1000).toFixed(1)} s)`);
  }
  await client.query('delete from bench_saved_indexes');
}

/** Recreates indexes a killed seed dropped (their definitions were saved first). */
async function restoreIndexes(client: pg.Client) {
  const exists = await client.query(`select to_regclass('public.bench_saved_indexes') as t`);
  if (!exists.rows[0]?.t) return;
  const saved = (await client.query<{ name: string; def: string }>('select name, def from bench_saved_indexes')).rows;
  for (const ix of saved) {
    const has = await client.query('select 1 from pg_indexes where indexname = $1', [ix.name]);
    if (!has.rowCount) {
      log(`restoring index ${ix.name}`);
      await client.query(ix.def);
    }
  }
  await client.query('delete from bench_saved_indexes');
}

type Row = { name: string; api: Stats; sql: Stats; target: number | null; note?: string };

function printRows(rows: Row[], only = ONLY) {
  const line = (cells: string[], widths: number[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const widths = [48, 10, 10, 10, 8, 10, 6];
  console.log('');
  const where = only === 'correlated' ? 'workspace C (correlated columns)' : `workspace A (+ ${B_CONTACTS.toLocaleString('en-US')} in B)`;
  console.log(`Contacts grid, ${CONTACTS.toLocaleString('en-US')} contacts / ${COMPANIES.toLocaleString('en-US')} companies in ${where}; ${RUNS} runs each; HTTP on loopback vs bare SQL (superuser, no RLS)`);
  console.log(line(['request', 'median ms', 'p95 ms', 'SQL med', 'ratio', 'target p95', 'ok'], widths));
  for (const r of rows) {
    console.log(
      line(
        [r.name, r.api.median.toFixed(1), r.api.p95.toFixed(1), Number.isNaN(r.sql.median) ? '-' : r.sql.median.toFixed(1),
         Number.isNaN(r.sql.median) ? '-' : `${(r.api.median / Math.max(r.sql.median, 0.01)).toFixed(1)}x`, r.target ? `< ${r.target}` : '-', r.target ? (r.api.p95 < r.target ? 'yes' : 'NO') : ''],
        widths,
      ),
    );
  }
}

async function main() {
  let databaseUrl = process.env.DATABASE_URL;
  let stop = async () => {};
  if (!databaseUrl) {
    const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? '.data/bench');
    const pgInstance = await startEmbeddedPostgres(dataDir, Number(process.env.BENCH_PG_PORT ?? 5490));
    databaseUrl = pgInstance.url;
    stop = pgInstance.stop;
    log(`embedded PostgreSQL under ${dataDir}`);
  }
  const db = createDb(databaseUrl, { max: 8 });
  await migrate(db.pool);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: ORIGIN, AUTH_RATE_LIMIT: '10000', DATA_DIR: '.data/bench' });
  const app = await buildApp(config, { db });
  await app.ready();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();

  try {
    await restoreIndexes(client);
    const a = await account(app, 'bench-a@bench.example', 'Bench A (1M contacts)', databaseUrl);
    const b = await account(app, 'bench-b@bench.example', 'Bench B (100k contacts)', databaseUrl);
    const c = await account(app, 'bench-c@bench.example', 'Bench C (correlated columns)', databaseUrl);
    const tierA = await customFields(app, a);
    const tierB = await customFields(app, b);
    const tierC = await customFields(app, c);
    const count = async (ws: string) => Number((await client.query('select count(*) from contacts where workspace_id = $1', [ws])).rows[0].count);
    const loads: Load[] = [];
    if (ONLY !== 'correlated' && ((await count(a.workspaceId)) !== CONTACTS || (await count(b.workspaceId)) !== B_CONTACTS)) {
      loads.push({ label: 'A', account: a, contacts: CONTACTS, companies: COMPANIES, tag: 10, tier: tierA, shape: INDEPENDENT });
      loads.push({ label: 'B', account: b, contacts: B_CONTACTS, companies: B_COMPANIES, tag: 20, tier: tierB, shape: INDEPENDENT });
    }
    // C's oldest contact is one of the correlated slice (an earlier seed spread it evenly: seeded again)
    const sliceFirst = async () =>
      (await client.query(`select last_name from contacts where workspace_id = $1 order by created_at, id limit 1`, [c.workspaceId])).rows[0]?.last_name === MIL[1];
    if (ONLY !== 'search' && ((await count(c.workspaceId)) !== CONTACTS || !(await sliceFirst()))) {
      loads.push({ label: 'C (correlated)', account: c, contacts: CONTACTS, companies: COMPANIES, tag: 30, tier: tierC, shape: CORRELATED });
    }
    if (loads.length) {
      const t = performance.now();
      await seed(client, loads);
      log(`seeded in ${((performance.now() - t) / 1000).toFixed(0)} s; vacuum analyze`);
      await client.query('vacuum analyze contacts');
      await client.query('vacuum analyze companies');
    } else {
      log('reusing the seeded data');
    }
    const version = (await client.query('show server_version')).rows[0].server_version;
    log(`PostgreSQL ${version}, Node ${process.version}, ${CONTACTS.toLocaleString('en-US')} + ${B_CONTACTS.toLocaleString('en-US')} contacts`);

    const headers = { origin: ORIGIN, cookie: a.cookie };
    // over HTTP on loopback (issue 13), one kept-alive connection: sockets, parsing and serialisation included
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const api = async (url: string, cookie = a.cookie) => {
      const res = await fetch(`${base}${url}`, { headers: { ...headers, cookie } });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.slice(0, 300)}`);
      return { statusCode: res.status, body, json: () => JSON.parse(body) };
    };
    const sqlq = (text: string, params: unknown[]) => () => client.query(text, params);
    const ws = a.workspaceId;
    const enc = (f: unknown) => encodeURIComponent(JSON.stringify(f));
    const cols = `c.id, c.first_name, c.last_name, c.email, c.email_status, c.job_title, c.seniority, c.company_id, co.name as company_name,
                  c.country, c.owner_id, c.custom_fields, c.created_at, c.updated_at`;
    const from = `contacts c left join companies co on co.workspace_id = c.workspace_id and co.id = c.company_id`;

    const rows: Row[] = [];
    // the export streams COPY output; its baseline is a bare COPY of the same rows
    const bench = async (name: string, url: string, text: string, params: unknown[], target: number | null, note?: string, cookie = a.cookie) => {
      const apiStats = await time(() => api(url, cookie), RUNS, 5);
      const sqlStats = await time(sqlq(text, params), RUNS, 5);
      rows.push({ name, api: apiStats, sql: sqlStats, target, note });
      log(`${name}: median ${apiStats.median.toFixed(1)} ms, p95 ${apiStats.p95.toFixed(1)} ms (SQL ${sqlStats.median.toFixed(1)} ms)`);
      return apiStats;
    };
    const and = (...conds: unknown[]) => ({ and: conds });

    // issue 28: the first page of a filter whose two columns correlate (workspace C), beside the bare SQL
    // and beside an independent pair of the same frequencies; the bare SQL is planned with the values
    // (superuser, no RLS), so it shows the plan PostgreSQL picks from its estimate alone
    const correlatedCase = async () => {
      const wc = c.workspaceId;
      const pairSql = `lower(c.country) = lower($2) and lower(c.last_name) like lower($3)`;
      const facts = async (country: string, prefix: string) => {
        const params = [wc, country, `${prefix}%`];
        const n = Number((await client.query(`select count(*) from contacts c where c.workspace_id = $1 and ${pairSql}`, params)).rows[0].count);
        const plan = (await client.query(`explain (format json) select 1 from contacts c where c.workspace_id = $1 and ${pairSql}`, params)).rows[0]['QUERY PLAN'];
        return { n, estimate: Math.round(Number(plan[0].Plan['Plan Rows'])) };
      };
      const pairs = [
        { label: 'correlated', country: 'France', prefix: 'Mil' },
        { label: 'independent', country: 'Spain', prefix: 'Bra' },
      ];
      const sorts = [
        { key: '-createdAt', label: 'default sort', orderBy: 'c.created_at desc, c.id desc' },
        { key: 'firstName', label: 'sort by first name', orderBy: 'c.first_name asc nulls last, c.id' },
      ];
      const p95: Record<string, number> = {};
      for (const pr of pairs) {
        const f = await facts(pr.country, pr.prefix);
        log(`${pr.label}: ${pr.country} AND "${pr.prefix}" matches ${f.n.toLocaleString('en-US')}; the planner expects ${f.estimate.toLocaleString('en-US')}`);
        const filter = enc(and({ field: 'country', op: 'is', value: pr.country }, { field: 'lastName', op: 'startsWith', value: pr.prefix }));
        for (const so of sorts) {
          const st = await bench(`${pr.label}: ${pr.country} AND "${pr.prefix}" (${Math.round(f.n / 1000)}k, est. ${(f.estimate / 1000).toFixed(1)}k), ${so.label}`,
            `/api/v1/contacts?limit=50&sort=${so.key}&filter=${filter}`,
            `select ${cols} from ${from} where c.workspace_id = $1 and ${pairSql} order by ${so.orderBy} limit 51`, [wc, pr.country, `${pr.prefix}%`], 150, undefined, c.cookie);
          p95[`${pr.label} ${so.label}`] = st.p95;
        }
      }
      return sorts.map((so) => {
        const x = p95[`correlated ${so.label}`]!;
        const y = p95[`independent ${so.label}`]!;
        return `correlated vs independent filter, ${so.label}: p95 ${x.toFixed(1)} / ${y.toFixed(1)} ms = ${(x / y).toFixed(1)}x`;
      });
    };
    const printCorrelated = (lines: string[]) => {
      for (const l of lines) console.log(l);
    };
    if (ONLY === 'correlated') {
      const lines = await correlatedCase();
      printRows(rows);
      printCorrelated(lines);
      return;
    }

    // a cursor 90% of the way down the default sort, and one deep in the last-name sort
    const deep = (await client.query(
      `select created_at::text as v, id from contacts where workspace_id = $1 order by created_at desc, id desc offset $2 limit 1`,
      [ws, Math.floor(CONTACTS * 0.9)],
    )).rows[0];
    const deepCursor = encodeCursor('-createdAt', deep.v, deep.id);
    const deepName = (await client.query(
      `select last_name as v, id from contacts where workspace_id = $1 and last_name is not null order by last_name, id offset $2 limit 1`,
      [ws, Math.floor(CONTACTS * 0.6)],
    )).rows[0];
    const deepNameCursor = encodeCursor('lastName', deepName.v, deepName.id);
    const gold = { field: 'custom:tier', op: 'is', value: 'Gold' };
    const germany = { field: 'country', op: 'is', value: 'Germany' };

    const first = (await api('/api/v1/contacts?limit=50')).json();
    if (first.data.length !== 50 || !first.nextCursor) throw new Error('first page is not a full page');

    // issue 14: the command palette's search (p95 target 100 ms) and a filter's values with counts;
    // the SQL baseline is the contacts' name-prefix lookup (the search's first statement)
    const paletteSql = (words: string[]) => {
      const others = words.slice(1).map((_, i) => ` and c.search_text like $${i + 3}`).join('');
      return `(select c.id, c.search_text as o from contacts c where c.workspace_id = $1${others} and c.search_text like $2 order by c.search_text using ~<~ limit 5)
        union (select c.id, lower(c.last_name) from contacts c where c.workspace_id = $1${others} and lower(c.last_name) like $2 order by lower(c.last_name) using ~<~ limit 5)`;
    };
    const palette = async (name: string, q: string) => {
      const words = q.toLowerCase().split(/\s+/);
      await bench(name, `/api/v1/search?q=${encodeURIComponent(q)}`, paletteSql(words), [ws, `${words[0]}%`, ...words.slice(1).map((w) => `%${w}%`)], 100);
    };
    await palette('palette search "smi" (prefix of a 1% surname)', 'smi');
    await palette('palette search "mary smith" (two words)', 'mary smith');
    await palette('palette search "summit robot" (a company)', 'summit robot');
    await palette('palette search "zzqx" (nothing matches)', 'zzqx');
    await bench('filter values: country among all (20 values)', '/api/v1/contacts/values?field=country',
      `select country, count(*) from contacts c where c.workspace_id = $1 and country is not null group by country order by 2 desc limit 50`, [ws], null,
      'extra: counts over the whole workspace');
    await bench('filter values: seniority among Germany (5%)', `/api/v1/contacts/values?field=seniority&filter=${enc(germany)}`,
      `select seniority, count(*) from contacts c where c.workspace_id = $1 and lower(c.country) = 'germany' and seniority is not null group by seniority order by 2 desc limit 50`, [ws], null,
      'extra: 50,000 matches read from the heap');
    if (ONLY === 'search') {
      printRows(rows);
      return;
    }

    await bench('first page (50, default sort)', '/api/v1/contacts?limit=50',
      `select ${cols} from ${from} where c.workspace_id = $1 order by c.created_at desc, c.id desc limit 51`, [ws], 15);
    await bench('cursor page at 90% (default sort)', `/api/v1/contacts?limit=50&cursor=${deepCursor}`,
      `select ${cols} from ${from} where c.workspace_id = $1 and (c.created_at, c.id) < ($2::timestamptz, $3::uuid) order by c.created_at desc, c.id desc limit 51`,
      [ws, deep.v, deep.id], 15);
    await bench('sort by last name (first page)', '/api/v1/contacts?limit=50&sort=lastName',
      `select ${cols} from ${from} where c.workspace_id = $1 order by c.last_name asc nulls last, c.id limit 51`, [ws], 150);
    await bench('sort by last name (cursor at 60%)', `/api/v1/contacts?limit=50&sort=lastName&cursor=${deepNameCursor}`,
      `select ${cols} from ${from} where c.workspace_id = $1 and (c.last_name, c.id) > ($2, $3::uuid) order by c.last_name, c.id limit 51`,
      [ws, deepName.v, deepName.id], 25);
    await bench('custom field filter (tier is Gold, 10%)', `/api/v1/contacts?limit=50&filter=${enc(gold)}`,
      `select ${cols} from ${from} where c.workspace_id = $1 and c.custom_fields @> $2 order by c.created_at desc, c.id desc limit 51`,
      [ws, JSON.stringify({ tier: tierA.Gold })], 150);
    await bench('custom field filter + sort by custom score', `/api/v1/contacts?limit=50&sort=-custom:score&filter=${enc({ field: 'custom:tier', op: 'is', value: 'Platinum' })}`,
      `select ${cols} from ${from} where c.workspace_id = $1 and c.custom_fields @> $2 order by c.custom_fields->'score' desc nulls first, c.id desc limit 51`,
      [ws, JSON.stringify({ tier: tierA.Platinum })], null, 'extra: 20,000 matches sorted by an unindexed custom field');
    await bench('quick search "smith" (~1%)', '/api/v1/contacts?limit=50&q=smith',
      `select ${cols} from ${from} where c.workspace_id = $1 and (c.search_text like '%smith%' or c.company_id = any(array(
         select s.id from companies s where s.workspace_id = $1 and s.search_text like '%smith%'))) order by c.created_at desc, c.id desc limit 51`,
      [ws], 150);
    // issue 13: every filter operator's p95 through the API (no SQL baseline), so a regression shows
    const NO_SQL = { median: NaN, p95: NaN };
    const op = async (name: string, filter: unknown, target = 150) => {
      const apiStats = await time(() => api(`/api/v1/contacts?limit=50&filter=${enc(filter)}`), RUNS, 3);
      rows.push({ name: `filter ${name}`, api: apiStats, sql: NO_SQL, target });
      log(`filter ${name}: median ${apiStats.median.toFixed(1)} ms, p95 ${apiStats.p95.toFixed(1)} ms`);
    };
    await op('country is France AND lastName startsWith "Mil"', and({ field: 'country', op: 'is', value: 'France' }, { field: 'lastName', op: 'startsWith', value: 'Mil' }));
    await op('text is (lastName is Smith)', { field: 'lastName', op: 'is', value: 'Smith' });
    await op('text isNot (country is not Germany)', { field: 'country', op: 'isNot', value: 'Germany' });
    await op('text contains (jobTitle contains "manager")', { field: 'jobTitle', op: 'contains', value: 'manager' });
    await op('text startsWith (lastName "Mil")', { field: 'lastName', op: 'startsWith', value: 'Mil' });
    await op('text anyOf (country France, Spain)', { field: 'country', op: 'anyOf', value: ['France', 'Spain'] });
    await op('text isEmpty (lastName, 2%)', { field: 'lastName', op: 'isEmpty' });
    await op('text isNotEmpty (city, none)', { field: 'city', op: 'isNotEmpty' });
    await op('enum is (seniority vp)', { field: 'seniority', op: 'is', value: 'vp' });
    await op('enum anyOf (emailStatus risky, unknown)', { field: 'emailStatus', op: 'anyOf', value: ['risky', 'unknown'] });
    await op('datetime gte (created in the last day)', { field: 'createdAt', op: 'gte', value: new Date(Date.now() - 86_400_000).toISOString() });
    await op('datetime between (a week a year ago)', { field: 'createdAt', op: 'between', value: [new Date(Date.now() - 365 * 86_400_000).toISOString(), new Date(Date.now() - 358 * 86_400_000).toISOString()] });
    await op('custom number gte (score >= 90)', { field: 'custom:score', op: 'gte', value: 90 });
    await op('custom select anyOf (tier Platinum, Gold)', { field: 'custom:tier', op: 'anyOf', value: ['Platinum', 'Gold'] });
    const correlatedLines = await correlatedCase();
    const franceMil = enc(and({ field: 'country', op: 'is', value: 'France' }, { field: 'lastName', op: 'startsWith', value: 'Mil' }));
    rows.push({ name: 'filter France AND "Mil" with count=true', api: await time(() => api(`/api/v1/contacts?limit=50&count=true&filter=${franceMil}`), RUNS, 3), sql: NO_SQL, target: 300 });

    await bench('count under a filter (country Germany, 5%)', `/api/v1/contacts/count?filter=${enc(germany)}`,
      `select count(*) from contacts c where c.workspace_id = $1 and lower(c.country) = lower('Germany')`, [ws], 150);
    await bench('count under the custom field filter (10%)', `/api/v1/contacts/count?filter=${enc(gold)}`,
      `select count(*) from contacts c where c.workspace_id = $1 and c.custom_fields @> $2`, [ws, JSON.stringify({ tier: tierA.Gold })], 150);
    await bench('count of everything (1M)', '/api/v1/contacts/count',
      `select count(*) from contacts c where c.workspace_id = $1`, [ws], null);

    // issue 13: a workspace with a large suppression list (a hashed opt-out file, blocked domains):
    // each row's entry must be index probes under row-level security, not a read of every entry
    await client.query(
      `insert into suppressions (workspace_id, id, kind, value)
       select $1, gen_random_uuid(), k.kind, k.value from generate_series(1, 50000) g,
         lateral (values ('hash', encode(sha256(convert_to('bench' || g, 'UTF8')), 'hex')),
                         ('domain', case when g <= 20000 then 'blocked' || g || '.example' end),
                         ('email', case when g <= 20000 then 'blocked' || g || '@bench.example' end)) k(kind, value)
       where k.value is not null`,
      [ws],
    );
    await client.query('vacuum analyze suppressions');
    try {
      await bench('first page with 90,000 suppression entries', '/api/v1/contacts?limit=50',
        `select ${cols} from ${from} where c.workspace_id = $1 order by c.created_at desc, c.id desc limit 51`, [ws], 15,
        '50,000 hashes, 20,000 domains, 20,000 emails');
    } finally {
      await client.query('delete from suppressions where workspace_id = $1', [ws]);
      await client.query('vacuum analyze suppressions');
    }

    // full export: streamed through inject (no buffering), RSS sampled while it runs
    const exportOnce = async () => {
      const rssBefore = process.memoryUsage().rss;
      let peak = rssBefore;
      const timer = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/v1/contacts/export', headers, payloadAsStream: true });
      if (res.statusCode !== 200) throw new Error(`export: ${res.statusCode}`);
      let lines = 0;
      let bytes = 0;
      for await (const chunk of res.stream() as Readable) {
        const buf = chunk as Buffer;
        bytes += buf.length;
        for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) lines++;
        peak = Math.max(peak, process.memoryUsage().rss);
      }
      const ms = performance.now() - t;
      clearInterval(timer);
      return { rows: lines - 1, ms, bytes, rssBefore, peak };
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
    if (global.gc) global.gc();
    const exports = [await exportOnce(), await exportOnce()];
    const copy = await copyOnce();
    const best = exports.reduce((x, y) => (x.ms < y.ms ? x : y));
    const peakRss = Math.max(...exports.map((e) => e.peak));
    if (best.rows !== CONTACTS) throw new Error(`export wrote ${best.rows} rows, expected ${CONTACTS}`);

    printRows(rows);
    printCorrelated(correlatedLines);
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
    const rps = best.rows / (best.ms / 1000);
    const copyRps = copy.rows / (copy.ms / 1000);
    console.log(
      `full export: ${best.rows.toLocaleString('en-US')} rows, ${mb(best.bytes)} CSV in ${(best.ms / 1000).toFixed(1)} s = ${Math.round(rps).toLocaleString('en-US')} rows/s ` +
        `(COPY of the same query: ${Math.round(copyRps).toLocaleString('en-US')} rows/s, ratio ${(copy.ms / best.ms).toFixed(2)}); ` +
        `peak RSS ${mb(peakRss)} (before: ${mb(best.rssBefore)}); targets >= 100,000 rows/s: ${rps >= 100_000 ? 'yes' : 'NO'}, RSS < 250 MB: ${peakRss < 250 * 1024 * 1024 ? 'yes' : 'NO'}`,
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
