import { describe, expect, it } from 'vitest';
import { rowKeys, summarisePreflight, type TriedRow } from './import-preflight.js';
import type { StagedRecord } from './import-row.js';

const record = (key: string | null): StagedRecord => ({ key, data: {}, custom: null, companyDomain: null, companyName: null, companyCreate: false, note: null });
/** Rows of [email, phone, added-by] with the email as the key. */
const rows = (emails: string[]): TriedRow[] =>
  emails.map((e, i) => ({ cells: [e, `+1 415 555 ${1000 + i}`, 'me@ourco.com'], outcome: { record: record(e), issues: [] } }));
const columns = [
  { index: 0, header: 'Email' },
  { index: 1, header: 'Phone' },
  { index: 2, header: 'Added by' },
];
const summary = (tried: TriedRow[], mapping: Record<number, string> = { 0: 'email', 1: 'workPhone' }) =>
  summarisePreflight({
    entity: 'contacts',
    columns,
    mapping: new Map(Object.entries(mapping).map(([i, t]) => [Number(i), t])),
    rows: tried,
    existing: new Set(['p0@x.io']),
    suppressed: new Set(['p7@x.io']),
    duplicates: 'skip',
  });

describe('summarisePreflight', () => {
  const ten = Array.from({ length: 10 }, (_, i) => `p${i}@x.io`);

  it('accounts for every row and lists the keys to look up once', () => {
    const s = summary(rows([...ten.slice(0, 8), 'p1@x.io', 'p2@x.io']));
    // p0 exists (skipped), p7 is suppressed, p1 and p2 repeat
    expect(s).toMatchObject({ rowsTried: 10, created: 6, duplicates: 3, duplicatesInFile: 2, suppressed: 1, errors: 0, notices: [] });
    expect(rowKeys(rows(['a@x.io', 'a@x.io', 'b@x.io']))).toEqual(['a@x.io', 'b@x.io']);
  });

  it('warns of in-file duplicates above a fifth of the rows, not at it', () => {
    const codes = (emails: string[]) => summary(rows(emails)).notices.map((n) => n.code);
    // 2 of 10 repeat (a fifth): no word; 3 of 10: the many-duplicates notice and the repeated value
    expect(codes([...ten.slice(0, 8), 'p1@x.io', 'p2@x.io'])).toEqual([]);
    expect(codes([...ten.slice(0, 7), 'p1@x.io', 'p1@x.io', 'p2@x.io'])).toEqual(['identity_repeats', 'many_duplicates_in_file']);
  });

  it('names a column of known values left out, but not one repeating one value', () => {
    const s = summary(rows(ten), { 0: 'email' });
    expect(s.notices).toEqual([
      { code: 'unmapped_values', column: 'Phone', message: '"Phone" holds phone numbers but is not imported. Choose a field for it, or leave it out on purpose.' },
    ]);
  });

  it('counts errors and warnings by reason, errors first', () => {
    const tried: TriedRow[] = [
      { cells: ['', '', ''], outcome: { record: null, issues: [{ target: 'email', message: 'Enter a name or an email' }] } },
      { cells: ['a@x.io', 'x', ''], outcome: { record: record('a@x.io'), issues: [{ target: 'workPhone', message: 'Not a phone number' }] } },
      { cells: ['b@x.io', 'y', ''], outcome: { record: record('b@x.io'), issues: [{ target: 'workPhone', message: 'Not a phone number' }] } },
    ];
    expect(summary(tried)).toMatchObject({
      created: 2,
      warnings: 2,
      errors: 1,
      topReasons: [
        { kind: 'error', column: 'Email', reason: 'Enter a name or an email', rows: 1 },
        { kind: 'warning', column: 'Phone', reason: 'Not a phone number', rows: 2 },
      ],
    });
  });
});
