import { describe, expect, it } from 'vitest';
import { chooseSheet } from './sheet-choice.js';

const sheet = (name: string, records: string[][], rows = records.length) => ({ name, rows, records });
const table = (n: number) => [['Name', 'Email'], ...Array.from({ length: n }, (_, i) => [`P ${i}`, `p${i}@x.test`])];

describe('chooseSheet', () => {
  it('passes over a one-line cover sheet and a one-column notes sheet for the table', () => {
    const cover = sheet('Read me', [['This workbook holds our contacts']]);
    const notes = sheet('Notes', Array.from({ length: 30 }, (_, i) => [`note ${i}`]));
    expect(chooseSheet([cover, notes, sheet('Contacts', table(5))])?.name).toBe('Contacts');
  });

  it('counts the rows past a preview, keeps the first of equals, and skips empty sheets', () => {
    const short = sheet('Summary', table(40));
    const long = sheet('Data', table(10), 50_000);
    expect(chooseSheet([short, long])?.name).toBe('Data');
    expect(chooseSheet([sheet('A', table(3)), sheet('B', table(3))])?.name).toBe('A');
    expect(chooseSheet([sheet('Empty', [[], ['  ']]), sheet('Title', [['Only a title']])])?.name).toBe('Title');
    expect(chooseSheet([sheet('Empty', [])])).toBeUndefined();
  });
});
