import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilterNode, ProspectCompanyFacets, ProspectCompanyPage, ProspectFacets, Prospect } from '@leadtrail/contracts';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { ensureTestProspects } from './cli/prospects-fixture.js';

/**
 * The Companies tab (issue 26, docs/decisions/0038) over the shared generated set: every
 * expected figure is computed with SQL on the same data, never hard-coded.
 */
let t: TestContext;
type Owner = Awaited<ReturnType<typeof signUp>>;
let a: Owner;
let b: Owner;

beforeAll(async () => {
  t = await createTestApp();
  await ensureTestProspects(t.db.pool);
  a = await signUp(t.app, { companyName: 'Workspace A' });
  b = await signUp(t.app, { companyName: 'Workspace B' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Params = Record<string, string | number | boolean | FilterNode | undefined>;
const rows = async <T>(text: string, values: unknown[] = []) => (await t.db.pool.query(text, values)).rows as T[];
const qs = (params: Params) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]): [string, string] => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  ).toString();

async function get<T>(who: Owner, url: string): Promise<T> {
  const res = await who.request({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
const companies = (who: Owner, params: Params) => get<ProspectCompanyPage>(who, `/api/v1/prospects/companies?${qs(params)}`);
const facets = (who: Owner, params: Params) => get<ProspectCompanyFacets>(who, `/api/v1/prospects/companies/facets?${qs(params)}`);
/** Every company of a search, page by page. */
async function allCompanies(who: Owner, params: Params) {
  const out: ProspectCompanyPage['data'] = [];
  let cursor: string | undefined;
  do {
    const page = await companies(who, { ...params, limit: 100, cursor });
    out.push(...page.data);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}
/** SQL's counts per value of one column over a WHERE on prospect_companies. */
async function sqlBuckets(column: string, where: string, values: unknown[] = []) {
  const r = await rows<{ value: string; count: string }>(
    `select ${column} as value, count(*) as count from prospect_companies where ${where} and ${column} is not null group by 1`,
    values,
  );
  return Object.fromEntries(r.map((x) => [x.value, Number(x.count)]));
}
const asMap = (buckets: { value: string; count: number }[]) => Object.fromEntries(buckets.map((x) => [x.value, x.count]));

describe('prospect companies search', () => {
  it('pages through exactly the companies SQL finds for filters and keywords, biggest first or by name', async () => {
    const [top] = await rows<{ industry: string }>(`select industry from prospect_companies group by 1 order by count(*) desc limit 1`);
    const filter: FilterNode = { and: [{ field: 'industry', op: 'is', value: top!.industry.toUpperCase() }, { field: 'employeeRange', op: 'anyOf', value: ['11-50', '51-200', '201-500'] }] };
    const where = `lower(industry) = lower($1) and employee_range in ('11-50', '51-200', '201-500')`;
    const expected = await rows<{ id: string }>(`select id from prospect_companies where ${where} order by coalesce(employee_count, -1) desc, id desc`, [top!.industry]);
    expect(expected.length).toBeGreaterThan(1);
    const got = await allCompanies(a, { filter });
    expect(got.map((c) => c.id)).toEqual(expected.map((r) => r.id));
    const byName = await rows<{ id: string }>(`select id from prospect_companies where ${where} order by name, id`, [top!.industry]);
    expect((await allCompanies(a, { filter, sort: 'name' })).map((c) => c.id)).toEqual(byName.map((r) => r.id));
    expect((await facets(a, { filter })).totals.all).toBe(expected.length);

    // each row: its people in the database, not mine yet
    const first = got[0]!;
    const [people] = await rows<{ n: string }>(`select count(*) as n from prospect_people where company_id = $1`, [first.id]);
    expect(first.peopleCount).toBe(Number(people!.n));
    expect(first).toMatchObject({ alreadyMine: false, companyId: null });

    // keywords: the start of a word of the name or of the domain
    const [one] = await rows<{ id: string; name: string; domain: string }>(`select id, name, domain from prospect_companies order by id limit 1`);
    const word = one!.name.split(/\s+/)[0]!.slice(0, 4);
    const kw = await rows<{ n: string }>(
      `select count(*) as n from prospect_companies where name ~* $1 or domain ~* $2`,
      [`\\m${word}`, `(^|[.-])${word}`],
    );
    const hits = await allCompanies(a, { q: word });
    expect(hits.map((c) => c.id)).toContain(one!.id);
    expect(hits.length).toBe(Number(kw[0]!.n));
    expect((await companies(a, { q: one!.domain })).data.map((c) => c.id)).toEqual([one!.id]);
  });

  it('counts each facet as SQL does, without its own choice', async () => {
    const [country] = await rows<{ country: string }>(`select country from prospect_companies group by 1 order by count(*) desc limit 1`);
    const filter: FilterNode = { and: [{ field: 'country', op: 'is', value: country!.country }, { field: 'revenueRange', op: 'is', value: '10M-50M' }] };
    const f = await facets(a, { filter });
    const both = `country = $1 and revenue_range = '10M-50M'`;
    expect(asMap(f.facets.industry)).toEqual(await sqlBuckets('industry', both, [country!.country]));
    expect(asMap(f.facets.employeeRange)).toEqual(await sqlBuckets('employee_range', both, [country!.country]));
    // its own condition dropped
    expect(asMap(f.facets.country)).toEqual(await sqlBuckets('country', `revenue_range = '10M-50M'`));
    expect(asMap(f.facets.revenueRange)).toEqual(await sqlBuckets('revenue_range', `country = $1`, [country!.country]));
    expect(f.facets.revenueRange.map((x) => x.value)).toEqual(['<1M', '1M-10M', '10M-50M', '50M-100M', '100M-500M', '500M-1B', '1B+'].filter((v) => v in asMap(f.facets.revenueRange)));
    // the empty search: the whole table
    const all = await facets(a, {});
    expect(all.totals).toEqual({ all: Number((await rows<{ n: string }>(`select count(*) as n from prospect_companies`))[0]!.n), netNew: all.totals.all, mine: 0 });
    expect(asMap(all.facets.industry)).toEqual(await sqlBuckets('industry', 'true'));
  });

  it('marks a company already mine by domain in its own workspace only, and scopes by it', async () => {
    const [co] = await rows<{ id: string; domain: string; industry: string }>(`select id, domain, industry from prospect_companies order by employee_count desc nulls last, id limit 1`);
    const created = await a.request({ method: 'POST', url: '/api/v1/companies', payload: { name: 'Ours', domain: co!.domain } });
    expect(created.statusCode, created.body).toBe(201);
    const companyId = (created.json() as { id: string }).id;
    const filter: FilterNode = { field: 'industry', op: 'is', value: co!.industry };
    const [inIndustry] = await rows<{ n: string }>(`select count(*) as n from prospect_companies where industry = $1`, [co!.industry]);
    const n = Number(inIndustry!.n);

    const mine = await companies(a, { filter, scope: 'mine' });
    expect(mine.data.map((c) => [c.id, c.alreadyMine, c.companyId])).toEqual([[co!.id, true, companyId]]);
    expect((await allCompanies(a, { filter, scope: 'net_new' })).map((c) => c.id)).not.toContain(co!.id);
    expect((await allCompanies(a, { filter, scope: 'net_new' })).length).toBe(n - 1);
    const fa = await facets(a, { filter, scope: 'mine' });
    expect(fa.totals).toEqual({ all: n, netNew: n - 1, mine: 1 });
    expect(fa.facets.industry).toEqual([{ value: co!.industry, count: 1 }]);
    // the industry facet drops its own condition: every industry, this one less the company of ours
    expect((await facets(a, { filter, scope: 'net_new' })).facets.industry.find((x) => x.value === co!.industry)).toEqual({ value: co!.industry, count: n - 1 });

    // another workspace: not its company
    expect((await companies(b, { filter, scope: 'mine' })).data).toEqual([]);
    expect((await facets(b, { filter })).totals).toEqual({ all: n, netNew: n, mine: 0 });
    expect((await companies(b, { filter, limit: 100 })).data.find((c) => c.id === co!.id)).toMatchObject({ alreadyMine: false, companyId: null });
  });

  it('refuses bad filters, sorts, scopes and cursors with a problem+json 400', async () => {
    for (const url of [
      `/api/v1/prospects/companies?${qs({ filter: { field: 'seniority', op: 'is', value: 'vp' } })}`,
      `/api/v1/prospects/companies?${qs({ filter: { field: 'employeeRange', op: 'is', value: 'huge' } })}`,
      `/api/v1/prospects/companies/facets?${qs({ filter: { field: 'country', op: 'gt', value: 'x' } })}`,
      '/api/v1/prospects/companies?filter=%7Bnope',
      '/api/v1/prospects/companies?sort=revenue',
      '/api/v1/prospects/companies?scope=theirs',
      '/api/v1/prospects/companies?cursor=garbage',
    ]) {
      const res = await a.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });
});

describe('people at chosen companies', () => {
  it('filters the people search and its facets by company domains', async () => {
    const picked = (await rows<{ domain: string }>(`select domain from prospect_companies order by employee_count desc nulls last, id limit 3`)).map((r) => r.domain);
    const filter: FilterNode = { and: [{ field: 'companyDomain', op: 'anyOf', value: picked.map((d) => d.toUpperCase()) }, { field: 'seniority', op: 'anyOf', value: ['manager', 'director', 'vp', 'head', 'senior'] }] };
    const where = `company_domain = any($1) and seniority in ('manager', 'director', 'vp', 'head', 'senior')`;
    const [n] = await rows<{ n: string }>(`select count(*) as n from prospect_people where ${where}`, [picked]);
    expect(Number(n!.n)).toBeGreaterThan(0);
    const f = await get<ProspectFacets>(a, `/api/v1/prospects/facets?${qs({ filter })}`);
    expect(f.totals.all).toBe(Number(n!.n));
    const seniority = await rows<{ value: string; count: string }>(`select seniority as value, count(*) as count from prospect_people where company_domain = any($1) group by 1`, [picked]);
    expect(asMap(f.facets.seniority)).toEqual(Object.fromEntries(seniority.map((x) => [x.value, Number(x.count)])));
    const page = await get<{ data: Prospect[] }>(a, `/api/v1/prospects?${qs({ filter, limit: 100 })}`);
    expect(page.data.length).toBe(Math.min(100, Number(n!.n)));
    for (const p of page.data) expect(picked).toContain(p.companyDomain);
  });
});
