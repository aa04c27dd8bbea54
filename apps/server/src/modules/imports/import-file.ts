import { AppError, badRequest } from '../../lib/errors.js';
import { randomAccess, type FileStorage } from '../../lib/storage/storage.js';
import { checkRecords, detectHeaderRow, sniffCsv, type Delimiter } from '../../lib/tabular/csv.js';
import type { TextEncoding } from '../../lib/tabular/encoding.js';
import { FILE_LIMITS, FileFormatError, FileLimitError, fileProblem, fmt } from '../../lib/tabular/limits.js';
import type { TabularType } from '../../lib/tabular/file-type.js';
import { chooseSheet } from '../../lib/tabular/sheet-choice.js';
import { inspectVcard } from '../../lib/tabular/vcard.js';
import { inspectXlsx } from '../../lib/tabular/xlsx.js';
import { cutText, textProblem } from '../../lib/text-input.js';
import { profileColumn, type ColumnProfile } from './column-profile.js';
import { withoutFooter } from './import-footer.js';

/** How much of a CSV is read to detect its format and show its first rows. */
export const SNIFF_BYTES = 512 * 1024;
/** Records of the file shown in the preview (preamble included). */
export const PREVIEW_RECORDS = 50;
const SAMPLE_ROWS = 100;
const SAMPLES_PER_COLUMN = 5;
const SAMPLE_CHARS = 120;

export type FileFormat = {
  encoding?: TextEncoding;
  delimiter?: Delimiter;
  /** 1-based record number of the header */
  headerRow?: number;
  sheet?: string;
};

export type FileAnalysis = {
  encoding: TextEncoding | null;
  delimiter: Delimiter | null;
  headerRow: number;
  sheet: string | null;
  sheets: string[];
  headers: string[];
  columns: { index: number; header: string; samples: string[]; profile: ColumnProfile }[];
  preview: string[][];
  rowsTotal: number;
  rowsTotalExact: boolean;
};

const isBlank = (r: string[]) => r.every((v) => v.trim() === '');

/**
 * The records read at upload (header, preview, samples: stored as JSON) hold only text
 * PostgreSQL can store: a lone UTF-16 surrogate (an XLSX `&#xD800;`, a broken UTF-16 CSV) or a
 * NUL is refused with a 400 naming the cell, as the API refuses such text (decision 0015),
 * never stripped. Rows past these are checked one by one when the import runs.
 */
function checkText(records: string[][]) {
  for (let r = 0; r < records.length; r++) {
    const rec = records[r]!;
    for (let c = 0; c < rec.length; c++) {
      const problem = textProblem(rec[c]!);
      if (!problem) continue;
      const message = `Row ${fmt(r + 1)}, column ${fmt(c + 1)}: ${problem}. Check the file's encoding, or fix the cell and upload it again`;
      throw badRequest('invalid_text', message, { errors: [{ path: 'file', message }] });
    }
  }
}

/** A cell neutralised against formulas by our own error report ('=x) reads back as it was uploaded. */
export const unneutralize = (v: string) => (v.length > 1 && v[0] === "'" && /[=+\-@]/.test(v[1]!) ? v.slice(1) : v);

/**
 * Detects the format of a stored upload (or applies the user's overrides) and describes it:
 * the header's columns with sample values, the first records, and the number of data rows
 * (exact when the whole file was read, estimated from its size otherwise). A file with no
 * data gets a clear 400.
 */
export async function analyzeFile(
  storage: FileStorage,
  key: string,
  fileType: TabularType,
  fileSize: number,
  format: FileFormat = {},
  recordsCounted?: number,
): Promise<FileAnalysis> {
  try {
    return await analyze(storage, key, fileType, fileSize, format, recordsCounted);
  } catch (err) {
    // a file over a limit (or unreadable) is refused with the limit it broke
    if (err instanceof FileLimitError || err instanceof FileFormatError) {
      const p = fileProblem(err);
      throw new AppError(p.status, p.code, p.message, p.extra);
    }
    throw err;
  }
}

async function analyze(
  storage: FileStorage,
  key: string,
  fileType: TabularType,
  fileSize: number,
  format: FileFormat,
  recordsCounted: number | undefined,
): Promise<FileAnalysis> {
  let records: string[][];
  let headerIndex: number;
  let encoding: TextEncoding | null = null;
  let delimiter: Delimiter | null = null;
  let sheet: string | null = null;
  let sheets: string[] = [];
  let whole: boolean;
  let sampleBytes = 0;
  let sheetRows = 0;

  if (fileType === 'csv') {
    const head = await storage.head(key, SNIFF_BYTES);
    whole = head.length >= fileSize;
    sampleBytes = head.length;
    const sniff = sniffCsv(head, {
      isWholeFile: whole,
      encoding: format.encoding,
      delimiter: format.delimiter,
      headerRow: format.headerRow !== undefined ? format.headerRow - 1 : undefined,
      maxRecords: 2000,
    });
    records = sniff.records;
    if (records.length === 0 && !whole) {
      // not one whole record in the first 512 KB: its columns and cells are checked as far as
      // they go, and a record that long is refused either way
      checkRecords(sniffCsv(head, { isWholeFile: true, encoding: sniff.encoding, delimiter: sniff.delimiter, headerRow: 0, maxRecords: 1 }).records, 0);
      throw new FileLimitError(
        'recordChars',
        `The file's first row is longer than ${SNIFF_BYTES / 1024} KB: it is not a table of contacts or companies`,
      );
    }
    checkRecords(records, 0);
    headerIndex = sniff.headerRow;
    encoding = sniff.encoding;
    delimiter = sniff.delimiter;
  } else if (fileType === 'vcf') {
    // every card is read: the columns are those of all the cards, one card a row
    const read = await inspectVcard(() => storage.read(key), { maxRecords: 2000 });
    records = read.records;
    sheetRows = read.rows;
    whole = read.rows <= records.length;
    headerIndex = 0;
  } else {
    // the whole workbook is read: every limit is checked before an import exists
    const all = await inspectXlsx(randomAccess(storage, key, fileSize), { maxRecords: 2000 });
    sheets = all.map((s) => s.name);
    if (all.length === 0) throw badRequest('empty_file', 'The workbook has no sheets');
    let chosen = all[0]!;
    if (format.sheet !== undefined) {
      const named = all.find((s) => s.name === format.sheet);
      if (!named)
        throw badRequest('unknown_sheet', `The workbook has no sheet named "${format.sheet}"`, {
          errors: [{ path: 'sheet', message: 'Choose one of the workbook’s sheets' }],
        });
      chosen = named;
    } else {
      // the sheet holding the data, not a cover sheet before it
      chosen = chooseSheet(all) ?? chosen;
    }
    sheet = chosen.name;
    records = chosen.records;
    sheetRows = chosen.rows;
    whole = chosen.rows <= records.length;
    headerIndex = format.headerRow !== undefined ? format.headerRow - 1 : detectHeaderRow(records);
  }

  checkText(records);
  if (records.every(isBlank)) {
    throw badRequest('empty_file', fileType === 'xlsx' ? `The sheet "${sheet}" is empty` : 'The file is empty');
  }
  if (headerIndex >= records.length) {
    throw badRequest('invalid_header_row', `The file has only ${records.length} rows: choose an earlier header row`, {
      errors: [{ path: 'headerRow', message: `Choose a row between 1 and ${records.length}` }],
    });
  }
  const headerCells = records[headerIndex]!;
  // a whole file's footer (a report tool's name and copyright lines) is not data
  const body = records.slice(headerIndex + 1);
  const dataRecords = (whole ? withoutFooter(body) : body).filter((r) => !isBlank(r));
  if (dataRecords.length === 0 && whole) {
    throw badRequest('no_data_rows', 'The file has a header row but no data rows under it');
  }
  // beyond the column limit a record holds only empty padding (checkRecords)
  const width = Math.min(
    FILE_LIMITS.columns,
    Math.max(headerCells.length, ...dataRecords.slice(0, SAMPLE_ROWS).map((r) => r.length)),
  );
  const headers: string[] = [];
  for (let i = 0; i < width; i++) headers.push(headerCells[i]?.trim() || `Column ${i + 1}`);
  const columns = headers.map((header, index) => {
    const samples: string[] = [];
    const values: string[] = [];
    for (const r of dataRecords.slice(0, SAMPLE_ROWS)) {
      const v = unneutralize((r[index] ?? '').trim());
      values.push(v);
      const sample = cutText(v, SAMPLE_CHARS);
      if (sample && !samples.includes(sample) && samples.length < SAMPLES_PER_COLUMN) samples.push(sample);
    }
    // the mapping reads all the first rows' values (how much they vary), not only the samples
    return { index, header, samples, profile: profileColumn(values) };
  });

  let rowsTotal: number;
  if (whole) rowsTotal = dataRecords.length;
  else if (fileType !== 'csv') rowsTotal = Math.max(0, sheetRows - headerIndex - 1);
  else if (recordsCounted !== undefined) rowsTotal = Math.max(dataRecords.length, recordsCounted - headerIndex - 1);
  else {
    // bytes per record in the sample, over the whole file
    const perRecord = sampleBytes / Math.max(1, records.length);
    rowsTotal = Math.max(dataRecords.length, Math.round(fileSize / perRecord) - headerIndex - 1);
  }
  return {
    encoding,
    delimiter,
    headerRow: headerIndex + 1,
    sheet,
    sheets,
    headers,
    columns,
    preview: records.slice(0, PREVIEW_RECORDS).map((r) => r.slice(0, FILE_LIMITS.columns).map((v) => cutText(v, 500))),
    rowsTotal,
    rowsTotalExact: whole,
  };
}
