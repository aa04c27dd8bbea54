import { describe, expect, it } from 'vitest';
import { readCsvRecords } from './csv.js';
import { FILE_LIMITS, FileFormatError, FileLimitError } from './limits.js';
import { bufferSource, inspectXlsx, readXlsxRecords } from './xlsx.js';
import { repeated, workbookOf, zipOf } from './testing/hostile-files.js';

/** Every record of a sheet, or the error it ends on; with the heap's growth meanwhile. */
async function readSheet(buf: Buffer) {
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  const batches: { first: number; n: number }[] = [];
  try {
    for await (const b of readXlsxRecords(bufferSource(buf), 'Sheet1')) {
      batches.push({ first: b.first, n: b.records.length });
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
    return { batches, error: null as Error | null, grew: peak - before };
  } catch (err) {
    return { batches, error: err as Error, grew: Math.max(peak, process.memoryUsage().heapUsed) - before };
  }
}

async function readCsv(text: string | Buffer) {
  const buf = Buffer.from(text);
  async function* chunks() {
    for (let i = 0; i < buf.length; i += 65536) yield buf.subarray(i, i + 65536);
  }
  let rows = 0;
  for await (const b of readCsvRecords(chunks(), { encoding: 'utf-8', delimiter: ',' })) rows += b.records.length;
  return rows;
}

const MB = 1024 * 1024;
const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

describe('XLSX limits', () => {
  it('refuses a row numbered beyond the last row without allocating the gap (finding 1)', async () => {
    const buf = workbookOf({
      sheetData: `<row r="1">${cell('A1', 'Email')}</row><row r="2">${cell('A2', 'a@x.com')}</row><row r="200000000">${cell('A200000000', 'b@x.com')}</row>`,
    });
    expect(buf.length).toBeLessThan(2000);
    const r = await readSheet(buf);
    expect(r.error).toBeInstanceOf(FileLimitError);
    expect((r.error as FileLimitError).limit).toBe('rows');
    expect(r.error!.message).toMatch(/200,000,000/);
    expect(r.grew).toBeLessThan(30 * MB);
    await expect(inspectXlsx(bufferSource(buf))).rejects.toThrow(FileLimitError);
  });

  it('skips a long gap of empty rows within the limit without materialising it', async () => {
    const buf = workbookOf({
      sheetData: `<row r="1">${cell('A1', 'Email')}</row><row r="1048576">${cell('A1048576', 'z@x.com')}</row>`,
    });
    const r = await readSheet(buf);
    expect(r.error).toBeNull();
    expect(r.batches).toEqual([
      { first: 0, n: 1 },
      { first: 1_048_575, n: 1 },
    ]);
    expect(r.grew).toBeLessThan(30 * MB);
  });

  it('refuses values beyond the column limit, ignores empty styled cells there', async () => {
    const wide = Array.from({ length: FILE_LIMITS.columns + 1 }, (_, i) => `<c t="inlineStr"><is><t>v${i}</t></is></c>`).join('');
    const r = await readSheet(workbookOf({ sheetData: `<row r="1">${wide}</row>` }));
    expect((r.error as FileLimitError).limit).toBe('columns');
    const styled = await readSheet(workbookOf({ sheetData: `<row r="1">${cell('A1', 'x')}<c r="XFD1" s="1"/></row>` }));
    expect(styled.error).toBeNull();
  });

  it('refuses a cell over 32,767 characters, and a text run over the token limit before it is held', async () => {
    const r = await readSheet(workbookOf({ sheetData: `<row r="1">${cell('A1', 'x'.repeat(40_000))}</row>` }));
    expect((r.error as FileLimitError).limit).toBe('cellChars');
    let seed = 3;
    const letters = () => {
      let s = '';
      for (let i = 0; i < MB; i++) s += String.fromCharCode(97 + ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % 26));
      return s;
    };
    const huge = await readSheet(workbookOf({ sheetData: () => [letters(), letters()] }));
    expect((huge.error as FileLimitError).limit).toBe('xmlTokenChars');
    expect(huge.grew).toBeLessThan(40 * MB);
  });

  it('refuses a 300 MB shared string from a small file quickly and with a flat heap (finding 5)', async () => {
    const buf = workbookOf({
      sheetData: `<row r="1"><c r="A1" t="s"><v>0</v></c></row>`,
      sharedStrings: () =>
        (function* () {
          yield '<si><t>';
          yield* repeated('z', 300 * MB);
          yield '</t></si>';
        })(),
    });
    expect(buf.length).toBeLessThan(2 * MB);
    const t0 = Date.now();
    const r = await readSheet(buf);
    expect(r.error).toBeInstanceOf(FileLimitError);
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(r.grew).toBeLessThan(40 * MB);
  }, 60_000);

  it('refuses a shared-string table over its memory budget', async () => {
    // distinct strings of 30,000 characters that compress about 100 times (under the bomb ratio)
    const count = Math.ceil(FILE_LIMITS.sharedStringBytes / 30_000) + 10;
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const buf = workbookOf({
      sheetData: `<row r="1"><c r="A1" t="s"><v>0</v></c></row>`,
      sharedStrings: () =>
        (function* () {
          for (let i = 0; i < count; i++) {
            let base = '';
            for (let k = 0; k < 300; k++) base += String.fromCharCode(97 + (rand() % 26));
            yield `<si><t>${base.repeat(100)}</t></si>`;
          }
        })(),
    });
    const r = await readSheet(buf);
    expect(r.error).toBeInstanceOf(FileLimitError);
    expect((r.error as FileLimitError).limit).toBe('sharedStringBytes');
  }, 60_000);

  it('refuses a zip bomb by the ratio it declares before inflating it (finding 5)', async () => {
    const row = `<row>${cell('A1', 'same text')}</row>`;
    const buf = workbookOf({ sheetData: () => repeated(row, (400 * MB) / row.length) });
    expect(buf.length).toBeLessThan(5 * MB);
    const t0 = Date.now();
    const r = await readSheet(buf);
    expect((r.error as FileLimitError).limit).toBe('compressionRatio');
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(r.batches).toEqual([]);
  }, 60_000);

  it('refuses a part inflating past the size it declares as damaged, having read no more than that', async () => {
    const row = `<row>${cell('A1', 'same text')}</row>`;
    const buf = workbookOf({ sheetData: () => repeated(row, (400 * MB) / row.length), sheetDeclaredSize: 1000 });
    const t0 = Date.now();
    const r = await readSheet(buf);
    expect(r.error).toBeInstanceOf(FileFormatError);
    expect(r.error!.message).toMatch(/damaged/);
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(r.batches.reduce((sum, b) => sum + b.n, 0) * row.length).toBeLessThan(1000);
  }, 60_000);

  it('refuses a part declaring more than the inflated budget before inflating it', async () => {
    const buf = workbookOf({ sheetData: '<row r="1"/>', sheetDeclaredSize: FILE_LIMITS.inflatedBytes + 1 });
    const r = await readSheet(buf);
    expect((r.error as FileLimitError).limit).toBe('inflatedBytes');
  });

  it('refuses a document type declaration, broken zips and non-workbooks clearly', async () => {
    const dtd = workbookOf({ sheetData: '' });
    const withDtd = zipOf([
      { name: 'xl/workbook.xml', data: '<!DOCTYPE x [<!ENTITY a "aaaa">]><workbook><sheets/></workbook>' },
    ]);
    await expect(inspectXlsx(bufferSource(withDtd))).rejects.toThrow(/document type declaration/);
    await expect(inspectXlsx(bufferSource(Buffer.from('PK\x03\x04 not a zip at all')))).rejects.toThrow(FileFormatError);
    await expect(inspectXlsx(bufferSource(dtd.subarray(0, dtd.length - 30)))).rejects.toThrow(FileFormatError);
    await expect(inspectXlsx(bufferSource(zipOf([{ name: 'a.txt', data: 'x' }])))).rejects.toThrow(/not an Excel workbook/);
  });

  it('reads values, shared strings, inline and rich text, booleans and dates with prefixed element names', async () => {
    const styles = `<styleSheet><numFmts><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/></numFmts><cellXfs><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="14"/></cellXfs></styleSheet>`;
    const buf = workbookOf({
      sheetData: `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c></row><row r="3"><c r="A3"><v>1.5</v></c><c r="B3" s="1"><v>44319</v></c><c r="C3" t="b"><v>1</v></c><c r="D3" t="inlineStr"><is><r><t>Bob </t></r><r><t>R&amp;y</t></r></is></c><c r="E3"><f>1+1</f><v>2</v></c><c r="F3" t="e"><v>#N/A</v></c></row>`,
      sharedStrings: `<si><t>Name</t></si><si><r><t>Ri</t></r><r><t>ch</t></r><rPh><t>phonetic</t></rPh></si>`,
      styles,
    });
    const sheets = await inspectXlsx(bufferSource(buf));
    expect(sheets).toEqual([
      {
        name: 'Sheet1',
        rows: 3,
        records: [['Name', '', 'Rich'], [], ['1.5', '2021-05-03', 'TRUE', 'Bob R&y', '2']],
      },
    ]);
  });
});

describe('CSV limits', () => {
  it('refuses 100,000 columns (finding 4) and a cell over 32,767 characters', async () => {
    const wide = `${Array.from({ length: 100_000 }, (_, i) => `c${i}`).join(',')}\n`;
    await expect(readCsv(wide)).rejects.toMatchObject({ limit: 'columns' });
    await expect(readCsv(`a,b\n1,${'x'.repeat(40_000)}\n`)).rejects.toMatchObject({ limit: 'cellChars' });
    // padding with empty fields is not values
    expect(await readCsv(`a,b${','.repeat(5000)}\n1,2\n`)).toBe(2);
  });
});
