import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrate } from '../../../db/migrate.js';
import { generateProspects } from './prospects-generator.js';
import { runProspectsCommand } from './prospects.cli.js';
import { dropDatabase, freshDatabase } from '../../../../test/scratch-database.js';

/**
 * The generator's CSV and the licensed-data loader, in a database of their own (the prospect
 * tables are global: loading into the run's database would replace the set other tests read).
 */
let pool: pg.Pool;
let dir: string;
const name = `leadtrail_prospects_load_${process.pid}`;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await freshDatabase(inject('databaseUrl'), name), max: 2 });
  pool.on('error', () => {}); // a failed load closes its connection
  await migrate(pool);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prospects-'));
}, 60_000);
afterAll(async () => {
  await pool?.end();
  await dropDatabase(inject('databaseUrl'), name);
  fs.rmSync(dir, { recursive: true, force: true });
});

const log = () => {};

describe('prospects generate --csv and load', () => {
  it('loads the generator CSV into exactly the generated people and companies, with positions and facet counts', async () => {
    const file = path.join(dir, 'people.csv');
    await runProspectsCommand(pool, ['generate', '--people', '1500', '--seed', 'csv', '--csv', file], log);
    await runProspectsCommand(pool, ['load', file], log);
    const generated = [...generateProspects({ people: 1500, seed: 'csv' })];
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const people = generated.flatMap((g) => g.people).sort(byId);
    const rows = (await pool.query(`select id, first_name, last_name, title, seniority, department, email, email_status, phone, linkedin_url,
        city, region, country, company_id, company_name, company_domain, industry, employee_range, revenue_range from prospect_people order by id`)).rows;
    expect(rows).toEqual(
      people.map((p) => ({
        id: p.id, first_name: p.firstName, last_name: p.lastName, title: p.title, seniority: p.seniority, department: p.department,
        email: p.email, email_status: p.emailStatus, phone: p.phone, linkedin_url: p.linkedinUrl, city: p.city, region: p.region,
        country: p.country, company_id: p.companyId, company_name: p.companyName, company_domain: p.companyDomain, industry: p.industry,
        employee_range: p.employeeRange, revenue_range: p.revenueRange,
      })),
    );
    const companies = (await pool.query(`select id, domain, employee_count, revenue from prospect_companies order by id`)).rows;
    expect(companies).toEqual(
      generated.map((g) => ({ id: g.company.id, domain: g.company.domain, employee_count: g.company.employeeCount, revenue: String(g.company.revenue) }))
        .sort(byId),
    );
    const shape = (await pool.query(`select count(*)::int as n, count(distinct pos)::int as positions, min(pos) as lo, max(pos) as hi from prospect_people`)).rows[0];
    expect(shape).toEqual({ n: 1500, positions: 1500, lo: 0, hi: 1499 });
    const facetDiff = await pool.query(`
      (select 'seniority' as dimension, seniority as value, count(*) as count from prospect_people group by 2
       union all select 'hasPhone', has_phone::text, count(*) from prospect_people group by 2
       union all select 'total', '', count(*) from prospect_people)
      except select dimension, value, count from prospect_facet_counts`);
    expect(facetDiff.rows).toEqual([]);
  });

  it('normalises a messy licensed file: BOM, extra and missing columns, case, unknown values, rows without name or email', async () => {
    const file = path.join(dir, 'licensed.csv');
    fs.writeFileSync(
      file,
      '\uFEFFFirst_Name,last_name,EMAIL,seniority,department,phone,company_domain,company_name,company_employee_count,company_revenue,extra\n' +
        'Ada,Lovelace, ADA@Engines.Example ,Director,Sales,+1 415 555 0134,https://www.engines.example/about,Engines,250,12000000,x\n' +
        'Bob,,not-an-email,emperor,astrology,,engines.example,Engines,,,y\n' +
        ',,,,,,,,,,z\n',
    );
    await runProspectsCommand(pool, ['load', file], log);
    const rows = (await pool.query(`select first_name, email, email_status, seniority, department, phone, company_domain, employee_range, revenue_range, pos
      from prospect_people order by pos`)).rows;
    expect(rows).toEqual([
      { first_name: 'Ada', email: 'ada@engines.example', email_status: 'unknown', seniority: 'director', department: 'sales', phone: '+14155550134',
        company_domain: 'engines.example', employee_range: '201-500', revenue_range: '10M-50M', pos: 0 },
      { first_name: 'Bob', email: null, email_status: null, seniority: null, department: null, phone: null,
        company_domain: 'engines.example', employee_range: '201-500', revenue_range: '10M-50M', pos: 1 },
    ]);
    expect((await pool.query('select count(*)::int as n from prospect_companies')).rows[0].n).toBe(1);
    // a reload of the same file keeps the ids (derived from the data when the file has none)
    const before = (await pool.query('select id from prospect_people order by pos')).rows;
    await runProspectsCommand(pool, ['load', file], log);
    expect((await pool.query('select id from prospect_people order by pos')).rows).toEqual(before);
  });

  it('refuses what is not a prospect file and bad arguments, keeping the data', async () => {
    const file = path.join(dir, 'other.csv');
    fs.writeFileSync(file, 'sku,price\na,1\n');
    const before = (await pool.query('select count(*)::int as n from prospect_people')).rows[0].n;
    await expect(runProspectsCommand(pool, ['load', file], log)).rejects.toThrow(/Not a prospect file/);
    await expect(runProspectsCommand(pool, ['generate', '--people', '-3'], log)).rejects.toThrow(/--people/);
    await expect(runProspectsCommand(pool, ['load', path.join(dir, 'missing.csv')], log)).rejects.toThrow(/No such file/);
    expect((await pool.query('select count(*)::int as n from prospect_people')).rows[0].n).toBe(before);
  });
});
