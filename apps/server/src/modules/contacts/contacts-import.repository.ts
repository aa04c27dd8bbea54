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
/** Each staged row with the contact it now corresponds to: by email, else the id it was created with. */
const WITH_CONTACT = `import_rows r left join contacts e on e.workspace_id = $1 and r.key is not null and e.email = r.key
  where ${IN_BATCH}`;

const TEXT_COLUMNS = ['first_name', 'last_name', 'work_phone', 'mobile_phone', 'other_phone', 'job_title', 'seniority',
  'department', 'linkedin_url', 'city', 'region', 'country'] as const;

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
    mode === 'fill' ? 'custom_fields = excluded.custom_fields || c.custom_fields' : 'custom_fields = c.custom_fields || excluded.custom_fields',
    'updated_by = excluded.updated_by',
    'updated_at = now()',
  ].join(',\n      ');
}

const upsertSql = (mode: DuplicateMode) => `
  with src as (
    select r.id, r.key, r.data, r.custom, r.company_domain, r.company_name from ${STAGED}
  )
  insert into contacts as c (workspace_id, id, first_name, last_name, email, email_status, work_phone, mobile_phone,
    other_phone, job_title, seniority, department, company_id, linkedin_url, city, region, country, owner_id, source,
    import_id, custom_fields, created_by, updated_by)
  select $1, s.id, s.data->>'first_name', s.data->>'last_name', s.key, coalesce(s.data->>'email_status', 'unknown'),
    s.data->>'work_phone', s.data->>'mobile_phone', s.data->>'other_phone', s.data->>'job_title', s.data->>'seniority',
    s.data->>'department', coalesce(cd.id, cn.id), s.data->>'linkedin_url', s.data->>'city', s.data->>'region',
    s.data->>'country', $5::uuid, 'import', $2, coalesce(s.custom, '{}'::jsonb), $6::uuid, $6::uuid
  from src s
  left join companies cd on cd.workspace_id = $1 and cd.domain = s.company_domain
  left join lateral (
    select x.id from companies x
    where cd.id is null and s.company_name is not null and x.workspace_id = $1 and x.name = s.company_name
    order by x.created_at limit 1
  ) cn on true
  ${mode === 'skip' ? 'on conflict (workspace_id, email) do nothing' : `on conflict (workspace_id, email) do update set\n      ${updateSet(mode)}`}
  returning (xmax = 0) as created`;

export function createContactsImportRepository(db: Db) {
  const args = (p: Range) => [p.workspaceId, p.importId, p.fromRow, p.toRow];
  return {
    /** One statement for the batch; counts what it created, updated, and left alone. */
    async upsertBatch(
      client: pg.ClientBase,
      p: Range & { mode: DuplicateMode; ownerId: string | null; memberId: string | null },
    ): Promise<{ created: number; updated: number; skipped: number; rows: number }> {
      const total = await client.query<{ n: number }>(`select count(*)::int as n from ${STAGED}`, args(p));
      const rows = total.rows[0]!.n;
      if (rows === 0) return { created: 0, updated: 0, skipped: 0, rows: 0 };
      const res = await client.query<{ created: boolean }>(upsertSql(p.mode), [...args(p), p.ownerId, p.memberId]);
      const created = res.rows.filter((r) => r.created).length;
      const updated = res.rows.length - created;
      return { created, updated, skipped: rows - res.rows.length, rows };
    },

    /** A note per row that has one, on the record it created or (fill/overwrite) updated. */
    async insertNotes(client: pg.ClientBase, p: Range & { mode: DuplicateMode; memberId: string | null }) {
      // skip mode leaves existing records alone: notes go to created ones only
      const onlyCreated = p.mode === 'skip' ? 'and (e.id is null or e.id = r.id)' : '';
      await client.query(
        `insert into notes (workspace_id, id, contact_id, body, author_id)
         select $1, imports_uuid_v7(), coalesce(e.id, r.id), r.note, $5::uuid
         from ${WITH_CONTACT} and r.note is not null ${onlyCreated}`,
        [...args(p), p.memberId],
      );
    },

    /** The contacts of the batch's rows: created ones by id, existing ones by email. */
    async recordIds(client: pg.ClientBase, p: Range): Promise<string[]> {
      const res = await client.query<{ id: string }>(`select coalesce(e.id, r.id) as id from ${WITH_CONTACT}`, args(p));
      return res.rows.map((r) => r.id);
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
