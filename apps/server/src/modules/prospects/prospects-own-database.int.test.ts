import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import type { FilterNode, ImportDetail, ImportEnrichment, ImportEnrichPreview, Prospect, ProspectCompanyPage, ProspectFacets, ProspectProfile } from '@leadtrail/contracts';
import { createProspectReads } from '../../core/unit-of-work.js';
import { migrate } from '../../db/migrate.js';
import { createTestApp, signUp, uniqueEmail, type TestContext } from '../../../test/helpers.js';
import { databaseUrlOn, dropDatabase, freshDatabase } from '../../../test/scratch-database.js';
import { ensureTestProspects } from './cli/prospects-fixture.js';
import { addExtraProspects } from './testing/extra-prospect.js';
import { uploadImport } from '../imports/testing/upload-import.js';
import { createProspectsRepository } from './prospects.repository.js';
import { createProspectsService } from './prospects.service.js';

/**
 * The prospect tables in a database of their own (PROSPECTS_DATABASE_URL, decision 0043): an app
 * whose own database has no prospect tables at all (renamed away after migrating) answers every
 * prospect use case exactly as an app with one database does. Two fresh databases on the test server: the split app's own, and the
 * prospects database (the shared test set plus a person only it has). The one-database app for
 * comparison runs on the prospects database itself (its workspace tables there), so no other test
 * file's changes to the shared set can make the two differ.
 */
const server = inject('databaseUrl');
const names = { app: `leadtrail_split_app_${process.pid}`, prospects: `leadtrail_split_prospects_${process.pid}` };
const urlOf = (name: string) => databaseUrlOn(server, name);

const PROSPECT_TABLES = ['prospect_people', 'prospect_companies', 'prospect_facet_counts'] as const;

type Owner = Awaited<ReturnType<typeof signUp>>;
type Person = { id: string; email: string | null; linkedin_url: string | null; company_domain: string | null };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt-split-'));
let split: TestContext;
let one: TestContext;
let prospectsPool: pg.Pool;
let s: Owner;
let o: Owner;
let onlyHere: string;
const people: Record<'byEmail' | 'byLinkedin' | 'suppressed' | 'toReveal', Person> = {} as never;
let suppressedDomain: string;
let ourCompanyDomain: string;

const pick = async (where: string, offset: number) =>
  (await prospectsPool.query<Person>(`select id, email, linkedin_url, company_domain from prospect_people where company_id is not null and ${where} order by id offset ${offset} limit 1`)).rows[0]!;

beforeAll(async () => {
  for (const name of Object.values(names)) {
    const pool = new pg.Pool({ connectionString: await freshDatabase(server, name), max: 1 });
    await migrate(pool);
    // the split app's own prospect tables renamed away: any statement of it that still read them
    // in its own database (a join across) would fail here, not quietly find nobody
    if (name === names.app) {
      for (const table of PROSPECT_TABLES) await pool.query(`alter table ${table} rename to unused_${table}`);
    }
    await pool.end();
  }
  prospectsPool = new pg.Pool({ connectionString: urlOf(names.prospects), max: 2 });
  await ensureTestProspects(prospectsPool);
  const extraEmail = uniqueEmail('only.in.prospects');
  onlyHere = (await addExtraProspects(prospectsPool, [{ email: extraEmail, firstName: 'Onlyhere', lastName: 'Prospectsdb' }])).ids[0]!;

  split = await createTestApp({ DATABASE_URL: urlOf(names.app), PROSPECTS_DATABASE_URL: urlOf(names.prospects), DATA_DIR: dataDir });
  one = await createTestApp({ DATABASE_URL: urlOf(names.prospects) });
  s = await signUp(split.app, { companyName: 'Split' });
  o = await signUp(one.app, { companyName: 'One' });

  people.byEmail = await pick('email is not null', 10);
  people.byLinkedin = await pick('linkedin_url is not null', 20);
  people.suppressed = await pick('email is not null', 30);
  suppressedDomain = (await prospectsPool.query<{ domain: string }>(`select domain from prospect_companies order by id offset 40 limit 1`)).rows[0]!.domain;
  ourCompanyDomain = (await prospectsPool.query<{ domain: string }>(`select domain from prospect_companies order by id offset 50 limit 1`)).rows[0]!.domain;
  people.toReveal = await pick(`email is not null and email_status = 'valid' and company_domain <> '${suppressedDomain}'`, 60);

  // the same workspace state in both apps, through the API
  for (const who of [s, o]) {
    const created = [
      await who.request({ method: 'POST', url: '/api/v1/contacts', payload: { email: people.byEmail.email } }),
      await who.request({ method: 'POST', url: '/api/v1/contacts', payload: { firstName: 'Lin', linkedinUrl: people.byLinkedin.linkedin_url } }),
      await who.request({ method: 'POST', url: '/api/v1/contacts', payload: { email: extraEmail } }),
      await who.request({ method: 'POST', url: '/api/v1/companies', payload: { name: 'Ours', domain: ourCompanyDomain } }),
    ];
    for (const res of created) expect(res.statusCode, res.body).toBe(201);
    const supp = await who.request({
      method: 'POST',
      url: '/api/v1/suppressions',
      payload: { entries: [{ value: people.suppressed.email }, { value: suppressedDomain, kind: 'domain' }] },
    });
    expect(supp.statusCode, supp.body).toBeLessThan(300);
  }
}, 240_000);

afterAll(async () => {
  await split?.close();
  await one?.close();
  await prospectsPool?.end();
  for (const name of Object.values(names)) await dropDatabase(server, name);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const qs = (params: Record<string, string | number | boolean | FilterNode | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]): [string, string] => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  ).toString();
async function get<T>(who: Owner, url: string): Promise<T> {
  const res = await who.request({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}
/** A page as both apps must show it: the workspace's own ids (contacts) differ between them, their presence does not. */
const shown = (page: { data: Prospect[]; nextCursor: string | null }) => ({
  ids: page.data.map((p) => p.id),
  rows: page.data.map(({ contactId, ...p }) => ({ ...p, hasContact: contactId !== null })),
  next: page.nextCursor !== null,
});

describe('prospect tables in their own database (PROSPECTS_DATABASE_URL)', () => {
  it('the split app reads the prospects database: its own database has no prospect tables', async () => {
    expect(split.config.prospectsDatabaseUrl).toBe(urlOf(names.prospects));
    const present = await split.db.pool.query<{ t: string | null }>(`select to_regclass(t) as t from unnest($1::text[]) t`, [PROSPECT_TABLES]);
    expect(present.rows.map((r) => r.t)).toEqual([null, null, null]);
    // the person only the prospects database has is found, and is this workspace's by its contact's email
    const profile = await get<ProspectProfile>(s, `/api/v1/prospects/${onlyHere}`);
    expect(profile.person).toMatchObject({ id: onlyHere, firstName: 'Onlyhere', alreadyMine: true });
  });

  it('searches as one database does: all, net new, mine, and suppression hidden or shown', async () => {
    const filters: (FilterNode | undefined)[] = [
      undefined,
      { field: 'companyDomain', op: 'is', value: suppressedDomain },
      { field: 'seniority', op: 'anyOf', value: ['director', 'vp'] },
    ];
    for (const filter of filters) {
      for (const scope of ['all', 'net_new', 'mine'] as const) {
        for (const includeSuppressed of [false, true]) {
          const url = `/api/v1/prospects?${qs({ filter, scope, includeSuppressed, limit: 100 })}`;
          const [a, b] = [await get<{ data: Prospect[]; nextCursor: string | null }>(s, url), await get<{ data: Prospect[]; nextCursor: string | null }>(o, url)];
          expect(shown(a), url).toEqual(shown(b));
        }
      }
    }
    const mine = await get<{ data: Prospect[] }>(s, `/api/v1/prospects?${qs({ scope: 'mine', limit: 100 })}`);
    expect(new Set(mine.data.map((p) => p.id))).toEqual(new Set([people.byEmail.id, people.byLinkedin.id, onlyHere]));
    expect(mine.data.every((p) => p.alreadyMine && p.contactId !== null)).toBe(true);
    // the suppression check ran in the app's database: the address and the domain's people hidden, shown flagged
    const atDomain = { field: 'companyDomain', op: 'is', value: suppressedDomain } as const;
    expect((await get<{ data: Prospect[] }>(s, `/api/v1/prospects?${qs({ filter: atDomain, limit: 100 })}`)).data.filter((p) => p.hasEmail)).toEqual([]);
    const flagged = await get<{ data: Prospect[] }>(s, `/api/v1/prospects?${qs({ filter: atDomain, includeSuppressed: true, limit: 100 })}`);
    expect(flagged.data.length).toBeGreaterThan(0);
    expect(flagged.data.filter((p) => p.hasEmail).every((p) => p.suppressed)).toBe(true);
    const byAddress = { field: 'companyDomain', op: 'is', value: people.suppressed.company_domain! } as const;
    const hidden = await get<{ data: Prospect[] }>(s, `/api/v1/prospects?${qs({ filter: byAddress, limit: 100 })}`);
    expect(hidden.data.map((p) => p.id)).not.toContain(people.suppressed.id);
  });

  it('counts facets as one database does, in memory and by SQL', async () => {
    const ctxOf = (who: Owner) => ({ workspaceId: who.me.workspace.id, userId: who.me.user.id, memberId: who.me.member.id, role: 'owner' as const, permissions: [], via: 'job' as const, sessionId: null });
    const repo = createProspectsRepository();
    const splitSql = createProspectsService({ uow: split.container.uow, repo, inMemoryFacets: false, reads: createProspectReads(split.prospectsDb) });
    const oneSql = createProspectsService({ uow: one.container.uow, repo, inMemoryFacets: false });
    const filters: (FilterNode | undefined)[] = [
      undefined,
      { and: [{ field: 'seniority', op: 'anyOf', value: ['director', 'VP'] }, { field: 'department', op: 'is', value: 'sales' }] },
      { field: 'companyDomain', op: 'is', value: suppressedDomain },
    ];
    for (const filter of filters) {
      for (const q of [undefined, 'manager']) {
        for (const scope of ['all', 'net_new', 'mine'] as const) {
          for (const includeSuppressed of [false, true]) {
            const params = { filter: filter ? JSON.stringify(filter) : undefined, q, scope, includeSuppressed };
            const label = JSON.stringify(params);
            const expected = await oneSql.facets(ctxOf(o), params);
            expect(await splitSql.facets(ctxOf(s), params), label).toEqual(expected);
            expect(await get<ProspectFacets>(s, `/api/v1/prospects/facets?${qs(params)}`), label).toEqual(expected);
          }
        }
      }
    }
  });

  it('shows the profile drawer and the Companies tab as one database does', async () => {
    for (const id of [people.byEmail.id, people.suppressed.id, people.toReveal.id, onlyHere]) {
      const [a, b] = [await get<ProspectProfile>(s, `/api/v1/prospects/${id}`), await get<ProspectProfile>(o, `/api/v1/prospects/${id}`)];
      const { contactId: ca, ...pa } = a.person;
      const { contactId: cb, ...pb } = b.person;
      expect({ ...a, person: pa, hasContact: ca !== null }).toEqual({ ...b, person: pb, hasContact: cb !== null });
    }
    const company = await get<ProspectProfile>(s, `/api/v1/prospects/${people.byEmail.id}`);
    const peopleThere = await prospectsPool.query<{ n: number }>(`select count(*)::int as n from prospect_people where company_domain = $1`, [people.byEmail.company_domain]);
    expect(company.company?.peopleCount).toBe(peopleThere.rows[0]!.n);
    expect((await s.request({ method: 'GET', url: '/api/v1/prospects/00000000-0000-7000-8000-000000000000' })).statusCode).toBe(404);

    for (const scope of ['all', 'net_new', 'mine'] as const) {
      const url = `/api/v1/prospects/companies?${qs({ scope, limit: 50 })}`;
      // the workspace's own company ids differ between the apps; whether there is one does not
      const strip = (p: ProspectCompanyPage) => ({ ...p, data: p.data.map(({ companyId, ...r }: ProspectCompanyPage['data'][number] & { companyId?: string | null }) => ({ ...r, hasCompany: !!companyId })) });
      expect(strip(await get<ProspectCompanyPage>(s, url)), url).toEqual(strip(await get<ProspectCompanyPage>(o, url)));
      const facetsUrl = `/api/v1/prospects/companies/facets?${qs({ scope })}`;
      expect(await get(s, facetsUrl), facetsUrl).toEqual(await get(o, facetsUrl));
    }
    const mine = await get<ProspectCompanyPage>(s, `/api/v1/prospects/companies?${qs({ scope: 'mine', limit: 50 })}`);
    expect(mine.data.map((c) => c.domain)).toEqual([ourCompanyDomain]);
    expect(mine.data[0]!.alreadyMine).toBe(true);
  });

  it('reveals a person into a contact of the app database, charged; a privacy erasure takes the reveal back out', async () => {
    const before = await get<{ balance: number }>(s, '/api/v1/credits');
    const res = await s.request({
      method: 'POST',
      url: '/api/v1/prospects/reveal',
      headers: { 'idempotency-key': `split-${s.me.workspace.id}` },
      payload: { ids: [people.toReveal.id], fields: 'email' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const revealed = (res.json() as { revealed: { contactId: string; email: string; prospectId: string }[] }).revealed;
    expect(revealed).toHaveLength(1);
    expect(revealed[0]!.email).toBe(people.toReveal.email);
    expect((await get<{ balance: number }>(s, '/api/v1/credits')).balance).toBe(before.balance - 1);
    const inApp = await split.db.pool.query(`select 1 from contacts where id = $1 and email = $2`, [revealed[0]!.contactId, people.toReveal.email]);
    expect(inApp.rowCount).toBe(1);
    // the search shows it revealed (markers from the app database)
    const profile = await get<ProspectProfile>(s, `/api/v1/prospects/${people.toReveal.id}`);
    expect(profile.person).toMatchObject({ emailMasked: people.toReveal.email, revealed: { email: true }, alreadyMine: true, contactId: revealed[0]!.contactId });

    const erased = await s.request({ method: 'POST', url: '/api/v1/privacy/erasures', payload: { email: people.toReveal.email } });
    expect(erased.statusCode, erased.body).toBe(200);
    expect((erased.json() as { removed: { reveals: number; contacts: number } }).removed).toMatchObject({ reveals: 1, contacts: 1 });
    const left = await split.db.pool.query(`select 1 from prospect_reveals where prospect_id = $1`, [people.toReveal.id]);
    expect(left.rowCount).toBe(0);
    // the person is still in the prospects database, now suppressed here (the erasure suppresses the address's hash)
    const after = await get<ProspectProfile>(s, `/api/v1/prospects/${people.toReveal.id}`);
    expect(after.person).toMatchObject({ alreadyMine: false, revealed: { email: false }, suppressed: true });
  });

  it("enriches an import's contacts from the prospects database: the dry run's matches, then the fills, charged once", async () => {
    const who = await signUp(split.app, { companyName: 'Split imports' });
    await get(who, '/api/v1/credits');
    // people whose name + domain is unique in the set (so that key has one answer)
    const ps = (
      await prospectsPool.query<{ first_name: string; last_name: string; email: string; linkedin_url: string; company_domain: string }>(
        `select first_name, last_name, email, linkedin_url, company_domain from prospect_people p
         where email is not null and phone is not null and linkedin_url is not null and company_domain is not null
           and first_name !~ '[",]' and last_name !~ '[",]'
           and (select count(*) from prospect_people q where lower(q.company_domain) = lower(p.company_domain)
                  and lower(q.first_name) = lower(p.first_name) and lower(q.last_name) = lower(p.last_name)) = 1
         order by id desc limit 3`,
      )
    ).rows;
    expect(ps).toHaveLength(3);
    const csv = [
      'First Name,Last Name,Email,LinkedIn,Domain',
      `${ps[0]!.first_name},${ps[0]!.last_name},,${ps[0]!.linkedin_url},`,
      `${ps[1]!.first_name},${ps[1]!.last_name},${ps[1]!.email},,`,
      `${ps[2]!.first_name},${ps[2]!.last_name},,,${ps[2]!.company_domain}`,
      'Nobody,Known,,,nobody.example',
    ].join('\n') + '\n';
    const up = await uploadImport(who, 'people.csv', csv);
    expect(up.statusCode, up.body).toBe(201);
    const id = (up.json() as ImportDetail).id;
    const mapping = ['firstName', 'lastName', 'email', 'linkedinUrl', 'companyDomain'].map((target, index) => ({ index, target }));
    const patched = await who.request({ method: 'PATCH', url: `/api/v1/imports/${id}`, payload: { mapping, options: { enrich: true } } });
    expect(patched.statusCode, patched.body).toBe(200);
    const preview = await who.request({ method: 'POST', url: `/api/v1/imports/${id}/enrich-preview`, payload: {} });
    expect(preview.statusCode, preview.body).toBe(200);
    // each row lacks a phone (5 credits), two lack the email too (1 credit each)
    expect(preview.json()).toMatchObject({ lacking: 4, matches: { linkedin: 1, email: 1, nameDomain: 1 }, emails: 2, phones: 3, cost: 17 } satisfies Partial<ImportEnrichPreview>);
    const started = await who.request({ method: 'POST', url: `/api/v1/imports/${id}/start` });
    expect(started.statusCode, started.body).toBe(200);
    const end = Date.now() + 30_000;
    let imp: ImportDetail;
    for (;;) {
      imp = await get<ImportDetail>(who, `/api/v1/imports/${id}`);
      if (['completed', 'completed_with_errors', 'failed', 'cancelled'].includes(imp.status)) break;
      if (Date.now() > end) throw new Error(`import still ${imp.status}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(imp.status).toBe('completed');
    expect(await get<ImportEnrichment>(who, `/api/v1/imports/${id}/enrichment`)).toMatchObject({ creditsCharged: 17, emailsFilled: 2, phonesFilled: 3 });
    const filled = await split.db.pool.query(`select 1 from contacts where workspace_id = $1 and email = any($2)`, [who.me.workspace.id, ps.map((p) => p.email)]);
    expect(filled.rowCount).toBe(3);
  });

  it('counts saved searches, reveals by a search and refunds a reported email with its own database apart', async () => {
    const who = await signUp(split.app, { companyName: 'Split saved' });
    const query = { filter: { and: [{ field: 'seniority', op: 'anyOf', value: ['director', 'vp'] }, { field: 'hasEmail', op: 'is', value: true }] }, scope: 'net_new' };
    const saved = await who.request({ method: 'POST', url: '/api/v1/saved-searches', payload: { name: 'Leaders', query } });
    expect(saved.statusCode, saved.body).toBe(201);
    const listed = await get<{ data: { name: string; newCount: number }[] }>(who, '/api/v1/saved-searches');
    expect(listed.data).toEqual([expect.objectContaining({ name: 'Leaders', newCount: 0 })]);

    // the first net-new person of the search, as the search's first page shows them
    const page = await get<{ data: Prospect[] }>(who, `/api/v1/prospects?${qs({ ...query, filter: query.filter as FilterNode, limit: 1 })}`);
    const res = await who.request({
      method: 'POST',
      url: '/api/v1/prospects/reveal',
      headers: { 'idempotency-key': `split-search-${who.me.workspace.id}` },
      payload: { ...query, limit: 1, fields: 'email' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const revealed = (res.json() as { revealed: { prospectId: string; contactId: string; email: string | null }[] }).revealed;
    expect(revealed.map((r) => r.prospectId), res.body).toEqual([page.data[0]!.id]);
    const net = await get<ProspectFacets>(who, `/api/v1/prospects/facets?${qs({ filter: query.filter as FilterNode, scope: 'net_new' })}`);
    expect(net.totals.mine).toBe(1);

    const before = await get<{ balance: number }>(who, '/api/v1/credits');
    const refund = await who.request({ method: 'POST', url: `/api/v1/contacts/${revealed[0]!.contactId}/report-invalid-email` });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await get<{ balance: number }>(who, '/api/v1/credits')).balance).toBe(before.balance + 1);
    // the refunded address is not handed back (its hash kept on the reveal, compared in the app's database)
    const profile = await get<ProspectProfile>(who, `/api/v1/prospects/${revealed[0]!.prospectId}`);
    expect(profile.person.revealed.email).toBe(false);
  });
});
