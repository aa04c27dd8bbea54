import type { FastifyReply } from 'fastify';
import { stringify, type Stringifier } from 'csv-stringify';

/**
 * CSV for spreadsheets: UTF-8 with a byte-order mark (Excel then reads it as UTF-8), CRLF
 * line ends, and text cells neutralised against formula injection: a cell that starts with
 * =, +, -, @, tab or CR gets a leading apostrophe, so Excel, LibreOffice and Sheets show it
 * as text instead of running it (OWASP "CSV injection"). Real numbers pass unchanged.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralizeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export type Cell = string | number | boolean | null | undefined;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return neutralizeCell(value);
}

/** A streaming writer: write arrays of cells (already csvCell'ed), pipe it to the response. */
export function csvStringifier(header: string[]): Stringifier {
  return stringify({
    bom: true,
    header: true,
    columns: header.map((h) => neutralizeCell(h)),
    record_delimiter: 'windows',
    // a lone LF inside a cell must be quoted too, or readers split the row
    quoted_match: /[\r\n]/,
  });
}

/** Resolves when the stream takes more; rejects when it was closed (the client went away). */
export function writeWithBackpressure(stream: Stringifier, cells: Cell[]): Promise<void> | void {
  if (stream.destroyed) throw new Error('export stream closed');
  if (stream.write(cells.map(csvCell))) return;
  return new Promise<void>((resolve, reject) => {
    const onDrain = () => {
      stream.off('close', onClose);
      resolve();
    };
    const onClose = () => {
      stream.off('drain', onDrain);
      reject(new Error('export stream closed'));
    };
    stream.once('drain', onDrain);
    stream.once('close', onClose);
  });
}

/**
 * Answers a CSV download: headers now, rows as `produce` writes them. Errors before this
 * point are ordinary problem+json answers; an error mid-stream ends the download early.
 */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  header: string[],
  produce: (write: (cells: Cell[]) => Promise<void> | void) => Promise<unknown>,
) {
  const csv = csvStringifier(header);
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'no-store');
  produce((cells) => writeWithBackpressure(csv, cells)).then(
    () => csv.end(),
    (err: unknown) => {
      if (!csv.destroyed) {
        reply.log.error({ err }, 'export failed mid-stream');
        csv.destroy(err as Error);
      }
    },
  );
  return reply.send(csv);
}
