import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { DuplicateMode } from '@leadtrail/contracts';
import { ownerOfRow } from '../import-owner.js';
import { fillFromRepeat, STAGED, upsertSet, type ImportRange, type RecordImportSql } from '../record-import.repository.js';

/**
 * The company's import SQL (what differs from contacts: its columns, its upsert), and the
 * companies a contact import finds or creates; records/record-import.repository.ts runs it.
 */

type Who = { ownerId: string | null; memberId: string | null };

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

/** The SET list of an upsert; a company always has a name: fill keeps it, overwrite takes the file's. */
const updateSet = (mode: Exclude<DuplicateMode, 'skip'>) =>
  upsertSet(mode, [...TEXT_COLUMNS, 'founded_year'], [mode === 'fill' ? 'name = x.name' : 'name = excluded.name']);

const upsertSql = (mode: DuplicateMode) => `
  insert into companies as x (workspace_id, id, name, domain, website, industry, employee_range, revenue_range, phone,
    linkedin_url, city, region, country, description, founded_year, owner_id, source, import_id, custom_fields,
    created_by, updated_by)
  select $1, r.id, r.data->>'name', r.key, r.data->>'website', r.data->>'industry', r.data->>'employee_range',
    r.data->>'revenue_range', r.data->>'phone', r.data->>'linkedin_url', r.data->>'city', r.data->>'region',
    r.data->>'country', r.data->>'description', (r.data->>'founded_year')::int, ${ownerOfRow('r')}, 'import', $2,
    coalesce(r.custom, '{}'::jsonb), $6::uuid, $6::uuid
  from ${STAGED}
  ${mode === 'skip' ? 'on conflict (workspace_id, domain) do nothing' : `on conflict (workspace_id, domain) do update set\n      ${updateSet(mode)}`}
  returning (xmax = 0) as created`;

export const companyImportSql: RecordImportSql = {
  table: 'companies',
  keyColumn: 'domain',
  noteColumn: 'company_id',
  upsert: upsertSql,
  mergeSet: [...fillFromRepeat(TEXT_COLUMNS), `founded_year = coalesce(x.founded_year, (d.data->>'founded_year')::int)`].join(',\n               '),
  analyze: ['companies'],
};

/** Company columns a contact row may carry (column, staged data key): they fill its company. */
const EXTRA = [
  ['website', 'company_website'],
  ['industry', 'company_industry'],
  ['employee_range', 'company_employee_range'],
  ['phone', 'company_phone'],
  ['linkedin_url', 'company_linkedin_url'],
] as const;
const EXTRA_COLUMNS = EXTRA.map(([column]) => column).join(', ');
const EXTRA_VALUES = EXTRA.map(([column]) => `n.${column}`).join(', ');
const EXTRA_FROM_ROW = EXTRA.map(([column, from]) => `r.data->>'${from}' as ${column}`).join(', ');

/** No contact links to the company (what a contact import's undo may remove). */
export const WITHOUT_CONTACTS = sql`not exists (select 1 from contacts c where c.workspace_id = x.workspace_id and c.company_id = x.id)`;

const args = (p: ImportRange) => [p.workspaceId, p.importId, p.fromRow, p.toRow];

/**
 * A contact import's batch: creates the companies its rows name (when asked to) so the contacts
 * can link to them; the company columns of its rows fill their companies' empty fields.
 */
export async function companiesForContactRows(client: pg.ClientBase, p: ImportRange & Who & { createCompanies: boolean }) {
  if (p.createCompanies) await createNamedInBatch(client, p);
  await fillFromContactsInBatch(client, p);
}

/**
 * The companies a contact batch names and the workspace lacks: one per domain (named by
 * the file, else after the domain), then one per name among rows without a domain.
 * Companies known only from a work email's domain are linked, never created.
 */
async function createNamedInBatch(client: pg.ClientBase, p: ImportRange & Who) {
  await client.query(
    `insert into companies (workspace_id, id, name, domain, ${EXTRA_COLUMNS}, source, import_id, owner_id, created_by, updated_by)
     select $1, imports_uuid_v7(), coalesce(n.name, n.domain), n.domain, ${EXTRA_VALUES}, 'import', $2, $5::uuid, $6::uuid, $6::uuid
     from (
       select distinct on (r.company_domain) r.company_domain as domain, r.company_name as name, ${EXTRA_FROM_ROW}
       from ${STAGED} and r.company_create and r.company_domain is not null
       order by r.company_domain, (r.company_name is null), r.row_no
     ) n
     -- most domains of a large file exist after its first rows: probe before trying to insert
     where not exists (select 1 from companies x where x.workspace_id = $1 and x.domain = n.domain)
     on conflict (workspace_id, domain) do nothing`,
    [...args(p), p.ownerId, p.memberId],
  );
  await client.query(
    `insert into companies (workspace_id, id, name, domain, ${EXTRA_COLUMNS}, source, import_id, owner_id, created_by, updated_by)
     select $1, imports_uuid_v7(), n.name, null, ${EXTRA_VALUES}, 'import', $2, $5::uuid, $6::uuid, $6::uuid
     from (select distinct on (r.company_name) r.company_name as name, ${EXTRA_FROM_ROW}
             from ${STAGED} and r.company_create and r.company_domain is null and r.company_name is not null
             order by r.company_name, r.row_no) n
     where not exists (select 1 from companies x where x.workspace_id = $1 and x.name = n.name)`,
    [...args(p), p.ownerId, p.memberId],
  );
}

/**
 * The companies a contact batch links to (by domain, else by name) take the batch's company
 * columns into their empty fields (the first row of the file naming each wins).
 */
async function fillFromContactsInBatch(client: pg.ClientBase, p: ImportRange & Who) {
  for (const [key, match] of [
    ['r.company_domain', 'x.domain = n.k'],
    ['r.company_name', 'x.name = n.k'],
  ] as const) {
    await client.query(
      `update companies x set
         ${EXTRA.map(([column]) => `${column} = coalesce(x.${column}, n.${column})`).join(', ')},
         updated_by = $5::uuid, updated_at = now()
       from (
         select distinct on (${key}) ${key} as k, ${EXTRA_FROM_ROW}
         from ${STAGED} and ${key} is not null ${key === 'r.company_name' ? 'and r.company_domain is null' : ''}
           and r.data ?| array[${EXTRA.map(([, from]) => `'${from}'`).join(', ')}]
         order by ${key}, r.row_no
       ) n
       where x.workspace_id = $1 and ${match}
         and (${EXTRA.map(([column]) => `(x.${column} is null and n.${column} is not null)`).join(' or ')})`,
      [...args(p), p.memberId],
    );
  }
}

