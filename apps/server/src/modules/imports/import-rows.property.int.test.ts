import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportDetail, ImportErrorPage, ImportSuppressedPage } from '@leadtrail/contracts';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { uploadImport } from './testing/upload-import.js';

/**
 * Property (issue 23): every row with an identity (a usable email or a name) ends created,
 * updated, suppressed or a duplicate of an earlier row with its email — never lost, whatever
 * its other cells hold; only a row naming nobody is an error.
 */

let t: TestContext;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt-import-property-'));
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Row = { first: boolean; last: boolean; email: 'none' | 'bad' | number; phone: 'none' | 'good' | 'bad'; seniority: 'none' | 'known' | 'unknown' };

const row = fc.record<Row>({
  first: fc.boolean(),
  last: fc.boolean(),
  // a small pool: addresses repeat within a file; 0 is suppressed in the workspace
  email: fc.oneof(fc.constant('none' as const), fc.constant('bad' as const), fc.integer({ min: 0, max: 5 })),
  phone: fc.constantFrom('none', 'good', 'bad'),
  seniority: fc.constantFrom('none', 'known', 'unknown'),
});

const emailOf = (n: number) => `p${n}@pool.example`;

function csvOf(rows: Row[]) {
  const lines = ['First Name,Last Name,Email,Mobile Phone,Seniority,Title'];
  rows.forEach((r, i) => {
    lines.push(
      [
        r.first ? `F${i}` : '',
        r.last ? `L${i}` : '',
        r.email === 'none' ? '' : r.email === 'bad' ? `not-an-email-${i}` : emailOf(r.email),
        r.phone === 'none' ? '' : r.phone === 'good' ? '+1 415 555 0100' : '12',
        r.seniority === 'none' ? '' : r.seniority === 'known' ? 'VP-Level' : 'Galactic',
        // never a blank line: a row naming nobody is still a row
        'T',
      ].join(','),
    );
  });
  return `${lines.join('\n')}\n`;
}

async function importRows(rows: Row[]) {
  const owner = await signUp(t.app);
  const sup = await owner.request({ method: 'POST', url: '/api/v1/suppressions', payload: { entries: [{ value: emailOf(0) }] } });
  expect(sup.statusCode, sup.body).toBe(200);
  const up = await uploadImport(owner, 'rows.csv', csvOf(rows));
  expect(up.statusCode, up.body).toBe(201);
  const id = (up.json() as ImportDetail).id;
  const targets = ['firstName', 'lastName', 'email', 'mobilePhone', 'seniority', 'jobTitle'];
  const patched = await owner.request({ method: 'PATCH', url: `/api/v1/imports/${id}`, payload: { mapping: targets.map((target, index) => ({ index, target })) } });
  expect(patched.statusCode, patched.body).toBe(200);
  const started = await owner.request({ method: 'POST', url: `/api/v1/imports/${id}/start` });
  expect(started.statusCode, started.body).toBe(200);
  for (let i = 0; i < 400; i++) {
    const imp = (await owner.request({ method: 'GET', url: `/api/v1/imports/${id}` })).json() as ImportDetail;
    if (!['queued', 'processing'].includes(imp.status)) {
      const errors = (await owner.request({ method: 'GET', url: `/api/v1/imports/${id}/errors?limit=200` })).json() as ImportErrorPage;
      const suppressed = (await owner.request({ method: 'GET', url: `/api/v1/imports/${id}/suppressed?limit=200` })).json() as ImportSuppressedPage;
      const contacts = (await owner.request({ method: 'GET', url: '/api/v1/contacts?limit=500' })).json().data as {
        firstName: string | null;
        lastName: string | null;
        email: string | null;
      }[];
      return { imp, errors, suppressed, contacts };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the import did not finish');
}

describe('import rows (property)', () => {
  it('accounts for every row with an identity: created, updated, suppressed or a duplicate it names', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 20 }), async (rows) => {
        const { imp, errors, suppressed, contacts } = await importRows(rows);
        const rowNumber = (i: number) => i + 2;
        const identified = (r: Row) => r.first || r.last || typeof r.email === 'number';
        const errorRows = new Set(errors.data.filter((e) => e.kind === 'error').map((e) => e.rowNumber));
        // only the rows naming nobody are errors
        expect([...errorRows].sort((a, b) => a - b)).toEqual(rows.flatMap((r, i) => (identified(r) ? [] : [rowNumber(i)])));
        expect(imp.counts.created + imp.counts.updated + imp.counts.duplicates + imp.counts.suppressed + imp.counts.errors).toBe(rows.length);
        const suppressedRows = new Set(suppressed.data.map((s) => s.rowNumber));
        const emails = new Set(contacts.map((c) => c.email));
        const seen = new Set<number>();
        let repeats = 0;
        rows.forEach((r, i) => {
          if (!identified(r)) return;
          if (typeof r.email === 'number') {
            if (r.email === 0) expect(suppressedRows.has(rowNumber(i))).toBe(true);
            else expect(emails.has(emailOf(r.email))).toBe(true);
            // a later row with the same address is a duplicate of the first
            if (seen.has(r.email) && r.email !== 0) repeats++;
            seen.add(r.email);
          } else {
            // no usable email: the contact is found by its name, which this row alone has
            const named = contacts.filter((c) => c.firstName === (r.first ? `F${i}` : null) && c.lastName === (r.last ? `L${i}` : null));
            expect(named, `row ${rowNumber(i)}`).toHaveLength(1);
          }
        });
        expect(imp.counts.duplicatesInFile).toBe(repeats);
      }),
      { numRuns: 6 },
    );
  }, 120_000);
});
