/**
 * Prospect search benchmark (issue 10): the generator writes 1,000,000 synthetic people into
 * its own embedded PostgreSQL, a workspace gets 2,000 of them as contacts and 220 suppression
 * entries, then the search and facet requests are measured server-side through app.inject
 * (session, RLS, JSON included), each next to bare SQL of its core query (superuser) in the
 * same run.
 *
 *   npm run bench:prospects -w bench
 *
 * Env: DATABASE_URL (else an embedded PostgreSQL under .data/bench-prospects, port
 * BENCH_PG_PORT 5491), BENCH_PEOPLE (1000000), BENCH_RUNS (30). The generated set is reused
 * when already there (then the generator's rate is not measured).
 */
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { benchAccount } from './sign-up.js';
import { time, type Stats } from './timing.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createContainer } from '../apps/server/src/container.js';
import { createDb } from '../apps/server/src/db/client.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { createMailer } from '../apps/server/src/lib/mail.js';
import { generateIntoDatabase } from '../apps/server/src/modules/prospects/cli/prospects.cli.js';
import { measureReveals } from './reveal-figures.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const PASSWORD = 'bench password 2026';
const ORIGIN = 'http://localhost:3000';
const log = (m: string) => console.log(`[bench] ${m}`);

async function main() {
  let databaseUrl = process.env.DATABASE_URL;
  let stop = async () => {};
  if (!databaseUrl) {
    const dataDir = path.resolve(ROOT, '.data/bench-prospects');
    const pgInstance = await startEmbeddedPostgres(dataDir, Number(process.env.BENCH_PG_PORT ?? 5491));
    databaseUrl = pgInstance.url;
    stop = pgInstance.stop;
    log(`embedded PostgreSQL under ${dataDir}`);
  }
  const db = createDb(databaseUrl, { max: 8 });
  await migrate(db.pool);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: ORIGIN, AUTH_RATE_LIMIT: '10000', DATA_DIR: '.data/bench-prospects' });
  const logger = pino({ level: 'silent' });
  const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, db, log: logger });
  const container = createContainer({ config, db, jobs: null, mailer, log: logger });
  const app = await buildApp(config, { db, mailer, container });
  await app.ready();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let generatorRate: number | null = null;
  try {
    const have = Number((await client.query('select count(*) from prospect_people')).rows[0].count);
    if (have !== PEOPLE) {
      log(`generating ${PEOPLE.toLocaleString('en-US')} people…`);
      const r = await generateIntoDatabase(db.pool, { people: PEOPLE, seed: 'bench' }, log);
      generatorRate = r.people / (r.ms / 1000);
      log(`generator: ${Math.round(generatorRate).toLocaleString('en-US')} people/s (COPY ${(r.copyMs / 1000).toFixed(1)} s, indexes ${(r.indexMs / 1000).toFixed(1)} s, total ${(r.ms / 1000).toFixed(1)} s)`);
      await client.query('vacuum analyze prospect_people');
    } else {
      log('reusing the generated people');
    }
    const { workspaceId: ws, cookie } = await benchAccount(app, databaseUrl, {
      email: 'prospect-owner@leadtrail.example', password: PASSWORD, companyName: 'Prospecting Co', name: 'Prospect Tester', origin: ORIGIN,
    });
    // the workspace's own people: 2,000 contacts from the database, 200 suppressed emails, 20 suppressed domains
    await client.query(`insert into contacts (workspace_id, id, first_name, last_name, email)
      select $1, gen_random_uuid(), first_name, last_name, email from prospect_people where email is not null order by id limit 2000
      on conflict do nothing`, [ws]);
    await client.query(`insert into suppressions (workspace_id, id, kind, value)
      select $1, gen_random_uuid(), 'email', email from prospect_people where email is not null order by id offset 5000 limit 200
      on conflict do nothing`, [ws]);
    await client.query(`insert into suppressions (workspace_id, id, kind, value)
      select $1, gen_random_uuid(), 'domain', domain from prospect_companies order by id limit 20
      on conflict do nothing`, [ws]);
    await client.query('analyze contacts');
    await client.query('analyze suppressions');

    const headers = { origin: ORIGIN, cookie };
    const api = (url: string) => async () => {
      const r = await app.inject({ method: 'GET', url, headers });
      if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body.slice(0, 300)}`);
    };
    const sqlq = (text: string, params: unknown[] = []) => () => client.query(text, params);
    const enc = (f: unknown) => encodeURIComponent(JSON.stringify(f));
    const three = {
      and: [
        { field: 'seniority', op: 'anyOf', value: ['director', 'vp'] },
        { field: 'department', op: 'is', value: 'sales' },
        { field: 'country', op: 'is', value: 'United States' },
      ],
    };
    const threeSql = `seniority in ('director', 'vp') and department = 'sales' and lower(country) = 'united states'`;
    const grouping = (where: string) => `select count(*) from prospect_people where ${where}
      group by grouping sets ((seniority), (department), (industry), (employee_range), (revenue_range), (country), (email_status), (has_email), (has_phone), ())`;

    const cases: { name: string; target: number; api: () => Promise<unknown>; sql: () => Promise<unknown> }[] = [
      {
        name: 'search, 3 filters, first page',
        target: 100,
        api: api(`/api/v1/prospects?limit=25&filter=${enc(three)}`),
        sql: sqlq(`select * from prospect_people where ${threeSql} order by id limit 26`),
      },
      {
        name: 'facets, 3 filters',
        target: 300,
        api: api(`/api/v1/prospects/facets?filter=${enc(three)}`),
        sql: sqlq(grouping(threeSql)),
      },
      {
        name: 'facets, empty search',
        target: 100,
        api: api('/api/v1/prospects/facets'),
        sql: sqlq('select * from prospect_facet_counts'),
      },
      {
        name: 'keyword search "sales manager"',
        target: 150,
        api: api('/api/v1/prospects?limit=25&q=sales%20manager'),
        sql: sqlq(`select * from prospect_people where search @@ to_tsquery('simple', 'sales:* & manager:*') order by id limit 26`),
      },
      {
        name: 'facets, keywords "sales manager"',
        target: 300,
        api: api('/api/v1/prospects/facets?q=sales%20manager'),
        sql: sqlq(grouping(`search @@ to_tsquery('simple', 'sales:* & manager:*')`)),
      },
      {
        name: 'search, net new, 3 filters',
        target: 100,
        api: api(`/api/v1/prospects?limit=25&scope=net_new&filter=${enc(three)}`),
        sql: sqlq(`select * from prospect_people where ${threeSql} order by id limit 26`),
      },
    ];
    const results: { name: string; target: number; api: Stats; sql: Stats }[] = [];
    for (const c of cases) {
      const apiStats = await time(c.api, RUNS);
      const sqlStats = await time(c.sql, RUNS);
      log(`${c.name}: median ${apiStats.median.toFixed(1)} ms, p95 ${apiStats.p95.toFixed(1)} ms (SQL ${sqlStats.median.toFixed(1)} ms)`);
      results.push({ name: c.name, target: c.target, api: apiStats, sql: sqlStats });
    }
    // reveals (credits, bench/reveal-figures.ts): rows of the same table
    const revealRows = await measureReveals({ app, container, client, workspaceId: ws, headers, runs: RUNS, log });
    const version = (await client.query('show server_version')).rows[0].server_version;
    console.log(`\nProspects, ${PEOPLE.toLocaleString('en-US')} people; PostgreSQL ${version}, Node ${process.version}; ${RUNS} runs each; app.inject vs bare SQL (superuser, no RLS)`);
    console.log(['request', 'median ms', 'p95 ms', 'SQL med', 'ratio', 'target p95', 'ok'].join(' | '));
    for (const r of results) {
      console.log([r.name, r.api.median.toFixed(1), r.api.p95.toFixed(1), r.sql.median.toFixed(1), `${(r.api.median / Math.max(r.sql.median, 0.01)).toFixed(1)}x`, `<= ${r.target}`, r.api.p95 <= r.target ? 'yes' : 'NO'].join(' | '));
    }
    for (const row of revealRows) console.log(row);
    console.log(`generator: ${generatorRate ? `${Math.round(generatorRate).toLocaleString('en-US')} people/s (${(PEOPLE / generatorRate).toFixed(0)} s for ${PEOPLE.toLocaleString('en-US')}; target < 120 s: ${PEOPLE / generatorRate < 120 ? 'yes' : 'NO'})` : 'not measured (data reused)'}`);
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
