import { describe, expect, it } from 'vitest';
import { csvCell, csvStringifier, neutralizeCell } from './csv.js';

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

  it('streams a BOM, a neutralised header, quoted cells and CRLF rows', async () => {
    const s = csvStringifier(['Name', '=evil']);
    const chunks: string[] = [];
    s.on('data', (d: Buffer | string) => chunks.push(d.toString()));
    const done = new Promise((resolve) => s.on('end', resolve));
    s.write([csvCell('Doe, "Jo"'), csvCell('line\nbreak')]);
    s.end();
    await done;
    expect(chunks.join('')).toBe('\uFEFFName,\'=evil\r\n"Doe, ""Jo""","line\nbreak"\r\n');
  });
});
