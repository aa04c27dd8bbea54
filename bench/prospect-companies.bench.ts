/**
 * The Companies tab's requests (issue 26, docs/decisions/0038) at the scale of the prospect
 * benchmark: 1,000,000 generated people (their companies: the generator's, ~1 per 10 people),
 * a workspace with 2,000 companies of the same domains, measured server-side through
 * app.inject (session, RLS, JSON included).
 *
 *   DATABASE_URL=postgres://… npm exec -w bench -- tsx prospect-companies.bench.ts
 *
 * Env: DATABASE_URL (required: a database of its own; the set is generated once and reused),
 * BENCH_PEOPLE (1000000), BENCH_RUNS (20).
 */
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createContainer } from '../apps/server/src/container.js';
import { createDb } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { createMailer } from '../apps/server/src/lib/mail.js';
import { generateIntoDatabase } from '../apps/server/src/modules/prospects/cli/prospects.cli.js';
import { benchAccount } from './sign-up.js';
import { time } from './timing.js';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const ORIGIN = 'http://localhost:3000';
const log = (m: string) => console.log(`[bench] ${m}`);

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('Set DATABASE_URL to a database of its own');
  const db = createDb(databaseUrl, { max: 8 });
  await migrate(db.pool);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: ORIGIN, AUTH_RATE_LIMIT: '10000', DATA_DIR: '.data/bench-companies' });
  const logger = pino({ level: 'silent' });
  const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, db, log: logger });
  const container = createContainer({ config, db, jobs: null, mailer, log: logger });
  const app = await buildApp(config, { db, mailer, container });
  await app.ready();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const have = Number((await client.query('select count(*) from prospect_people')).rows[0].count);
    if (have !== PEOPLE) {
      log(`generating ${PEOPLE.toLocaleString('en-US')} people…`);
      await generateIntoDatabase(db.pool, { people: PEOPLE, seed: 'bench' }, log);
      await client.query('vacuum analyze prospect_people, prospect_companies');
    }
    const companies = Number((await client.query('select count(*) from prospect_companies')).rows[0].count);
    const { workspaceId: ws, cookie } = await benchAccount(app, databaseUrl, {
      email: 'companies-owner@leadtrail.example', password: 'bench password 2026', companyName: 'Companies Co', name: 'Company Tester', origin: ORIGIN,
    });
    await client.query(`insert into companies (workspace_id, id, name, domain)
      select $1, gen_random_uuid(), name, domain from prospect_companies order by id limit 2000 on conflict do nothing`, [ws]);
    await client.query('analyze companies');
    const [top] = (await client.query(`select industry, country from prospect_companies group by 1, 2 order by count(*) desc limit 1`)).rows;
    const enc = (f: unknown) => encodeURIComponent(JSON.stringify(f));
    const two = { and: [{ field: 'industry', op: 'is', value: top.industry }, { field: 'employeeRange', op: 'anyOf', value: ['51-200', '201-500'] }] };
    const three = { and: [...two.and, { field: 'country', op: 'is', value: top.country }] };
    const headers = { origin: ORIGIN, cookie };
    const api = (url: string) => async () => {
      const r = await app.inject({ method: 'GET', url, headers });
      if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body.slice(0, 300)}`);
    };
    const cases: [string, string][] = [
      ['page, no filter (biggest first)', '/api/v1/prospects/companies?limit=50'],
      ['page, by name, keywords', '/api/v1/prospects/companies?limit=50&sort=name&q=tech'],
      ['page, 3 filters, net new', `/api/v1/prospects/companies?limit=50&scope=net_new&filter=${enc(three)}`],
      ['page, already mine', '/api/v1/prospects/companies?limit=50&scope=mine'],
      ['facets, no filter', '/api/v1/prospects/companies/facets'],
      ['facets, 2 filters', `/api/v1/prospects/companies/facets?filter=${enc(two)}`],
      ['facets, 3 filters, net new', `/api/v1/prospects/companies/facets?scope=net_new&filter=${enc(three)}`],
      ['facets, keywords', '/api/v1/prospects/companies/facets?q=tech'],
      ['people at 2 companies (facets)', `/api/v1/prospects/facets?filter=${enc({ field: 'companyDomain', op: 'anyOf', value: (await client.query('select domain from prospect_companies order by id limit 2')).rows.map((r) => r.domain) })}`],
    ];
    console.log(`\nProspect companies: ${companies.toLocaleString('en-US')} companies of ${PEOPLE.toLocaleString('en-US')} people; ${RUNS} runs each through app.inject`);
    console.log('request | median ms | p95 ms');
    for (const [name, url] of cases) {
      const s = await time(api(url), RUNS);
      console.log(`${name} | ${s.median.toFixed(1)} | ${s.p95.toFixed(1)}`);
    }
  } finally {
    await client.end();
    await app.close();
    await db.pool.end();
  }
}

await main();
