import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  contactFieldLabels, emailStatuses, emailStatusReasonLabels, emailStatusReasons, recordSources,
  type EmailStatus, type EmailStatusReason, seniorities, seniorityLabels } from '@leadtrail/contracts';
import type { Tx } from '../../../core/unit-of-work.js';
import { contacts } from '../../../db/schema/index.js';
import { escapeLike, type FieldDef, type FieldRegistry } from '../../../lib/filters/compile.js';
import { valueHashSql } from '../../../lib/value-hash.sql.js';
import { customGridFields, type ExportColumnSql } from '../../custom-fields/custom-field-grid.sql.js';
import type { ValueDef } from '../../custom-fields/custom-field-values.js';
import { exportColumnsOf } from '../record-export-columns.sql.js';
import { registryPerDefinitions, type RecordSql } from '../record-spec.js';
import { suppressionEntrySql, suppressionMatchSql, type SuppressionMatchRow } from '../../suppressions/suppression-match.sql.js';

/**
 * The SQL of contacts (records/ reads and writes them through it). Reads join the company's name and the owner's name,
 * and search the companies' names and domains.
 */

/**
 * THE suppression check of a contact row `c` (issue 5: modules/suppressions/suppression-match.ts).
 * WHERE clauses (the grid's `suppressed` filter, the export's includeSuppressed) use the form the
 * planner may hash over many rows; a page's select list uses per-row index probes and also
 * carries the matching entry (`suppressedBy`), which the badge shows.
 */
export const SUPPRESSED_SQL: SQL = suppressionMatchSql(sql`c.workspace_id`, sql`c.email`);
// the entry only: `suppressed` is whether there is one (contacts.service toDto), not a second set of
// probes per row. Its placeholder keeps the row in the contract's key order, so a page leaves as
// the database gave it, without a copy (core/response-serializer.ts)
const SUPPRESSION_COLUMNS = sql`false as suppressed, ${suppressionEntrySql(sql`c.workspace_id`, sql`c.email`)} as "suppressedBy"`;

export type ContactRecord = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  emailStatus: EmailStatus;
  emailStatusReason: EmailStatusReason | null;
  emailCheckedAt: string | null;
  /** Issue 26: the further addresses and numbers (contact_channels), in their order. */
  additionalEmails: { value: string; type: 'work' | 'personal' | 'other' }[];
  additionalPhones: { value: string; type: 'work' | 'personal' | 'other' }[];
  workPhone: string | null;
  mobilePhone: string | null;
  otherPhone: string | null;
  jobTitle: string | null;
  seniority: string | null;
  department: string | null;
  companyId: string | null;
  companyName: string | null;
  linkedinUrl: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  ownerId: string | null;
  ownerName: string | null;
  source: 'manual' | 'import' | 'prospect' | 'api';
  importId: string | null;
  /** Set from suppressedBy (contacts.service toDto): false as read. */
  suppressed: boolean;
  /** The suppression entry that matches (issue 5); null when not suppressed, and in exports. */
  suppressedBy: SuppressionMatchRow | null;
  customFields: Record<string, unknown>;
  createdBy: string | null;
  updatedBy: string | null;
  /** ISO 8601, UTC. */
  createdAt: string;
  updatedAt: string;
};

export type ContactWrite = Partial<Omit<typeof contacts.$inferInsert, 'workspaceId' | 'id' | 'customFields'>>;

/** A contact's additional emails or phones as [{value, type}], in order: one index probe per row. */
const channelsOf = (kind: 'email' | 'phone') => sql.raw(`coalesce((select jsonb_agg(jsonb_build_object('value', ch.value, 'type', ch.type)
    order by ch.position, ch.value) from contact_channels ch
    where ch.workspace_id = c.workspace_id and ch.contact_id = c.id and ch.kind = '${kind}'), '[]'::jsonb)`);
/** The n-th (1-based) additional email or phone of contact `c`, for an export's numbered columns. */
const nthChannel = (kind: 'email' | 'phone', n: number) => sql.raw(`(select ch.value from contact_channels ch
    where ch.workspace_id = c.workspace_id and ch.contact_id = c.id and ch.kind = '${kind}'
    order by ch.position, ch.value offset ${n - 1} limit 1)`);

// issue 5: the suppression columns differ between pages (per-row probes) and exports (hashable)
const selectWith = (suppression: SQL) => sql`
  c.id, c.first_name as "firstName", c.last_name as "lastName", c.email, c.email_status as "emailStatus",
  c.email_status_reason as "emailStatusReason",
  to_char(c.email_checked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "emailCheckedAt",
  ${channelsOf('email')} as "additionalEmails", ${channelsOf('phone')} as "additionalPhones",
  c.work_phone as "workPhone", c.mobile_phone as "mobilePhone", c.other_phone as "otherPhone",
  c.job_title as "jobTitle", c.seniority, c.department, c.company_id as "companyId", co.name as "companyName",
  c.linkedin_url as "linkedinUrl", c.city, c.region, c.country, c.owner_id as "ownerId", ou.name as "ownerName",
  c.source, c.import_id as "importId", ${suppression}, c.custom_fields as "customFields",
  c.created_by as "createdBy", c.updated_by as "updatedBy", to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"`;
const SELECT = selectWith(SUPPRESSION_COLUMNS);
/** For counts and set-based statements: joins the planner drops when nothing uses them. */
const FROM = sql`contacts c
  left join companies co on co.workspace_id = c.workspace_id and co.id = c.company_id
  left join members om on om.workspace_id = c.workspace_id and om.id = c.owner_id
  left join users ou on ou.id = om.user_id`;

/**
 * For rows read out (pages, details, exports): the company and owner names as one primary-key
 * probe per row (`offset 0` keeps the planner from flattening them into joins). As plain joins,
 * a filter it misestimates (the suppression check, say) made the planner pick a nested loop
 * over a materialised scan of every company: 20 million comparisons for 20,000 contacts.
 */
const fromRowsOver = (rows: SQL) => sql`${rows} c
  left join lateral (select x.name from companies x
                     where x.workspace_id = c.workspace_id and x.id = c.company_id offset 0) co on true
  left join lateral (select u.name from members m join users u on u.id = m.user_id
                     where m.workspace_id = c.workspace_id and m.id = c.owner_id offset 0) ou on true`;
const FROM_ROWS = fromRowsOver(sql`contacts`);

export const DEFAULT_SORT = '-createdAt';
const CUSTOM_COLUMN = sql`c.custom_fields`;

const col = (name: string) => sql.raw(`c.${name}`);
// sorts with a (workspace_id, column, id) index (migration 0100): a filtered page may walk them
const text = (label: string, column: string, walk = false): FieldDef => ({
  label,
  kind: 'text',
  expr: col(column),
  sort: { expr: col(column), type: 'text', nullable: true, walk },
});
const enumOf = (label: string, column: string, values: readonly string[], labels?: Record<string, string>, nullable = true): FieldDef => ({
  label,
  kind: 'enum',
  expr: col(column),
  options: values.map((v) => ({ value: v, label: labels?.[v] ?? v })),
  sort: { expr: col(column), type: 'text', nullable },
});

/** The grid's standard contact fields (custom ones are appended). */
export function contactFieldDefs(): [string, FieldDef][] {
  const L = contactFieldLabels;
  return [
    ['firstName', text(L.firstName, 'first_name', true)],
    ['lastName', text(L.lastName, 'last_name', true)],
    ['email', text(L.email, 'email')],
    ['emailStatus', enumOf(L.emailStatus, 'email_status', emailStatuses, undefined, false)],
    ['emailStatusReason', enumOf(L.emailStatusReason, 'email_status_reason', emailStatusReasons, emailStatusReasonLabels)],
    ['emailCheckedAt', { label: L.emailCheckedAt, kind: 'datetime', expr: col('email_checked_at'), sort: { expr: col('email_checked_at'), type: 'timestamptz', nullable: true } }],
    ['workPhone', text(L.workPhone, 'work_phone')],
    ['mobilePhone', text(L.mobilePhone, 'mobile_phone')],
    ['otherPhone', text(L.otherPhone, 'other_phone')],
    ['jobTitle', text(L.jobTitle, 'job_title')],
    ['seniority', enumOf(L.seniority, 'seniority', seniorities, seniorityLabels)],
    ['department', text(L.department, 'department')],
    ['companyId', { label: L.companyId, kind: 'ref', expr: col('company_id'), sort: null }],
    ['companyName', { label: L.companyName, kind: 'text', expr: sql`co.name`, joins: ['company'], sort: { expr: sql`co.name`, type: 'text', nullable: true } }],
    ['linkedinUrl', text(L.linkedinUrl, 'linkedin_url')],
    ['city', text(L.city, 'city')],
    ['region', text(L.region, 'region')],
    ['country', text(L.country, 'country')],
    ['ownerId', { label: L.ownerId, kind: 'ref', expr: col('owner_id'), sort: { expr: sql`ou.name`, type: 'text', nullable: true } }],
    ['source', enumOf(L.source, 'source', recordSources, undefined, false)],
    // the records an import created ("View imported records" of an uploaded file)
    ['importId', { label: 'Import', kind: 'ref', expr: col('import_id'), sort: null }],
    ['suppressed', { label: L.suppressed, kind: 'boolean', expr: SUPPRESSED_SQL, sort: null }],
    ['createdAt', { label: L.createdAt, kind: 'datetime', expr: col('created_at'), sort: { expr: col('created_at'), type: 'timestamptz', nullable: false, walk: true } }],
    ['updatedAt', { label: L.updatedAt, kind: 'datetime', expr: col('updated_at'), sort: { expr: col('updated_at'), type: 'timestamptz', nullable: false, walk: true } }],
  ];
}

/** The headers of the numbered columns: "Email 2", "Phone 2"… */
const numberedLabels = (extent: Record<string, number> | undefined) =>
  Object.fromEntries(
    (['email', 'phone'] as const).flatMap((k) =>
      Array.from({ length: extent?.[k] ?? 0 }, (_, i) => [`${k}${i + 2}`, `${k === 'email' ? 'Email' : 'Phone'} ${i + 2}`]),
    ),
  );

/** Every column an export can have, as SQL over FROM_ROWS (records/record-export-columns.ts). */
export const contactExportColumns = (defs: ValueDef[], opts: { includeSuppressed: boolean; extent?: Record<string, number> }): ExportColumnSql[] =>
  exportColumnsOf('c', { ...contactFieldLabels, ...numberedLabels(opts.extent) }, [
    ['firstName', 'first_name'], ['lastName', 'last_name'], ['email', 'email'],
    // issue 26: "Email 2", "Email 3"… as many as the workspace's contacts have (our import reads them back)
    ...Array.from({ length: opts.extent?.email ?? 0 }, (_, i) => [`email${i + 2}`, nthChannel('email', i + 1)] as [string, SQL]),
    ['emailStatus', 'email_status', 'raw'],
    ['emailStatusReason', 'email_status_reason', 'raw'],
    ['emailCheckedAt', sql.raw(`to_char(c.email_checked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`), 'raw'],
    ['workPhone', 'work_phone'], ['mobilePhone', 'mobile_phone'], ['otherPhone', 'other_phone'],
    ...Array.from({ length: opts.extent?.phone ?? 0 }, (_, i) => [`phone${i + 2}`, nthChannel('phone', i + 1)] as [string, SQL]),
    ['jobTitle', 'job_title'],
    ['seniority', 'seniority', 'raw'], ['department', 'department'], ['companyId', 'company_id', 'raw'], ['companyName', sql`co.name`],
    ['linkedinUrl', 'linkedin_url'], ['city', 'city'], ['region', 'region'], ['country', 'country'], ['ownerId', sql`ou.name`],
    ['source', 'source', 'raw'],
    // the check costs a few probes per row: only when suppressed contacts are exported at all
    ['suppressed', opts.includeSuppressed ? sql`(case when ${SUPPRESSED_SQL} then 'true' else 'false' end)` : sql`'false'`, 'raw'],
  ], { column: CUSTOM_COLUMN, defs });

/** Standard plus custom fields of the workspace, by grid field name. */
export const contactRegistry = registryPerDefinitions((defs: ValueDef[]): FieldRegistry => new Map([...contactFieldDefs(), ...customGridFields(defs, CUSTOM_COLUMN)]));

/**
 * Quick search: every word must appear in the contact's name or email, or in the name or
 * domain of its company. The company part is an array of ids, so both sides use indexes
 * (trigram on contacts, (workspace_id, company_id)) and combine as a bitmap OR.
 */
function contactSearch(workspaceId: string, q: string | undefined): SQL | null {
  const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6);
  if (!words.length) return null;
  return sql.join(
    words.map((w) => {
      const pattern = `%${escapeLike(w)}%`;
      // issue 26: or one of its additional emails and phones
      return sql`(c.search_text like ${pattern} or c.company_id = any (array(
        select s.id from companies s where s.workspace_id = ${workspaceId} and s.search_text like ${pattern}))
        or c.id = any (array(select ch.contact_id from contact_channels ch where ch.workspace_id = ${workspaceId} and ch.value like ${pattern})))`;
    }),
    sql` and `,
  );
}

const COUNT_FROM = sql`contacts c`;
const COUNT_FROM_COMPANY = sql`contacts c left join companies co on co.workspace_id = c.workspace_id and co.id = c.company_id`;

/** Contacts for the records vertical: identified by their normalised email. */
export const contactSql: RecordSql = {
  entity: 'contacts',
  table: contacts,
  alias: 'c',
  select: SELECT,
  from: FROM,
  fromRows: FROM_ROWS,
  fromRowsOver,
  countFrom: (joins) => (joins.has('company') ? COUNT_FROM_COMPANY : COUNT_FROM),
  defaultSort: DEFAULT_SORT,
  registry: contactRegistry,
  search: contactSearch,
  // checked once per query: a workspace without suppression entries skips the per-row check
  extraWhere: (workspaceId, g) =>
    g.includeSuppressed === false
      ? sql`(not exists (select 1 from suppressions g where g.workspace_id = ${workspaceId}::uuid) or not (${SUPPRESSED_SQL}))`
      : null,
  exportColumns: contactExportColumns,
  exportExtent: async (tx, workspaceId) => {
    const r = await tx.execute<{ kind: string; n: number }>(sql`
      select kind, max(n)::int as n from (select kind, count(*) as n from contact_channels
        where workspace_id = ${workspaceId} group by contact_id, kind) x group by kind`);
    return Object.fromEntries(r.rows.map((x) => [x.kind, x.n]));
  },
  identityColumn: 'email',
};

/** What only contacts have (records/ reads and writes their rows through contactSql). */
export function createContactsRepository() {
  return {
    /** Issue 26: replaces a contact's additional emails or phones (normalised, distinct) with these, in order. */
    async replaceChannels(tx: Tx, workspaceId: string, contactId: string, kind: 'email' | 'phone', list: { value: string; type: string }[]) {
      await tx.execute(sql`delete from contact_channels where workspace_id = ${workspaceId} and contact_id = ${contactId} and kind = ${kind}`);
      if (!list.length) return;
      await tx.execute(sql`
        insert into contact_channels (workspace_id, contact_id, kind, value, type, position)
        select ${workspaceId}::uuid, ${contactId}::uuid, ${kind}, v.value, v.type, v.position
        from jsonb_to_recordset(${JSON.stringify(list.map((c, i) => ({ ...c, position: i })))}::jsonb) as v (value text, type text, position smallint)
        on conflict do nothing`);
    },

    /** A company merge moves its contacts to the kept company. */
    async relinkCompany(tx: Tx, workspaceId: string, fromCompanyId: string, toCompanyId: string) {
      await tx
        .update(contacts)
        .set({ companyId: toCompanyId })
        .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.companyId, fromCompanyId)));
    },

    /**
     * Fills a contact's empty email / phones (never overwrites). An email another contact
     * already holds is left out (the workspace's unique email). Answers the fields filled.
     */
    async fillEmpty(
      tx: Tx,
      workspaceId: string,
      id: string,
      f: { email?: string | null; emailStatus?: string | null; workPhone?: string | null; mobilePhone?: string | null },
    ): Promise<{ email: boolean; workPhone: boolean; mobilePhone: boolean }> {
      const email = f.email ?? null;
      const takeEmail = sql`(c.email is null and ${email}::text is not null
        and not exists (select 1 from contacts o where o.workspace_id = c.workspace_id and o.email = ${email}::text))`;
      const r = await tx.execute<{ email: boolean; work_phone: boolean; mobile_phone: boolean }>(sql`
        with before as (select email is null as e, work_phone is null as w, mobile_phone is null as m from contacts where workspace_id = ${workspaceId} and id = ${id} for update)
        update contacts c set
          email = case when ${takeEmail} then ${email}::text else c.email end,
          email_status = case when ${takeEmail} then coalesce(${f.emailStatus ?? null}::text, 'unverified') else c.email_status end,
          email_status_reason = case when ${takeEmail} then null else c.email_status_reason end,
          email_checked_at = case when ${takeEmail} then null else c.email_checked_at end,
          work_phone = coalesce(c.work_phone, ${f.workPhone ?? null}::text),
          mobile_phone = coalesce(c.mobile_phone, ${f.mobilePhone ?? null}::text),
          updated_at = now()
        from before
        where c.workspace_id = ${workspaceId} and c.id = ${id}
        returning (before.e and c.email is not null) as email, (before.w and c.work_phone is not null) as work_phone,
          (before.m and c.mobile_phone is not null) as mobile_phone`);
      const row = r.rows[0];
      return { email: !!row?.email, workPhone: !!row?.work_phone, mobilePhone: !!row?.mobile_phone };
    },

    /** Issue 24: the addresses of some contacts, for a verification job's batch. */
    async emailsOf(tx: Tx, workspaceId: string, ids: string[]): Promise<{ id: string; email: string | null }[]> {
      if (!ids.length) return [];
      const r = await tx.execute<{ id: string; email: string | null }>(sql`
        select id, email from contacts where workspace_id = ${workspaceId} and id = any(${sql.param(ids)}::uuid[])`);
      return r.rows;
    },

    /**
     * The verifier's verdicts onto contacts, each only while the contact still has the address
     * verified (an edit in between wins). Answers the ids changed.
     */
    async applyVerifications(
      tx: Tx,
      workspaceId: string,
      rows: { id: string; email: string; status: string; reason: string | null; checkedAt: Date }[],
    ): Promise<string[]> {
      if (!rows.length) return [];
      const r = await tx.execute<{ id: string }>(sql`
        update contacts c set email_status = v.status, email_status_reason = v.reason, email_checked_at = v."checkedAt"
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as v(id uuid, email text, status text, reason text, "checkedAt" timestamptz)
        where c.workspace_id = ${workspaceId} and c.id = v.id and c.email = v.email
        returning c.id`);
      return r.rows.map((x) => x.id);
    },

    /** Contacts whose address is one of these and whose last verdict was greylisting (the retry's). */
    async greylistedWithEmails(tx: Tx, workspaceId: string, emails: string[]): Promise<{ id: string; email: string }[]> {
      if (!emails.length) return [];
      const r = await tx.execute<{ id: string; email: string }>(sql`
        select c.id, c.email from contacts c
        where c.workspace_id = ${workspaceId} and c.email = any(${sql.param(emails)}::text[])
          and c.email_status_reason = 'greylisted'`);
      return r.rows;
    },

    /** The finder's input: the contact's name, address and its company's domain. */
    async finderTarget(tx: Tx, workspaceId: string, id: string) {
      const r = await tx.execute<{ id: string; firstName: string | null; lastName: string | null; email: string | null; domain: string | null }>(sql`
        select c.id, c.first_name as "firstName", c.last_name as "lastName", c.email, co.domain
        from contacts c left join companies co on co.workspace_id = c.workspace_id and co.id = c.company_id
        where c.workspace_id = ${workspaceId} and c.id = ${id}`);
      return r.rows[0] ?? null;
    },

    /** The workspace's named contacts with an address at the domain: what the finder learns from. */
    async namedAtDomain(tx: Tx, workspaceId: string, domain: string, limit: number) {
      const r = await tx.execute<{ firstName: string; lastName: string; email: string }>(sql`
        select first_name as "firstName", last_name as "lastName", email from contacts
        where workspace_id = ${workspaceId} and email like ${'%@' + escapeLike(domain)}
          and first_name is not null and last_name is not null
        limit ${limit}`);
      return r.rows;
    },

    /** The finder's answer onto a contact still without an address (one another contact holds is left out). */
    async setFoundEmail(
      tx: Tx,
      workspaceId: string,
      id: string,
      f: { email: string; status: string; reason: string | null; checkedAt: Date },
    ): Promise<boolean> {
      const r = await tx.execute(sql`
        update contacts c set email = ${f.email}, email_status = ${f.status}, email_status_reason = ${f.reason},
          email_checked_at = ${f.checkedAt.toISOString()}::timestamptz, updated_at = now()
        where c.workspace_id = ${workspaceId} and c.id = ${id} and c.email is null
          and not exists (select 1 from contacts o where o.workspace_id = c.workspace_id and o.email = ${f.email})`);
      return (r.rowCount ?? 0) > 0;
    },

    /** "Report invalid email": the contact's email status becomes invalid. */
    async markEmailInvalid(tx: Tx, workspaceId: string, id: string) {
      await tx.update(contacts).set({ emailStatus: 'invalid', emailStatusReason: 'mailbox_not_found', emailCheckedAt: new Date(), updatedAt: new Date() }).where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.id, id)));
    },

    /** Takes the address with this SHA-256 off the contact (another address it was given stays). */
    async removeEmail(tx: Tx, workspaceId: string, id: string, hash: string): Promise<boolean> {
      const r = await tx.execute(sql`
        update contacts set email = null, email_status = 'unverified', email_status_reason = null, email_checked_at = null, updated_at = now()
        where workspace_id = ${workspaceId} and id = ${id} and ${valueHashSql(sql`email`)} = ${hash}`);
      return (r.rowCount ?? 0) > 0;
    },

    /**
     * For many (normalised) emails in one query: whether THE suppression check matches each,
     * and the contact already holding it.
     */
    async emailStates(tx: Tx, workspaceId: string, emails: string[]): Promise<Map<string, { suppressed: boolean; contactId: string | null }>> {
      if (!emails.length) return new Map();
      const res = await tx.execute<{ email: string; suppressed: boolean; contact_id: string | null }>(sql`
        select x.e as email, ${suppressionMatchSql(workspaceId, sql`x.e`)} as suppressed,
          (select c.id from contacts c where c.workspace_id = ${workspaceId} and c.email = x.e) as contact_id
        from unnest(${sql.param(emails)}::text[]) as x (e)`);
      return new Map(res.rows.map((r) => [r.email, { suppressed: r.suppressed, contactId: r.contact_id }]));
    },
  };
}

export type ContactsRepository = ReturnType<typeof createContactsRepository>;
