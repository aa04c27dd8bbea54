import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { readCsvRecords } from '../apps/server/src/lib/tabular/csv.js';
import { bufferSource, readXlsxRecords } from '../apps/server/src/lib/tabular/xlsx.js';

/**
 * The same rows as CSV and as XLSX (issue 23: a workbook imported at a fifth of the CSV's
 * rate): each imported end to end through the API into an empty workspace of its own, and
 * each file's reader alone in this process, so the XLSX figures read as ratios to the CSV
 * ones measured in the same run. The workbook is written as Excel writes one (shared strings).
 */

type Api = (method: string, url: string, body?: unknown) => Promise<{ res: Response; json: () => unknown }>;
type ImportAnswer = { id: string; status: string; counts: { rows: number; created: number; errors: number } };

export type FormatBench = {
  dir: string;
  rows: number;
  header: string[];
  row: (i: number) => string[];
  api: Api;
  /** signs up a new owner (an empty workspace) and makes `api` act as them */
  signUp: () => Promise<void>;
  /** CPU seconds the server process has used so far */
  serverCpu: () => number;
  log: (m: string) => void;
};

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const csvCell = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

async function writeFiles(b: FormatBench) {
  const csv = path.join(b.dir, `formats-${b.rows}.csv`);
  const xlsx = path.join(b.dir, `formats-${b.rows}.xlsx`);
  if (!fs.existsSync(csv)) {
    const lines = [b.header.join(',')];
    for (let i = 0; i < b.rows; i++) lines.push(b.row(i).map(csvCell).join(','));
    fs.writeFileSync(`${csv}.part`, `${lines.join('\r\n')}\r\n`);
    fs.renameSync(`${csv}.part`, csv);
  }
  if (!fs.existsSync(xlsx)) {
    b.log(`writing ${path.basename(xlsx)}`);
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: `${xlsx}.part`, useSharedStrings: true });
    const ws = wb.addWorksheet('Contacts');
    ws.addRow(b.header).commit();
    for (let i = 0; i < b.rows; i++) ws.addRow(b.row(i)).commit();
    ws.commit();
    await wb.commit();
    fs.renameSync(`${xlsx}.part`, xlsx);
  }
  return { csv, xlsx };
}

/** Rows per second of a file's reader alone (CPU time of this process: less disturbed by other load). */
async function readerRate(file: string, kind: 'csv' | 'xlsx'): Promise<{ rows: number; cpu: number }> {
  const buf = fs.readFileSync(file);
  const c0 = cpuSeconds();
  let rows = 0;
  if (kind === 'csv') {
    async function* chunks() {
      for (let i = 0; i < buf.length; i += 64 * 1024) yield buf.subarray(i, i + 64 * 1024);
    }
    for await (const batch of readCsvRecords(chunks(), { encoding: 'utf-8', delimiter: ',' })) rows += batch.records.length;
  } else {
    for await (const batch of readXlsxRecords(bufferSource(buf), 'Contacts')) rows += batch.records.length;
  }
  return { rows: rows - 1, cpu: cpuSeconds() - c0 };
}

async function importOnce(b: FormatBench, file: string, type: string) {
  await b.signUp();
  const cpu0 = b.serverCpu();
  const start = performance.now();
  const form = new FormData();
  form.append('file', await fs.openAsBlob(file, { type }), path.basename(file));
  const up = (await b.api('POST', '/api/v1/imports', form)).json() as ImportAnswer;
  const uploaded = performance.now();
  await b.api('POST', `/api/v1/imports/${up.id}/start`);
  let done: ImportAnswer;
  for (;;) {
    done = (await b.api('GET', `/api/v1/imports/${up.id}`)).json() as ImportAnswer;
    if (['completed', 'completed_with_errors', 'failed', 'cancelled'].includes(done.status)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const seconds = (performance.now() - start) / 1000;
  return { seconds, upload: (uploaded - start) / 1000, rate: b.rows / seconds, cpu: b.serverCpu() - cpu0, done };
}

export async function compareFormats(b: FormatBench) {
  const files = await writeFiles(b);
  const csvRead = await readerRate(files.csv, 'csv');
  const xlsxRead = await readerRate(files.xlsx, 'xlsx');
  const csv = await importOnce(b, files.csv, 'text/csv');
  const xlsx = await importOnce(b, files.xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const same = csv.done.counts.rows === b.rows && JSON.stringify(csv.done.counts) === JSON.stringify(xlsx.done.counts);
  const size = (f: string) => `${(fs.statSync(f).size / 1024 / 1024).toFixed(1)} MB`;
  console.log('');
  console.log(`The same ${fmt(b.rows)} rows as CSV (${size(files.csv)}) and XLSX (${size(files.xlsx)}), each imported into an empty workspace`);
  for (const [name, r, read] of [['CSV ', csv, csvRead], ['XLSX', xlsx, xlsxRead]] as const) {
    console.log(
      `  ${name}              ${r.seconds.toFixed(1)} s = ${fmt(r.rate)} rows/s end to end (upload ${r.upload.toFixed(1)} s; server CPU ${r.cpu.toFixed(1)} s; ${r.done.status}); reader alone ${fmt(read.rows / read.cpu)} rows/s of CPU`,
    );
  }
  console.log(
    `  ratio XLSX/CSV      ${(xlsx.rate / csv.rate).toFixed(2)} of the rows/s end to end (target >= 0.5), ${(csv.cpu / xlsx.cpu).toFixed(2)} of the server CPU per row, ${(xlsxRead.cpu ? csvRead.cpu / xlsxRead.cpu : 0).toFixed(2)} reader alone`,
  );
  console.log(`  accounted         ${same ? 'the same counts for both' : `MISMATCH csv ${JSON.stringify(csv.done.counts)} xlsx ${JSON.stringify(xlsx.done.counts)}`}`);
  return same;
}
