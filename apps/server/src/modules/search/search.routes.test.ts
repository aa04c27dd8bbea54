import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@leadtrail/contracts';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { uploadImport } from '../imports/testing/upload-import.js';

/** The command palette's search: each kind by its own text, grouped, capped, and never another workspace's. */
let t: TestContext;
let a: Awaited<ReturnType<typeof signUp>>;
let b: Awaited<ReturnType<typeof signUp>>;

async function search(who: typeof a, q: string, limit?: number) {
  const res = await who.request({ method: 'GET', url: `/api/v1/search?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchResult;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await signUp(t.app, { companyName: 'Search A' });
  b = await signUp(t.app, { companyName: 'Search B' });
  const post = async (who: typeof a, url: string, payload: Record<string, unknown>) => {
    const res = await who.request({ method: 'POST', url, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  };
  const initech = await post(a, '/api/v1/companies', { name: 'Initech', domain: 'initech.example' });
  await post(a, '/api/v1/companies', { name: 'Globex', domain: 'globex.example' });
  await post(a, '/api/v1/contacts', { firstName: 'Milton', lastName: 'Waddams', email: 'milton@initech.example', companyId: initech.id });
  await post(a, '/api/v1/contacts', { firstName: 'Peter', lastName: 'Gibbons', email: 'peter@initech.example' });
  await post(a, '/api/v1/contacts', { firstName: 'Ada', lastName: 'Hamilton', email: 'ada@hamilton.example' });
  await post(a, '/api/v1/contacts', { firstName: 'Johann', lastName: 'Strauß', email: 'johann@walzer.example' });
  await post(a, '/api/v1/companies', { name: 'Gross Logistik', domain: 'gross-logistik.example' });
  for (let i = 0; i < 8; i++) await post(a, '/api/v1/contacts', { firstName: 'Bulk', lastName: `Gibbons${i}`, email: `gibbons${i}@other.example` });
  await post(a, '/api/v1/lists', { name: 'Q1 targets', entity: 'contacts' });
  await post(a, '/api/v1/lists', { name: 'Partners', entity: 'companies' });
  const upload = await uploadImport(a, 'apollo-q1-export.csv', 'email,first_name\nx@y.example,X\n');
  expect(upload.statusCode, upload.body).toBe(201);
  // another workspace with the same names: never found from A
  await post(b, '/api/v1/companies', { name: 'Initech B', domain: 'initech-b.example' });
  await post(b, '/api/v1/lists', { name: 'Q1 targets B', entity: 'contacts' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('GET /api/v1/search', () => {
  it('finds a company by a fragment of its name or domain, and contacts by name and email', async () => {
    const r = await search(a, 'nite');
    expect(r.companies.map((c) => c.name)).toEqual(['Initech']);
    // the contacts' emails are at initech.example
    expect(r.contacts.map((c) => c.email).sort()).toEqual(['milton@initech.example', 'peter@initech.example']);
    expect(r.contacts.find((c) => c.email === 'milton@initech.example')).toMatchObject({ name: 'Milton Waddams', companyName: 'Initech' });
    expect((await search(a, 'globex.ex')).companies.map((c) => c.name)).toEqual(['Globex']);
  });

  it('matches every word, puts prefix matches first and caps each kind', async () => {
    const r = await search(a, 'gibbons');
    expect(r.contacts).toHaveLength(5);
    expect(r.contacts.every((c) => c.name.toLowerCase().includes('gibbons'))).toBe(true);
    expect((await search(a, 'gibbons', 10)).contacts).toHaveLength(9);
    expect((await search(a, 'peter gibb')).contacts.map((c) => c.name)).toEqual(['Peter Gibbons']);
    expect((await search(a, 'peter globex')).contacts).toEqual([]);
    // a first or last name starting with the text comes before one containing it
    expect((await search(a, 'mil')).contacts.map((c) => c.name)).toEqual(['Milton Waddams', 'Ada Hamilton']);
    expect((await search(a, 'hami')).contacts.map((c) => c.name)).toEqual(['Ada Hamilton']);
    expect((await search(a, 'waddams milton')).contacts.map((c) => c.name)).toEqual(['Milton Waddams']);
  });

  it('finds ß as people type it: "strauss" finds Strauß and "groß" finds Gross', async () => {
    expect((await search(a, 'strauss')).contacts.map((c) => c.name)).toEqual(['Johann Strauß']);
    expect((await search(a, 'johann strauss')).contacts.map((c) => c.name)).toEqual(['Johann Strauß']);
    expect((await search(a, 'strauß')).contacts.map((c) => c.name)).toEqual(['Johann Strauß']);
    expect((await search(a, 'groß')).companies.map((c) => c.name)).toEqual(['Gross Logistik']);
  });

  it('finds lists by name and imports by file name', async () => {
    const r = await search(a, 'q1 targ');
    expect(r.lists.map((l) => [l.name, l.entity])).toEqual([['Q1 targets', 'contacts']]);
    const imports = (await search(a, 'apollo')).imports;
    expect(imports.map((i) => i.fileName)).toEqual(['apollo-q1-export.csv']);
    expect((await search(a, 'q1')).imports.map((i) => i.fileName)).toEqual(['apollo-q1-export.csv']);
  });

  it("never returns another workspace's records, and refuses an empty query", async () => {
    const fromA = await search(a, 'initech b');
    expect(fromA.companies).toEqual([]);
    const fromB = await search(b, 'initech');
    expect(fromB.companies.map((c) => c.name)).toEqual(['Initech B']);
    expect(fromB.contacts).toEqual([]);
    expect(fromB.lists).toEqual([]);
    expect((await search(b, 'targets')).lists.map((l) => l.name)).toEqual(['Q1 targets B']);
    const empty = await a.request({ method: 'GET', url: '/api/v1/search?q=%20' });
    expect(empty.statusCode).toBe(400);
    // wildcards are text, not patterns
    expect((await search(a, '%')).contacts).toEqual([]);
  });
});
