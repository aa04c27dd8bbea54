import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../../test/helpers.js';
import { createCompany, expectProblem, filterParam, joinAsMember, pageThrough, parseCsv } from '../../../../test/records-kit.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Owner = Awaited<ReturnType<typeof signUp>>;
const post = (who: Owner, url: string, payload: Record<string, unknown>) => who.request({ method: 'POST', url, payload });
const get = (who: Owner, url: string) => who.request({ method: 'GET', url });

const company = createCompany;

describe('companies', () => {
  it('normalises the domain (from the website when empty) and the phone; refuses bad fields', async () => {
    const owner = await signUp(t.app);
    const a = await company(owner, { name: ' Umbrella ', domain: 'HTTPS://WWW.Umbrella.example/careers', phone: '(212) 555-0100', foundedYear: 1999 });
    expect(a).toMatchObject({ name: 'Umbrella', domain: 'umbrella.example', phone: '+12125550100', foundedYear: 1999, contactCount: 0, ownerId: owner.me.member.id });
    const b = await company(owner, { name: 'Bücher', website: 'bücher.example/shop', employeeRange: '11-50', revenueRange: '1M-10M' });
    expect(b).toMatchObject({ domain: 'xn--bcher-kva.example', website: 'https://xn--bcher-kva.example/shop' });

    const bad = expectProblem(await post(owner, '/api/v1/companies', { name: 'X', domain: 'not a domain', phone: 'abc', website: 'mailto:x' }), 400, 'validation_failed');
    expect(bad.errors?.map((e) => e.path).sort()).toEqual(['domain', 'phone', 'website']);
    expectProblem(await post(owner, '/api/v1/companies', { name: '' }), 400, 'validation_failed');
    expectProblem(await post(owner, '/api/v1/companies', { name: 'X', employeeRange: 'lots' }), 400, 'validation_failed');
    expectProblem(await post(owner, '/api/v1/companies', { name: 'X', foundedYear: 3000 }), 400, 'validation_failed');
    expect((await get(owner, '/api/v1/companies/count')).json().total).toBe(2);
  });

  it('answers 409 with the existing id for a duplicate domain, on create and edit', async () => {
    const owner = await signUp(t.app);
    const a = await company(owner, { name: 'A', domain: 'dup.example' });
    const b = await company(owner, { name: 'B', domain: 'b.example' });
    const onCreate = expectProblem(await post(owner, '/api/v1/companies', { name: 'A2', website: 'http://www.DUP.example' }), 409, 'duplicate');
    expect(onCreate).toMatchObject({ existingId: a.id, field: 'domain' });
    const onEdit = expectProblem(await owner.request({ method: 'PATCH', url: `/api/v1/companies/${b.id}`, payload: { domain: 'dup.example' } }), 409, 'duplicate');
    expect(onEdit.existingId).toBe(a.id);
    // companies without a domain never collide
    await company(owner, { name: 'No domain 1' });
    await company(owner, { name: 'No domain 2' });
  });

  it('edits with a timeline entry per change, counts its contacts, deletes (contacts stay, unlinked)', async () => {
    const owner = await signUp(t.app);
    const co = await company(owner, { name: 'Vandelay', domain: 'vandelay.example', industry: 'Import/Export' });
    const c1 = (await post(owner, '/api/v1/contacts', { email: 'art@vandelay.example' })).json();
    await post(owner, '/api/v1/contacts', { email: 'kel@vandelay.example' });
    expect(c1.companyId).toBe(co.id);
    expect((await get(owner, `/api/v1/companies/${co.id}`)).json().contactCount).toBe(2);
    const edited = await owner.request({ method: 'PATCH', url: `/api/v1/companies/${co.id}`, payload: { industry: 'Latex', city: 'New York' } });
    expect(edited.json()).toMatchObject({ industry: 'Latex', city: 'New York', domain: 'vandelay.example' });
    const edits = (await get(owner, `/api/v1/companies/${co.id}/activity`)).json().data.filter((a: { type: string }) => a.type === 'edited');
    expect(edits.map((e: { data: unknown }) => e.data)).toEqual(
      expect.arrayContaining([
        { field: 'industry', label: 'Industry', from: 'Import/Export', to: 'Latex' },
        { field: 'city', label: 'City', from: null, to: 'New York' },
      ]),
    );
    // the company's contacts, as the detail page lists them
    const contacts = (await get(owner, `/api/v1/contacts?filter=${filterParam({ field: 'companyId', op: 'is', value: co.id })}`)).json();
    expect(contacts.data).toHaveLength(2);
    expect((await owner.request({ method: 'DELETE', url: `/api/v1/companies/${co.id}` })).statusCode).toBe(204);
    expect((await get(owner, `/api/v1/contacts/${c1.id}`)).json()).toMatchObject({ companyId: null, companyName: null });
  });

  it('grid: pages, sorts, filters, searches, exports', async () => {
    const owner = await signUp(t.app);
    await post(owner, '/api/v1/custom-fields', { entity: 'companies', label: 'Segment', type: 'single_select', options: [{ label: 'SMB' }, { label: 'Enterprise' }] });
    const names = ['Zeta Corp', 'alpha labs', 'Mega Industries', 'Beta', 'Gamma Smith'];
    for (const [i, name] of names.entries()) {
      await company(owner, { name, domain: `${name.split(' ')[0]!.toLowerCase()}.example`, foundedYear: 1990 + i, customFields: i % 2 ? { segment: 'SMB' } : { segment: 'Enterprise' } });
    }
    const all = await pageThrough(owner.request, '/api/v1/companies?sort=name', 2);
    expect(all).toHaveLength(5);
    const sorted = (await get(owner, '/api/v1/companies?sort=-foundedYear')).json().data.map((c: { name: string }) => c.name);
    expect(sorted).toEqual([...names].reverse());
    const smb = (await get(owner, `/api/v1/companies?count=true&sort=name&filter=${filterParam({ field: 'custom:segment', op: 'is', value: 'SMB' })}`)).json();
    expect(smb.total).toBe(2);
    expect(smb.data.map((c: { name: string }) => c.name)).toEqual(['Beta', 'alpha labs']);
    const range = (await get(owner, `/api/v1/companies?filter=${filterParam({ field: 'foundedYear', op: 'between', value: [1991, 1992] })}&sort=foundedYear`)).json();
    expect(range.data.map((c: { name: string }) => c.name)).toEqual(['alpha labs', 'Mega Industries']);
    expect((await get(owner, '/api/v1/companies?q=smith')).json().data.map((c: { name: string }) => c.name)).toEqual(['Gamma Smith']);
    expect((await get(owner, '/api/v1/companies?q=mega.exa')).json().data).toHaveLength(1);
    const fields = (await get(owner, '/api/v1/companies/fields')).json().data.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'domain', 'employeeRange', 'custom:segment', 'contactCount']));

    const csv = parseCsv(await get(owner, `/api/v1/companies/export?sort=name&columns=name,domain,foundedYear,custom:segment&q=a`));
    expect(csv[0]).toEqual(['Name', 'Domain', 'Founded', 'Segment']);
    expect(csv.slice(1)).toEqual([
      ['Beta', 'beta.example', '1993', 'SMB'],
      ['Gamma Smith', 'gamma.example', '1994', 'Enterprise'],
      ['Mega Industries', 'mega.example', '1992', 'Enterprise'],
      ['Zeta Corp', 'zeta.example', '1990', 'Enterprise'],
      ['alpha labs', 'alpha.example', '1991', 'SMB'],
    ]);
    expectProblem(await get(owner, `/api/v1/companies?filter=${filterParam({ field: 'foundedYear', op: 'contains', value: '19' })}`), 400, 'validation_failed');
  });

  it('merges two companies: contacts, notes and history move; chosen values stay', async () => {
    const owner = await signUp(t.app);
    const keep = await company(owner, { name: 'Initrode', domain: 'initrode.example' });
    const gone = await company(owner, { name: 'Initrode Inc', domain: 'initrode-inc.example', industry: 'Software' });
    const person = (await post(owner, '/api/v1/contacts', { email: 'p@initrode-inc.example' })).json();
    expect(person.companyId).toBe(gone.id);
    await post(owner, `/api/v1/companies/${gone.id}/notes`, { body: 'old account' });
    const merged = await post(owner, '/api/v1/companies/merge', { keepId: keep.id, mergeId: gone.id, values: { name: 'merge' } });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({ name: 'Initrode Inc', domain: 'initrode.example', industry: 'Software', contactCount: 1 });
    expect((await get(owner, `/api/v1/contacts/${person.id}`)).json().companyId).toBe(keep.id);
    expect((await get(owner, `/api/v1/companies/${keep.id}/notes`)).json().data).toHaveLength(1);
    expect((await get(owner, `/api/v1/companies/${gone.id}`)).statusCode).toBe(404);
    const types = (await get(owner, `/api/v1/companies/${keep.id}/activity`)).json().data.map((a: { type: string }) => a.type);
    expect(types).toEqual(expect.arrayContaining(['merged', 'note_added', 'created']));
  });

  it('roles and workspaces: members delete only their own; strangers get 404', async () => {
    const owner = await signUp(t.app);
    const member = await joinAsMember(t.db, owner, await signUp(t.app));
    const ownersCo = await company(owner, { name: 'Owner Co' });
    const membersCo = (await member.request({ method: 'POST', url: '/api/v1/companies', payload: { name: 'Member Co' } })).json();
    expectProblem(await member.request({ method: 'DELETE', url: `/api/v1/companies/${ownersCo.id}` }), 403, 'forbidden');
    const bulk = await member.request({ method: 'POST', url: '/api/v1/companies/bulk/delete', payload: { selection: { ids: [ownersCo.id, membersCo.id] } } });
    expect(bulk.json()).toEqual({ affected: 1, skipped: 1 });
    const assign = await post(owner, '/api/v1/companies/bulk/assign-owner', { selection: { matching: { q: 'owner co' } }, ownerId: member.memberId });
    expect(assign.json()).toEqual({ affected: 1, skipped: 0 });

    const stranger = await signUp(t.app);
    for (const [method, url, payload] of [
      ['GET', `/api/v1/companies/${ownersCo.id}`],
      ['PATCH', `/api/v1/companies/${ownersCo.id}`, { name: 'x' }],
      ['DELETE', `/api/v1/companies/${ownersCo.id}`],
      ['GET', `/api/v1/companies/${ownersCo.id}/notes`],
      ['POST', `/api/v1/companies/${ownersCo.id}/notes`, { body: 'x' }],
      ['GET', `/api/v1/companies/${ownersCo.id}/activity`],
      ['POST', '/api/v1/companies/merge', { keepId: ownersCo.id, mergeId: ownersCo.id }],
    ] as const) {
      const res = await stranger.request({ method, url, ...(payload ? { payload } : {}) });
      if (url.endsWith('/merge')) expectProblem(res, 400);
      else expectProblem(res, 404, 'not_found');
    }
    const cross = await stranger.request({ method: 'POST', url: '/api/v1/companies/merge', payload: { keepId: (await company(stranger, { name: 'S' })).id, mergeId: ownersCo.id } });
    expectProblem(cross, 404, 'not_found');
    expect((await stranger.request({ method: 'POST', url: '/api/v1/companies/bulk/assign-owner', payload: { selection: { ids: [ownersCo.id] }, ownerId: null } })).json()).toEqual({ affected: 0, skipped: 0 });
    expectProblem(await t.app.inject({ method: 'GET', url: '/api/v1/companies' }), 401);
    expectProblem(await t.app.inject({ method: 'GET', url: '/api/v1/companies/export' }), 401);
  });
});
