import { and, eq, sql, type SQL } from 'drizzle-orm';
import { contactFieldLabels, emailStatuses, type ContactField, recordSources, seniorities, seniorityLabels, type FilterNode } from '@leadtrail/contracts';
import type { Db, Tx } from '../../db/client.js';
import { contacts } from '../../db/schema/index.js';
import { compileFilter, escapeLike, type FieldDef, type FieldRegistry } from '../../lib/filters/compile.js';
import { copyCsv, safeTextSql } from '../../lib/filters/copy-export.js';
import { createUnitOfWork } from '../../core/unit-of-work.js';
import { keysetPage } from '../../lib/filters/grid-query.js';
import { decodeCursor, keysetSegments, resolveSort } from '../../lib/filters/keyset.js';
import { customExportColumns, customGridFields, type ExportColumnSql } from '../custom-fields/custom-field-grid.js';
import type { ValueDef } from '../custom-fields/custom-field-values.js';
import { listMemberScopeSql } from '../lists/list-scope.js';
import { suppressedFlagSql, suppressionEntrySql, suppressionMatchSql, type SuppressionMatchRow } from '../suppressions/suppression-match.js';

/**
 * The only file that writes contacts. Reads join the company's name and the owner's name,
 * and search the companies' names and domains.
 */

/**
 * THE suppression check of a contact row `c` (issue 5: modules/suppressions/suppression-match.ts).
 * WHERE clauses (the grid's `suppressed` filter, the export's includeSuppressed) use the form the
 * planner may hash over many rows; a page's select list uses per-row index probes and also
 * carries the matching entry (`suppressedBy`), which the badge shows.
 */
export const SUPPRESSED_SQL: SQL = suppressionMatchSql(sql`c.workspace_id`, sql`c.email`);
const SUPPRESSION_COLUMNS = sql`(${suppressedFlagSql(sql`c.workspace_id`, sql`c.email`)}) as suppressed,
  ${suppressionEntrySql(sql`c.workspace_id`, sql`c.email`)} as "suppressedBy"`;

export type ContactRecord = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  emailStatus: 'valid' | 'risky' | 'invalid' | 'unknown';
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

// issue 5: the suppression columns differ between pages (per-row probes) and exports (hashable)
const selectWith = (suppression: SQL) => sql`
  c.id, c.first_name as "firstName", c.last_name as "lastName", c.email, c.email_status as "emailStatus",
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
const FROM_ROWS = sql`contacts c
  left join lateral (select x.name from companies x
                     where x.workspace_id = c.workspace_id and x.id = c.company_id offset 0) co on true
  left join lateral (select u.name from members m join users u on u.id = m.user_id
                     where m.workspace_id = c.workspace_id and m.id = c.owner_id offset 0) ou on true`;

const ID = sql`c.id`;
export const DEFAULT_SORT = '-createdAt';
const CUSTOM_COLUMN = sql`c.custom_fields`;

const col = (name: string) => sql.raw(`c.${name}`);
const text = (label: string, column: string): FieldDef => ({
  label,
  kind: 'text',
  expr: col(column),
  sort: { expr: col(column), type: 'text', nullable: true },
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
    ['firstName', text(L.firstName, 'first_name')],
    ['lastName', text(L.lastName, 'last_name')],
    ['email', text(L.email, 'email')],
    ['emailStatus', enumOf(L.emailStatus, 'email_status', emailStatuses, undefined, false)],
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
    ['createdAt', { label: L.createdAt, kind: 'datetime', expr: col('created_at'), sort: { expr: col('created_at'), type: 'timestamptz', nullable: false } }],
    ['updatedAt', { label: L.updatedAt, kind: 'datetime', expr: col('updated_at'), sort: { expr: col('updated_at'), type: 'timestamptz', nullable: false } }],
  ];
}

/**
 * Every column an export can have, as SQL over FROM_ROWS: text neutralised against formula
 * injection, the owner as a name, times in ISO 8601 UTC, custom fields by their type.
 */
export function contactExportColumns(defs: ValueDef[], opts: { includeSuppressed: boolean }): ExportColumnSql[] {
  const L = contactFieldLabels;
  const text = (field: ContactField, expr: SQL): ExportColumnSql => ({ field, header: L[field], expr: safeTextSql(expr) });
  const raw = (field: ContactField, expr: SQL): ExportColumnSql => ({ field, header: L[field], expr });
  const iso = (column: string) => sql.raw(`to_char(c.${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
  return [
    { field: 'id', header: 'Id', expr: sql`c.id` },
    text('firstName', sql`c.first_name`),
    text('lastName', sql`c.last_name`),
    text('email', sql`c.email`),
    raw('emailStatus', sql`c.email_status`),
    text('workPhone', sql`c.work_phone`),
    text('mobilePhone', sql`c.mobile_phone`),
    text('otherPhone', sql`c.other_phone`),
    text('jobTitle', sql`c.job_title`),
    raw('seniority', sql`c.seniority`),
    text('department', sql`c.department`),
    raw('companyId', sql`c.company_id`),
    text('companyName', sql`co.name`),
    text('linkedinUrl', sql`c.linkedin_url`),
    text('city', sql`c.city`),
    text('region', sql`c.region`),
    text('country', sql`c.country`),
    text('ownerId', sql`ou.name`),
    raw('source', sql`c.source`),
    // the check costs a few probes per row: only when suppressed contacts are exported at all
    raw('suppressed', opts.includeSuppressed ? sql`(case when ${SUPPRESSED_SQL} then 'true' else 'false' end)` : sql`'false'`),
    raw('createdAt', iso('created_at')),
    raw('updatedAt', iso('updated_at')),
    ...customExportColumns(defs, CUSTOM_COLUMN),
  ];
}

/** Standard plus custom fields of the workspace, by grid field name. */
export function contactRegistry(defs: ValueDef[]): FieldRegistry {
  return new Map([...contactFieldDefs(), ...customGridFields(defs, CUSTOM_COLUMN)]);
}

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
      return sql`(c.search_text like ${pattern} or c.company_id = any (array(
        select s.id from companies s where s.workspace_id = ${workspaceId} and s.search_text like ${pattern})))`;
    }),
    sql` and `,
  );
}

/** What a grid, a count, an export or a bulk action applies to. */
export type GridSpec = {
  filter?: FilterNode | null;
  q?: string;
  ids?: string[];
  filterPath?: string;
  /** false leaves suppressed contacts out (exports, unless the user opts in). */
  includeSuppressed?: boolean;
  /** Only the members of this list (issue 5: a list's page is this grid). */
  listId?: string;
};

/** Custom field definitions, or how to load them inside the query's own transaction. */
export type DefsSource = ValueDef[] | ((tx: Tx) => Promise<ValueDef[]>);
const defsIn = async (tx: Tx, defs: DefsSource) => (typeof defs === 'function' ? defs(tx) : defs);

function gridWhere(workspaceId: string, defs: ValueDef[], spec: GridSpec): SQL {
  return gridWhereJoins(workspaceId, defs, spec).where;
}

/** The condition, and the joins it needs (a count leaves the others out: index-only scans). */
function gridWhereJoins(workspaceId: string, defs: ValueDef[], spec: GridSpec): { where: SQL; joins: Set<string> } {
  const compiled = compileFilter(spec.filter, contactRegistry(defs), spec.filterPath);
  const parts: SQL[] = [compiled.where];
  const search = contactSearch(workspaceId, spec.q);
  if (search) parts.push(search);
  if (spec.ids) parts.push(sql`c.id = any(${sql.param(spec.ids)}::uuid[])`);
  if (spec.includeSuppressed === false) {
    // checked once per query: a workspace without suppression entries skips the per-row check
    parts.push(sql`(not exists (select 1 from suppressions g where g.workspace_id = ${workspaceId}::uuid) or not (${SUPPRESSED_SQL}))`);
  }
  if (spec.listId) parts.push(listMemberScopeSql('contacts', spec.listId, { workspaceId: sql`c.workspace_id`, id: sql`c.id` }));
  return { where: sql.join(parts, sql` and `), joins: compiled.joins };
}

const COUNT_FROM = sql`contacts c`;
const COUNT_FROM_COMPANY = sql`contacts c left join companies co on co.workspace_id = c.workspace_id and co.id = c.company_id`;

/** The contact with an email, inside the caller's transaction. */
async function idByEmailIn(tx: Tx, workspaceId: string, email: string) {
  const [row] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.email, email)))
    .limit(1);
  return row?.id ?? null;
}

/** Inserts unless the email is taken (then null): concurrent callers wait for each other. */
async function insertIfAbsentIn(tx: Tx, workspaceId: string, id: string, row: ContactWrite) {
  const res = await tx
    .insert(contacts)
    .values({ ...row, workspaceId, id, customFields: {} })
    .onConflictDoNothing({ target: [contacts.workspaceId, contacts.email] })
    .returning({ id: contacts.id });
  return res[0]?.id ?? null;
}

/** Whether THE suppression check matches an email. */
async function suppressedIn(tx: Tx, workspaceId: string, email: string) {
  const res = await tx.execute<{ hit: boolean }>(sql`select ${suppressionMatchSql(workspaceId, sql`${email}::text`)} as hit`);
  return !!res.rows[0]?.hit;
}

export function createContactsRepository(db: Db) {
  const scope = (workspaceId: string, where: SQL) => sql`c.workspace_id = ${workspaceId} and ${where}`;

  const findBy = (workspaceId: string, where: SQL) =>
    db.tenant(workspaceId, async (tx) => {
      const res = await tx.execute<ContactRecord>(sql`select ${SELECT} from ${FROM_ROWS} where ${scope(workspaceId, where)} limit 1`);
      return res.rows[0] ?? null;
    });

  return {
    idByEmailIn,
    insertIfAbsentIn,
    suppressedIn,

    /** One transaction: the custom field definitions (when given as a loader), then the page. */
    page: (workspaceId: string, defsSource: DefsSource, spec: GridSpec, q: { sort?: string; cursor?: string; limit: number }) =>
      db.tenant(workspaceId, async (tx) => {
        const defs = await defsIn(tx, defsSource);
        const sort = resolveSort(q.sort, contactRegistry(defs), DEFAULT_SORT);
        const cursor = q.cursor ? decodeCursor(q.cursor, sort.key) : null;
        const where = gridWhere(workspaceId, defs, spec);
        const page = await keysetPage<ContactRecord>(tx, { select: SELECT, from: FROM_ROWS, where: scope(workspaceId, where), idExpr: ID, sort, cursor, limit: q.limit });
        return { ...page, defs };
      }),

    count: (workspaceId: string, defsSource: DefsSource, spec: GridSpec) =>
      db.tenant(workspaceId, async (tx) => {
        const { where, joins } = gridWhereJoins(workspaceId, await defsIn(tx, defsSource), spec);
        const from = joins.has('company') ? COUNT_FROM_COMPANY : COUNT_FROM;
        const res = await tx.execute<{ n: number }>(sql`select count(*)::int as n from ${from} where ${scope(workspaceId, where)}`);
        return res.rows[0]?.n ?? 0;
      }),

    find: (workspaceId: string, id: string) => findBy(workspaceId, sql`c.id = ${id}::uuid`),

    idByEmail: (workspaceId: string, email: string, exceptId?: string) =>
      db.tenant(workspaceId, async (tx) => {
        const [row] = await tx
          .select({ id: contacts.id })
          .from(contacts)
          .where(
            and(
              eq(contacts.workspaceId, workspaceId),
              eq(contacts.email, email),
              exceptId ? sql`${contacts.id} <> ${exceptId}::uuid` : undefined,
            ),
          )
          .limit(1);
        return row?.id ?? null;
      }),

    insert: (workspaceId: string, id: string, row: ContactWrite, customFields: Record<string, unknown>) =>
      db.tenant(workspaceId, async (tx) => {
        await tx.insert(contacts).values({ ...row, workspaceId, id, customFields });
      }),

    update: (workspaceId: string, id: string, patch: ContactWrite, custom: { set: Record<string, unknown>; unset: string[] }) =>
      db.tenant(workspaceId, async (tx) => {
        await tx
          .update(contacts)
          .set({
            ...patch,
            customFields: sql`(${contacts.customFields} || ${JSON.stringify(custom.set)}::jsonb) - ${sql.param(custom.unset)}::text[]`,
            updatedAt: new Date(),
          })
          .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.id, id)));
      }),

    delete: (workspaceId: string, id: string) =>
      db.tenant(workspaceId, async (tx) => {
        await tx.delete(contacts).where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.id, id)));
      }),

    /** A company merge moves its contacts to the kept company. */
    relinkCompany: (workspaceId: string, fromCompanyId: string, toCompanyId: string) =>
      db.tenant(workspaceId, async (tx) => {
        await tx
          .update(contacts)
          .set({ companyId: toCompanyId })
          .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.companyId, fromCompanyId)));
      }),

    /** Bulk owner change; returns the changed ids with their previous owner's name (for the timeline). */
    assignOwner: (workspaceId: string, defs: ValueDef[], spec: GridSpec, ownerId: string | null, by: string) => {
      const where = gridWhere(workspaceId, defs, spec);
      return db.tenant(workspaceId, async (tx) => {
        const res = await tx.execute<{ id: string; fromName: string | null }>(sql`
          with target as (
            select c.id, ou.name as from_name from ${FROM}
            where ${scope(workspaceId, where)} and c.owner_id is distinct from ${ownerId}::uuid
          ), changed as (
            update contacts x set owner_id = ${ownerId}::uuid, updated_by = ${by}::uuid, updated_at = now()
            from target where x.workspace_id = ${workspaceId} and x.id = target.id
            returning x.id
          )
          select target.id, target.from_name as "fromName" from target join changed using (id)`);
        return res.rows;
      });
    },

    /** Bulk delete; `onlyOwner` limits it to that member's records (the others count as skipped). */
    deleteWhere: (workspaceId: string, defs: ValueDef[], spec: GridSpec, onlyOwner: string | null) => {
      const where = gridWhere(workspaceId, defs, spec);
      return db.tenant(workspaceId, async (tx) => {
        const matched = await tx.execute<{ n: number }>(sql`select count(*)::int as n from ${FROM} where ${scope(workspaceId, where)}`);
        const res = await tx.execute<{ n: number }>(sql`
          with gone as (
            delete from contacts x using (
              select c.id from ${FROM} where ${scope(workspaceId, where)}
              ${onlyOwner ? sql`and c.owner_id = ${onlyOwner}::uuid` : sql``}
            ) t where x.workspace_id = ${workspaceId} and x.id = t.id returning 1
          ) select count(*)::int as n from gone`);
        const affected = res.rows[0]?.n ?? 0;
        return { affected, skipped: (matched.rows[0]?.n ?? 0) - affected };
      });
    },

    /**
     * Validates the query first (errors before any byte is sent); the returned function streams
     * the chosen columns as CSV rows produced by PostgreSQL (COPY), in the grid's order.
     */
    prepareExport: (workspaceId: string, defs: ValueDef[], spec: GridSpec, sortParam: string | undefined, columns: ExportColumnSql[]) => {
      const sort = resolveSort(sortParam, contactRegistry(defs), DEFAULT_SORT);
      const where = gridWhere(workspaceId, defs, spec);
      const orderBy = keysetSegments(sort, null, ID)[0]!.orderBy;
      const select = sql.join(
        columns.map((c) => c.expr),
        sql`, `,
      );
      return (onChunk: (chunk: Buffer) => Promise<void> | void) =>
        // the export's transaction comes from the unit of work (no statement timeout: it streams)
        createUnitOfWork(db).tenantClient(
          { workspaceId },
          (client) => copyCsv(client, sql`select ${select} from ${FROM_ROWS} where ${scope(workspaceId, where)} order by ${orderBy}`, onChunk),
          { statementTimeoutMs: 0 },
        );
    },

    /** The ids an export covered, for the timeline of small exports. */
    exportIds: (workspaceId: string, defs: ValueDef[], spec: GridSpec, limit: number) =>
      db.tenant(workspaceId, async (tx) => {
        const res = await tx.execute<{ id: string }>(
          sql`select c.id from ${FROM} where ${scope(workspaceId, gridWhere(workspaceId, defs, spec))} limit ${sql.raw(String(limit))}`,
        );
        return res.rows.map((r) => r.id);
      }),

    /**
     * The ids a selection names, as a subquery (`select c.id …`) for another module's set-based
     * statement (issue 5: adding a filter's matches to a list in one INSERT … SELECT).
     */
    selectionSql: (workspaceId: string, defs: ValueDef[], spec: GridSpec): SQL =>
      sql`select c.id from ${FROM} where ${scope(workspaceId, gridWhere(workspaceId, defs, spec))}`,

    dropCustomKey: (workspaceId: string, key: string) =>
      db.tenant(workspaceId, async (tx) => {
        await tx.execute(sql`update contacts set custom_fields = custom_fields - ${key}::text
                             where workspace_id = ${workspaceId} and custom_fields ? ${key}::text`);
      }),

    dropCustomOption: (workspaceId: string, key: string, optionId: string, multi: boolean) =>
      db.tenant(workspaceId, async (tx) => {
        if (multi) {
          await tx.execute(sql`
            update contacts set custom_fields = case
                when jsonb_array_length((custom_fields -> ${key}::text) - ${optionId}::text) = 0 then custom_fields - ${key}::text
                else jsonb_set(custom_fields, array[${key}::text], (custom_fields -> ${key}::text) - ${optionId}::text) end
            where workspace_id = ${workspaceId} and custom_fields @> ${JSON.stringify({ [key]: [optionId] })}::jsonb`);
        } else {
          await tx.execute(sql`
            update contacts set custom_fields = custom_fields - ${key}::text
            where workspace_id = ${workspaceId} and custom_fields @> ${JSON.stringify({ [key]: optionId })}::jsonb`);
        }
      }),
  };
}

export type ContactsRepository = ReturnType<typeof createContactsRepository>;
