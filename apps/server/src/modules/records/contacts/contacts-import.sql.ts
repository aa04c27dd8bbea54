import type pg from 'pg';
import { CONTACT_CHANNELS_MAX, type DuplicateMode } from '@leadtrail/contracts';
import { companiesForContactRows, companyImportSql, WITHOUT_CONTACTS } from '../companies/companies-import.sql.js';
import { ownerOfRow } from '../import-owner.js';
import { fillFromRepeat, STAGED, upsertSet, type ImportRange, type RecordImportSql } from '../record-import.repository.js';

/**
 * The contact's import SQL: what differs from companies (the columns, the company lookup per
 * row, the companies its rows name, their additional emails and phones);
 * records/record-import.repository.ts runs it.
 */

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

/** The SET list of an upsert: fill keeps what the contact has, overwrite takes the file's non-empty values. */
const updateSet = (mode: Exclude<DuplicateMode, 'skip'>) =>
  upsertSet(mode, [...TEXT_COLUMNS, 'company_id'], [
    mode === 'fill'
      ? `email_status = case when x.email_status in ('unknown', 'unverified') then excluded.email_status else x.email_status end`
      : `email_status = case when excluded.email_status not in ('unknown', 'unverified') then excluded.email_status else x.email_status end`,
  ]);

/**
 * One upsert per batch. The company is looked up per row by scalar subqueries (index probes):
 * an import grows a workspace faster than its statistics, and a join planned on stale ones
 * (a workspace "with one company") becomes a scan of every company per row.
 */
const upsertSql = (mode: DuplicateMode) => `
  with src as (
    select r.id, r.key, r.data, r.custom, r.company_domain, r.company_name from ${STAGED}
  )
  insert into contacts as x (workspace_id, id, first_name, last_name, email, email_status, work_phone, mobile_phone,
    other_phone, job_title, seniority, department, company_id, linkedin_url, city, region, country, owner_id, source,
    import_id, custom_fields, created_by, updated_by)
  select $1, s.id, s.data->>'first_name', s.data->>'last_name', s.key, coalesce(s.data->>'email_status', 'unverified'),
    s.data->>'work_phone', s.data->>'mobile_phone', s.data->>'other_phone', s.data->>'job_title', s.data->>'seniority',
    s.data->>'department', coalesce(
      (select k.id from companies k where k.workspace_id = $1 and k.domain = s.company_domain),
      (select k.id from companies k where k.workspace_id = $1 and k.name = s.company_name limit 1)
    ), s.data->>'linkedin_url', s.data->>'city', s.data->>'region',
    s.data->>'country', ${ownerOfRow('s')}, 'import', $2, coalesce(s.custom, '{}'::jsonb), $6::uuid, $6::uuid
  from src s
  ${mode === 'skip' ? 'on conflict (workspace_id, email) do nothing' : `on conflict (workspace_id, email) do update set\n      ${updateSet(mode)}`}
  returning (xmax = 0) as created`;

/**
 * Issue 26: the additional emails and phones of the range's rows (staged as `additional_channels`)
 * onto the contacts they wrote: written rows (`staged`), or rows merged into an earlier row of the
 * file (`merged`, after mergeDuplicates). Appended after the contact's own; one the contact holds
 * (as primary, phone field or additional) is left out; at most CONTACT_CHANNELS_MAX of a kind.
 * Skip mode leaves existing contacts alone.
 */
async function insertChannels(client: pg.ClientBase, p: ImportRange & { mode: DuplicateMode }, rows: 'staged' | 'merged') {
  const outcome = rows === 'staged' ? 'r.outcome is null' : `r.outcome = 'D'`;
  const own = p.mode === 'skip' ? (rows === 'staged' ? 'and k.id = n.id' : 'and k.import_id is not distinct from $2::uuid') : '';
  await client.query(
    `insert into contact_channels (workspace_id, contact_id, kind, value, type, position)
     select $1, k.id, ch.kind, ch.value, ch.type, ch.pos + coalesce((select max(x.position) + 1 from contact_channels x
         where x.workspace_id = $1 and x.contact_id = k.id and x.kind = ch.kind), 0)
     from (select r.id, r.key, r.data from import_rows r
           where r.workspace_id = $1 and r.import_id = $2 and r.row_no > $3 and r.row_no <= $4 and ${outcome}
             and r.data ? 'additional_channels') n
     join contacts k on k.workspace_id = $1
       and k.id = coalesce((select e.id from contacts e where e.workspace_id = $1 and e.email = n.key), n.id)
     cross join lateral jsonb_to_recordset((n.data->>'additional_channels')::jsonb) as ch (kind text, value text, type text, pos int)
     where ch.value is distinct from k.email
       and ch.value not in (coalesce(k.work_phone, ''), coalesce(k.mobile_phone, ''), coalesce(k.other_phone, ''))
       and ch.pos + coalesce((select max(x.position) + 1 from contact_channels x
         where x.workspace_id = $1 and x.contact_id = k.id and x.kind = ch.kind), 0) < ${CONTACT_CHANNELS_MAX} ${own}
     on conflict do nothing`,
    [p.workspaceId, p.importId, p.fromRow, p.toRow],
  );
}

export const contactImportSql: RecordImportSql = {
  table: 'contacts',
  keyColumn: 'email',
  noteColumn: 'contact_id',
  upsert: upsertSql,
  mergeSet: [
    ...fillFromRepeat(TEXT_COLUMNS),
    `email_status = case when x.email_status in ('unknown', 'unverified') then coalesce(d.data->>'email_status', x.email_status) else x.email_status end`,
  ].join(',\n               '),
  analyze: ['contacts', 'companies'],
  // companies first, so the upsert's per-row lookup finds them
  beforeBatch: companiesForContactRows,
  afterWrite: insertChannels,
  // the companies the import created that no contact links to any more
  undoAlso: { sql: companyImportSql, where: WITHOUT_CONTACTS },
};
