import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { prospectSearchBodySchema, type FilterNode, type Prospect, type ProspectFacets } from '@leadtrail/contracts';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { ensureTestProspects } from './cli/prospects-fixture.js';
import { createProspectsRepository } from './prospects.repository.js';
import { createProspectsService } from './prospects.service.js';

/**
 * The prospect search and facets over the shared generated set; every expected figure is
 * computed with SQL on the same data, never hard-coded.
 */
let t: TestContext;
type Owner = Awaited<ReturnType<typeof signUp>>;
let a: Owner;
let b: Owner;

type Person = { id: string; email: string | null; phone: string | null; linkedin_url: string | null; company_domain: string | null };

beforeAll(async () => {
  t = await createTestApp();
  await ensureTestProspects(t.db.pool);
  a = await signUp(t.app, { companyName: 'Workspace A' });
  b = await signUp(t.app, { companyName: 'Workspace B' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

// The expected answers are read from the loaded set: its people all have a company. People another
// test file adds beside the set for a moment (prospects/testing/extra-prospect.ts) have none, and the
// empty search's precomputed counts never include them.
const rows = async <T>(text: string, values: unknown[] = []) => (await t.db.pool.query(text, values)).rows as T[];
const count = async (where: string, values: unknown[] = []) =>
  Number((await rows<{ n: string }>(`select count(*) as n from prospect_people p where p.company_id is not null and (${where})`, values))[0]!.n);
const firstIds = async (where: string, values: unknown[] = [], limit = 25) =>
  (await rows<{ id: string }>(`select id from prospect_people p where p.company_id is not null and (${where}) order by id limit ${limit}`, values)).map((r) => r.id);

const qs = (params: Record<string, string | number | boolean | FilterNode | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]): [string, string] => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  ).toString();

async function search(who: Owner, params: Record<string, string | number | boolean | FilterNode | undefined>) {
  const res = await who.request({ method: 'GET', url: `/api/v1/prospects?${qs(params)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Prospect[]; nextCursor: string | null };
}
async function facets(who: Owner, params: Record<string, string | number | boolean | FilterNode | undefined>) {
  const res = await who.request({ method: 'GET', url: `/api/v1/prospects/facets?${qs(params)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProspectFacets;
}
/** Every id of a search, page by page. */
async function allIds(who: Owner, params: Record<string, string | number | boolean | FilterNode | undefined>) {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await search(who, { ...params, limit: 100, cursor });
    ids.push(...page.data.map((p) => p.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return ids;
}

describe('prospect search filters (no workspace exceptions yet)', () => {
  it('answers every filter with the rows and the count SQL finds', async () => {
    const [industry] = await rows<{ v: string }>(`select industry as v from prospect_people where company_id is not null group by 1 order by count(*) desc, 1 offset 2 limit 1`);
    const [place] = await rows<{ region: string; city: string; country: string }>(
      `select region, city, country from prospect_people where company_id is not null and country <> 'United States' group by 1, 2, 3 order by count(*) desc limit 1`,
    );
    const [company] = await rows<{ name: string; domain: string }>(`select name, domain from prospect_companies order by employee_count desc limit 1`);
    const cases: [FilterNode, string, unknown[]][] = [
      [{ field: 'seniority', op: 'anyOf', value: ['director', 'vp'] }, `seniority in ('director', 'vp')`, []],
      [{ field: 'department', op: 'is', value: 'sales' }, `department = 'sales'`, []],
      [{ field: 'industry', op: 'is', value: industry!.v.toUpperCase() }, `industry = $1`, [industry!.v]],
      [{ field: 'employeeRange', op: 'anyOf', value: ['1-10', '11-50'] }, `employee_range in ('1-10', '11-50')`, []],
      [{ field: 'revenueRange', op: 'is', value: '10M-50M' }, `revenue_range = '10M-50M'`, []],
      [{ field: 'country', op: 'is', value: place!.country.toLowerCase() }, `country = $1`, [place!.country]],
      [{ field: 'region', op: 'is', value: place!.region }, `region = $1`, [place!.region]],
      [{ field: 'city', op: 'anyOf', value: [place!.city, 'Nowhere'] }, `city = $1`, [place!.city]],
      [{ field: 'emailStatus', op: 'is', value: 'risky' }, `email_status = 'risky'`, []],
      [{ field: 'hasEmail', op: 'is', value: false }, `email is null`, []],
      [{ field: 'hasPhone', op: 'is', value: true }, `phone is not null`, []],
      [{ field: 'jobTitle', op: 'contains', value: ['engineer', 'RECRUIT'] }, `(title ~* '\\mengineer' or title ~* '\\mrecruit')`, []],
      [{ field: 'jobTitle', op: 'contains', value: 'Sales Man' }, `title ~* '\\msales man'`, []],
      [{ field: 'jobTitle', op: 'is', value: 'head of sales' }, `lower(title) = 'head of sales'`, []],
      [{ field: 'companyName', op: 'is', value: company!.name }, `lower(company_name) = lower($1)`, [company!.name]],
      [{ field: 'companyDomain', op: 'is', value: company!.domain }, `company_domain = $1`, [company!.domain]],
      [
        { and: [{ field: 'seniority', op: 'is', value: 'manager' }, { or: [{ field: 'department', op: 'is', value: 'sales' }, { field: 'hasPhone', op: 'is', value: true }] }] },
        `seniority = 'manager' and (department = 'sales' or phone is not null)`,
        [],
      ],
    ];
    for (const [filter, where, values] of cases) {
      const expected = await count(where, values);
      expect(expected, where).toBeGreaterThan(0);
      const page = await search(a, { filter });
      expect(page.data.map((p) => p.id), where).toEqual(await firstIds(where, values));
      expect((await facets(a, { filter })).totals.all, where).toBe(expected);
    }
  });

  it('matches keywords at the start of words of the name, title and company', async () => {
    const where = `search @@ to_tsquery('simple', 'senior:* & engin:*')`;
    expect(await count(where)).toBeGreaterThan(0);
    expect((await search(a, { q: 'Senior engin' })).data.map((p) => p.id)).toEqual(await firstIds(where));
    expect((await facets(a, { q: 'Senior engin' })).totals.all).toBe(await count(where));
    const [person] = await rows<{ id: string; last_name: string; company_name: string }>(`select id, last_name, company_name from prospect_people where company_id is not null order by id limit 1`);
    const hit = await allIds(a, { q: `${person!.last_name} ${person!.company_name}` });
    expect(hit).toContain(person!.id);
  });

  it('pages by cursor through every match exactly once, in any sort', async () => {
    const filter: FilterNode = { field: 'seniority', op: 'anyOf', value: ['director', 'head'] };
    const expected = (await rows<{ id: string }>(`select id from prospect_people where company_id is not null and seniority in ('director', 'head') order by id`)).map((r) => r.id);
    expect(expected.length).toBeGreaterThan(100);
    expect(await allIds(a, { filter })).toEqual(expected);
    const byName = await allIds(a, { filter, sort: '-lastName' });
    expect(byName.length).toBe(expected.length);
    expect(new Set(byName)).toEqual(new Set(expected));
    const sorted = (await rows<{ id: string }>(`select id from prospect_people where company_id is not null and seniority in ('director', 'head') order by last_name desc nulls first, id desc`)).map((r) => r.id);
    expect(byName).toEqual(sorted);
  });

  it('refuses bad filters, sorts and cursors with a clear 400, and answers 401 without a session', async () => {
    for (const url of [
      `/api/v1/prospects?${qs({ filter: { field: 'salary', op: 'is', value: 1 } })}`,
      `/api/v1/prospects?${qs({ filter: { field: 'seniority', op: 'is', value: 'emperor' } })}`,
      '/api/v1/prospects?filter=%7Bnope',
      '/api/v1/prospects?sort=email',
      '/api/v1/prospects?cursor=garbage',
      '/api/v1/prospects?scope=theirs',
      '/api/v1/prospects/facets?filter=%7Bnope',
    ]) {
      const res = await a.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/prospects' })).statusCode).toBe(401);
  });

  it('facets count each value as the search finds it, leaving out the facet’s own condition', async () => {
    const filter: FilterNode = { and: [{ field: 'seniority', op: 'is', value: 'director' }, { field: 'country', op: 'is', value: 'United States' }] };
    const f = await facets(a, { filter });
    const where = `seniority = 'director' and country = 'United States'`;
    expect(f.totals.all).toBe(await count(where));
    const byDept = await rows<{ value: string; count: string }>(`select department as value, count(*) from prospect_people where company_id is not null and (${where}) group by 1`);
    expect(Object.fromEntries(f.facets.department.map((x) => [x.value, x.count]))).toEqual(Object.fromEntries(byDept.map((r) => [r.value, Number(r.count)])));
    // seniority counted without its own condition: every seniority in the United States
    const bySeniority = await rows<{ value: string; count: string }>(`select seniority as value, count(*) from prospect_people where company_id is not null and country = 'United States' group by 1`);
    expect(Object.fromEntries(f.facets.seniority.map((x) => [x.value, x.count]))).toEqual(Object.fromEntries(bySeniority.map((r) => [r.value, Number(r.count)])));
    expect(f.facets.seniority.find((x) => x.value === 'director')!.count).toBe(f.totals.all);
    const sum = (xs: { count: number }[]) => xs.reduce((s, x) => s + x.count, 0);
    expect(sum(f.facets.hasEmail)).toBe(f.totals.all);
    expect(sum(f.facets.emailStatus)).toBe(f.facets.hasEmail.find((x) => x.value === 'true')!.count);
    // the empty search reads the precomputed counts: they agree with the data
    const empty = await facets(a, {});
    expect(empty.totals.all).toBe(await count('true'));
    const byRange = await rows<{ value: string; count: string }>(`select employee_range as value, count(*) from prospect_people where company_id is not null group by 1`);
    expect(Object.fromEntries(empty.facets.employeeRange.map((x) => [x.value, x.count]))).toEqual(Object.fromEntries(byRange.map((r) => [r.value, Number(r.count)])));
  });
});

describe('a workspace’s own people: scope, suppression, masking and markers', () => {
  let mineByEmail: Person;
  let mineByLinkedin: Person;
  let revealed: Person;
  let suppressedByEmail: Person;
  let suppressedDomain: string;
  let suppressedByHash: Person;
  let contactId: string;

  beforeAll(async () => {
    const pick = (where: string, offset: number) =>
      rows<Person>(`select id, email, phone, linkedin_url, company_domain from prospect_people where company_id is not null and (${where}) order by id offset ${offset} limit 1`).then((r) => r[0]!);
    mineByEmail = await pick(`email is not null and phone is not null`, 0);
    mineByLinkedin = await pick(`email is null and linkedin_url is not null`, 0);
    revealed = await pick(`email is not null and phone is not null`, 1);
    suppressedByEmail = await pick(`email is not null`, 5);
    suppressedByHash = await pick(`email is not null`, 6);
    // a small company's domain, so the check covers several people
    suppressedDomain = (await rows<{ d: string }>(
      `select company_domain as d from prospect_people where company_id is not null and email is not null group by 1 having count(*) between 2 and 10 order by 1 limit 1`,
    ))[0]!.d;

    const c1 = await a.request({ method: 'POST', url: '/api/v1/contacts', payload: { email: mineByEmail.email!.toUpperCase() } });
    expect(c1.statusCode, c1.body).toBe(201);
    contactId = c1.json().id;
    const c2 = await a.request({ method: 'POST', url: '/api/v1/contacts', payload: { firstName: 'Lin', linkedinUrl: mineByLinkedin.linkedin_url } });
    expect(c2.statusCode, c2.body).toBe(201);
    const sha = createHash('sha256').update(suppressedByHash.email!).digest('hex');
    const s = await a.request({
      method: 'POST',
      url: '/api/v1/suppressions',
      payload: { entries: [{ value: suppressedByEmail.email }, { value: suppressedDomain, kind: 'domain' }, { value: sha, kind: 'hash' }] },
    });
    expect(s.statusCode, s.body).toBeLessThan(300);
    // a reveal of email and phone in A (the credits module writes these; here directly, as the app role)
    await t.container.uow.tenant({ workspaceId: a.me.workspace.id, userId: a.me.user.id }, (tx) =>
      tx.execute(sqlInsertReveal(a.me.workspace.id, revealed.id, a.me.member.id)),
    );
  });

  const suppressedWhere = () => `email is not null and (email in ($1, $2) or split_part(email, '@', 2) = $3)`;
  const suppressedValues = () => [suppressedByEmail.email, suppressedByHash.email, suppressedDomain];

  it('scope mine is exactly the contacts by email and LinkedIn URL and the reveals; net new is the rest', async () => {
    const mine = await allIds(a, { scope: 'mine' });
    expect(new Set(mine)).toEqual(new Set([mineByEmail.id, mineByLinkedin.id, revealed.id]));
    const page = await search(a, { scope: 'mine' });
    const byEmail = page.data.find((p) => p.id === mineByEmail.id)!;
    expect(byEmail).toMatchObject({ alreadyMine: true, contactId, revealed: { email: false, phone: false } });
    expect(page.data.find((p) => p.id === mineByLinkedin.id)!.contactId).not.toBeNull();

    const f = await facets(a, {});
    const suppressed = await count(suppressedWhere(), suppressedValues());
    expect(suppressed).toBeGreaterThan(2);
    expect(f.totals).toEqual({ all: (await count('true')) - suppressed, netNew: (await count('true')) - suppressed - 3, mine: 3, suppressed });
    const netNew = await facets(a, { scope: 'net_new' });
    const sum = (xs: { count: number }[]) => xs.reduce((s, x) => s + x.count, 0);
    expect(sum(netNew.facets.hasEmail)).toBe(f.totals.netNew);
    const mineFacets = await facets(a, { scope: 'mine' });
    expect(sum(mineFacets.facets.hasEmail)).toBe(3);

    // net new with a filter leaves out exactly the mine ones among its matches
    const filter: FilterNode = { field: 'companyDomain', op: 'is', value: mineByEmail.company_domain! };
    const all = await allIds(a, { filter, includeSuppressed: true });
    const nn = await allIds(a, { filter, scope: 'net_new', includeSuppressed: true });
    expect(all).toContain(mineByEmail.id);
    expect(nn).toEqual(all.filter((id) => id !== mineByEmail.id && id !== revealed.id && id !== mineByLinkedin.id));
  });

  it('masks email and phone unless revealed in this workspace', async () => {
    const page = await search(a, { scope: 'mine' });
    const shown = page.data.find((p) => p.id === revealed.id)!;
    expect(shown).toMatchObject({ emailMasked: revealed.email, phoneMasked: revealed.phone, revealed: { email: true, phone: true }, alreadyMine: true, contactId: null });
    const masked = page.data.find((p) => p.id === mineByEmail.id)!;
    const [local, domain] = mineByEmail.email!.split('@');
    expect(masked.emailMasked).toBe(`${local![0]}•••@${domain}`);
    expect(masked.phoneMasked).toMatch(/^\+\d{1,3} \d{3} ••• ••\d\d$/);
    expect(masked.phoneMasked!.endsWith(mineByEmail.phone!.slice(-2))).toBe(true);
    expect(JSON.stringify(page)).not.toContain(mineByEmail.email!);
    expect(masked).toMatchObject({ hasEmail: true, hasPhone: true });
    const noEmail = page.data.find((p) => p.id === mineByLinkedin.id)!;
    expect(noEmail).toMatchObject({ hasEmail: false, emailMasked: null, emailStatus: null });
  });

  it('hides suppressed people unless asked, and flags them when shown', async () => {
    const filter: FilterNode = { field: 'companyDomain', op: 'is', value: suppressedDomain };
    const shown = await allIds(a, { filter });
    const expectedShown = (await rows<{ id: string }>(`select id from prospect_people where company_id is not null and company_domain = $1 and email is null order by id`, [suppressedDomain])).map((r) => r.id);
    expect(shown).toEqual(expectedShown);
    const withSuppressed = await search(a, { filter, includeSuppressed: true, limit: 100 });
    expect(withSuppressed.data.map((p) => p.id)).toEqual(await firstIds(`company_domain = $1`, [suppressedDomain], 100));
    for (const p of withSuppressed.data) expect(p.suppressed).toBe(p.hasEmail);
    const byHash = await search(a, { filter: { field: 'companyDomain', op: 'is', value: suppressedByHash.company_domain! }, includeSuppressed: true, limit: 100 });
    expect(byHash.data.find((p) => p.id === suppressedByHash.id)!.suppressed).toBe(true);
    const f = await facets(a, { filter });
    expect(f.totals.suppressed).toBe(await count(`company_domain = $1 and email is not null`, [suppressedDomain]));
    expect(f.totals.all).toBe(expectedShown.length);
  });

  it('counts facets in memory exactly as SQL does, for every kind of search', async () => {
    // the in-memory path's preconditions: every person has a position, the load is stamped
    expect(await count('pos is null')).toBe(0);
    expect((await rows(`select 1 from prospect_facet_counts where dimension = 'load'`)).length).toBe(1);
    const sqlOnly = createProspectsService({ uow: t.container.uow, repo: createProspectsRepository(), inMemoryFacets: false });
    const ctx = { workspaceId: a.me.workspace.id, userId: a.me.user.id, memberId: a.me.member.id, role: 'owner' as const, permissions: [], via: 'job' as const, sessionId: null };
    const [place] = await rows<{ city: string }>(`select city from prospect_people where company_id is not null and country = 'Germany' group by 1 order by count(*) desc limit 1`);
    const filters: (FilterNode | undefined)[] = [
      undefined,
      { and: [{ field: 'seniority', op: 'anyOf', value: ['director', 'VP'] }, { field: 'department', op: 'is', value: 'sales' }, { field: 'country', op: 'is', value: 'united states' }] },
      { and: [{ field: 'country', op: 'isNot', value: 'United States' }, { field: 'city', op: 'is', value: place!.city }] },
      { and: [{ field: 'hasEmail', op: 'is', value: false }, { field: 'emailStatus', op: 'isEmpty' }, { field: 'employeeRange', op: 'anyOf', value: ['1-10', '10001+'] }] },
      { and: [{ field: 'seniority', op: 'isNot', value: 'intern' }, { field: 'seniority', op: 'isNot', value: 'entry' }, { or: [{ field: 'department', op: 'is', value: 'it' }, { field: 'hasPhone', op: 'is', value: 'true' }] }] },
      { field: 'companyDomain', op: 'is', value: suppressedDomain },
      { field: 'seniority', op: 'is', value: 'manager' },
      { and: [{ field: 'department', op: 'is', value: 'it' }, { field: 'hasPhone', op: 'is', value: true }] },
      { and: [{ field: 'industry', op: 'isNotEmpty' }, { field: 'revenueRange', op: 'isNot', value: '1B+' }, { field: 'emailStatus', op: 'anyOf', value: ['valid', 'RISKY'] }, { field: 'country', op: 'anyOf', value: ['france', 'Germany'] }] },
    ];
    const bodies: ReturnType<typeof prospectSearchBodySchema.parse>[] = [];
    const totals: number[] = [];
    for (const filter of filters) {
      for (const q of [undefined, 'manager']) {
        for (const scope of ['all', 'net_new', 'mine'] as const) {
          for (const includeSuppressed of [false, true]) {
            const params = { filter: filter ? JSON.stringify(filter) : undefined, q, scope, includeSuppressed };
            const label = JSON.stringify(params);
            const bySql = await sqlOnly.facets(ctx, params);
            expect(await t.container.prospects.facets(ctx, params), label).toEqual(bySql);
            // the saved searches' "N new" counts the total alone (a body, as saved)
            const body = prospectSearchBodySchema.parse({ filter: filter ?? null, q, scope, includeSuppressed });
            const expected = scope === 'mine' ? bySql.totals.mine : scope === 'net_new' ? bySql.totals.netNew : bySql.totals.all;
            const [total] = await t.container.uow.tenant(ctx, (tx) => sqlOnly.totalsIn(tx, ctx, [body]));
            expect(total, label).toBe(expected);
            bodies.push(body);
            totals.push(expected);
          }
        }
      }
    }
    // keywords count in memory over each field's lexemes (decision 0040): several words, word parts
    // of hyphenated titles, a name with a company, a word nobody has
    const [who] = await rows<{ first_name: string; company_name: string }>(`select first_name, company_name from prospect_people where company_id is not null order by id limit 1`);
    for (const q of ['co found', 'sales man', `${who!.first_name} ${who!.company_name.split(' ')[0]}`, 'Vice-President', 'zzqx']) {
      for (const filter of [undefined, filters[1]]) {
        for (const scope of ['all', 'net_new'] as const) {
          const params = { filter: filter ? JSON.stringify(filter) : undefined, q, scope, includeSuppressed: false };
          expect(await t.container.prospects.facets(ctx, params), JSON.stringify(params)).toEqual(await sqlOnly.facets(ctx, params));
        }
      }
    }
    // in memory, many searches at once (one read of the workspace's exceptions for all)
    expect(await t.container.uow.tenant(ctx, (tx) => t.container.prospects.totalsIn(tx, ctx, bodies))).toEqual(totals);
  });

  it('another workspace sees none of it: nothing mine, nothing revealed, nothing suppressed', async () => {
    expect(await allIds(b, { scope: 'mine' })).toEqual([]);
    const f = await facets(b, {});
    expect(f.totals).toEqual({ all: await count('true'), netNew: await count('true'), mine: 0, suppressed: 0 });
    const page = await search(b, { filter: { field: 'companyDomain', op: 'is', value: revealed.company_domain! }, limit: 100 });
    const p = page.data.find((x) => x.id === revealed.id)!;
    expect(p).toMatchObject({ alreadyMine: false, contactId: null, revealed: { email: false, phone: false }, suppressed: false });
    expect(p.emailMasked).not.toBe(revealed.email);
  });

  it('a profile: the person as the search shows them in each workspace, and their company with its people', async () => {
    const profile = async (who: Owner, id: string) => {
      const res = await who.request({ method: 'GET', url: `/api/v1/prospects/${id}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { person: Prospect; company: { name: string; domain: string | null; peopleCount: number } | null };
    };
    const [company] = await rows<{ name: string; domain: string; people: string }>(
      `select c.name, c.domain, (select count(*) from prospect_people x where x.company_id = c.id) as people
       from prospect_people p join prospect_companies c on c.id = p.company_id where p.id = $1`,
      [revealed.id],
    );
    const inA = await profile(a, revealed.id);
    const shownInA = (await search(a, { filter: { field: 'companyDomain', op: 'is', value: revealed.company_domain! }, limit: 100 })).data;
    expect(inA.person).toEqual(shownInA.find((x) => x.id === revealed.id));
    expect(inA.person).toMatchObject({ emailMasked: revealed.email, revealed: { email: true, phone: true } });
    expect(inA.company).toMatchObject({ name: company!.name, domain: company!.domain, peopleCount: Number(company!.people) });
    // another workspace: the same person and company, masked, nothing of A's
    const inB = await profile(b, revealed.id);
    expect(inB.person).toMatchObject({ alreadyMine: false, contactId: null, revealed: { email: false, phone: false } });
    expect(inB.person.emailMasked).not.toBe(revealed.email);
    expect(inB.company).toEqual(inA.company);
    expect((await a.request({ method: 'GET', url: '/api/v1/prospects/00000000-0000-7000-8000-000000000000' })).statusCode).toBe(404);
    expect((await a.request({ method: 'GET', url: '/api/v1/prospects/not-an-id' })).statusCode).toBe(400);
  });

  it('gives the reveal use case real details, suppression and what is already revealed (forRevealIn)', async () => {
    const ctx = { workspaceId: a.me.workspace.id, userId: a.me.user.id, memberId: a.me.member.id, role: 'owner' as const, permissions: [], via: 'job' as const, sessionId: null };
    const got = await t.container.uow.tenant(ctx, (tx) => t.container.prospects.forRevealIn(tx, ctx, { ids: [revealed.id, suppressedByEmail.id, mineByEmail.id] }));
    expect(got.map((p) => p.id)).toEqual([revealed.id, suppressedByEmail.id, mineByEmail.id]);
    expect(got[0]).toMatchObject({ email: revealed.email, phone: revealed.phone, revealed: { email: true, phone: true }, suppressed: false });
    expect(got[0]!.company?.domain).toBe(revealed.company_domain);
    expect(got[1]!.suppressed).toBe(true);
    expect(got[2]!.contactId).toBe(contactId);
    const filter: FilterNode = { field: 'companyDomain', op: 'is', value: suppressedDomain };
    const bySearch = await t.container.uow.tenant(ctx, (tx) => t.container.prospects.forRevealIn(tx, ctx, { filter, includeSuppressed: true, limit: 1000 }));
    expect(bySearch.map((p) => p.id)).toEqual(await firstIds(`company_domain = $1`, [suppressedDomain], 1000));
    const inB = { ...ctx, workspaceId: b.me.workspace.id, userId: b.me.user.id, memberId: b.me.member.id };
    const other = await t.container.uow.tenant(inB, (tx) => t.container.prospects.forRevealIn(tx, inB, { ids: [revealed.id, suppressedByEmail.id] }));
    expect(other.map((p) => [p.revealed.email, p.suppressed])).toEqual([[false, false], [false, false]]);
  });
});

function sqlInsertReveal(workspaceId: string, prospectId: string, memberId: string) {
  return sql`insert into prospect_reveals (workspace_id, prospect_id, email_revealed, email_revealed_at, phone_revealed, phone_revealed_at, revealed_by)
             values (${workspaceId}::uuid, ${prospectId}::uuid, true, now(), true, now(), ${memberId}::uuid)`;
}
