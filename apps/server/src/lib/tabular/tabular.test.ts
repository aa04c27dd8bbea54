import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import {
  createRecordCounter,
  detectDelimiter,
  detectHeaderRow,
  readCsvRecords,
  sniffCsv,
  CsvFormatError,
} from './csv.js';
import { detectEncoding, isValidUtf8, type TextEncoding } from './encoding.js';
import { detectFileType } from './file-type.js';
import { bufferSource, inspectXlsx, readXlsxRecords } from './xlsx.js';

const TEXT =
  'First Name,Last Name,Email,Company\r\nJosé,Müller,jose@acme.com,"Acme, Inc."\r\nZoë,O\'Brien,zoe@globex.com,"The ""Best"" Co"\r\n';

function encode(text: string, encoding: TextEncoding, bom: boolean): Buffer {
  const body = iconv.encode(text, encoding, { addBOM: false });
  if (!bom) return body;
  const marks: Record<string, number[]> = {
    'utf-8': [0xef, 0xbb, 0xbf],
    'utf-16le': [0xff, 0xfe],
    'utf-16be': [0xfe, 0xff],
  };
  return Buffer.concat([Buffer.from(marks[encoding]!), body]);
}

/** Feeds a buffer in chunks of n bytes, to cross every boundary a real stream might. */
async function* chunks(buf: Buffer, n: number) {
  for (let i = 0; i < buf.length; i += n) yield buf.subarray(i, i + n);
}

async function allRecords(buf: Buffer, encoding: TextEncoding, delimiter: ',' | ';' | '\t' | '|', n = 7) {
  const out: string[][] = [];
  for await (const b of readCsvRecords(chunks(buf, n), { encoding, delimiter })) {
    expect(b.first).toBe(out.length);
    out.push(...b.records);
  }
  return out;
}

const EXPECTED = [
  ['First Name', 'Last Name', 'Email', 'Company'],
  ['José', 'Müller', 'jose@acme.com', 'Acme, Inc.'],
  ['Zoë', "O'Brien", 'zoe@globex.com', 'The "Best" Co'],
];

describe('detectEncoding', () => {
  it.each([
    ['utf-8', true],
    ['utf-8', false],
    ['utf-16le', true],
    ['utf-16be', true],
    ['utf-16le', false],
    ['utf-16be', false],
    ['windows-1252', false],
  ] as const)('recognises %s (BOM: %s)', (encoding, bom) => {
    const buf = encode(TEXT, encoding, bom);
    expect(detectEncoding(buf, true)).toEqual({ encoding, bom });
  });

  it('takes plain ASCII as UTF-8', () => {
    expect(detectEncoding(Buffer.from('a,b\n1,2\n')).encoding).toBe('utf-8');
  });

  it('accepts a sample cut in the middle of a character, but not a whole file', () => {
    const buf = Buffer.from('name\nJosé', 'utf8');
    const cut = buf.subarray(0, buf.length - 1);
    expect(isValidUtf8(cut, false)).toBe(true);
    expect(isValidUtf8(cut, true)).toBe(false);
    expect(detectEncoding(cut).encoding).toBe('utf-8');
  });

  it('refuses overlong and surrogate sequences as UTF-8', () => {
    expect(isValidUtf8(Buffer.from([0xc0, 0xaf]), true)).toBe(false);
    expect(isValidUtf8(Buffer.from([0xed, 0xa0, 0x80]), true)).toBe(false);
  });
});

describe('sniffCsv', () => {
  it.each([',', ';', '\t', '|'] as const)('detects the %j delimiter with quoted delimiters inside values', (d) => {
    const text = [
      ['Name', 'Note', 'Email'],
      ['Ann', `one${d} two`, 'ann@x.com'],
      ['Bob', `say "hi"${d} ok`, 'bob@x.com'],
      ['Cy', 'plain', 'cy@x.com'],
    ]
      .map((r) => r.map((v) => (/[",;\t|]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(d))
      .join('\n');
    const s = sniffCsv(Buffer.from(text), { isWholeFile: true });
    expect(s.delimiter).toBe(d);
    expect(s.records[1]).toEqual(['Ann', `one${d} two`, 'ann@x.com']);
    expect(s.records[2]![1]).toBe(`say "hi"${d} ok`);
    expect(s.headerRow).toBe(0);
  });

  it('prefers the delimiter that gives more columns when both are consistent', () => {
    expect(detectDelimiter('a;b,c;d\n1;2,3;4\n5;6,7;8\n')).toBe(';');
  });

  it('keeps line breaks inside quoted values, with CRLF and LF', () => {
    for (const nl of ['\r\n', '\n']) {
      const text = `name,address${nl}Ann,"1 Main St${nl}Springfield"${nl}Bob,"2 Oak${nl}${nl}Rd"${nl}`;
      const s = sniffCsv(Buffer.from(text), { isWholeFile: true });
      expect(s.newline).toBe(nl);
      expect(s.records).toEqual([
        ['name', 'address'],
        ['Ann', `1 Main St${nl}Springfield`],
        ['Bob', `2 Oak${nl}${nl}Rd`],
      ]);
    }
  });

  it("finds the header under LinkedIn Connections.csv's three preamble lines", () => {
    const text = [
      'Notes:',
      '"When exporting your connection data, you may notice that some of the email addresses are missing. You will only see email addresses for connections who have allowed their connections to see or download their email address using this setting https://www.linkedin.com/psettings/privacy/email. You can learn more here https://www.linkedin.com/help/linkedin/answer/261"',
      '',
      'First Name,Last Name,URL,Email Address,Company,Position,Connected On',
      'Ann,Lee,https://www.linkedin.com/in/annlee,,Acme,CTO,03 Jan 2024',
      'Bob,Ray,https://www.linkedin.com/in/bobray,bob@ray.io,Ray Co,CEO,04 Feb 2024',
    ].join('\n');
    const s = sniffCsv(Buffer.from(text), { isWholeFile: true });
    expect(s.delimiter).toBe(',');
    expect(s.headerRow).toBe(3);
    expect(s.records[3]![0]).toBe('First Name');
  });

  it('skips a title row padded with delimiters', () => {
    expect(
      detectHeaderRow([
        ['Contacts export', '', '', ''],
        ['a', 'b', 'c', 'd'],
        ['1', '2', '3', '4'],
      ]),
    ).toBe(1);
  });

  it('honours the overrides', () => {
    const text = 'a;b\n1;2\n';
    const s = sniffCsv(Buffer.from(text), {
      isWholeFile: true,
      delimiter: ',',
      headerRow: 1,
      encoding: 'windows-1252',
    });
    expect(s.delimiter).toBe(',');
    expect(s.headerRow).toBe(1);
    expect(s.records).toEqual([['a;b'], ['1;2']]);
  });

  it('reads every encoding to the same records', () => {
    for (const [enc, bom] of [
      ['utf-8', true],
      ['utf-8', false],
      ['utf-16le', true],
      ['utf-16be', true],
      ['windows-1252', false],
    ] as const) {
      const s = sniffCsv(encode(TEXT, enc, bom), { isWholeFile: true });
      expect(s.encoding).toBe(enc);
      expect(s.records).toEqual(EXPECTED);
    }
  });
});

describe('readCsvRecords', () => {
  it.each([
    ['utf-8', true],
    ['utf-16le', true],
    ['utf-16be', true],
    ['windows-1252', false],
  ] as const)('streams %s across chunk boundaries of every size', async (enc, bom) => {
    const buf = encode(TEXT, enc, bom);
    for (const n of [1, 2, 3, 5, 64, 4096]) expect(await allRecords(buf, enc, ',', n)).toEqual(EXPECTED);
  });

  it('keeps quoted line breaks split across chunks and a last line without newline', async () => {
    const text = 'a|b\n"x\r\ny"|"he said ""no"""\nlast|row';
    expect(await allRecords(Buffer.from(text), 'utf-8', '|', 3)).toEqual([
      ['a', 'b'],
      ['x\r\ny', 'he said "no"'],
      ['last', 'row'],
    ]);
  });

  it('streams a large file in bounded batches', async () => {
    const lines = ['id,email'];
    for (let i = 0; i < 50_000; i++) lines.push(`${i},user${i}@example.com`);
    const buf = Buffer.from(lines.join('\n'));
    let n = 0;
    let batches = 0;
    for await (const b of readCsvRecords(chunks(buf, 65536), { encoding: 'utf-8', delimiter: ',' })) {
      n += b.records.length;
      batches++;
    }
    expect(n).toBe(50_001);
    expect(batches).toBeGreaterThan(5);
  });

  it('fails clearly on a quote that never closes instead of buffering the file', async () => {
    const buf = Buffer.concat([Buffer.from('a,b\n"open,'), Buffer.alloc(5 * 1024 * 1024, 'x')]);
    await expect(allRecords(buf, 'utf-8', ',', 65536)).rejects.toThrow(CsvFormatError);
  });
});

describe('createRecordCounter', () => {
  it.each(['utf-8', 'utf-16le', 'utf-16be'] as const)('counts records, not quoted line breaks (%s)', (enc) => {
    const text = 'a,b\n"1\n2",3\n4,5\n';
    const buf = encode(text, enc, true);
    const counter = createRecordCounter(enc);
    for (let i = 0; i < buf.length; i += 3) counter.push(buf.subarray(i, i + 3));
    expect(counter.records).toBe(3);
  });
});

describe('detectFileType', () => {
  it('recognises text, workbooks and what it refuses', () => {
    expect(detectFileType(Buffer.from('a,b\n'), 'x.csv')).toEqual({ type: 'csv' });
    expect(detectFileType(encode('a,b\n', 'utf-16le', true), 'x.csv')).toEqual({ type: 'csv' });
    expect(detectFileType(Buffer.from([0x50, 0x4b, 3, 4, 0]), 'x.xlsx')).toEqual({ type: 'xlsx' });
    expect(detectFileType(Buffer.from([0x50, 0x4b, 3, 4, 0]), 'x.zip').type).toBeNull();
    expect(detectFileType(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0]), 'old.xls')).toMatchObject({
      type: null,
      reason: expect.stringMatching(/xlsx/),
    });
    expect(detectFileType(Buffer.from('%PDF-1.7'), 'a.pdf').type).toBeNull();
    expect(detectFileType(Buffer.from([1, 2, 0, 4, 5, 6]), 'a.csv').type).toBeNull();
    expect(detectFileType(Buffer.from('{}'), 'a.json').type).toBeNull();
    // issue 23: vCards by their first line; other names refused naming what is accepted
    expect(detectFileType(Buffer.from('\uFEFFBEGIN:VCARD\r\nVERSION:3.0\r\n'), 'Contacts.vcf')).toEqual({ type: 'vcf' });
    expect(detectFileType(encode('BEGIN:VCARD\r\nVERSION:4.0\r\n', 'utf-16le', true), 'export.csv')).toEqual({ type: 'vcf' });
    expect(detectFileType(Buffer.from('a\tb\n'), 'x.tsv')).toEqual({ type: 'csv' });
    expect(detectFileType(Buffer.from('a,b\n'), 'x.txt')).toEqual({ type: 'csv' });
    for (const [bytes, name] of [
      [Buffer.from('Name,Email\n'), 'a.vcf'],
      [Buffer.from([0x50, 0x4b, 3, 4, 0]), 'b.numbers'],
      [Buffer.from('<!DOCTYPE html><table>'), 'report.csv'],
      [Buffer.from('a,b\n'), 'c.md'],
    ] as const) {
      expect(detectFileType(bytes, name)).toEqual({ type: null, reason: expect.stringMatching(/CSV, TSV, TXT, XLSX or VCF/) });
    }
  });
});

async function workbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const notes = wb.addWorksheet('Read me');
  notes.addRow(['This workbook holds contacts']);
  const ws = wb.addWorksheet('Contacts');
  ws.addRow(['Name', 'Email', 'Employees', 'Since', 'Site']);
  ws.addRow([
    'Ann Lee',
    'ann@acme.com',
    250,
    new Date(Date.UTC(2021, 4, 3)),
    { text: 'acme.com', hyperlink: 'https://acme.com' },
  ]);
  ws.addRow([]); // an empty row in the middle
  ws.addRow([
    { richText: [{ text: 'Bob ' }, { text: 'Ray', font: { bold: true } }] },
    'bob@ray.io',
    1.5,
    null,
    { formula: '1+1', result: 2 },
  ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('xlsx', () => {
  it('lists the sheets with their row counts and first records', async () => {
    const sheets = await inspectXlsx(bufferSource(await workbook()));
    expect(sheets.map((s) => [s.name, s.rows])).toEqual([
      ['Read me', 1],
      ['Contacts', 4],
    ]);
    expect(sheets[1]!.records).toEqual([
      ['Name', 'Email', 'Employees', 'Since', 'Site'],
      // a cell showing a host is read as its link (xlsx-links.ts)
      ['Ann Lee', 'ann@acme.com', '250', '2021-05-03', 'https://acme.com'],
      [],
      ['Bob Ray', 'bob@ray.io', '1.5', '', '2'],
    ]);
  });

  it('streams the rows of a sheet, keeping row numbers across empty rows', async () => {
    const buf = await workbook();
    const out: string[][] = [];
    for await (const b of readXlsxRecords(bufferSource(buf), 'Contacts', 2)) {
      expect(b.first).toBe(out.length);
      out.push(...b.records);
    }
    expect(out).toHaveLength(4);
    expect(out[3]![0]).toBe('Bob Ray');
    await expect(async () => {
      for await (const _ of readXlsxRecords(bufferSource(buf), 'Nope')) void _;
    }).rejects.toThrow(/no sheet named/);
  });
});
