import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../../test/helpers.js';
import { createContact, expectProblem, filterParam, finishedJob, joinAsMember, pageThrough, parseCsv } from '../../../../test/records-kit.js';

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
const patch = (who: Owner, url: string, payload: Record<string, unknown>) => who.request({ method: 'PATCH', url, payload });

const contact = createContact;

describe('contacts: create, read, edit, delete', () => {
  it('normalises email, phones and URLs, links the company of the email domain, records the creation', async () => {
    const owner = await signUp(t.app);
    const company = (await post(owner, '/api/v1/companies', { name: 'Globex', website: 'https://www.Globex.example/about' })).json();
    expect(company.domain).toBe('globex.example');
    const c = await contact(owner, {
      firstName: ' Ada ',
      lastName: 'Lovelace',
      email: '  Ada@GLOBEX.example ',
      workPhone: '(415) 555-0123',
      mobilePhone: '+44 20 7946 0958',
      linkedinUrl: 'linkedin.com/in/ada',
      seniority: 'c_suite',
    });
    expect(c).toMatchObject({
      firstName: 'Ada',
      email: 'ada@globex.example',
      emailStatus: 'unverified',
      emailStatusReason: null,
      emailCheckedAt: null,
      workPhone: '+14155550123',
      mobilePhone: '+442079460958',
      linkedinUrl: 'https://linkedin.com/in/ada',
      companyId: company.id,
      companyName: 'Globex',
      ownerId: owner.me.member.id,
      ownerName: 'Test User',
      source: 'manual',
      suppressed: false,
      customFields: {},
    });
    const timeline = (await get(owner, `/api/v1/contacts/${c.id}/activity`)).json();
    expect(timeline.data).toMatchObject([{ type: 'created', actorId: owner.me.member.id, actorName: 'Test User', data: { source: 'manual' } }]);

    // free-mail domains never link a company
    const free = await contact(owner, { email: 'someone@gmail.com' });
    expect(free.companyId).toBeNull();
    const got = await get(owner, `/api/v1/contacts/${c.id}`);
    expect(got.json()).toEqual(c);
  });

  it('refuses bad input field by field and changes nothing', async () => {
    const owner = await signUp(t.app);
    await post(owner, '/api/v1/custom-fields', { entity: 'contacts', label: 'Score', type: 'number' });
    await post(owner, '/api/v1/custom-fields', { entity: 'contacts', label: 'Renewal', type: 'date' });
    const bad = expectProblem(
      await post(owner, '/api/v1/contacts', {
        email: 'ok@bad.example',
        workPhone: 'call me',
        linkedinUrl: 'ftp://x',
        customFields: { score: 'abc', renewal: '2024-02-30', nope: 1 },
      }),
      400,
      'validation_failed',
    );
    expect(bad.errors).toEqual(
      expect.arrayContaining([
        { path: 'workPhone', message: 'Enter a valid phone number' },
        { path: 'linkedinUrl', message: 'Enter a valid URL' },
        { path: 'customFields.score', message: 'Enter a number' },
        { path: 'customFields.renewal', message: 'Enter a date as YYYY-MM-DD' },
        { path: 'customFields.nope', message: 'There is no such custom field' },
      ]),
    );
    const schemaBad = expectProblem(await post(owner, '/api/v1/contacts', { email: 'not-an-email' }), 400, 'validation_failed');
    expect(schemaBad.errors?.[0]?.path).toBe('email');
    expectProblem(await post(owner, '/api/v1/contacts', {}), 400, 'validation_failed');
    expectProblem(await post(owner, '/api/v1/contacts', { email: 'a@b.example', seniority: 'boss' }), 400, 'validation_failed');
    expectProblem(await post(owner, '/api/v1/contacts', { email: 'a@b.example', ownerId: crypto.randomUUID() }), 400, 'validation_failed');
    expectProblem(await post(owner, '/api/v1/contacts', { email: 'a@b.example', companyId: crypto.randomUUID() }), 400, 'validation_failed');
    expect((await get(owner, '/api/v1/contacts?count=true')).json().total).toBe(0);

    const ok = await contact(owner, { email: 'ok@bad.example', customFields: { score: '1,234.5', renewal: '2025-01-31' } });
    expect(ok.customFields).toEqual({ score: 1234.5, renewal: '2025-01-31' });
  });

  it('answers 409 with the existing id for a duplicate email, on create and on edit', async () => {
    const owner = await signUp(t.app);
    const a = await contact(owner, { email: 'dup@dup.example' });
    const b = await contact(owner, { email: 'other@dup.example' });
    const onCreate = expectProblem(await post(owner, '/api/v1/contacts', { email: ' DUP@dup.example' }), 409, 'duplicate');
    expect(onCreate).toMatchObject({ existingId: a.id, field: 'email' });
    const onEdit = expectProblem(await patch(owner, `/api/v1/contacts/${b.id}`, { email: 'Dup@Dup.example' }), 409, 'duplicate');
    expect(onEdit.existingId).toBe(a.id);
    // the same email in another workspace is fine
    const stranger = await signUp(t.app);
    await contact(stranger, { email: 'dup@dup.example' });
  });

  it('PATCH changes only the given fields and puts each change on the timeline', async () => {
    const owner = await signUp(t.app);
    await post(owner, '/api/v1/custom-fields', { entity: 'contacts', label: 'Tier', type: 'single_select', options: [{ label: 'Gold' }, { label: 'Silver' }] });
    const acme = (await post(owner, '/api/v1/companies', { name: 'Acme', domain: 'acme.example' })).json();
    const c = await contact(owner, { firstName: 'Bo', jobTitle: 'Engineer', country: 'France', customFields: { tier: 'Gold' } });
    const res = await patch(owner, `/api/v1/contacts/${c.id}`, { jobTitle: 'CTO', country: 'France', email: 'bo@acme.example', customFields: { tier: 'Silver' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Bo', jobTitle: 'CTO', country: 'France', email: 'bo@acme.example', companyId: acme.id });
    const edits = (await get(owner, `/api/v1/contacts/${c.id}/activity`)).json().data.filter((a: { type: string }) => a.type === 'edited');
    expect(edits.map((e: { data: unknown }) => e.data)).toEqual(
      expect.arrayContaining([
        { field: 'jobTitle', label: 'Job title', from: 'Engineer', to: 'CTO' },
        { field: 'email', label: 'Email', from: null, to: 'bo@acme.example' },
        { field: 'companyId', label: 'Company', from: null, to: 'Acme' },
        { field: 'custom:tier', label: 'Tier', from: 'Gold', to: 'Silver' },
      ]),
    );
    expect(edits).toHaveLength(4);
    // clearing the last identifying field is refused
    const nameless = await contact(owner, { email: 'only@mail.example' });
    expectProblem(await patch(owner, `/api/v1/contacts/${nameless.id}`, { email: null }), 400, 'validation_failed');
  });

  it('lets members edit any contact but delete only their own', async () => {
    const owner = await signUp(t.app);
    const member = await joinAsMember(t.db, owner, await signUp(t.app, { name: 'Mia Member' }));
    const ownersContact = await contact(owner, { email: 'o@roles.example' });
    const mine = (await member.request({ method: 'POST', url: '/api/v1/contacts', payload: { email: 'm@roles.example' } })).json();
    expect(mine.ownerId).toBe(member.memberId);
    expect((await member.request({ method: 'PATCH', url: `/api/v1/contacts/${ownersContact.id}`, payload: { city: 'Paris' } })).statusCode).toBe(200);
    expectProblem(await member.request({ method: 'DELETE', url: `/api/v1/contacts/${ownersContact.id}` }), 403, 'forbidden');
    expect((await member.request({ method: 'DELETE', url: `/api/v1/contacts/${mine.id}` })).statusCode).toBe(204);
    expectProblem(await get(owner, `/api/v1/contacts/${mine.id}`), 404);
    expect((await owner.request({ method: 'DELETE', url: `/api/v1/contacts/${ownersContact.id}` })).statusCode).toBe(204);
  });

  it('answers 404 for another workspace on every route with an id', async () => {
    const owner = await signUp(t.app);
    const c = await contact(owner, { email: 'x@iso.example' });
    const other = await contact(owner, { email: 'y@iso.example' });
    const note = (await post(owner, `/api/v1/contacts/${c.id}/notes`, { body: 'hello' })).json();
    const stranger = await signUp(t.app);
    const theirs = await contact(stranger, { email: 'z@iso.example' });
    const urls: [string, string, Record<string, unknown>?][] = [
      ['GET', `/api/v1/contacts/${c.id}`],
      ['PATCH', `/api/v1/contacts/${c.id}`, { city: 'X' }],
      ['DELETE', `/api/v1/contacts/${c.id}`],
      ['GET', `/api/v1/contacts/${c.id}/notes`],
      ['POST', `/api/v1/contacts/${c.id}/notes`, { body: 'x' }],
      ['PATCH', `/api/v1/contacts/${c.id}/notes/${note.id}`, { body: 'x' }],
      ['DELETE', `/api/v1/contacts/${c.id}/notes/${note.id}`],
      ['GET', `/api/v1/contacts/${c.id}/activity`],
      ['POST', '/api/v1/contacts/merge', { keepId: theirs.id, mergeId: c.id }],
      ['POST', '/api/v1/contacts/merge', { keepId: c.id, mergeId: theirs.id }],
    ];
    for (const [method, url, payload] of urls) {
      expectProblem(await stranger.request({ method: method as 'GET', url, ...(payload ? { payload } : {}) }), 404, 'not_found');
    }
    // bulk actions and exports by id simply don't see them
    const bulk = await stranger.request({ method: 'POST', url: '/api/v1/contacts/bulk/delete', payload: { selection: { ids: [c.id, other.id] } } });
    expect(bulk.json()).toEqual({ affected: 0, skipped: 0 });
    const csv = parseCsv(await get(stranger, `/api/v1/contacts/export?ids=${c.id},${theirs.id}&columns=email`));
    expect(csv).toEqual([['Email'], ['z@iso.example']]);
    // a note of one contact is not reachable through another
    expectProblem(await patch(owner, `/api/v1/contacts/${other.id}/notes/${note.id}`, { body: 'x' }), 404);
    expect((await get(owner, `/api/v1/contacts/${c.id}`)).statusCode).toBe(200);
  });
});

describe('contacts grid', () => {
  let owner: Owner;
  const people: (Parameters<typeof contact>[1] & { firstName: string })[] = [
    { firstName: 'Anna', lastName: 'Smith', email: 'anna@initech.example', country: 'France', jobTitle: 'CEO', customFields: { score: 90, tier: 'Gold', tags: ['vip'] } },
    { firstName: 'Ben', lastName: 'Smith', email: 'ben@initech.example', country: 'Germany', customFields: { score: 15, tier: 'Silver' } },
    { firstName: 'Cleo', lastName: 'Jones', email: 'cleo@hooli.example', country: 'france', customFields: { score: 50, tags: ['vip', 'new'] } },
    { firstName: 'Dan', lastName: null, email: 'dan@free.example', country: null, customFields: {} },
    { firstName: 'Eve', lastName: 'Adams', email: null, country: 'Spain', customFields: { score: -3, tier: 'Gold', tags: ['new'] } },
    { firstName: 'Finn', lastName: 'Zed', email: 'finn@hooli.example', country: 'Spain', jobTitle: '=cmd()', customFields: { tier: 'Silver' } },
    { firstName: 'Gus', lastName: null, email: 'gus@x.example', country: 'Germany', customFields: { score: 50 } },
  ];
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    owner = await signUp(t.app);
    await post(owner, '/api/v1/custom-fields', { entity: 'contacts', label: 'Score', type: 'number' });
    await post(owner, '/api/v1/custom-fields', { entity: 'contacts', label: 'Tier', type: 'single_select', options: [{ label: 'Gold' }, { label: 'Silver' }] });
    await post(owner, '/api/v1/custom-fields', { entity: 'contacts', label: 'Tags', type: 'multi_select', options: [{ label: 'vip' }, { label: 'new' }] });
    await post(owner, '/api/v1/companies', { name: 'Initech', domain: 'initech.example' });
    await post(owner, '/api/v1/companies', { name: 'Hooli Smithy', domain: 'hooli.example' });
    for (const p of people) ids[p.firstName] = (await contact(owner, p)).id;
  });

  const names = async (url: string) => {
    const res = await get(owner, url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.map((c: { firstName: string }) => c.firstName);
  };
  const byFilter = (filter: unknown, extra = '') => names(`/api/v1/contacts?limit=100&sort=firstName&filter=${filterParam(filter)}${extra}`);

  it('pages by cursor through every sort without gaps or repeats', async () => {
    const all = Object.values(ids).sort();
    for (const sort of ['-createdAt', 'createdAt', 'lastName', '-lastName', 'email', '-email', 'country', 'custom:score', '-custom:score', 'custom:tier', '-custom:tier', 'companyName', '-updatedAt', 'ownerId']) {
      const seen = await pageThrough(owner.request, `/api/v1/contacts?sort=${encodeURIComponent(sort)}`, 2);
      expect([...seen].sort(), sort).toEqual(all);
    }
    expect(await names('/api/v1/contacts?sort=lastName')).toEqual(['Eve', 'Cleo', 'Anna', 'Ben', 'Finn', 'Dan', 'Gus']);
    expect(await names('/api/v1/contacts?sort=-lastName')).toEqual(['Gus', 'Dan', 'Finn', 'Ben', 'Anna', 'Cleo', 'Eve']);
    expect(await names('/api/v1/contacts?sort=custom:score')).toEqual(['Eve', 'Ben', 'Cleo', 'Gus', 'Anna', 'Dan', 'Finn']);
    expect(await names('/api/v1/contacts?sort=custom:tier')).toEqual(['Anna', 'Eve', 'Ben', 'Finn', 'Cleo', 'Dan', 'Gus']);
    expect(await names('/api/v1/contacts')).toEqual(['Gus', 'Finn', 'Eve', 'Dan', 'Cleo', 'Ben', 'Anna']);
  });

  it('filters every kind of field with its operators, combined with AND/OR', async () => {
    expect(await byFilter({ field: 'country', op: 'is', value: 'FRANCE' })).toEqual(['Anna', 'Cleo']);
    expect(await byFilter({ field: 'country', op: 'isNot', value: 'france' })).toEqual(['Ben', 'Dan', 'Eve', 'Finn', 'Gus']);
    expect(await byFilter({ field: 'country', op: 'isEmpty' })).toEqual(['Dan']);
    expect(await byFilter({ field: 'country', op: 'anyOf', value: ['spain', 'Germany'] })).toEqual(['Ben', 'Eve', 'Finn', 'Gus']);
    expect(await byFilter({ field: 'email', op: 'contains', value: 'HOOLI' })).toEqual(['Cleo', 'Finn']);
    expect(await byFilter({ field: 'lastName', op: 'startsWith', value: 'sm' })).toEqual(['Anna', 'Ben']);
    expect(await byFilter({ field: 'email', op: 'contains', value: '%' })).toEqual([]);
    expect(await byFilter({ field: 'companyName', op: 'is', value: 'initech' })).toEqual(['Anna', 'Ben']);
    expect(await byFilter({ field: 'custom:score', op: 'gt', value: 15 })).toEqual(['Anna', 'Cleo', 'Gus']);
    expect(await byFilter({ field: 'custom:score', op: 'between', value: [15, 50] })).toEqual(['Ben', 'Cleo', 'Gus']);
    expect(await byFilter({ field: 'custom:score', op: 'is', value: '50' })).toEqual(['Cleo', 'Gus']);
    expect(await byFilter({ field: 'custom:score', op: 'isEmpty' })).toEqual(['Dan', 'Finn']);
    expect(await byFilter({ field: 'custom:tier', op: 'is', value: 'gold' })).toEqual(['Anna', 'Eve']);
    expect(await byFilter({ field: 'custom:tier', op: 'isNot', value: 'Gold' })).toEqual(['Ben', 'Cleo', 'Dan', 'Finn', 'Gus']);
    expect(await byFilter({ field: 'custom:tags', op: 'is', value: 'vip' })).toEqual(['Anna', 'Cleo']);
    expect(await byFilter({ field: 'custom:tags', op: 'anyOf', value: ['vip', 'new'] })).toEqual(['Anna', 'Cleo', 'Eve']);
    expect(await byFilter({ field: 'custom:tags', op: 'isEmpty' })).toEqual(['Ben', 'Dan', 'Finn', 'Gus']);
    expect(await byFilter({ field: 'ownerId', op: 'is', value: owner.me.member.id })).toHaveLength(7);
    expect(await byFilter({ field: 'suppressed', op: 'is', value: false })).toHaveLength(7);
    expect(await byFilter({ field: 'createdAt', op: 'gte', value: new Date(Date.now() - 3600_000).toISOString().slice(0, 10) })).toHaveLength(7);
    expect(await byFilter({ field: 'createdAt', op: 'lt', value: '2000-01-01' })).toEqual([]);
    expect(
      await byFilter({
        or: [
          { and: [{ field: 'country', op: 'is', value: 'Spain' }, { field: 'custom:tier', op: 'is', value: 'Gold' }] },
          { field: 'firstName', op: 'is', value: 'gus' },
        ],
      }),
    ).toEqual(['Eve', 'Gus']);
    expect(await byFilter({ and: [] })).toHaveLength(7);
  });

  it('refuses bad filters, sorts and cursors with a clear error', async () => {
    const check = async (qs: string, path: string, code = path === 'query.cursor' ? 'invalid_cursor' : 'validation_failed') => {
      const p = expectProblem(await get(owner, `/api/v1/contacts?${qs}`), 400, code);
      expect(p.errors?.[0]?.path).toBe(path);
      return p.errors?.[0]?.message;
    };
    expect(await check('filter=%7Bnope', 'query.filter')).toContain('not valid JSON');
    expect(await check(`filter=${filterParam({ field: 'salary', op: 'is', value: 1 })}`, 'query.filter')).toContain('Unknown filter field');
    expect(await check(`filter=${filterParam({ field: 'custom:score', op: 'contains', value: 'x' })}`, 'query.filter')).toContain("can't be filtered");
    expect(await check(`filter=${filterParam({ field: 'custom:score', op: 'gt', value: 'abc' })}`, 'query.filter')).toContain('not a number');
    expect(await check(`filter=${filterParam({ field: 'custom:tier', op: 'is', value: 'Bronze' })}`, 'query.filter')).toContain('not one of');
    expect(await check(`filter=${filterParam({ field: 'ownerId', op: 'is', value: 'me' })}`, 'query.filter')).toContain('not an id');
    expect(await check(`filter=${filterParam({ field: 'country', op: 'anyOf', value: 'x' })}`, 'query.filter')).toContain('list');
    expect(await check(`filter=${filterParam({ field: 'custom:score', op: 'between', value: [9, 1] })}`, 'query.filter')).toContain('between');
    expect(await check(`filter=${filterParam({ field: 'country', op: 'like', value: 'x' })}`, 'query.filter')).toBeTruthy();
    expect(await check('sort=salary', 'query.sort')).toContain("Can't sort");
    expect(await check('sort=custom:tags', 'query.sort')).toContain("Can't sort");
    expect(await check('cursor=garbage', 'query.cursor')).toContain('cursor');
    const first = (await get(owner, '/api/v1/contacts?limit=2&sort=lastName')).json();
    expect(await check(`sort=firstName&cursor=${encodeURIComponent(first.nextCursor)}`, 'query.cursor')).toContain('another sort');
    expect(await check('limit=0', 'query.limit')).toBeTruthy();
  });

  it('searches name, email, company name and domain; every word must match', async () => {
    expect(await names('/api/v1/contacts?sort=firstName&q=smith')).toEqual(['Anna', 'Ben', 'Cleo', 'Finn']);
    expect(await names('/api/v1/contacts?sort=firstName&q=initech')).toEqual(['Anna', 'Ben']);
    expect(await names('/api/v1/contacts?sort=firstName&q=hooli.example')).toEqual(['Cleo', 'Finn']);
    expect(await names('/api/v1/contacts?sort=firstName&q=anna%20initech')).toEqual(['Anna']);
    expect(await names('/api/v1/contacts?sort=firstName&q=%25')).toEqual([]);
    const counted = (await get(owner, `/api/v1/contacts?q=smith&count=true&limit=1`)).json();
    expect(counted.total).toBe(4);
    expect(counted.data).toHaveLength(1);
    const count = (await get(owner, `/api/v1/contacts/count?q=smith&filter=${filterParam({ field: 'country', op: 'is', value: 'france' })}`)).json();
    expect(count).toEqual({ total: 2 });
  });

  it('describes its fields, custom ones included', async () => {
    const fields = (await get(owner, '/api/v1/contacts/fields')).json().data;
    const byName = Object.fromEntries(fields.map((f: { field: string }) => [f.field, f]));
    expect(byName.lastName).toMatchObject({ kind: 'text', sortable: true, filterable: true });
    expect(byName['custom:tier']).toMatchObject({ kind: 'select', label: 'Tier', sortable: true });
    expect(byName['custom:tier'].options.map((o: { label: string }) => o.label)).toEqual(['Gold', 'Silver']);
    expect(byName['custom:tags']).toMatchObject({ kind: 'multiselect', sortable: false });
    expect(byName.seniority.options).toContainEqual({ value: 'c_suite', label: 'C-suite' });
  });

  it('exports the filtered grid as CSV with chosen columns, custom fields and neutralised formulas', async () => {
    const res = await get(
      owner,
      `/api/v1/contacts/export?sort=firstName&columns=firstName,lastName,jobTitle,companyName,custom:score,custom:tier,custom:tags,ownerId&filter=${filterParam({ field: 'country', op: 'anyOf', value: ['France', 'Spain'] })}`,
    );
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(parseCsv(res)).toEqual([
      ['First name', 'Last name', 'Job title', 'Company name', 'Score', 'Tier', 'Tags', 'Owner'],
      ['Anna', 'Smith', 'CEO', 'Initech', '90', 'Gold', 'vip', 'Test User'],
      ['Cleo', 'Jones', '', 'Hooli Smithy', '50', '', 'vip; new', 'Test User'],
      ['Eve', 'Adams', '', '', '-3', 'Gold', 'new', 'Test User'],
      ['Finn', 'Zed', "'=cmd()", 'Hooli Smithy', '', 'Silver', '', 'Test User'],
    ]);
    const all = parseCsv(await get(owner, '/api/v1/contacts/export?q=smith'));
    expect(all[0]!.slice(0, 3)).toEqual(['Id', 'First name', 'Last name']);
    expect(all[0]).toContain('Score');
    expect(all).toHaveLength(5);
    const selected = parseCsv(await get(owner, `/api/v1/contacts/export?columns=email&ids=${ids.Anna},${ids.Gus}&sort=email`));
    expect(selected).toEqual([['Email'], ['anna@initech.example'], ['gus@x.example']]);
    expect(parseCsv(await get(owner, '/api/v1/contacts/export?columns=email&includeSuppressed=true'))).toHaveLength(8);

    expect(expectProblem(await get(owner, '/api/v1/contacts/export?columns=email,salary'), 400).errors?.[0]?.path).toBe('query.columns');
    expect(expectProblem(await get(owner, '/api/v1/contacts/export?ids=nope'), 400).errors?.[0]?.path).toBe('query.ids');
    expect(expectProblem(await get(owner, '/api/v1/contacts/export?sort=nope'), 400).errors?.[0]?.path).toBe('query.sort');

    // a browser's export streams as it is written (not compressed), while the grid's JSON goes brotli
    const accepting = { 'accept-encoding': 'gzip, deflate, br' };
    const streamed = await owner.request({ method: 'GET', url: '/api/v1/contacts/export', headers: accepting });
    expect(streamed.headers['content-encoding']).toBeUndefined();
    expect(parseCsv(streamed)).toEqual(parseCsv(await get(owner, '/api/v1/contacts/export')));
    const page = await owner.request({ method: 'GET', url: '/api/v1/contacts?limit=50', headers: accepting });
    expect(page.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(page.rawPayload).toString()).data).toHaveLength(7);

    // small exports go on each record's timeline
    const timeline = (await get(owner, `/api/v1/contacts/${ids.Anna}/activity`)).json().data;
    expect(timeline[0]).toMatchObject({ type: 'exported', data: { format: 'csv' } });
  });
});

describe('contacts: bulk actions, merge, notes', () => {
  it('assigns owners and deletes by ids or by filter; members delete only their own', async () => {
    const owner = await signUp(t.app);
    const member = await joinAsMember(t.db, owner, await signUp(t.app, { name: 'Max Member' }));
    const a = await contact(owner, { email: 'a@bulk.example', country: 'Peru' });
    const b = await contact(owner, { email: 'b@bulk.example', country: 'Peru' });
    const c = await contact(owner, { email: 'c@bulk.example', country: 'Chile' });

    const assign = await post(owner, '/api/v1/contacts/bulk/assign-owner', { selection: { ids: [a.id, b.id] }, ownerId: member.memberId });
    expect(assign.json()).toEqual({ affected: 2, skipped: 0 });
    expect((await get(owner, `/api/v1/contacts/${a.id}`)).json()).toMatchObject({ ownerId: member.memberId, ownerName: 'Max Member' });
    const edit = (await get(owner, `/api/v1/contacts/${a.id}/activity`)).json().data[0];
    expect(edit).toMatchObject({ type: 'edited', data: { field: 'ownerId', from: 'Test User', to: 'Max Member' } });
    expectProblem(await post(owner, '/api/v1/contacts/bulk/assign-owner', { selection: { ids: [a.id] }, ownerId: crypto.randomUUID() }), 400, 'validation_failed');
    expectProblem(await post(owner, '/api/v1/contacts/bulk/assign-owner', { selection: { ids: [] }, ownerId: null }), 400, 'validation_failed');
    expectProblem(await post(owner, '/api/v1/contacts/bulk/delete', { selection: { matching: { filter: { field: 'x', op: 'is', value: 1 } } } }), 400, 'validation_failed');

    // the member deletes everything matching Peru or Chile: only a and b are theirs
    // (by filter: a job, decision 0029)
    const del = await member.request({
      method: 'POST',
      url: '/api/v1/contacts/bulk/delete',
      payload: { selection: { matching: { filter: { field: 'country', op: 'anyOf', value: ['Peru', 'Chile'] } } } },
    });
    expect(await finishedJob(member.request, del)).toMatchObject({ kind: 'delete', status: 'completed', total: 3, done: 3, affected: 2, skipped: 1 });
    expect((await get(owner, '/api/v1/contacts/count')).json().total).toBe(1);
    const byOwner = await post(owner, '/api/v1/contacts/bulk/delete', { selection: { matching: { q: 'c@bulk' } } });
    expect(await finishedJob(owner.request, byOwner)).toMatchObject({ status: 'completed', affected: 1, skipped: 0 });
    expect((await get(owner, `/api/v1/contacts/${c.id}`)).statusCode).toBe(404);
  });

  it('merges two contacts keeping chosen values, notes and history', async () => {
    const owner = await signUp(t.app);
    await post(owner, '/api/v1/custom-fields', { entity: 'contacts', label: 'Score', type: 'number' });
    const keep = await contact(owner, { firstName: 'Kim', email: 'kim@old.example', jobTitle: null, city: 'Lyon', customFields: { score: 1 } });
    const gone = await contact(owner, { firstName: 'Kimberly', email: 'kim@new.example', jobTitle: 'VP Sales', city: 'Paris', customFields: { score: 9 } });
    await post(owner, `/api/v1/contacts/${gone.id}/notes`, { body: 'met at the fair' });
    const res = await post(owner, '/api/v1/contacts/merge', { keepId: keep.id, mergeId: gone.id, values: { email: 'merge', 'custom:score': 'merge' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: keep.id, firstName: 'Kim', email: 'kim@new.example', jobTitle: 'VP Sales', city: 'Lyon', customFields: { score: 9 } });
    expect((await get(owner, `/api/v1/contacts/${gone.id}`)).statusCode).toBe(404);
    const notes = (await get(owner, `/api/v1/contacts/${keep.id}/notes`)).json().data;
    expect(notes.map((n: { body: string }) => n.body)).toEqual(['met at the fair']);
    const types = (await get(owner, `/api/v1/contacts/${keep.id}/activity?limit=50`)).json().data.map((a: { type: string }) => a.type);
    expect(types).toContain('merged');
    expect(types.filter((x: string) => x === 'created')).toHaveLength(2);
    expect(types).toContain('note_added');

    expectProblem(await post(owner, '/api/v1/contacts/merge', { keepId: keep.id, mergeId: keep.id }), 400, 'validation_failed');
    const other = await contact(owner, { email: 'z@merge.example' });
    expectProblem(await post(owner, '/api/v1/contacts/merge', { keepId: keep.id, mergeId: other.id, values: { salary: 'merge' } }), 400, 'validation_failed');
    // values that would leave nobody (the name of one, the missing email of the other) are refused, and nothing moves
    const named = await contact(owner, { firstName: 'Solo' });
    const mailed = await contact(owner, { email: 'only@merge.example' });
    expectProblem(await post(owner, '/api/v1/contacts/merge', { keepId: named.id, mergeId: mailed.id, values: { firstName: 'merge', email: 'keep' } }), 400, 'validation_failed');
    expect((await get(owner, `/api/v1/contacts/${named.id}`)).json()).toMatchObject({ firstName: 'Solo' });
    expect((await get(owner, `/api/v1/contacts/${mailed.id}`)).statusCode).toBe(200);
    const member = await joinAsMember(t.db, owner, await signUp(t.app));
    expectProblem(await member.request({ method: 'POST', url: '/api/v1/contacts/merge', payload: { keepId: keep.id, mergeId: other.id } }), 403, 'forbidden');
  });

  it('notes: create, edit, delete; authors or admins only; each on the timeline', async () => {
    const owner = await signUp(t.app);
    const member = await joinAsMember(t.db, owner, await signUp(t.app, { name: 'Nia' }));
    const c = await contact(owner, { email: 'n@notes.example' });
    const mine = (await member.request({ method: 'POST', url: `/api/v1/contacts/${c.id}/notes`, payload: { body: '  Called, no answer  ' } })).json();
    expect(mine).toMatchObject({ body: 'Called, no answer', authorId: member.memberId, authorName: 'Nia' });
    const theirs = (await post(owner, `/api/v1/contacts/${c.id}/notes`, { body: 'Owner note' })).json();
    expectProblem(await post(owner, `/api/v1/contacts/${c.id}/notes`, { body: '   ' }), 400, 'validation_failed');
    expectProblem(await member.request({ method: 'PATCH', url: `/api/v1/contacts/${c.id}/notes/${theirs.id}`, payload: { body: 'x' } }), 403, 'forbidden');
    expectProblem(await member.request({ method: 'DELETE', url: `/api/v1/contacts/${c.id}/notes/${theirs.id}` }), 403, 'forbidden');
    const edited = await member.request({ method: 'PATCH', url: `/api/v1/contacts/${c.id}/notes/${mine.id}`, payload: { body: 'Called back' } });
    expect(edited.json().body).toBe('Called back');
    expect((await owner.request({ method: 'DELETE', url: `/api/v1/contacts/${c.id}/notes/${mine.id}` })).statusCode).toBe(204);
    expect((await get(owner, `/api/v1/contacts/${c.id}/notes`)).json().data.map((n: { id: string }) => n.id)).toEqual([theirs.id]);
    const types = (await get(owner, `/api/v1/contacts/${c.id}/activity`)).json().data.map((a: { type: string }) => a.type);
    expect(types).toEqual(['note_deleted', 'note_edited', 'note_added', 'note_added', 'created']);
    const page = (await get(owner, `/api/v1/contacts/${c.id}/activity?limit=2`)).json();
    const rest = (await get(owner, `/api/v1/contacts/${c.id}/activity?limit=10&cursor=${page.nextCursor}`)).json();
    expect([...page.data, ...rest.data].map((a: { type: string }) => a.type)).toEqual(types);
    expectProblem(await get(owner, `/api/v1/contacts/${c.id}/activity?cursor=bad`), 400);
  });
});

describe('grid preferences', () => {
  it('keeps columns per member and grid', async () => {
    const owner = await signUp(t.app);
    const member = await joinAsMember(t.db, owner, await signUp(t.app));
    expect((await get(owner, '/api/v1/grid-preferences/contacts')).json()).toEqual({ grid: 'contacts', columns: null, widths: null, pageSize: null, updatedAt: null });
    const put = await owner.request({ method: 'PUT', url: '/api/v1/grid-preferences/contacts', payload: { columns: ['lastName', 'email', 'custom:score'], widths: { email: 240 }, pageSize: 100 } });
    expect(put.json()).toMatchObject({ grid: 'contacts', columns: ['lastName', 'email', 'custom:score'], widths: { email: 240 }, pageSize: 100 });
    expect((await get(owner, '/api/v1/grid-preferences/contacts')).json().columns).toEqual(['lastName', 'email', 'custom:score']);
    expect((await member.request({ method: 'GET', url: '/api/v1/grid-preferences/contacts' })).json().columns).toBeNull();
    expect((await get(owner, '/api/v1/grid-preferences/companies')).json().columns).toBeNull();
    await owner.request({ method: 'PUT', url: '/api/v1/grid-preferences/contacts', payload: { columns: ['email'] } });
    expect((await get(owner, '/api/v1/grid-preferences/contacts')).json()).toMatchObject({ columns: ['email'], widths: null });
    expectProblem(await owner.request({ method: 'PUT', url: '/api/v1/grid-preferences/contacts', payload: { columns: ['a', 'a'] } }), 400, 'validation_failed');
    expectProblem(await owner.request({ method: 'PUT', url: '/api/v1/grid-preferences/Bad%20Grid', payload: { columns: [] } }), 400, 'validation_failed');
    expect((await owner.request({ method: 'DELETE', url: '/api/v1/grid-preferences/contacts' })).json().columns).toBeNull();
    expect((await owner.request({ method: 'PUT', url: `/api/v1/grid-preferences/list:${crypto.randomUUID()}`, payload: { columns: ['email'] } })).statusCode).toBe(200);
  });
});
