import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import type pg from 'pg';
import { stringify } from 'csv-stringify/sync';
import yazl from 'yazl';

/**
 * Writes a workspace's data as a ZIP of CSV + JSON files with a README (issue 15). Every data set
 * is read through a server-side cursor in pages of FETCH_ROWS on one connection, and written to
 * a CSV and a JSON temporary file at once (waiting on each file's drain), so memory stays flat
 * however many rows there are; the ZIP is then streamed from those files into storage.
 */

export const FETCH_ROWS = 2000;

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

const csvCell = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
};

async function write(stream: fs.WriteStream, chunk: string) {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

async function close(stream: fs.WriteStream) {
  stream.end();
  await once(stream, 'finish');
}

export type ExportProgress = (rowsDone: number) => void;

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

/** Writes one data set to `<dir>/<name>.csv` and `<dir>/<name>.json` through a cursor. */
async function writeDataset(
  client: pg.PoolClient,
  workspaceId: string,
  d: ExportDataset,
  dir: string,
  onRows: (n: number) => void,
) {
  const cursor = `export_${d.name.replace(/-/g, '_')}`;
  await client.query(`declare ${cursor} no scroll cursor for ${d.query}`, [workspaceId]);
  const csv = fs.createWriteStream(path.join(dir, `${d.name}.csv`));
  const json = fs.createWriteStream(path.join(dir, `${d.name}.json`));
  let rows = 0;
  let columns: string[] | null = null;
  try {
    await write(json, '[');
    for (;;) {
      const page = await client.query<Record<string, unknown>>(`fetch ${FETCH_ROWS} from ${cursor}`);
      if (!columns) {
        columns = page.fields.map((f) => f.name).filter((c) => !SKIP_COLUMNS.has(c));
        // a BOM so spreadsheet programs read UTF-8
        await write(csv, `\ufeff${stringify([columns])}`);
      }
      if (page.rows.length > 0) {
        const cols = columns;
        await write(csv, stringify(page.rows.map((r) => cols.map((c) => csvCell(r[c])))));
        let chunk = '';
        for (const r of page.rows) {
          const obj: Record<string, unknown> = {};
          for (const c of cols) obj[c] = r[c];
          chunk += `${rows === 0 ? '\n' : ',\n'}${JSON.stringify(obj)}`;
          rows++;
        }
        await write(json, chunk);
        onRows(page.rows.length);
      }
      if (page.rows.length < FETCH_ROWS) break;
    }
    await write(json, rows === 0 ? ']\n' : '\n]\n');
  } finally {
    await Promise.all([close(csv), close(json)]);
    await client.query(`close ${cursor}`).catch(() => {});
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
    '',
    'Files:',
    ...counts.map((c) => `  ${c.dataset.name}.csv / .json  ${c.rows} rows. ${c.dataset.description}`),
    '',
  ];
  return lines.join('\r\n');
}

/**
 * Writes the export of the workspace to `output` (a ZIP). The client must be in a transaction
 * scoped to the workspace. Answers the row counts by data set.
 */
export async function writeWorkspaceExport(opts: {
  client: pg.PoolClient;
  workspaceId: string;
  workspaceName: string;
  plan: { dataset: ExportDataset; rows: number }[];
  /** consumes the ZIP stream (storage.write) */
  store: (zip: NodeJS.ReadableStream) => Promise<{ bytes: number }>;
  onRows: ExportProgress;
  now?: Date;
}): Promise<{ bytes: number; counts: Record<string, number> }> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'leadtrail-export-'));
  try {
    const counts: Record<string, number> = {};
    const written: { dataset: ExportDataset; rows: number }[] = [];
    for (const { dataset } of opts.plan) {
      const rows = await writeDataset(opts.client, opts.workspaceId, dataset, dir, opts.onRows);
      counts[dataset.name] = rows;
      written.push({ dataset, rows });
    }
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from(readme(opts.workspaceName, opts.now ?? new Date(), written), 'utf8'), 'README.txt');
    for (const { dataset } of written) {
      zip.addFile(path.join(dir, `${dataset.name}.csv`), `${dataset.name}.csv`);
      zip.addFile(path.join(dir, `${dataset.name}.json`), `${dataset.name}.json`);
    }
    zip.end();
    const { bytes } = await opts.store(zip.outputStream);
    return { bytes, counts };
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
