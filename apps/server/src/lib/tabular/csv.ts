import Papa from 'papaparse';
import { createDecoder, decodeSample, detectEncoding, type TextEncoding } from './encoding.js';
import { FILE_LIMITS, FileFormatError, cellTooLong, fmt, tooManyColumns, tooManyRecords } from './limits.js';

/** The delimiters detected (and offered to the user to override). */
export const DELIMITERS = [',', ';', '\t', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];
export type Newline = '\r\n' | '\n' | '\r';

/** A single record longer than this is a broken quote, not data: fail instead of buffering the file. */
export const MAX_RECORD_CHARS = FILE_LIMITS.recordChars;

export class CsvFormatError extends FileFormatError {}

/** Records beyond the rows limit: the header and a preamble of a few lines come on top. */
const MAX_RECORDS = FILE_LIMITS.rows + 51;

/** Refuses a record wider than the column limit or with a cell over the cell limit. */
export function checkRecords(records: string[][], firstNo: number): void {
  for (let r = 0; r < records.length; r++) {
    const rec = records[r]!;
    if (rec.length > FILE_LIMITS.columns) {
      // trailing empty fields (a row padded with delimiters) are no values
      let last = rec.length;
      while (last > 0 && rec[last - 1] === '') last--;
      if (last > FILE_LIMITS.columns) throw tooManyColumns(last);
    }
    for (let c = 0; c < rec.length; c++) {
      if (rec[c]!.length > FILE_LIMITS.cellChars) throw cellTooLong(`Row ${fmt(firstNo + r + 1)}, column ${fmt(c + 1)}`);
    }
  }
}

/** The line ending used outside quoted fields (CRLF, LF or old Mac CR). */
export function detectNewline(text: string): Newline {
  let crlf = 0;
  let lf = 0;
  let cr = 0;
  let quoted = false;
  const n = Math.min(text.length, 1 << 16);
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) quoted = !quoted;
    else if (quoted) continue;
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) {
        crlf++;
        i++;
      } else cr++;
    } else if (c === 10) lf++;
  }
  if (crlf >= lf && crlf >= cr && crlf > 0) return '\r\n';
  if (cr > lf) return '\r';
  return '\n';
}

/**
 * Parses text into records. With `partial`, the last record (possibly cut by the end of a
 * chunk) is left out and its start offset returned, so the caller can prepend it to the next chunk.
 * `maxRecords` stops after that many records: a sample needs only its first records, and a
 * sample of half a million line ends would otherwise become as many arrays (issue 16: the
 * fuzz test saw 180 MB for one 330 KB sample).
 */
export function parseRecords(
  text: string,
  delimiter: string,
  newline: Newline,
  partial = false,
  maxRecords = 0,
): { records: string[][]; rest: number } {
  // a final line end closes the last record; it does not open an empty one
  if (!partial && text.endsWith(newline)) text = text.slice(0, -newline.length);
  const parser = new Papa.Parser({ delimiter, newline, quoteChar: '"', preview: maxRecords });
  const result = parser.parse(text, 0, partial) as { data: string[][]; meta: { cursor: number } };
  return { records: result.data, rest: partial ? result.meta.cursor : text.length };
}

const isBlank = (r: string[]) => r.every((v) => v.trim() === '');

/**
 * The delimiter whose records have the most consistent field count (more than one field);
 * ties go to the one giving more fields. Quotes are respected, so a comma inside a quoted
 * value does not count. A single-column file gets a comma.
 */
export function detectDelimiter(text: string, newline: Newline = detectNewline(text)): Delimiter {
  let best: { d: Delimiter; score: number; fields: number } = { d: ',', score: 0, fields: 1 };
  for (const d of DELIMITERS) {
    const { records } = parseRecords(text, d, newline, true, 200);
    const rows = records.filter((r) => !isBlank(r));
    if (rows.length === 0) continue;
    const mode = modalFieldCount(rows);
    if (mode < 2) continue;
    const score = rows.filter((r) => r.length === mode).length / rows.length;
    if (score > best.score + 1e-9 || (Math.abs(score - best.score) < 1e-9 && mode > best.fields)) {
      best = { d, score, fields: mode };
    }
  }
  return best.d;
}

function modalFieldCount(rows: string[][]): number {
  const counts = new Map<number, number>();
  for (const r of rows) counts.set(r.length, (counts.get(r.length) ?? 0) + 1);
  let mode = 1;
  let seen = 0;
  for (const [len, c] of counts) {
    if (c > seen || (c === seen && len > mode)) {
      mode = len;
      seen = c;
    }
  }
  return mode;
}

/**
 * The index of the header record: the first one as wide as the data below it with at least
 * half of its cells filled. Preamble lines ("Notes:" in LinkedIn's Connections.csv, a title,
 * an export date) are narrower or mostly empty.
 */
export function detectHeaderRow(records: string[][]): number {
  const rows = records.slice(0, 200);
  const nonBlank = rows.filter((r) => !isBlank(r));
  if (nonBlank.length === 0) return 0;
  // the width the data settles on: the mode over the records after the first few
  const tail = nonBlank.length > 6 ? nonBlank.slice(Math.min(5, nonBlank.length - 1)) : nonBlank;
  const width = modalFieldCount(tail);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    if (isBlank(r)) continue;
    const filled = r.filter((v) => v.trim() !== '').length;
    if (r.length >= width && filled >= Math.max(1, Math.ceil(width / 2))) return i;
  }
  return rows.findIndex((r) => !isBlank(r));
}

export type CsvSniff = {
  encoding: TextEncoding;
  delimiter: Delimiter;
  newline: Newline;
  /** the first records of the file, preamble included */
  records: string[][];
  /** index into records of the header row */
  headerRow: number;
};

/**
 * Detects encoding, delimiter, line ending and header row from the first bytes of a file.
 * Each can be forced (the user's override); the others are then detected under it.
 */
export function sniffCsv(
  sample: Uint8Array,
  opts: {
    isWholeFile?: boolean;
    encoding?: TextEncoding;
    delimiter?: Delimiter;
    headerRow?: number;
    maxRecords?: number;
  } = {},
): CsvSniff {
  const encoding = opts.encoding ?? detectEncoding(sample, opts.isWholeFile).encoding;
  const text = decodeSample(sample, encoding);
  const newline = detectNewline(text);
  const delimiter = opts.delimiter ?? detectDelimiter(text, newline);
  const max = opts.maxRecords ?? 200;
  // one more than kept: a partial sample's last record may be cut by the sample's end
  const { records } = parseRecords(text, delimiter, newline, !opts.isWholeFile, max + 1);
  while (records.length > 0 && opts.isWholeFile && isBlank(records[records.length - 1]!)) records.pop();
  const kept = records.slice(0, max);
  const headerRow = opts.headerRow ?? detectHeaderRow(kept);
  return { encoding, delimiter, newline, records: kept, headerRow };
}

/**
 * Streams the records of a CSV file in batches, with the record number (0-based, counting
 * every record from the start of the file) of the first record in each batch. Memory stays at
 * one chunk plus one batch whatever the file size.
 */
export async function* readCsvRecords(
  source: AsyncIterable<Buffer>,
  opts: { encoding: TextEncoding; delimiter: Delimiter; newline?: Newline },
): AsyncGenerator<{ first: number; records: string[][] }> {
  const decoder = createDecoder(opts.encoding);
  let newline = opts.newline;
  let carry = '';
  let recordNo = 0;
  for await (const chunk of source) {
    const text = carry + decoder.write(chunk);
    if (newline === undefined) {
      // wait for a line end (or plenty of text) before deciding which one the file uses
      if (!text.includes('\n') && text.length < 65536) {
        carry = text;
        continue;
      }
      newline = detectNewline(text);
    }
    const { records, rest } = parseRecords(text, opts.delimiter, newline, true);
    carry = text.slice(rest);
    if (carry.length > MAX_RECORD_CHARS) throw unclosedRecord(recordNo + records.length + 1);
    if (records.length > 0) {
      checkBatch(records, recordNo);
      yield { first: recordNo, records };
      recordNo += records.length;
    }
  }
  const tail = carry + (decoder.end() ?? '');
  if (tail.length > 0) {
    if (tail.length > MAX_RECORD_CHARS) throw unclosedRecord(recordNo + 1);
    const { records } = parseRecords(tail, opts.delimiter, newline ?? detectNewline(tail), false);
    checkBatch(records, recordNo);
    if (records.length > 0) yield { first: recordNo, records };
  }
}

const unclosedRecord = (no: number) =>
  new CsvFormatError(`Record ${no} is longer than 4 MB: a quoted value is probably not closed`);

/** The limits a batch of records read from `first` on must hold (columns, cells, rows). */
function checkBatch(records: string[][], first: number): void {
  checkRecords(records, first);
  if (first + records.length > MAX_RECORDS) throw tooManyRecords();
}

/**
 * Counts the records of raw CSV bytes as they stream past (newlines outside quotes), cheaply
 * enough to run on every uploaded chunk; used to refuse a file over the row limit early.
 * Works on the bytes of ASCII-compatible encodings and of UTF-16 (either byte order).
 */
export function createRecordCounter(encoding: TextEncoding) {
  const step = encoding.startsWith('utf-16') ? 2 : 1;
  const lowFirst = encoding === 'utf-16le';
  let quoted = false;
  let records = 0;
  let odd: number | null = null;
  return {
    push(chunk: Uint8Array) {
      let i = 0;
      if (step === 2 && odd !== null) {
        const unit = lowFirst ? odd | (chunk[0]! << 8) : (odd << 8) | chunk[0]!;
        this.unit(unit);
        odd = null;
        i = 1;
      }
      const n = chunk.length;
      if (step === 1) {
        for (; i < n; i++) {
          const c = chunk[i]!;
          if (c === 34) quoted = !quoted;
          else if (c === 10 && !quoted) records++;
        }
        return;
      }
      for (; i + 1 < n; i += 2)
        this.unit(lowFirst ? chunk[i]! | (chunk[i + 1]! << 8) : (chunk[i]! << 8) | chunk[i + 1]!);
      if (i < n) odd = chunk[i]!;
    },
    unit(c: number) {
      if (c === 34) quoted = !quoted;
      else if (c === 10 && !quoted) records++;
    },
    /** line ends seen so far outside quotes (records, give or take a final unterminated one) */
    get records() {
      return records;
    },
  };
}
