import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/** A cell as text: what the user sees in Excel, without its formatting. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(15)));
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('.000Z', 'Z');
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('hyperlink' in value) return cellText((value as { text?: ExcelJS.CellValue }).text ?? value.hyperlink);
    if ('result' in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? '');
    if ('error' in value) return '';
  }
  return String(value);
}

type Sheet = { name: string; rows: AsyncIterable<ExcelJS.Row> };

async function* sheetsOf(source: Readable): AsyncGenerator<Sheet> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache', // dates are numbers styled as dates
    entries: 'ignore',
  });
  for await (const ws of reader) {
    const w = ws as unknown as { name: string } & AsyncIterable<ExcelJS.Row>;
    yield { name: w.name, rows: w };
  }
}

/** Records of one row, 0-based: Excel skips empty rows in the file, so gaps are filled with empty records. */
function recordOf(row: ExcelJS.Row): string[] {
  const values = row.values as ExcelJS.CellValue[];
  const out: string[] = [];
  for (let c = 1; c < values.length; c++) out.push(cellText(values[c]));
  return out;
}

export type XlsxSheetPreview = { name: string; rows: number; records: string[][] };

/**
 * Every sheet with its row count and first records. The workbook is streamed once; rows
 * beyond the preview are only counted.
 */
export async function inspectXlsx(source: Readable, opts: { maxRecords?: number } = {}): Promise<XlsxSheetPreview[]> {
  const max = opts.maxRecords ?? 200;
  const sheets: XlsxSheetPreview[] = [];
  for await (const sheet of sheetsOf(source)) {
    let count = 0;
    const records: string[][] = [];
    for await (const row of sheet.rows) {
      count = row.number;
      if (row.number <= max) {
        while (records.length < row.number - 1) records.push([]);
        records.push(recordOf(row));
      }
    }
    sheets.push({ name: sheet.name, rows: count, records });
  }
  return sheets;
}

export class XlsxSheetError extends Error {}

/** Streams the records of one sheet in batches (record numbers 0-based from the sheet's first row). */
export async function* readXlsxRecords(
  source: Readable,
  sheetName: string,
  batchSize = 2000,
): AsyncGenerator<{ first: number; records: string[][] }> {
  let found = false;
  for await (const sheet of sheetsOf(source)) {
    if (sheet.name !== sheetName || found) {
      // the zip streams in order: a sheet not read must still be drained
      for await (const _ of sheet.rows) void _;
      continue;
    }
    found = true;
    let batch: string[][] = [];
    let first = 0;
    let next = 0;
    for await (const row of sheet.rows) {
      while (next < row.number - 1) {
        batch.push([]);
        next++;
      }
      batch.push(recordOf(row));
      next++;
      if (batch.length >= batchSize) {
        yield { first, records: batch };
        first = next;
        batch = [];
      }
    }
    if (batch.length > 0) yield { first, records: batch };
  }
  if (!found) throw new XlsxSheetError(`The workbook has no sheet named "${sheetName}"`);
}
