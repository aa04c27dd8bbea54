import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, signUp, type TestContext } from './helpers.js';
import { expectProblem, filterParam } from './records-kit.js';

/**
 * Issue 16, finding 7: hostile input (NUL bytes and lone surrogates in every kind of text,
 * forged cursors, out-of-range dates, filters nested far too deep, malformed multipart bodies)
 * answers a specific 400 naming the field, never a 500, changes nothing, and the server keeps
 * answering. Limits: docs/decisions/0015-input-limits.md.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Owner = Awaited<ReturnType<typeof signUp>>;
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Attack = {
  name: string;
  method: Method;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  code: string;
  /** The field the problem must name. */
  path?: string;
};

const NUL = 'a\u0000b';
const LONE = 'a\uD800b';
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const deepFilter = (levels: number) => {
  const root: Record<string, unknown> = {};
  let cur = root;
  for (let i = 0; i < levels; i++) {
    const next: Record<string, unknown> = {};
    cur.and = [next];
    cur = next;
  }
  Object.assign(cur, { field: 'country', op: 'is', value: 'France' });
  return root;
};
/** A multipart body whose closing boundary never comes, or with no boundary at all. */
const truncatedMultipart = () => {
  const boundary = '----hostile';
  return {
    payload: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.csv"\r\nContent-Type: text/csv\r\n\r\nemail\r\na@b.test\r\n`),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

async function send(who: Owner, a: Pick<Attack, 'method' | 'url' | 'payload' | 'headers'>): Promise<LightMyRequestResponse> {
  return who.request({
    method: a.method,
    url: a.url,
    ...(a.payload !== undefined ? { payload: a.payload as Record<string, unknown> } : {}),
    ...(a.headers ? { headers: a.headers } : {}),
  });
}

describe('hostile input', () => {
  let owner: Owner;
  let contactId: string;
  let companyId: string;
  let listId: string;
  let companyListId: string;
  let noteId: string;
  let fieldId: string;
  let contactCursor: string;
  let companyCursor: string;

  beforeAll(async () => {
    owner = await signUp(t.app, { name: 'Hostile Tester' });
    const post = async (url: string, payload: unknown) => {
      const res = await send(owner, { method: 'POST', url, payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string };
    };
    fieldId = (await post('/api/v1/custom-fields', { entity: 'contacts', label: 'Renewal', type: 'date' })).id;
    companyId = (await post('/api/v1/companies', { name: 'Acme', domain: 'acme.test', foundedYear: 1990 })).id;
    await post('/api/v1/companies', { name: 'Globex', domain: 'globex.test', foundedYear: 2001 });
    contactId = (await post('/api/v1/contacts', { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.test', country: 'France' })).id;
    await post('/api/v1/contacts', { firstName: 'Bob', lastName: 'Martin', email: 'bob@acme.test', country: 'Spain' });
    listId = (await post('/api/v1/lists', { name: 'Targets', entity: 'contacts' })).id;
    companyListId = (await post('/api/v1/lists', { name: 'Accounts', entity: 'companies' })).id;
    noteId = (await post(`/api/v1/contacts/${contactId}/notes`, { body: 'met at the fair' })).id;
    const page = await send(owner, { method: 'GET', url: '/api/v1/contacts?limit=1&sort=lastName' });
    contactCursor = page.json().nextCursor;
    const companies = await send(owner, { method: 'GET', url: '/api/v1/companies?limit=1&sort=foundedYear' });
    companyCursor = companies.json().nextCursor;
    expect(contactCursor).toBeTruthy();
    expect(companyCursor).toBeTruthy();
  });

  /** What the workspace holds, to show an attack changed nothing. */
  async function snapshot() {
    const get = async (url: string) => (await send(owner, { method: 'GET', url })).json();
    return {
      contacts: await get('/api/v1/contacts?sort=lastName&limit=100'),
      companies: await get('/api/v1/companies?sort=name&limit=100'),
      lists: await get('/api/v1/lists?limit=100'),
      notes: await get(`/api/v1/contacts/${contactId}/notes`),
      fields: await get('/api/v1/custom-fields?includeArchived=true'),
      suppressions: await get('/api/v1/suppressions?limit=100'),
    };
  }

  it('answers every one of the attacks with a specific 400 naming the field, and changes nothing', async () => {
    const before = await snapshot();
    const forged = (payload: unknown) => encodeURIComponent(b64(payload));
    const realContact = JSON.parse(Buffer.from(decodeURIComponent(contactCursor), 'base64url').toString('utf8')) as { s: string; id: string };
    const realCompany = JSON.parse(Buffer.from(decodeURIComponent(companyCursor), 'base64url').toString('utf8')) as { s: string; id: string };
    const grids = [
      ['contacts', '/api/v1/contacts'],
      ['companies', '/api/v1/companies'],
      ['list members', `/api/v1/lists/${listId}/members`],
    ] as const;

    const attacks: Attack[] = [
      // NUL and lone surrogates in every text field of the bodies
      ...(['firstName', 'lastName', 'jobTitle', 'department', 'city', 'region', 'country', 'workPhone', 'linkedinUrl', 'email'] as const).map(
        (field): Attack => ({ name: `contact ${field}`, method: 'POST', url: '/api/v1/contacts', payload: { firstName: 'X', [field]: NUL }, code: 'invalid_text', path: field }),
      ),
      { name: 'contact custom field value', method: 'POST', url: '/api/v1/contacts', payload: { firstName: 'X', customFields: { renewal: NUL } }, code: 'invalid_text', path: 'customFields.renewal' },
      { name: 'contact custom field key', method: 'POST', url: '/api/v1/contacts', payload: { firstName: 'X', customFields: { [NUL]: 'v' } }, code: 'invalid_text', path: `customFields.${NUL}` },
      { name: 'contact lone surrogate', method: 'POST', url: '/api/v1/contacts', payload: { firstName: LONE }, code: 'invalid_text', path: 'firstName' },
      { name: 'contact edit', method: 'PATCH', url: `/api/v1/contacts/${contactId}`, payload: { lastName: NUL }, code: 'invalid_text', path: 'lastName' },
      ...(['name', 'domain', 'website', 'industry', 'phone', 'description', 'city'] as const).map(
        (field): Attack => ({ name: `company ${field}`, method: 'POST', url: '/api/v1/companies', payload: { name: 'Initech', [field]: NUL }, code: 'invalid_text', path: field }),
      ),
      { name: 'company edit', method: 'PATCH', url: `/api/v1/companies/${companyId}`, payload: { description: LONE }, code: 'invalid_text', path: 'description' },
      { name: 'list name', method: 'POST', url: '/api/v1/lists', payload: { name: NUL, entity: 'contacts' }, code: 'invalid_text', path: 'name' },
      { name: 'list description', method: 'POST', url: '/api/v1/lists', payload: { name: 'Fine', entity: 'contacts', description: NUL }, code: 'invalid_text', path: 'description' },
      { name: 'list rename', method: 'PATCH', url: `/api/v1/lists/${listId}`, payload: { name: LONE }, code: 'invalid_text', path: 'name' },
      { name: 'list add by q', method: 'POST', url: `/api/v1/lists/${listId}/members`, payload: { q: NUL, filter: null }, code: 'invalid_text', path: 'q' },
      {
        name: 'list add by filter value',
        method: 'POST',
        url: `/api/v1/lists/${listId}/members`,
        payload: { filter: { and: [{ field: 'country', op: 'is', value: NUL }] } },
        code: 'invalid_text',
        path: 'filter.and.0.value',
      },
      { name: 'list remove by q', method: 'DELETE', url: `/api/v1/lists/${listId}/members`, payload: { q: NUL, filter: null }, code: 'invalid_text', path: 'q' },
      { name: 'note on a contact', method: 'POST', url: `/api/v1/contacts/${contactId}/notes`, payload: { body: NUL }, code: 'invalid_text', path: 'body' },
      { name: 'note edit', method: 'PATCH', url: `/api/v1/contacts/${contactId}/notes/${noteId}`, payload: { body: LONE }, code: 'invalid_text', path: 'body' },
      { name: 'note on a company', method: 'POST', url: `/api/v1/companies/${companyId}/notes`, payload: { body: NUL }, code: 'invalid_text', path: 'body' },
      { name: 'custom field label', method: 'POST', url: '/api/v1/custom-fields', payload: { entity: 'contacts', label: NUL, type: 'text' }, code: 'invalid_text', path: 'label' },
      {
        name: 'custom field option',
        method: 'POST',
        url: '/api/v1/custom-fields',
        payload: { entity: 'contacts', label: 'Tier', type: 'select', options: [{ label: NUL }] },
        code: 'invalid_text',
        path: 'options.0.label',
      },
      { name: 'custom field rename', method: 'PATCH', url: `/api/v1/custom-fields/${fieldId}`, payload: { label: NUL }, code: 'invalid_text', path: 'label' },
      { name: 'suppression paste', method: 'POST', url: '/api/v1/suppressions', payload: { text: `ok@x.test\n${NUL}@x.test` }, code: 'invalid_text', path: 'text' },
      { name: 'suppression entry', method: 'POST', url: '/api/v1/suppressions', payload: { entries: [{ value: 'x.test', note: NUL }] }, code: 'invalid_text', path: 'entries.0.note' },
      { name: 'suppression check', method: 'POST', url: '/api/v1/suppressions/check', payload: { emails: [`${NUL}@x.test`] }, code: 'invalid_text', path: 'emails.0' },
      { name: 'grid preferences', method: 'PUT', url: '/api/v1/grid-preferences/contacts', payload: { columns: [NUL] }, code: 'invalid_text', path: 'columns.0' },
      // NUL in q and in filter values of every grid, count and export
      ...grids.flatMap(([name, url]): Attack[] => [
        { name: `${name} q`, method: 'GET', url: `${url}?q=a%00`, code: 'invalid_text', path: 'query.q' },
        { name: `${name} count q`, method: 'GET', url: `${url}/count?q=a%00`, code: 'invalid_text', path: 'query.q' },
        {
          name: `${name} filter value`,
          method: 'GET',
          url: `${url}?filter=${filterParam({ and: [{ field: name === 'companies' ? 'name' : 'country', op: 'contains', value: NUL }] })}`,
          code: 'validation_failed',
          path: 'query.filter',
        },
      ]),
      { name: 'contacts export q', method: 'GET', url: '/api/v1/contacts/export?q=a%00', code: 'invalid_text', path: 'query.q' },
      { name: 'companies export q', method: 'GET', url: '/api/v1/companies/export?q=a%00', code: 'invalid_text', path: 'query.q' },
      { name: 'list export q', method: 'GET', url: `/api/v1/lists/${listId}/export?q=a%00`, code: 'invalid_text', path: 'query.q' },
      {
        name: 'contacts export filter',
        method: 'GET',
        url: `/api/v1/contacts/export?filter=${filterParam({ field: 'lastName', op: 'is', value: NUL })}`,
        code: 'validation_failed',
        path: 'query.filter',
      },
      { name: 'lists q', method: 'GET', url: '/api/v1/lists?q=a%00', code: 'invalid_text', path: 'query.q' },
      { name: 'suppressions q', method: 'GET', url: '/api/v1/suppressions?q=a%00', code: 'invalid_text', path: 'query.q' },
      { name: 'suppressions export q', method: 'GET', url: '/api/v1/suppressions/export?q=a%00', code: 'invalid_text', path: 'query.q' },
      { name: 'lone surrogate in a filter', method: 'GET', url: `/api/v1/companies/count?filter=${encodeURIComponent('{"field":"name","op":"is","value":"a\\ud800"}')}`, code: 'validation_failed', path: 'query.filter' },
      { name: 'NUL in an id', method: 'GET', url: '/api/v1/lists/%00', code: 'invalid_text', path: 'params.id' },
      // forged and garbled cursors
      { name: 'garbled cursor', method: 'GET', url: '/api/v1/contacts?cursor=%E2%9C%93not-base64', code: 'invalid_cursor', path: 'query.cursor' },
      { name: 'cursor with a bad id', method: 'GET', url: `/api/v1/contacts?sort=lastName&cursor=${forged({ s: realContact.s, v: 'Zed', id: '-'.repeat(36) })}`, code: 'invalid_cursor', path: 'query.cursor' },
      { name: 'cursor with a NUL value', method: 'GET', url: `/api/v1/contacts?sort=lastName&cursor=${forged({ s: realContact.s, v: NUL, id: realContact.id })}`, code: 'invalid_cursor', path: 'query.cursor' },
      { name: 'cursor with year 0', method: 'GET', url: `/api/v1/contacts?sort=createdAt&cursor=${forged({ s: 'createdAt', v: '0000-01-01 00:00:00+00', id: realContact.id })}`, code: 'invalid_cursor', path: 'query.cursor' },
      { name: 'cursor with February 31', method: 'GET', url: `/api/v1/contacts?sort=-createdAt&cursor=${forged({ s: '-createdAt', v: '2020-02-31 00:00:00+00', id: realContact.id })}`, code: 'invalid_cursor', path: 'query.cursor' },
      { name: 'cursor with a word for a number', method: 'GET', url: `/api/v1/companies?sort=foundedYear&cursor=${forged({ s: realCompany.s, v: 'nineteen', id: realCompany.id })}`, code: 'invalid_cursor', path: 'query.cursor' },
      { name: 'cursor that is an array', method: 'GET', url: `/api/v1/contacts?cursor=${forged([1, 2])}`, code: 'invalid_cursor', path: 'query.cursor' },
      // time-zone offsets PostgreSQL refuses (at most ±15:59): a 500 before (issue 27, finding 9)
      { name: 'cursor with offset +99:99', method: 'GET', url: `/api/v1/contacts?sort=createdAt&cursor=${forged({ s: 'createdAt', v: '2026-01-01 00:00:00+99:99', id: realContact.id })}`, code: 'invalid_cursor', path: 'query.cursor' },
      { name: 'cursor with offset -20', method: 'GET', url: `/api/v1/contacts?sort=-updatedAt&cursor=${forged({ s: '-updatedAt', v: '2026-01-01T00:00:00-20', id: realContact.id })}`, code: 'invalid_cursor', path: 'query.cursor' },
      { name: 'timeline cursor with offset +16:00', method: 'GET', url: `/api/v1/contacts/${contactId}/activity?cursor=${forged({ at: '2026-01-01T00:00:00+16:00', id: realContact.id })}`, code: 'invalid_cursor', path: 'query.cursor' },
      { name: 'timeline cursor with year 0', method: 'GET', url: `/api/v1/contacts/${contactId}/activity?cursor=${forged({ at: '0000-01-01T00:00:00Z', id: realContact.id })}`, code: 'invalid_cursor', path: 'query.cursor' },
      { name: 'suppressions cursor', method: 'GET', url: '/api/v1/suppressions?cursor=not-an-id', code: 'invalid_cursor', path: 'query.cursor' },
      { name: 'lists cursor', method: 'GET', url: '/api/v1/lists?cursor=1e9', code: 'invalid_cursor', path: 'query.cursor' },
      // dates out of range
      { name: 'date filter year 0', method: 'GET', url: `/api/v1/contacts?filter=${filterParam({ field: 'createdAt', op: 'gte', value: '0000-01-01' })}`, code: 'validation_failed', path: 'query.filter' },
      { name: 'datetime filter year 0', method: 'GET', url: `/api/v1/contacts?filter=${filterParam({ field: 'updatedAt', op: 'lt', value: '0001-01-01T00:00:00+05:00' })}`, code: 'validation_failed', path: 'query.filter' },
      { name: 'custom date filter year 0', method: 'GET', url: `/api/v1/contacts?filter=${filterParam({ field: 'custom:renewal', op: 'is', value: '0000-01-01' })}`, code: 'validation_failed', path: 'query.filter' },
      { name: 'custom date value year 0', method: 'POST', url: '/api/v1/contacts', payload: { firstName: 'X', customFields: { renewal: '0000-01-01' } }, code: 'validation_failed', path: 'customFields.renewal' },
      { name: 'export date filter year 0', method: 'GET', url: `/api/v1/companies/export?filter=${filterParam({ field: 'createdAt', op: 'is', value: '0000-02-29' })}`, code: 'validation_failed', path: 'query.filter' },
      // filter trees too deep or too large
      { name: 'filter 9 levels deep', method: 'GET', url: `/api/v1/contacts?filter=${filterParam(deepFilter(9))}`, code: 'validation_failed', path: 'query.filter' },
      {
        name: 'filter of 201 conditions',
        method: 'GET',
        url: `/api/v1/contacts/count?filter=${filterParam({ or: Array.from({ length: 201 }, () => ({ field: 'country', op: 'isEmpty' })) })}`,
        code: 'validation_failed',
        path: 'query.filter',
      },
      // filters too costly to run (issue 27): each "contains" reads every record
      {
        name: 'filter of 11 "contains"',
        method: 'GET',
        url: `/api/v1/contacts?filter=${filterParam({ or: Array.from({ length: 11 }, (_, i) => ({ field: 'city', op: 'contains', value: `c${i}` })) })}`,
        code: 'validation_failed',
        path: 'query.filter',
      },
      {
        name: 'bulk update by a filter of 100 "contains" pairs',
        method: 'POST',
        url: '/api/v1/contacts/bulk-update',
        payload: {
          selection: { matching: { filter: { or: Array.from({ length: 100 }, (_, i) => ({ and: [{ field: 'city', op: 'contains', value: `a${i}` }, { field: 'title', op: 'contains', value: `b${i}` }] })) } } },
          field: 'city',
          value: 'X',
        },
        code: 'validation_failed',
        path: 'selection.matching.filter',
      },
      {
        name: 'filter of 1,001 "any of" values',
        method: 'GET',
        url: `/api/v1/contacts/count?filter=${filterParam({ or: [0, 1, 2].map((k) => ({ field: 'country', op: 'anyOf', value: Array.from({ length: k === 2 ? 1 : 500 }, (_, i) => `C${k}-${i}`) })) })}`,
        code: 'validation_failed',
        path: 'query.filter',
      },
      {
        name: 'filter 10,000 levels deep in a body',
        method: 'POST',
        url: `/api/v1/lists/${listId}/members`,
        // written out by hand: JSON.stringify itself would recurse 10,000 levels
        payload: `{"filter":${'{"and":['.repeat(10_000)}{"field":"country","op":"is","value":"France"}${']}'.repeat(10_000)}}`,
        headers: { 'content-type': 'application/json' },
        code: 'too_deep',
        path: 'filter',
      },
      { name: 'filter 12 levels deep in a body', method: 'POST', url: `/api/v1/lists/${companyListId}/members`, payload: { filter: deepFilter(12) }, code: 'validation_failed', path: 'filter' },
      // malformed multipart bodies
      { name: 'import upload cut short', method: 'POST', url: '/api/v1/imports', ...truncatedMultipart(), code: 'invalid_multipart' },
      { name: 'import upload without a boundary', method: 'POST', url: '/api/v1/imports', payload: 'whatever', headers: { 'content-type': 'multipart/form-data' }, code: 'invalid_multipart' },
      { name: 'suppression upload cut short', method: 'POST', url: '/api/v1/suppressions/upload', ...truncatedMultipart(), code: 'invalid_multipart' },
    ];
    expect(attacks.length).toBeGreaterThanOrEqual(39);

    const failures: string[] = [];
    for (const a of attacks) {
      const res = await send(owner, a);
      const body = String(res.headers['content-type']).includes('json') ? (res.json() as { code?: string; errors?: { path: string }[] }) : null;
      const ok = res.statusCode === 400 && body?.code === a.code && (a.path === undefined || body?.errors?.[0]?.path === a.path);
      if (!ok) failures.push(`${a.name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
    expect(failures).toEqual([]);

    // nothing changed, and the server still answers
    expect(await snapshot()).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('refuses a NUL in an export before any header or byte of the file is sent', async () => {
    const res = await send(owner, { method: 'GET', url: '/api/v1/contacts/export?q=a%00' });
    const p = expectProblem(res, 400, 'invalid_text');
    expect(p.errors).toEqual([{ path: 'query.q', message: expect.stringContaining('NUL') }]);
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('keeps text that is merely unusual: emoji, accents, other scripts', async () => {
    const res = await send(owner, { method: 'POST', url: '/api/v1/contacts', payload: { firstName: 'Zoë 🚀', lastName: '王' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ firstName: 'Zoë 🚀', lastName: '王' });
    const found = await send(owner, { method: 'GET', url: `/api/v1/contacts?q=${encodeURIComponent('🚀')}` });
    expect(found.json().data.map((c: { lastName: string }) => c.lastName)).toEqual(['王']);
  });

  it('a filter at the limits still works: 8 levels deep, 200 conditions, years 1 and 9999', async () => {
    const deep = await send(owner, { method: 'GET', url: `/api/v1/contacts?filter=${filterParam(deepFilter(8))}` });
    expect(deep.statusCode, deep.body).toBe(200);
    expect(deep.json().data.map((c: { firstName: string }) => c.firstName)).toEqual(['Ada']);
    const conditions = Array.from({ length: 200 }, (_, i) => ({ field: 'country', op: 'is', value: i === 0 ? 'Spain' : `C${i}` }));
    // a group holds at most 100: two groups of 100
    const wide = { or: [{ or: conditions.slice(0, 100) }, { or: conditions.slice(100) }] };
    const many = await send(owner, { method: 'GET', url: `/api/v1/contacts/count?filter=${filterParam(wide)}` });
    expect(many.json()).toEqual({ total: 1 });
    const range = { field: 'createdAt', op: 'between', value: ['0001-01-01', '9999-12-31'] };
    const all = await send(owner, { method: 'GET', url: `/api/v1/contacts/count?filter=${filterParam(range)}` });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().total).toBeGreaterThanOrEqual(2);
  });
});
