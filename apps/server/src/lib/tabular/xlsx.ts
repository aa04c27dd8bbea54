import { FILE_LIMITS, FileFormatError, FileLimitError, cellTooLong, fmt, rowTooLong, tooManyColumns } from './limits.js';
import { createXmlScanner, attr, decodeText, decodeXml, scanXml, type XmlHandlers } from './xml-scanner.js';
import { preferLink, readSheetLinks } from './xlsx-links.js';
import { openZip, type RandomAccess, type Zip } from './zip.js';

/**
 * Reads XLSX workbooks by streaming their parts out of the zip (zip.ts) through a bounded
 * XML scanner (xml-scanner.ts). Every limit of limits.ts holds while reading: rows and
 * their declared numbers, columns, cell size, the shared-string table, inflated size and
 * ratio. exceljs, which reads whole rows and the whole shared-string table without bounds
 * and materialises declared row gaps, is no longer used to read (docs/decisions/0016).
 */

export type { RandomAccess } from './zip.js';
export { bufferSource } from './zip.js';

export class XlsxSheetError extends Error {}

/** Decoded shared strings kept (at most 4,096 of up to 256 bytes: 1 MB). */
const CACHE_SLOTS = 4096;
const CACHED_BYTES = 256;

/** Shared strings as UTF-8 in 4 MB buffers (no JS string per entry, none pinning a chunk of the file). */
function createStringTable() {
  const CHUNK = 4 * 1024 * 1024;
  const chunks: Buffer[] = [];
  let used = CHUNK;
  let starts = new Float64Array(1024);
  let lens = new Uint32Array(1024);
  let count = 0;
  let bytes = 0;
  const cachedIndex = new Int32Array(CACHE_SLOTS).fill(-1);
  const cached: string[] = new Array<string>(CACHE_SLOTS);
  return {
    add(s: string) {
      const len = Buffer.byteLength(s);
      bytes += len + 12;
      if (bytes > FILE_LIMITS.sharedStringBytes) {
        throw new FileLimitError(
          'sharedStringBytes',
          `The workbook's table of texts is larger than ${fmt(FILE_LIMITS.sharedStringBytes / 1024 / 1024)} MB: split it into smaller files and import each`,
        );
      }
      if (chunks.length === 0 || used + len > CHUNK) {
        chunks.push(Buffer.allocUnsafe(CHUNK));
        used = 0;
      }
      if (count === starts.length) {
        const s2 = new Float64Array(count * 2);
        s2.set(starts);
        starts = s2;
        const l2 = new Uint32Array(count * 2);
        l2.set(lens);
        lens = l2;
      }
      chunks[chunks.length - 1]!.write(s, used);
      starts[count] = (chunks.length - 1) * CHUNK + used;
      lens[count] = len;
      used += len;
      count++;
    },
    get(i: number): string {
      if (!(i >= 0 && i < count)) return '';
      // short texts repeat down a column (a country, a title): decoded once while they do
      const slot = i & (CACHE_SLOTS - 1);
      if (cachedIndex[slot] === i) return cached[slot]!;
      const at = starts[i]!;
      const chunk = chunks[Math.floor(at / CHUNK)]!;
      const off = at % CHUNK;
      const s = chunk.toString('utf8', off, off + lens[i]!);
      if (lens[i]! <= CACHED_BYTES) {
        cachedIndex[slot] = i;
        cached[slot] = s;
      }
      return s;
    },
    get count() {
      return count;
    },
  };
}
type StringTable = ReturnType<typeof createStringTable>;

/** Collects the text of an element's <t> descendants (not phonetic runs), bounded by the cell size. */
function textCollector(where: () => string) {
  let parts: string[] = [];
  let chars = 0;
  return {
    add(raw: string, cdata: boolean) {
      const t = cdata ? raw : decodeXml(raw);
      chars += t.length;
      if (chars > FILE_LIMITS.cellChars) throw cellTooLong(where());
      parts.push(t);
    },
    take(): string {
      const s = parts.length === 1 ? parts[0]! : parts.join('');
      parts = [];
      chars = 0;
      return s;
    },
  };
}

async function readSharedStrings(zip: Zip, path: string): Promise<StringTable> {
  const table = createStringTable();
  let inSi = false;
  let inT = false;
  let phonetic = 0;
  const text = textCollector(() => `Text ${fmt(table.count + 1)} of the workbook`);
  await scanXml(zip.read(path), {
    open(name, _a, self) {
      if (name === 'si') {
        if (self) table.add('');
        else inSi = true;
      } else if (name === 'rPh') {
        if (!self) phonetic++;
      } else if (name === 't' && inSi && !phonetic && !self) inT = true;
    },
    close(name) {
      if (name === 't') inT = false;
      else if (name === 'rPh') phonetic = Math.max(0, phonetic - 1);
      else if (name === 'si' && inSi) {
        inSi = false;
        // a copy: the collected text may be a slice of a whole chunk of the part
        table.add(text.take());
      }
    },
    text(raw, cdata) {
      if (inT) text.add(raw, cdata);
    },
  });
  return table;
}

// built-in number formats that show dates or times (ECMA-376 18.8.30 and the CJK ones)
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** Whether a number format shows a date: y, m, d, h, s outside quoted text and [..] (as Excel reads it). */
export function isDateFormat(code: string): boolean {
  return /[ymdhsb]/i.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** Which cell styles (indexes into cellXfs) show numbers as dates. */
async function readDateStyles(zip: Zip, path: string): Promise<Uint8Array> {
  const custom = new Map<number, boolean>();
  const styles: number[] = [];
  let inCellXfs = false;
  await scanXml(zip.read(path), {
    open(name, a, self) {
      if (name === 'numFmt') {
        const id = Number(attr(a, 'numFmtId'));
        if (custom.size < 65_536) custom.set(id, isDateFormat(attr(a, 'formatCode') ?? ''));
      } else if (name === 'cellXfs' && !self) inCellXfs = true;
      else if (name === 'xf' && inCellXfs && styles.length < 65_536) styles.push(Number(attr(a, 'numFmtId') ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
    text() {},
  });
  const out = new Uint8Array(styles.length);
  styles.forEach((id, i) => {
    out[i] = (custom.get(id) ?? DATE_FORMAT_IDS.has(id)) ? 1 : 0;
  });
  return out;
}

type Relationship = { id: string; type: string; target: string };

async function readRels(zip: Zip, path: string, base: string): Promise<Relationship[]> {
  if (!zip.has(path)) return [];
  const rels: Relationship[] = [];
  await scanXml(zip.read(path), {
    open(name, a) {
      if (name !== 'Relationship' || rels.length >= 10_000) return;
      const target = attr(a, 'Target') ?? '';
      rels.push({ id: attr(a, 'Id') ?? '', type: attr(a, 'Type') ?? '', target: resolve(base, target) });
    },
    close() {},
    text() {},
  });
  return rels;
}

/** A relationship's target as a path inside the zip. */
function resolve(base: string, target: string): string {
  const parts = target.startsWith('/') ? [] : base.split('/').filter(Boolean);
  for (const p of target.split('/')) {
    if (p === '' || p === '.') continue;
    if (p === '..') parts.pop();
    else parts.push(p);
  }
  return parts.join('/');
}

const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');

/** Column number (1-based) of a cell reference like "AB12"; 0 when it has no letters. */
function columnOf(ref: string): number {
  let col = 0;
  for (let i = 0; i < ref.length && i < 4; i++) {
    const c = ref.charCodeAt(i) | 32;
    if (c < 97 || c > 122) break;
    col = col * 26 + (c - 96);
  }
  return col;
}

/**
 * A cell as Excel and most writers spell it: no prefix, no attribute but r, s and t (in that
 * order, each optional, no entity), self-closed or an optional formula and an optional value
 * before </c>. Anything else (inline strings, CDATA, prefixes, other attributes) is scanned
 * tag by tag, to the same result.
 */
const CELL =
  /<c(?:\s+r="([^"&]*)")?(?:\s+s="([^"&]*)")?(?:\s+t="([^"&]*)")?\s*(?:(\/>)|>(?:<f\b(?:[^>"']|"[^"]*"|'[^']*')*(?:\/>|>[^<]*<\/f>))?(?:<v>([^<]*)<\/v>)?<\/c>)/y;

function numberText(v: number): string {
  return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(15)));
}

function dateText(d: Date): string | null {
  if (!Number.isFinite(d.getTime())) return null;
  const iso = d.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('.000Z', 'Z');
}

export type Workbook = {
  sheets: { name: string; path: string }[];
  /**
   * The rows of a sheet holding anything, in order, a scanned chunk at a time: 0-based row
   * index and cells (missing ones '', trailing empty ones left out). Gaps are not materialised.
   */
  rows(sheet: { path: string }): AsyncGenerator<{ index: number; cells: string[] }[]>;
};

/** Opens a workbook: its sheets in the workbook's order; strings and styles are read when a sheet is. */
export async function openWorkbook(src: RandomAccess): Promise<Workbook> {
  const zip = await openZip(src);
  const root = await readRels(zip, '_rels/.rels', '');
  const main = root.find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
  if (!zip.has(main)) throw new FileFormatError('This is not an Excel workbook (.xlsx): save the sheet as .xlsx or CSV and upload that');
  const base = dirOf(main);
  const rels = await readRels(zip, `${base ? `${base}/` : ''}_rels/${main.slice(base.length ? base.length + 1 : 0)}.rels`, base);
  const declared: { name: string; rid: string }[] = [];
  let date1904 = false;
  await scanXml(zip.read(main), {
    open(name, a) {
      if (name === 'sheet' && declared.length < 10_000) {
        const rid = /(?:^|\s)[\w.-]+:id\s*=\s*["']([^"']*)["']/.exec(a)?.[1] ?? '';
        declared.push({ name: attr(a, 'name') ?? '', rid });
      } else if (name === 'workbookPr') {
        const v = attr(a, 'date1904');
        date1904 = v === '1' || v === 'true';
      }
    },
    close() {},
    text() {},
  });
  const sheets = declared
    .map((s) => ({ name: s.name, path: rels.find((r) => r.id === s.rid)?.target ?? '' }))
    .filter((s) => s.path && zip.has(s.path));
  const stringsPath = rels.find((r) => r.type.endsWith('/sharedStrings'))?.target;
  const stylesPath = rels.find((r) => r.type.endsWith('/styles'))?.target;
  let strings: StringTable | null = null;
  let dateStyles: Uint8Array | null = null;

  async function* rows(sheet: { path: string }): AsyncGenerator<{ index: number; cells: string[] }[]> {
    strings ??= stringsPath && zip.has(stringsPath) ? await readSharedStrings(zip, stringsPath) : createStringTable();
    dateStyles ??= stylesPath && zip.has(stylesPath) ? await readDateStyles(zip, stylesPath) : new Uint8Array(0);
    const table = strings;
    const dates = dateStyles;
    const relsPath = `${dirOf(sheet.path) ? `${dirOf(sheet.path)}/` : ''}_rels/${sheet.path.slice(sheet.path.lastIndexOf('/') + 1)}.rels`;
    const links = await readSheetLinks(zip.has(relsPath) ? zip.read(relsPath) : null, () => zip.read(sheet.path));
    let out: { index: number; cells: string[] }[] = [];
    let rowNo = 0;
    let cells: string[] | null = null;
    let col = 0;
    let ref = '';
    let type = '';
    let style = 0;
    let collecting = false;
    let inIs = false;
    let phonetic = 0;
    let hasValue = false;
    let rowChars = 0;
    let outChars = 0;
    const text = textCollector(() => `Cell ${ref || `${col}:${rowNo}`}`);

    const openRow = (a: string) => {
      const r = attr(a, 'r');
      const n = r === undefined ? rowNo + 1 : Number(r);
      if (!Number.isInteger(n) || n < 1) throw new FileFormatError(`The sheet has a row numbered "${r}": save it again as .xlsx`);
      if (n > FILE_LIMITS.rows) {
        throw new FileLimitError('rows', `The sheet has a row numbered ${fmt(n)}: a sheet has at most ${fmt(FILE_LIMITS.rows)} rows`);
      }
      if (n <= rowNo) throw new FileFormatError(`The sheet's rows are out of order (row ${fmt(n)} after row ${fmt(rowNo)}): save it again as .xlsx`);
      rowNo = n;
      col = 0;
      rowChars = 0;
      cells = [];
    };
    const closeRow = () => {
      if (cells && cells.length > 0) {
        for (let i = 0; i < cells.length; i++) if (cells[i] === undefined) cells[i] = '';
        out.push({ index: rowNo - 1, cells });
        outChars += rowChars;
      }
      cells = null;
    };
    const value = (raw: string): string => {
      switch (type) {
        case 's':
          return table.get(Number(raw));
        case 'inlineStr':
        case 'str':
          return raw;
        case 'b':
          return raw.trim() === '1' || raw.trim() === 'true' ? 'TRUE' : 'FALSE';
        case 'e':
          return '';
        case 'd':
          return dateText(new Date(raw.trim())) ?? raw;
        default: {
          const v = raw.trim();
          if (v === '') return '';
          const num = Number(v);
          if (Number.isNaN(num)) return v;
          if (dates[style]) {
            const d = dateText(new Date(Math.round((num - 25569 + (date1904 ? 1462 : 0)) * 86_400_000)));
            if (d) return d;
          }
          return numberText(num);
        }
      }
    };

    const openCell = (r: string | undefined, s: string | undefined, t: string | undefined) => {
      if (!cells) return;
      ref = r ?? '';
      const c = ref ? columnOf(ref) : col + 1;
      if (c < 1) throw new FileFormatError(`The sheet has a cell "${ref}" without a column: save it again as .xlsx`);
      col = c;
      type = t ?? 'n';
      style = Number(s ?? 0) || 0;
      hasValue = false;
      inIs = false;
    };
    const closeCell = () => {
      if (!cells || !hasValue) return;
      let v = value(text.take());
      const link = links?.get(rowNo, col);
      if (link !== undefined) v = preferLink(v, link);
      if (v !== '') {
        if (col > FILE_LIMITS.columns) throw tooManyColumns(col);
        rowChars += v.length;
        if (rowChars > FILE_LIMITS.recordChars) throw rowTooLong(rowNo);
        cells[col - 1] = v;
      }
      hasValue = false;
    };

    const handlers: XmlHandlers = {
      open(name, a, self) {
        switch (name) {
          case 'row':
            openRow(a);
            if (self) closeRow();
            return;
          case 'c':
            openCell(attr(a, 'r'), attr(a, 's'), attr(a, 't'));
            return;
          case 'v':
            if (cells && !self) {
              collecting = true;
              hasValue = true;
            }
            return;
          case 'is':
            if (cells && !self) {
              inIs = true;
              hasValue = true;
            }
            return;
          case 'rPh':
            if (!self) phonetic++;
            return;
          case 't':
            if (inIs && !phonetic && !self) collecting = true;
            return;
        }
      },
      close(name) {
        switch (name) {
          case 'v':
          case 't':
            collecting = false;
            return;
          case 'rPh':
            phonetic = Math.max(0, phonetic - 1);
            return;
          case 'is':
            inIs = false;
            return;
          case 'c':
            closeCell();
            return;
          case 'row':
            closeRow();
            return;
        }
      },
      text(raw, cdata) {
        if (collecting) text.add(raw, cdata);
      },
    };
    // a plain cell (r, s, t in that order, an optional formula, an optional <v>) in one match:
    // scanning its tags one by one, each with its attributes, was most of the reading time
    const scanner = createXmlScanner(handlers, {
      pattern: CELL,
      match(m) {
        openCell(m[1], m[2], m[3]);
        if (m[4] !== undefined || !cells) return;
        const v = m[5];
        if (v === undefined) return;
        hasValue = true;
        if (v !== '') text.add(v, false);
        closeCell();
      },
    });
    // fed in small pieces: a few KB of cells naming long shared strings are megabytes of text
    for await (const chunk of decodeText(zip.read(sheet.path))) {
      for (let i = 0; i < chunk.length; i += 8192) {
        scanner.write(i === 0 && chunk.length <= 8192 ? chunk : chunk.slice(i, i + 8192));
        if (outChars > 2_000_000) {
          yield out;
          out = [];
          outChars = 0;
        }
      }
      if (out.length > 0) {
        yield out;
        out = [];
        outChars = 0;
      }
    }
    scanner.end();
    if (out.length > 0) yield out;
  }

  return { sheets, rows };
}

/** Characters of a sheet's first records kept for its preview and header detection. */
const PREVIEW_CHARS = 4_000_000;

export type XlsxSheetPreview = { name: string; rows: number; records: string[][] };

/**
 * Every sheet with its row count and first records (empty rows in between as empty records).
 * The whole workbook is read, so every limit is checked before the import is created.
 */
export async function inspectXlsx(src: RandomAccess, opts: { maxRecords?: number } = {}): Promise<XlsxSheetPreview[]> {
  const max = opts.maxRecords ?? 200;
  const book = await openWorkbook(src);
  const out: XlsxSheetPreview[] = [];
  for (const sheet of book.sheets) {
    let count = 0;
    let chars = 0;
    const records: string[][] = [];
    for await (const rows of book.rows(sheet)) {
      for (const r of rows) {
        count = r.index + 1;
        if (r.index < max && chars < PREVIEW_CHARS) {
          while (records.length < r.index) records.push([]);
          // copies of long cells cut short: the preview shows 500 characters of a cell
          const cells = r.cells.map((c) => (c.length > 1000 ? Buffer.from(c.slice(0, 1000)).toString() : c));
          for (const c of cells) chars += c.length;
          records.push(cells);
        }
      }
    }
    out.push({ name: sheet.name, rows: count, records });
  }
  return out;
}

/**
 * Streams the records of one sheet in batches of consecutive rows: `first` is the 0-based
 * index of the batch's first record. Short gaps (empty rows) are filled with empty records;
 * a longer one starts a new batch, so a row numbered far ahead allocates nothing.
 */
export async function* readXlsxRecords(
  src: RandomAccess,
  sheetName: string,
  batchSize = 2000,
): AsyncGenerator<{ first: number; records: string[][] }> {
  const book = await openWorkbook(src);
  const sheet = book.sheets.find((s) => s.name === sheetName);
  if (!sheet) throw new XlsxSheetError(`The workbook has no sheet named "${sheetName}"`);
  let batch: string[][] = [];
  let chars = 0;
  let first = 0;
  for await (const rows of book.rows(sheet)) {
    for (const r of rows) {
      const next = first + batch.length;
      const far = r.index - next > 64;
      if (far || batch.length >= batchSize || chars > 4_000_000) {
        if (batch.length > 0) yield { first, records: batch };
        batch = [];
        chars = 0;
        first = far ? r.index : next;
      }
      while (first + batch.length < r.index) batch.push([]);
      batch.push(r.cells);
      for (const c of r.cells) chars += c.length;
    }
  }
  if (batch.length > 0) yield { first, records: batch };
}
