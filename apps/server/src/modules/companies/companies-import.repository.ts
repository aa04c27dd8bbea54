import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { DuplicateMode } from '@leadtrail/contracts';
import type { Db } from '../../db/client.js';

/**
 * Set-based SQL of company imports and of the companies a contact import creates. Reads the
 * imports staging table (import_rows) and runs inside the import's transaction (restricted
 * role, workspace set), so row-level security applies.
 */

type Range = { workspaceId: string; importId: string; fromRow: number; toRow: number };
type Who = { ownerId: string | null; memberId: string | null };

const IN_BATCH = `r.workspace_id = $1 and r.import_id = $2 and r.row_no > $3 and r.row_no <= $4 and r.outcome is null`;
const STAGED = `import_rows r where ${IN_BATCH}`;
/**
 * The company a staged row now corresponds to: by domain, else the id it was created with. A
 * scalar probe per row: joins planned on a workspace's stale statistics scan every company per row.
 */
const COMPANY_OF_ROW = `coalesce((select e.id from companies e where e.workspace_id = $1 and e.domain = r.key), r.id)`;

const TEXT_COLUMNS = [
  'website',
  'industry',
  'employee_range',
  'revenue_range',
  'phone',
  'linkedin_url',
  'city',
  'region',
  'country',
  'description',
] as const;

function updateSet(mode: Exclude<DuplicateMode, 'skip'>): string {
  const col = (c: string) =>
    mode === 'fill' ? `${c} = coalesce(co.${c}, excluded.${c})` : `${c} = coalesce(excluded.${c}, co.${c})`;
  return [
    // a company always has a name: fill keeps it, overwrite takes the file's
    mode === 'fill' ? 'name = co.name' : 'name = excluded.name',
    ...TEXT_COLUMNS.map(col),
    col('founded_year'),
    mode === 'fill'
      ? 'custom_fields = excluded.custom_fields || co.custom_fields'
      : 'custom_fields = co.custom_fields || excluded.custom_fields',
    'updated_by = excluded.updated_by',
    'updated_at = now()',
  ].join(',\n      ');
}

const upsertSql = (mode: DuplicateMode) => `
  insert into companies as co (workspace_id, id, name, domain, website, industry, employee_range, revenue_range, phone,
    linkedin_url, city, region, country, description, founded_year, owner_id, source, import_id, custom_fields,
    created_by, updated_by)
  select $1, r.id, r.data->>'name', r.key, r.data->>'website', r.data->>'industry', r.data->>'employee_range',
    r.data->>'revenue_range', r.data->>'phone', r.data->>'linkedin_url', r.data->>'city', r.data->>'region',
    r.data->>'country', r.data->>'description', (r.data->>'founded_year')::int, $5::uuid, 'import', $2,
    coalesce(r.custom, '{}'::jsonb), $6::uuid, $6::uuid
  from ${STAGED}
  ${mode === 'skip' ? 'on conflict (workspace_id, domain) do nothing' : `on conflict (workspace_id, domain) do update set\n      ${updateSet(mode)}`}
  returning (xmax = 0) as created`;

export function createCompaniesImportRepository(db: Db) {
  const args = (p: Range) => [p.workspaceId, p.importId, p.fromRow, p.toRow];
  return {
    /**
     * The companies a contact batch names and the workspace lacks: one per domain (named by
     * the file, else after the domain), then one per name among rows without a domain.
     * Companies known only from a work email's domain are linked, never created.
     */
    async createNamedInBatch(client: pg.ClientBase, p: Range & Who) {
      await client.query(
        `insert into companies (workspace_id, id, name, domain, source, import_id, owner_id, created_by, updated_by)
         select $1, imports_uuid_v7(), coalesce(n.name, n.domain), n.domain, 'import', $2, $5::uuid, $6::uuid, $6::uuid
         from (
           select distinct on (r.company_domain) r.company_domain as domain, r.company_name as name
           from ${STAGED} and r.company_create and r.company_domain is not null
           order by r.company_domain, (r.company_name is null), r.row_no
         ) n
         -- most domains of a large file exist after its first rows: probe before trying to insert
         where not exists (select 1 from companies x where x.workspace_id = $1 and x.domain = n.domain)
         on conflict (workspace_id, domain) do nothing`,
        [...args(p), p.ownerId, p.memberId],
      );
      await client.query(
        `insert into companies (workspace_id, id, name, domain, source, import_id, owner_id, created_by, updated_by)
         select $1, imports_uuid_v7(), n.name, null, 'import', $2, $5::uuid, $6::uuid, $6::uuid
         from (select distinct r.company_name as name from ${STAGED} and r.company_create and r.company_domain is null
                 and r.company_name is not null) n
         where not exists (select 1 from companies x where x.workspace_id = $1 and x.name = n.name)`,
        [...args(p), p.ownerId, p.memberId],
      );
    },

    async upsertBatch(client: pg.ClientBase, p: Range & Who & { mode: DuplicateMode; pending: number }) {
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

    async insertNotes(client: pg.ClientBase, p: Range & { mode: DuplicateMode; memberId: string | null }) {
      await client.query(
        `insert into notes (workspace_id, id, company_id, body, author_id)
         select $1, imports_uuid_v7(), n.company_id, n.note, $5::uuid
         from (select ${COMPANY_OF_ROW} as company_id, r.id, r.note from ${STAGED} and r.note is not null) n
         ${p.mode === 'skip' ? 'where n.company_id = n.id' : ''}`,
        [...args(p), p.memberId],
      );
    },

    /** Notes of rows merged into an earlier row of the file (where the merge applied). */
    async insertMergedNotes(client: pg.ClientBase, p: Range & { mode: DuplicateMode; memberId: string | null }) {
      await client.query(
        `insert into notes (workspace_id, id, company_id, body, author_id)
         select $1, imports_uuid_v7(), e.id, r.note, $5::uuid
         from import_rows r cross join lateral (
           select x.id, x.import_id from companies x where x.workspace_id = $1 and x.domain = r.key) e
         where r.workspace_id = $1 and r.import_id = $2 and r.row_no > $3 and r.row_no <= $4 and r.outcome = 'D'
           and r.note is not null ${p.mode === 'skip' ? 'and e.import_id is not distinct from $2::uuid' : ''}`,
        [...args(p), p.memberId],
      );
    },

    /** Rows repeating an earlier row of the file: merged into the company it wrote (fill); marked 'D'. */
    async mergeDuplicates(client: pg.ClientBase, p: Range & { mode: DuplicateMode; memberId: string | null }) {
      // not indexable on purpose: the domain index drives the join
      const own = p.mode === 'skip' ? 'and co.import_id is not distinct from $2::uuid' : '';
      for (;;) {
        const res = await client.query(
          `with d as (
             select distinct on (r.key) r.row_no, r.key, r.data, r.custom from import_rows r
             where r.workspace_id = $1 and r.import_id = $2 and r.row_no > $3 and r.row_no <= $4 and r.outcome = 'd'
             order by r.key, r.row_no
           ), merged as (
             update companies co set
               ${TEXT_COLUMNS.map((col) => `${col} = coalesce(co.${col}, d.data->>'${col}')`).join(',\n               ')},
               founded_year = coalesce(co.founded_year, (d.data->>'founded_year')::int),
               custom_fields = coalesce(d.custom, '{}'::jsonb) || co.custom_fields,
               updated_by = $5::uuid, updated_at = now()
             from d
             where co.workspace_id = $1 and co.id = (select x.id from companies x where x.workspace_id = $1 and x.domain = d.key) ${own}
             returning co.id
           )
           update import_rows r set outcome = 'D' from d
           where r.workspace_id = $1 and r.import_id = $2 and r.row_no = d.row_no`,
          [...args(p), p.memberId],
        );
        if ((res.rowCount ?? 0) === 0) return;
      }
    },

    async recordIds(client: pg.ClientBase, p: Range): Promise<string[]> {
      const res = await client.query<{ id: string }>(`select ${COMPANY_OF_ROW} as id from ${STAGED}`, args(p));
      return res.rows.map((r) => r.id);
    },

    /** Fresh planner statistics for the table an import grows (see contacts-import.repository.ts). Needs the owner. */
    async analyze(client: pg.ClientBase) {
      await client.query('analyze companies');
    },

    /** Deletes up to `limit` companies the import created (only those no contact links to, when asked). */
    async deleteCreatedBatch(
      workspaceId: string,
      importId: string,
      limit: number,
      withoutContacts: boolean,
    ): Promise<number> {
      return db.tenant(workspaceId, async (tx) => {
        const res = await tx.execute(sql`
          delete from companies where workspace_id = ${workspaceId} and id in (
            select co.id from companies co where co.workspace_id = ${workspaceId} and co.import_id = ${importId}
            ${withoutContacts ? sql`and not exists (select 1 from contacts c where c.workspace_id = co.workspace_id and c.company_id = co.id)` : sql``}
            limit ${limit})`);
        return res.rowCount ?? 0;
      });
    },
  };
}

export type CompaniesImportRepository = ReturnType<typeof createCompaniesImportRepository>;
