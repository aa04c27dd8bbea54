import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { stringify } from 'csv-stringify/sync';
import yazl from 'yazl';
import copyStreams from 'pg-copy-streams';
import { inlineParams, safeTextSqlText } from '../../lib/filters/copy-export.js';

/**
 * Writes a workspace's data as a ZIP of CSV + JSON files with a README (issue 15). Every data set
 * is one COPY on one connection whose rows PostgreSQL formats as a CSV line and a JSON object;
 * their bytes are written to a CSV and a JSON temporary file at once through fixed buffers, so
 * memory stays flat however many rows there are; the ZIP is then streamed from those files into
 * storage.
 */

/** The buffer each temporary file is written through. */
const WRITE_BUFFER_BYTES = 256 * 1024;

/** One file pair of the export: a query over the caller's workspace ($1). */
export type ExportDataset = { name: string; description: string; query: string };

/** The data sets; those whose table may not exist yet (invoices, audit log) name it. */
export const EXPORT_DATASETS: (ExportDataset & { needsTable?: string })[] = [
  {
    name: 'contacts',
    description: 'Your contacts (people), with their custom field values as JSON.',
    query: `select id, first_name, last_name, email, email_status, work_phone, mobile_phone, other_phone, job_title,
      seniority, department, company_id, linkedin_url, city, region, country, owner_id, source, import_id,
      custom_fields, created_by, updated_by, created_at, updated_at
      from contacts where workspace_id = $1 order by id`,
  },
  {
    name: 'contact-emails-and-phones',
    description: "Contacts' additional emails and phones (kind email or phone; type work, personal or other), in their order.",
    query: `select contact_id, kind, value, type, position from contact_channels where workspace_id = $1 order by contact_id, kind, position, value`,
  },
  {
    name: 'companies',
    description: 'Your companies (accounts), with their custom field values as JSON.',
    query: `select c.* from companies c where c.workspace_id = $1 order by c.id`,
  },
  {
    name: 'custom-fields',
    description: 'Custom fields of contacts and companies.',
    query: `select * from custom_fields where workspace_id = $1 order by id`,
  },
  {
    name: 'lists',
    description: 'Static lists of contacts or companies.',
    query: `select * from lists where workspace_id = $1 order by id`,
  },
  {
    name: 'list-members',
    description: 'Which contact or company is in which list (record_type says which).',
    query: `select list_id, 'contact' as record_type, contact_id as record_id, added_by, added_at from list_contacts where workspace_id = $1
      union all
      select list_id, 'company', company_id, added_by, added_at from list_companies where workspace_id = $1
      order by list_id, record_id`,
  },
  {
    name: 'notes',
    description: 'Notes on contacts and companies.',
    query: `select id, contact_id, company_id, body, author_id, created_at, updated_at from notes where workspace_id = $1 order by id`,
  },
  {
    name: 'members',
    description: 'Members of the workspace, their role and status.',
    query: `select m.id, u.name, u.email, m.role, m.status, m.last_active_at, m.created_at
      from members m join users u on u.id = m.user_id where m.workspace_id = $1 order by m.id`,
  },
  {
    name: 'suppression-list',
    description: 'Emails, domains and hashed emails never to contact.',
    query: `select id, kind, value, reason, note, added_by, created_at from suppressions where workspace_id = $1 order by id`,
  },
  {
    name: 'imports',
    description:
      "Uploaded files' metadata: name, size, status, mapping, options and counts (not the files themselves).",
    query: `select id, file_name, file_size, file_type, entity, status, encoding, delimiter, header_row, sheet, mapping, options,
      rows_total, created_count, updated_count, duplicates_count, suppressed_count, errors_count, error, created_by,
      created_at, started_at, finished_at, undone_at, file_deleted_at, file_deleted_reason
      from imports where workspace_id = $1 order by created_at, id`,
  },
  {
    name: 'credit-ledger',
    description: 'Every credit grant, spend, refund, expiry and adjustment, with the balance after.',
    query: `select id, created_at, kind, feature, amount, member_id, reference, description, data_requested, balance_after
      from credit_ledger where workspace_id = $1 order by id`,
  },
  {
    name: 'invoices',
    description: 'Invoices (numbers, status, amounts in cents).',
    query: `select * from invoices where workspace_id = $1 order by 1, 2`,
    needsTable: 'invoices',
  },
  {
    name: 'audit-log',
    description: 'The audit log: who did what, when, from where.',
    query: `select * from audit_log where workspace_id = $1 order by created_at, id`,
    needsTable: 'audit_log',
  },
];

/** Columns never exported: the workspace id (the same everywhere) and derived search columns. */
const SKIP_COLUMNS = new Set(['workspace_id', 'search_text', 'search']);

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A column of a data set, with what PostgreSQL says its type is. */
type Column = { name: string; typname: string; category: string };

/**
 * The column as the export shows it, still typed where JSON has the type: times as ISO 8601 in
 * UTC with milliseconds (what a JavaScript Date prints), 64-bit and decimal numbers as text (no
 * precision lost by a JSON reader); the rest as it is (JSON, booleans, 32-bit numbers, text).
 */
function shown(c: Column): string {
  const x = `q.${ident(c.name)}`;
  if (c.typname === 'timestamptz') return `to_char(${x} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  if (c.typname === 'timestamp') return `to_char(${x}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  if (c.typname === 'date') return `to_char(${x}, 'YYYY-MM-DD')`;
  if (['int8', 'numeric', 'money'].includes(c.typname)) return `${x}::text`;
  return x;
}

/** Types whose text can never hold a comma, a quote or a line break (no CSV quoting to test). */
const PLAIN_TYPES = new Set([
  'uuid',
  'int2',
  'int4',
  'int8',
  'float4',
  'float8',
  'numeric',
  'bool',
  'timestamptz',
  'timestamp',
  'date',
  'oid',
]);

/**
 * One CSV cell of a shown column: empty for null, quoted (quotes doubled) when it must be.
 * Text is neutralised against formulas as every other export's (safeTextSql): a contact named
 * =HYPERLINK(…) must not run when the file is opened in a spreadsheet. The JSON file keeps it as is.
 */
function csvCell(c: Column): string {
  const x = `f.${ident(c.name)}`;
  if (PLAIN_TYPES.has(c.typname)) return `coalesce(${x}::text, '')`;
  const text = safeTextSqlText(c.category === 'A' ? `to_json(${x})::text` : `${x}::text`);
  return `coalesce(case when ${text} ~ '[",\r\n]' then '"' || replace(${text}, '"', '""') || '"' else ${text} end, '')`;
}

/**
 * The data set's query, answering per row its CSV line (`c`) and its JSON object (`j`), both
 * made by PostgreSQL: the export process only moves text from the connection to the files, so
 * it holds no row objects, dates or parsed JSON, and makes little garbage (issue 15: a million
 * contacts in flat memory).
 */
export function lineQuery(query: string, columns: Column[]): string {
  const f = columns.map((c) => `${shown(c)} as ${ident(c.name)}`).join(', ');
  const csv = columns.map(csvCell).join(` || ',' || `);
  return `select ${csv} as c, row_to_json(f)::text as j from (select ${f} from (${query}) q) f`;
}

/**
 * A file written through one reused buffer: text is encoded into it and the buffer is written
 * out when full, so writing a page of rows allocates nothing per page (no joined page string,
 * no Buffer per write) that would outlive the young generation and grow the heap.
 */
export class BufferedFile {
  private readonly buf: Buffer;
  private used = 0;

  private constructor(
    private readonly handle: fsp.FileHandle,
    bytes: number,
  ) {
    this.buf = Buffer.allocUnsafe(bytes);
  }

  static async open(file: string, bytes = WRITE_BUFFER_BYTES) {
    return new BufferedFile(await fsp.open(file, 'w'), bytes);
  }

  /**
   * Adds text (and `more` after it); answers a promise only when the buffer had to be written
   * out first, so a caller awaits once per buffer, not once per row.
   */
  add(text: string, more = ''): Promise<void> | undefined {
    // a UTF-16 unit is at most 3 UTF-8 bytes: room for that is room enough
    if (this.used + (text.length + more.length) * 3 <= this.buf.length) {
      this.used += this.buf.write(text, this.used);
      if (more) this.used += this.buf.write(more, this.used);
      return undefined;
    }
    return this.addAfterFlush(text, more);
  }

  private async addAfterFlush(text: string, more: string) {
    await this.flush();
    for (const t of [text, more]) {
      if (t.length * 3 <= this.buf.length - this.used) this.used += this.buf.write(t, this.used);
      else {
        // a value larger than the buffer goes out on its own
        await this.flush();
        await this.writeAll(Buffer.from(t, 'utf8'));
      }
    }
  }

  /** Adds bytes[start, end) (a value as PostgreSQL sent it); a promise only when the buffer was full. */
  addBytes(bytes: Buffer, start: number, end: number): Promise<void> | undefined {
    if (this.used + (end - start) <= this.buf.length) {
      this.used += bytes.copy(this.buf, this.used, start, end);
      return undefined;
    }
    return this.addBytesAfterFlush(bytes, start, end);
  }

  private async addBytesAfterFlush(bytes: Buffer, start: number, end: number) {
    await this.flush();
    if (end - start <= this.buf.length) this.used += bytes.copy(this.buf, this.used, start, end);
    else await this.writeAll(bytes.subarray(start, end));
  }

  async flush() {
    if (this.used === 0) return;
    await this.writeAll(this.buf.subarray(0, this.used));
    this.used = 0;
  }

  private async writeAll(bytes: Buffer) {
    let at = 0;
    while (at < bytes.length) at += (await this.handle.write(bytes, at, bytes.length - at)).bytesWritten;
  }

  /** Writes what is left and closes the file (closes it also when that write fails). */
  async close(flush = true) {
    try {
      if (flush) await this.flush();
    } finally {
      await this.handle.close();
    }
  }
}

export type ExportProgress = (rowsDone: number) => void;

/** The workspace's name, for the README. */
export async function workspaceNameOf(client: pg.PoolClient, workspaceId: string): Promise<string> {
  return (await client.query<{ name: string }>('select name from workspaces where id = $1', [workspaceId])).rows[0]?.name ?? '';
}

/** The data sets whose tables exist, with their row counts (for the progress bar). */
export async function planExport(client: pg.PoolClient, workspaceId: string) {
  const out: { dataset: ExportDataset; rows: number }[] = [];
  for (const d of EXPORT_DATASETS) {
    if (d.needsTable) {
      const t = await client.query<{ t: string | null }>('select to_regclass($1)::text as t', [
        `public.${d.needsTable}`,
      ]);
      if (!t.rows[0]?.t) continue;
    }
    const c = await client.query<{ n: string }>(`select count(*) as n from (${d.query}) q`, [workspaceId]);
    out.push({ dataset: d, rows: Number(c.rows[0]?.n ?? 0) });
  }
  return out;
}

/** The exported columns of a data set (its query's, less the skipped ones), with their types. */
async function columnsOf(client: pg.PoolClient, workspaceId: string, d: ExportDataset): Promise<Column[]> {
  const probe = await client.query(`select * from (${d.query}) q limit 0`, [workspaceId]);
  const fields = probe.fields.filter((f) => !SKIP_COLUMNS.has(f.name));
  const types = await client.query<{ oid: number; typname: string; category: string }>(
    'select oid::int as oid, typname, typcategory as category from pg_type where oid = any($1::oid[])',
    [fields.map((f) => f.dataTypeID)],
  );
  const byOid = new Map(types.rows.map((t) => [t.oid, t]));
  return fields.map((f) => ({
    name: f.name,
    typname: byOid.get(f.dataTypeID)?.typname ?? 'text',
    category: byOid.get(f.dataTypeID)?.category ?? 'S',
  }));
}

/** `next` after `first`: at once when `first` is done already (no promise), else when it is. */
const then = (first: Promise<void> | undefined, next: () => Promise<void> | undefined) =>
  first ? first.then(next) : next();

/** The signature opening COPY's binary format (then 32-bit flags and a header extension's length). */
const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * Reads COPY's binary format of rows of two text columns, handing each row's two values (as
 * byte ranges of the chunk) to `row`; `row` answers a promise when its files are writing out.
 * Chunks are PostgreSQL's bytes as they arrive: only a row cut by a chunk's end is copied.
 */
export async function readTwoColumnRows(
  chunks: AsyncIterable<Buffer>,
  row: (buf: Buffer, cStart: number, cEnd: number, jStart: number, jEnd: number) => Promise<void> | undefined,
  onRows: (n: number) => void,
) {
  let carry: Buffer | null = null;
  let headerDone = false;
  let rows = 0;
  for await (const chunk of chunks) {
    const buf: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
    carry = null;
    let at = 0;
    if (!headerDone) {
      if (buf.length >= 11 && !buf.subarray(0, 11).equals(COPY_SIGNATURE)) {
        throw new Error('export: not COPY binary data');
      }
      if (buf.length < 19 || buf.length < 19 + buf.readInt32BE(15)) {
        carry = buf;
        continue;
      }
      at = 19 + buf.readInt32BE(15);
      headerDone = true;
    }
    let before = rows;
    for (;;) {
      if (at + 2 > buf.length) break;
      const fields = buf.readInt16BE(at);
      if (fields === -1) {
        at = buf.length; // the trailer
        break;
      }
      if (fields !== 2) throw new Error(`export: a row of ${fields} columns, 2 expected`);
      const p = at + 2;
      if (p + 4 > buf.length) break;
      // a value's length, -1 for null (neither column is ever null)
      const cStart = p + 4;
      const cEnd = cStart + Math.max(0, buf.readInt32BE(p));
      if (cEnd + 4 > buf.length) break;
      const jStart = cEnd + 4;
      const jEnd = jStart + Math.max(0, buf.readInt32BE(cEnd));
      if (jEnd > buf.length) break;
      at = jEnd;
      rows++;
      const writing = row(buf, cStart, cEnd, jStart, jEnd);
      if (writing) {
        await writing;
        onRows(rows - before);
        before = rows;
      }
    }
    if (rows > before) onRows(rows - before);
    if (at < buf.length) carry = buf.subarray(at);
  }
  if (carry && carry.length > 0) throw new Error('export: COPY data ended inside a row');
  return rows;
}

/**
 * Writes one data set to `<dir>/<name>.csv` and `<dir>/<name>.json`: one `COPY … TO STDOUT
 * (FORMAT binary)` whose rows are PostgreSQL-made CSV lines and JSON objects (lineQuery), whose
 * bytes go into the files' buffers as they arrive. The process holds no row, string or page:
 * its memory is the same for a hundred rows or a million, and COPY's stream waits while the
 * files write (backpressure up to the connection).
 */
async function writeDataset(
  client: pg.PoolClient,
  workspaceId: string,
  d: ExportDataset,
  dir: string,
  onRows: (n: number) => void,
) {
  const columns = await columnsOf(client, workspaceId, d);
  const text = inlineParams(lineQuery(d.query, columns), [workspaceId], (v) => client.escapeLiteral(v));
  const csv = await BufferedFile.open(path.join(dir, `${d.name}.csv`));
  const json = await BufferedFile.open(path.join(dir, `${d.name}.json`)).catch(async (err: unknown) => {
    await csv.close(false);
    throw err;
  });
  let ok = false;
  let rows = 0;
  try {
    // a BOM so spreadsheet programs read UTF-8
    await csv.add(`\ufeff${stringify([columns.map((c) => c.name)])}`);
    await json.add('[');
    const stream = client.query(copyStreams.to(`copy (${text}) to stdout with (format binary)`));
    let separator = '\n';
    rows = await readTwoColumnRows(
      stream as AsyncIterable<Buffer>,
      // each step waits for the one before it only when that one had to write its buffer out
      (buf, cStart, cEnd, jStart, jEnd) =>
        then(csv.addBytes(buf, cStart, cEnd), () =>
          then(csv.add('\n'), () => {
            const sep = separator;
            separator = ',\n';
            return then(json.add(sep), () => json.addBytes(buf, jStart, jEnd));
          }),
        ),
      onRows,
    );
    await json.add(rows === 0 ? ']\n' : '\n]\n');
    ok = true;
  } finally {
    await Promise.all([csv.close(ok), json.close(ok)]);
  }
  return rows;
}

function readme(workspaceName: string, at: Date, counts: { dataset: ExportDataset; rows: number }[]): string {
  const lines = [
    `Leadtrail workspace export: ${workspaceName}`,
    `Generated ${at.toISOString()} (UTC).`,
    '',
    'Every data set is here twice: as CSV (UTF-8 with a byte-order mark, comma-separated, a header row;',
    'JSON values such as custom fields are written as JSON text in their cell) and as JSON (an array of',
    'objects with the same columns). Ids are UUIDs; a column ending in _id or _by points at the id of a',
    'row of another file (owner_id and added_by at members.csv, company_id at companies.csv).',
    'Times are ISO 8601 in UTC. Uploaded files themselves are not included, only their metadata.',
    'A CSV text cell starting with =, +, -, @, a tab or a carriage return starts with an apostrophe, so',
    'a spreadsheet shows it instead of running it as a formula; the JSON files hold every value as it is.',
    '',
    'Files:',
    ...counts.map((c) => `  ${c.dataset.name}.csv / .json  ${c.rows} rows. ${c.dataset.description}`),
    '',
  ];
  return lines.join('\r\n');
}

/** The data sets written to temporary files, ready to be zipped (after the transaction). */
export type ExportFiles = {
  dir: string;
  workspaceName: string;
  at: Date;
  written: { dataset: ExportDataset; rows: number }[];
  counts: Record<string, number>;
};

/**
 * Writes every data set of the plan to CSV + JSON files in a new temporary directory. Each data
 * set is read in a unit of work of its own (`inUnit`: a transaction scoped to the workspace on one
 * connection; one COPY, so one snapshot per data set, as before); `afterDataset` runs between
 * them, outside any (the progress, written in a unit of its own: never a second connection while
 * one is held). Once this answers, the database is no longer needed: zipExportFiles. (Zipping
 * inside a transaction would leave it idle for as long as the deflate takes, a minute or more at
 * a million contacts, where the pool's idle_in_transaction_session_timeout ends the session.)
 */
export async function writeExportFiles(opts: {
  inUnit: <T>(fn: (client: pg.PoolClient) => Promise<T>) => Promise<T>;
  workspaceId: string;
  workspaceName: string;
  plan: { dataset: ExportDataset; rows: number }[];
  onRows: ExportProgress;
  afterDataset?: () => Promise<void>;
  now?: Date;
}): Promise<ExportFiles> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'leadtrail-export-'));
  try {
    const counts: Record<string, number> = {};
    const written: { dataset: ExportDataset; rows: number }[] = [];
    for (const { dataset } of opts.plan) {
      const rows = await opts.inUnit((client) => writeDataset(client, opts.workspaceId, dataset, dir, opts.onRows));
      counts[dataset.name] = rows;
      written.push({ dataset, rows });
      await opts.afterDataset?.();
    }
    return { dir, workspaceName: opts.workspaceName, at: opts.now ?? new Date(), written, counts };
  } catch (err) {
    await fsp.rm(dir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Streams the ZIP of the written files (with the README) to `store` (storage.write), then
 * removes the temporary files, whether the ZIP could be stored or not.
 */
export async function zipExportFiles(
  files: ExportFiles,
  store: (zip: NodeJS.ReadableStream) => Promise<{ bytes: number }>,
): Promise<{ bytes: number; counts: Record<string, number> }> {
  try {
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from(readme(files.workspaceName, files.at, files.written), 'utf8'), 'README.txt');
    for (const { dataset } of files.written) {
      zip.addFile(path.join(files.dir, `${dataset.name}.csv`), `${dataset.name}.csv`);
      zip.addFile(path.join(files.dir, `${dataset.name}.json`), `${dataset.name}.json`);
    }
    zip.end();
    const { bytes } = await store(zip.outputStream);
    return { bytes, counts: files.counts };
  } finally {
    await removeExportFiles(files);
  }
}

/** Removes the temporary files (when the transaction failed after they were written). */
export async function removeExportFiles(files: ExportFiles) {
  await fsp.rm(files.dir, { recursive: true, force: true });
}
