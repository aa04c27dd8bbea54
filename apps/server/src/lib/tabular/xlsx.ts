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

export type XlsxInspection = { sheets: { name: string; rows: number }[]; sheet: string; records: string[][] };

/**
 * Lists the sheets with their row counts and the first records of the chosen sheet (the first
 * one by default). The workbook is streamed once; rows beyond the preview are only counted.
 */
export async function inspectXlsx(source: Readable, opts: { sheet?: string; maxRecords?: number } = {}): Promise<XlsxInspection> {
  const max = opts.maxRecords ?? 200;
  const sheets: { name: string; rows: number }[] = [];
  let chosen: string | null = null;
  let records: string[][] = [];
  for await (const sheet of sheetsOf(source)) {
    const take = chosen === null && (opts.sheet === undefined || opts.sheet === sheet.name);
    let count = 0;
    const recs: string[][] = [];
    for await (const row of sheet.rows) {
      count = row.number;
      if (take && row.number <= max) {
        while (recs.length < row.number - 1) recs.push([]);
        recs.push(recordOf(row));
      }
    }
    sheets.push({ name: sheet.name, rows: count });
    if (take) {
      chosen = sheet.name;
      records = recs;
    }
  }
  if (chosen === null) {
    if (opts.sheet !== undefined && sheets.length > 0) throw new XlsxSheetError(`The workbook has no sheet named "${opts.sheet}"`);
    chosen = sheets[0]?.name ?? '';
  }
  return { sheets, sheet: chosen, records };
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
