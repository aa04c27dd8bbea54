import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { DuplicateMode } from '@leadtrail/contracts';
import type { Db } from '../../db/client.js';

/**
 * Set-based SQL of contact imports. It reads the imports module's staging table
 * (import_rows: the hand-over point of a running import) and writes contacts and their
 * notes; it runs inside the import's transaction (restricted role, workspace set), so
 * row-level security applies to every statement.
 */

type Range = { workspaceId: string; importId: string; fromRow: number; toRow: number };

/** Staged rows of the batch still to write (not duplicates within the file, not suppressed). */
const IN_BATCH = `r.workspace_id = $1 and r.import_id = $2 and r.row_no > $3 and r.row_no <= $4 and r.outcome is null`;
const STAGED = `import_rows r where ${IN_BATCH}`;
/** The contact a staged row now corresponds to: by email (a scalar probe, see upsertSql), else the id it was created with. */
const CONTACT_OF_ROW = `coalesce((select e.id from contacts e where e.workspace_id = $1 and e.email = r.key), r.id)`;

const TEXT_COLUMNS = [
  'first_name',
  'last_name',
  'work_phone',
  'mobile_phone',
  'other_phone',
  'job_title',
  'seniority',
  'department',
  'linkedin_url',
  'city',
  'region',
  'country',
] as const;

/** The SET list of an upsert: fill keeps what the record has, overwrite takes the file's non-empty values. */
function updateSet(mode: Exclude<DuplicateMode, 'skip'>): string {
  const col = (c: string) =>
    mode === 'fill' ? `${c} = coalesce(c.${c}, excluded.${c})` : `${c} = coalesce(excluded.${c}, c.${c})`;
  return [
    ...TEXT_COLUMNS.map(col),
    mode === 'fill'
      ? `email_status = case when c.email_status = 'unknown' then excluded.email_status else c.email_status end`
      : `email_status = case when excluded.email_status <> 'unknown' then excluded.email_status else c.email_status end`,
    col('company_id'),
    mode === 'fill'
      ? 'custom_fields = excluded.custom_fields || c.custom_fields'
      : 'custom_fields = c.custom_fields || excluded.custom_fields',
    'updated_by = excluded.updated_by',
    'updated_at = now()',
  ].join(',\n      ');
}

/**
 * One upsert per batch. The company is looked up per row by scalar subqueries (index probes):
 * an import grows a workspace faster than its statistics, and a join planned on stale ones
 * (a workspace "with one company") becomes a scan of every company per row.
 */
const upsertSql = (mode: DuplicateMode) => `
  with src as (
    select r.id, r.key, r.data, r.custom, r.company_domain, r.company_name from ${STAGED}
  )
  insert into contacts as c (workspace_id, id, first_name, last_name, email, email_status, work_phone, mobile_phone,
    other_phone, job_title, seniority, department, company_id, linkedin_url, city, region, country, owner_id, source,
    import_id, custom_fields, created_by, updated_by)
  select $1, s.id, s.data->>'first_name', s.data->>'last_name', s.key, coalesce(s.data->>'email_status', 'unknown'),
    s.data->>'work_phone', s.data->>'mobile_phone', s.data->>'other_phone', s.data->>'job_title', s.data->>'seniority',
    s.data->>'department', coalesce(
      (select x.id from companies x where x.workspace_id = $1 and x.domain = s.company_domain),
      (select x.id from companies x where x.workspace_id = $1 and x.name = s.company_name limit 1)
    ), s.data->>'linkedin_url', s.data->>'city', s.data->>'region',
    s.data->>'country', $5::uuid, 'import', $2, coalesce(s.custom, '{}'::jsonb), $6::uuid, $6::uuid
  from src s
  ${mode === 'skip' ? 'on conflict (workspace_id, email) do nothing' : `on conflict (workspace_id, email) do update set\n      ${updateSet(mode)}`}
  returning (xmax = 0) as created`;

export function createContactsImportRepository(db: Db) {
  const args = (p: Range) => [p.workspaceId, p.importId, p.fromRow, p.toRow];
  return {
    /** One statement for the batch; counts what it created, updated, and left alone. */
    async upsertBatch(
      client: pg.ClientBase,
      p: Range & { mode: DuplicateMode; ownerId: string | null; memberId: string | null; pending: number },
    ): Promise<{ created: number; updated: number; skipped: number; rows: number }> {
      // the rows to write (neither suppressed nor repeats): the caller counted them
      const rows = p.pending;
      if (rows === 0) return { created: 0, updated: 0, skipped: 0, rows: 0 };
      // counted in SQL: a batch of 50,000 rows needs no 50,000 objects here
      const res = await client.query<{ created: number; written: number }>(
        `with w as (${upsertSql(p.mode)}) select (count(*) filter (where created))::int as created, count(*)::int as written from w`,
        [...args(p), p.ownerId, p.memberId],
      );
      const { created, written } = res.rows[0]!;
      return { created, updated: written - created, skipped: rows - written, rows };
    },

    /** A note per row that has one, on the record it created or (fill/overwrite) updated. */
    async insertNotes(client: pg.ClientBase, p: Range & { mode: DuplicateMode; memberId: string | null }) {
      // skip mode leaves existing records alone: notes go to created ones only
      await client.query(
        `insert into notes (workspace_id, id, contact_id, body, author_id)
         select $1, imports_uuid_v7(), n.contact_id, n.note, $5::uuid
         from (select ${CONTACT_OF_ROW} as contact_id, r.id, r.note from ${STAGED} and r.note is not null) n
         ${p.mode === 'skip' ? 'where n.contact_id = n.id' : ''}`,
        [...args(p), p.memberId],
      );
    },

    /** Notes of rows merged into an earlier row of the file (where the merge applied). */
    async insertMergedNotes(client: pg.ClientBase, p: Range & { mode: DuplicateMode; memberId: string | null }) {
      await client.query(
        `insert into notes (workspace_id, id, contact_id, body, author_id)
         select $1, imports_uuid_v7(), e.id, r.note, $5::uuid
         from import_rows r cross join lateral (
           select x.id, x.import_id from contacts x where x.workspace_id = $1 and x.email = r.key) e
         where r.workspace_id = $1 and r.import_id = $2 and r.row_no > $3 and r.row_no <= $4 and r.outcome = 'D'
           and r.note is not null ${p.mode === 'skip' ? 'and e.import_id is not distinct from $2::uuid' : ''}`,
        [...args(p), p.memberId],
      );
    },

    /**
     * Rows of the batch that repeat an earlier row of the file (marked 'd') are merged into
     * the contact that row wrote: its empty fields take the repeat's values (in skip mode only
     * when this import created that contact). Earliest repeat first, then the next. Marked 'D'.
     */
    async mergeDuplicates(client: pg.ClientBase, p: Range & { mode: DuplicateMode; memberId: string | null }) {
      // `is not distinct from`: not indexable on purpose, so the email index drives the join (the
      // import_id index would scan every contact the import created, per batch)
      const own = p.mode === 'skip' ? 'and c.import_id is not distinct from $2::uuid' : '';
      for (;;) {
        const res = await client.query(
          `with d as (
             select distinct on (r.key) r.row_no, r.key, r.data, r.custom from import_rows r
             where r.workspace_id = $1 and r.import_id = $2 and r.row_no > $3 and r.row_no <= $4 and r.outcome = 'd'
             order by r.key, r.row_no
           ), merged as (
             update contacts c set
               ${TEXT_COLUMNS.map((col) => `${col} = coalesce(c.${col}, d.data->>'${col}')`).join(',\n               ')},
               email_status = case when c.email_status = 'unknown' then coalesce(d.data->>'email_status', 'unknown') else c.email_status end,
               custom_fields = coalesce(d.custom, '{}'::jsonb) || c.custom_fields,
               updated_by = $5::uuid, updated_at = now()
             from d
             where c.workspace_id = $1 and c.id = (select x.id from contacts x where x.workspace_id = $1 and x.email = d.key) ${own}
             returning c.id
           )
           update import_rows r set outcome = 'D' from d
           where r.workspace_id = $1 and r.import_id = $2 and r.row_no = d.row_no`,
          [...args(p), p.memberId],
        );
        if ((res.rowCount ?? 0) === 0) return;
      }
    },

    /** The contacts of the batch's rows: created ones by id, existing ones by email. */
    async recordIds(client: pg.ClientBase, p: Range): Promise<string[]> {
      const res = await client.query<{ id: string }>(`select ${CONTACT_OF_ROW} as id from ${STAGED}`, args(p));
      return res.rows.map((r) => r.id);
    },

    /**
     * Fresh planner statistics for the tables an import grows. A workspace that goes from a few
     * records to a million within a minute is planned with the old numbers otherwise ("one
     * company"), and a probe by email or domain walks every record of the workspace instead.
     * Needs the table owner.
     */
    async analyze(client: pg.ClientBase) {
      await client.query('analyze contacts');
      await client.query('analyze companies');
    },

    /** Deletes up to `limit` contacts the import created; answers how many went. */
    async deleteCreatedBatch(workspaceId: string, importId: string, limit: number): Promise<number> {
      return db.tenant(workspaceId, async (tx) => {
        const res = await tx.execute(sql`
          delete from contacts where workspace_id = ${workspaceId} and id in (
            select id from contacts where workspace_id = ${workspaceId} and import_id = ${importId} limit ${limit})`);
        return res.rowCount ?? 0;
      });
    },
  };
}

export type ContactsImportRepository = ReturnType<typeof createContactsImportRepository>;
