import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportDetail, ImportPreflight } from '@leadtrail/contracts';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { expectProblem } from '../../../test/records-kit.js';
import { uploadImport } from './testing/upload-import.js';

/** POST /api/v1/imports/{id}/preflight: the first rows tried before the start (issue 23). */

let t: TestContext;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt-imports-preflight-'));
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// the silent-loss file: the uploader's address on every row beside the real Work Email
const rows = Array.from({ length: 12 }, (_, i) => [`Person ${i}`, `p${i}@client${i}.com`, 'me@ourco.com', i === 3 ? 'Wizard' : 'Director']);
rows.push(['Person 2 again', 'p2@client2.com', 'me@ourco.com', 'VP']); // a repeat of row 3
rows.push(['', 'not an email', 'me@ourco.com', 'VP']); // nobody
const csv = ['Name,Work Email,Added By,Seniority', ...rows.map((r) => r.join(','))].join('\n');

describe('import pre-flight', () => {
  it('tries the first rows with the suggested or a given mapping, warns in plain words and writes nothing', async () => {
    const a = await signUp(t.app);
    const existing = await a.request({ method: 'POST', url: '/api/v1/contacts', payload: { firstName: 'Old', email: 'p1@client1.com' } });
    expect(existing.statusCode, existing.body).toBe(201);
    const sup = await a.request({ method: 'POST', url: '/api/v1/suppressions', payload: { entries: [{ value: 'client4.com' }] } });
    expect(sup.statusCode, sup.body).toBe(200);
    const up = await uploadImport(a, 'people.csv', csv);
    expect(up.statusCode, up.body).toBe(201);
    const imp = up.json() as ImportDetail;
    const col = (header: string) => imp.columns.find((c) => c.header === header)!;
    expect(col('Work Email')).toMatchObject({ suggestedTarget: 'email', suggestion: { reason: 'header "Work Email"', review: false } });
    expect(col('Added By')).toMatchObject({ suggestedTarget: 'ignore', suggestion: { reason: 'the same value on most rows: not used as Email' } });

    const pre = async (payload: Record<string, unknown>) => {
      const res = await a.request({ method: 'POST', url: `/api/v1/imports/${imp.id}/preflight`, payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as ImportPreflight;
    };
    const suggested = await pre({});
    // p4 is suppressed by its domain, as the run would find it
    expect(suggested).toMatchObject({ rowsTried: 14, created: 10, updated: 0, duplicates: 2, duplicatesInFile: 1, suppressed: 1, warnings: 1, errors: 1 });
    expect(suggested.created + suggested.updated + suggested.duplicates + suggested.suppressed + suggested.errors).toBe(14);
    expect(suggested.topReasons.map((r) => [r.kind, r.column])).toEqual([
      ['error', 'Work Email'],
      ['warning', 'Seniority'],
    ]);
    expect(suggested.notices).toEqual([]);
    // fill mode: the existing contact is updated
    expect(await pre({ duplicates: 'fill' })).toMatchObject({ created: 10, updated: 1, duplicates: 1 });

    // the wrong column as Email: every row the same person, said in plain words
    const wrong = await pre({
      mapping: [
        { index: 0, target: 'fullName' },
        { index: 1, target: 'ignore' },
        { index: 2, target: 'email' },
      ],
    });
    expect(wrong).toMatchObject({ rowsTried: 14, created: 1, duplicatesInFile: 13 });
    expect(wrong.notices.map((n) => n.code).sort()).toEqual(['identity_repeats', 'many_duplicates_in_file', 'unmapped_values']);
    expect(wrong.notices.find((n) => n.code === 'identity_repeats')!.message).toBe(
      '"Added By" has the same value (me@ourco.com) on 14 of 14 rows: those rows would become one contact. Check that this is the right column.',
    );
    expect(wrong.notices.find((n) => n.code === 'unmapped_values')!.message).toMatch(/^"Work Email" holds emails but is not imported/);

    // nothing written: one contact, the import still waiting with its mapping
    const contacts = await a.request({ method: 'GET', url: '/api/v1/contacts?limit=50' });
    expect(contacts.json().data).toHaveLength(1);
    const after = (await a.request({ method: 'GET', url: `/api/v1/imports/${imp.id}` })).json() as ImportDetail;
    expect(after.status).toBe(imp.status);
    expect(after.mapping).toEqual(imp.mapping);

    // a bad mapping is refused as the mapping step refuses it
    const bad = await a.request({
      method: 'POST',
      url: `/api/v1/imports/${imp.id}/preflight`,
      payload: { mapping: [{ index: 0, target: 'email' }, { index: 1, target: 'email' }] },
    });
    expect(expectProblem(bad, 400, 'validation_failed').errors).toEqual([
      { path: 'mapping.1.target', message: 'Column 1 is already mapped to this field: a field takes one column' },
    ]);

    // another workspace's import: 404
    const b = await signUp(t.app);
    expectProblem(await b.request({ method: 'POST', url: `/api/v1/imports/${imp.id}/preflight`, payload: {} }), 404);

    // once started there is nothing to try
    const started = await a.request({ method: 'POST', url: `/api/v1/imports/${imp.id}/start` });
    expect(started.statusCode, started.body).toBe(200);
    expectProblem(await a.request({ method: 'POST', url: `/api/v1/imports/${imp.id}/preflight`, payload: {} }), 409);
  });
});

describe('the entity hint', () => {
  it('offers companies for a list of companies uploaded as contacts, and is gone once switched', async () => {
    const a = await signUp(t.app);
    const companies = ['Name,Website,Industry,NumberOfEmployees,AnnualRevenue,BillingCity,BillingCountry']
      .concat(Array.from({ length: 8 }, (_, i) => `Firm ${i},https://firm${i}.com,Software,${10 + i},${1000000 * (i + 1)},Berlin,Germany`))
      .join('\n');
    const up = await uploadImport(a, 'accounts.csv', companies);
    expect(up.statusCode, up.body).toBe(201);
    const imp = up.json() as ImportDetail;
    expect(imp.entity).toBe('contacts');
    expect(imp.entityHint).toMatchObject({ entity: 'companies' });
    const switched = await a.request({ method: 'PATCH', url: `/api/v1/imports/${imp.id}`, payload: { entity: 'companies' } });
    expect(switched.statusCode, switched.body).toBe(200);
    expect((switched.json() as ImportDetail).entityHint).toBeNull();
  });
});

describe('the silent-loss file, imported as suggested', () => {
  it("creates every person: the uploader's column never becomes Email", async () => {
    const a = await signUp(t.app);
    const people = Array.from({ length: 60 }, (_, i) => `Person ${i},p${i}@client${i % 9}.com,me@ourco.com`);
    const up = await uploadImport(a, 'people.csv', ['Name,Work Email,Added By', ...people].join('\n'));
    expect(up.statusCode, up.body).toBe(201);
    const imp = up.json() as ImportDetail;
    const started = await a.request({ method: 'POST', url: `/api/v1/imports/${imp.id}/start` });
    expect(started.statusCode, started.body).toBe(200);
    let done = imp;
    for (let i = 0; i < 400 && !['completed', 'completed_with_errors', 'failed'].includes(done.status); i++) {
      await new Promise((r) => setTimeout(r, 50));
      done = (await a.request({ method: 'GET', url: `/api/v1/imports/${imp.id}` })).json() as ImportDetail;
    }
    // the old suggestion mapped Added By: 1 created, 59 duplicates in the file
    expect(done.status).toBe('completed');
    expect(done.counts).toMatchObject({ rows: 60, created: 60, duplicates: 0, errors: 0 });
  });
});
