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
 * BENCH_PG_PORT 5491), BENCH_PEOPLE (1000000; a comma-separated list such as
 * 1000000,5000000,10000000 measures each size in turn, one run per size, and prints the growth
 * table: p95 and bare SQL per request, the web process's RSS and heap, the facet index's memory
 * and build time), BENCH_RUNS (30). A set already there is reused (then the generator's rate
 * is not measured). Decision 0040 holds the figures.
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
const SIZES = (process.env.BENCH_PEOPLE ?? '1000000').split(',').map(Number);
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
  type SizeResult = {
    people: number;
    results: { name: string; target: number; api: Stats; sql: Stats }[];
    reveals: string[];
    generator: { rate: number; copyS: number; indexS: number } | null;
    buildS: number;
    facetMb: number;
    rssMb: number;
    heapMb: number;
  };
  const growth: SizeResult[] = [];
  const mb = (bytes: number) => bytes / 1024 / 1024;
  try {
    for (const PEOPLE of SIZES) {
      let generator: SizeResult['generator'] = null;
      const have = Number((await client.query('select count(*) from prospect_people')).rows[0].count);
      if (have !== PEOPLE) {
        log(`generating ${PEOPLE.toLocaleString('en-US')} people…`);
        const r = await generateIntoDatabase(db.pool, { people: PEOPLE, seed: 'bench' }, log);
        generator = { rate: r.people / (r.ms / 1000), copyS: r.copyMs / 1000, indexS: r.indexMs / 1000 };
        log(`generator: ${Math.round(generator.rate).toLocaleString('en-US')} people/s (COPY ${generator.copyS.toFixed(1)} s, indexes ${generator.indexS.toFixed(1)} s, total ${(r.ms / 1000).toFixed(1)} s)`);
        await client.query('vacuum analyze prospect_people');
      } else {
        log(`reusing the generated ${PEOPLE.toLocaleString('en-US')} people`);
      }
      // a workspace per size (the reveals of one size would otherwise be the next one's exceptions)
      const { workspaceId: ws, cookie } = await benchAccount(app, databaseUrl, {
        email: `prospect-owner-${PEOPLE}@leadtrail.example`, password: PASSWORD, companyName: 'Prospecting Co', name: 'Prospect Tester', origin: ORIGIN,
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
      // the web process's memory before and after the facet index of this load is built (its first facets request)
      global.gc?.();
      const built = performance.now();
      await api('/api/v1/prospects/facets')();
      const buildS = (performance.now() - built) / 1000;
      const index = container.prospects.facetIndexSize();
      log(`facet index: built in ${buildS.toFixed(1)} s, ${index ? mb(index.bytes).toFixed(0) : '?'} MB for ${PEOPLE.toLocaleString('en-US')} people`);

      const sqlq = (text: string, params: unknown[] = []) => () => client.query(text, params);
      const mineIds = (await client.query<{ ids: string }>(
        `select array_agg(p.id)::text as ids from contacts c join prospect_people p on p.email = c.email where c.workspace_id = $1`, [ws])).rows[0]!.ids;
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
          target: 150,
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
          target: 600,
          api: api('/api/v1/prospects/facets?q=sales%20manager'),
          sql: sqlq(grouping(`search @@ to_tsquery('simple', 'sales:* & manager:*')`)),
        },
        {
          name: 'search, net new, 3 filters',
          target: 150,
          api: api(`/api/v1/prospects?limit=25&scope=net_new&filter=${enc(three)}`),
          sql: sqlq(`select * from prospect_people where ${threeSql} and id <> all($1::uuid[]) order by id limit 26`, [mineIds]),
        },
      ];
      const results: SizeResult['results'] = [];
      for (const c of cases) {
        const apiStats = await time(c.api, RUNS);
        const sqlStats = await time(c.sql, RUNS);
        log(`${c.name}: median ${apiStats.median.toFixed(1)} ms, p95 ${apiStats.p95.toFixed(1)} ms (SQL ${sqlStats.median.toFixed(1)} ms)`);
        results.push({ name: c.name, target: c.target, api: apiStats, sql: sqlStats });
      }
      const memory = process.memoryUsage();
      // reveals (credits, bench/reveal-figures.ts): rows of the same table
      const reveals = await measureReveals({ app, container, client, workspaceId: ws, headers, runs: RUNS, log });
      growth.push({ people: PEOPLE, results, reveals, generator, buildS, facetMb: index ? mb(index.bytes) : NaN, rssMb: mb(memory.rss), heapMb: mb(memory.heapUsed) });
    }

    const version = (await client.query('show server_version')).rows[0].server_version;
    for (const g of growth) {
      console.log(`\nProspects, ${g.people.toLocaleString('en-US')} people; PostgreSQL ${version}, Node ${process.version}; ${RUNS} runs each; app.inject vs bare SQL (superuser, no RLS)`);
      console.log(['request', 'median ms', 'p95 ms', 'SQL med', 'ratio', 'target p95', 'ok'].join(' | '));
      for (const r of g.results) {
        console.log([r.name, r.api.median.toFixed(1), r.api.p95.toFixed(1), r.sql.median.toFixed(1), `${(r.api.median / Math.max(r.sql.median, 0.01)).toFixed(1)}x`, `<= ${r.target}`, r.api.p95 <= r.target ? 'yes' : 'NO'].join(' | '));
      }
      for (const row of g.reveals) console.log(row);
      console.log(`generator: ${g.generator ? `${Math.round(g.generator.rate).toLocaleString('en-US')} people/s (COPY ${g.generator.copyS.toFixed(0)} s, indexes ${g.generator.indexS.toFixed(0)} s; target >= 40,000: ${g.generator.rate >= 40_000 ? 'yes' : 'NO'})` : 'not measured (data reused)'}`);
    }
    // the growth table: one column per size
    const sizes = growth.map((g) => `${g.people / 1_000_000}M`);
    console.log(`\nGrowth (p95 ms / bare SQL median ms)`);
    console.log(['', ...sizes].join(' | '));
    for (const [i, r] of growth[0]!.results.entries()) {
      console.log([r.name, ...growth.map((g) => `${g.results[i]!.api.p95.toFixed(1)} / ${g.results[i]!.sql.median.toFixed(1)}`)].join(' | '));
    }
    console.log(['facet index MB (per web process)', ...growth.map((g) => g.facetMb.toFixed(0))].join(' | '));
    console.log(['facet index build s (once per load and process)', ...growth.map((g) => g.buildS.toFixed(1))].join(' | '));
    console.log(['web process RSS / heap MB', ...growth.map((g) => `${g.rssMb.toFixed(0)} / ${g.heapMb.toFixed(0)}`)].join(' | '));
    console.log(['generator people/s', ...growth.map((g) => (g.generator ? Math.round(g.generator.rate).toLocaleString('en-US') : 'reused'))].join(' | '));
    if (growth.length > 1) {
      const perMillion = (growth.at(-1)!.facetMb - growth[0]!.facetMb) / ((growth.at(-1)!.people - growth[0]!.people) / 1_000_000);
      console.log(`facet index growth: ${perMillion.toFixed(1)} MB per million people`);
    }
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
