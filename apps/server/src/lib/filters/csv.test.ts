import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stringify } from 'csv-stringify/sync';
import { csvCell, csvHeader, csvRows, neutralizeCell } from './csv.js';

describe('CSV cells', () => {
  it('neutralises cells that a spreadsheet would run as a formula', () => {
    for (const v of ['=SUM(A1)', '+1+1', '-2+3', '@cmd', '\tx', '\rx', '=HYPERLINK("http://x")']) {
      expect(neutralizeCell(v)).toBe(`'${v}`);
    }
    for (const v of ['Anna', 'a=b', ' =x', '', "'quoted"]) expect(neutralizeCell(v)).toBe(v);
  });

  it('leaves real numbers alone and writes empties, booleans', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(2.5)).toBe('2.5');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell('-5')).toBe("'-5");
  });

  it('writes a BOM, a neutralised header, quoted cells and CRLF rows', () => {
    expect(csvHeader(['Name', '=evil'])).toBe("\uFEFFName,'=evil\n");
    expect(csvRows([['Doe, "Jo"', 'line\nbreak'], [-1, null]])).toBe('"Doe, ""Jo""","line\nbreak"\r\n-1,\r\n');
    expect(csvRows([['=1+1', '@x']])).toBe("'=1+1,'@x\r\n");
  });
});

describe('CSV quoting', () => {
  it('writes exactly what csv-stringify writes, for any cells', () => {
    const cell = fc.oneof(fc.string(), fc.constantFrom('a,b', 'say "hi"', 'x\r\ny', 'x\ny', '\r', '', ' '), fc.integer(), fc.constant(null));
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const cells = rows.map((r) => r.map(csvCell));
        expect(csvRows(rows)).toBe(stringify(cells, { record_delimiter: 'windows', quoted_match: /[\r\n]/ }));
      }),
    );
  });
});
