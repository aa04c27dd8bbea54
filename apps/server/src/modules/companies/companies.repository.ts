import { and, eq, sql, type SQL } from 'drizzle-orm';
import { employeeRanges, revenueRanges, recordSources, companyFieldLabels, type CompanyField } from '@leadtrail/contracts';
import type { Db, Tx } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';
import type { FilterNode } from '@leadtrail/contracts';
import { compileFilter, escapeLike, type FieldDef, type FieldRegistry } from '../../lib/filters/compile.js';
import { copyCsv, safeTextSql } from '../../lib/filters/copy-export.js';
import { createUnitOfWork } from '../../core/unit-of-work.js';
import { keysetPage } from '../../lib/filters/grid-query.js';
import { decodeCursor, keysetSegments, resolveSort } from '../../lib/filters/keyset.js';
import { customExportColumns, customGridFields, type ExportColumnSql } from '../custom-fields/custom-field-grid.js';
import type { ValueDef } from '../custom-fields/custom-field-values.js';
import { listMemberScopeSql } from '../lists/list-scope.js';

/**
 * The only file that writes companies. Reads join the owner's name (members, users) and
 * count the contacts linking to each company.
 */

export type CompanyRecord = {
  id: string;
  name: string;
  domain: string | null;
  website: string | null;
  industry: string | null;
  employeeRange: string | null;
  revenueRange: string | null;
  phone: string | null;
  linkedinUrl: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  description: string | null;
  foundedYear: number | null;
  ownerId: string | null;
  ownerName: string | null;
  source: 'manual' | 'import' | 'prospect' | 'api';
  importId: string | null;
  customFields: Record<string, unknown>;
  contactCount: number;
  createdBy: string | null;
  updatedBy: string | null;
  /** ISO 8601, UTC. */
  createdAt: string;
  updatedAt: string;
};

export type CompanyWrite = Partial<Omit<typeof companies.$inferInsert, 'workspaceId' | 'id' | 'customFields'>>;

const SELECT = sql`
  co.id, co.name, co.domain, co.website, co.industry, co.employee_range as "employeeRange",
  co.revenue_range as "revenueRange", co.phone, co.linkedin_url as "linkedinUrl", co.city, co.region,
  co.country, co.description, co.founded_year as "foundedYear", co.owner_id as "ownerId",
  ou.name as "ownerName", co.source, co.import_id as "importId", co.custom_fields as "customFields",
  (select count(*) from contacts x where x.workspace_id = co.workspace_id and x.company_id = co.id)::int as "contactCount",
  co.created_by as "createdBy", co.updated_by as "updatedBy", to_char(co.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  to_char(co.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"`;

const FROM = sql`companies co
  left join members om on om.workspace_id = co.workspace_id and om.id = co.owner_id
  left join users ou on ou.id = om.user_id`;

/** For rows read out: the owner's name as one primary-key probe per row (see contacts' FROM_ROWS). */
const FROM_ROWS = sql`companies co
  left join lateral (select u.name from members m join users u on u.id = m.user_id
                     where m.workspace_id = co.workspace_id and m.id = co.owner_id offset 0) ou on true`;

const ID = sql`co.id`;
export const DEFAULT_SORT = '-createdAt';

const col = (name: string) => sql.raw(`co.${name}`);
const text = (label: string, column: string, sortable = true): FieldDef => ({
  label,
  kind: 'text',
  expr: col(column),
  sort: sortable ? { expr: col(column), type: 'text', nullable: column !== 'name' } : null,
});
const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

/** The grid's standard company fields (custom ones are appended by the service). */
export function companyFieldDefs(): [string, FieldDef][] {
  const L = companyFieldLabels;
  return [
    ['name', text(L.name, 'name')],
    ['domain', text(L.domain, 'domain')],
    ['website', text(L.website, 'website')],
    ['industry', text(L.industry, 'industry')],
    ['employeeRange', { label: L.employeeRange, kind: 'enum', expr: col('employee_range'), options: options(employeeRanges), sort: { expr: col('employee_range'), type: 'text', nullable: true } }],
    ['revenueRange', { label: L.revenueRange, kind: 'enum', expr: col('revenue_range'), options: options(revenueRanges), sort: { expr: col('revenue_range'), type: 'text', nullable: true } }],
    ['phone', text(L.phone, 'phone')],
    ['linkedinUrl', text(L.linkedinUrl, 'linkedin_url')],
    ['city', text(L.city, 'city')],
    ['region', text(L.region, 'region')],
    ['country', text(L.country, 'country')],
    ['description', text(L.description, 'description', false)],
    ['foundedYear', { label: L.foundedYear, kind: 'number', expr: col('founded_year'), sort: { expr: col('founded_year'), type: 'integer', nullable: true } }],
    ['ownerId', { label: L.ownerId, kind: 'ref', expr: col('owner_id'), sort: { expr: sql`ou.name`, type: 'text', nullable: true } }],
    ['source', { label: L.source, kind: 'enum', expr: col('source'), options: options(recordSources), sort: { expr: col('source'), type: 'text', nullable: false } }],
    // the records an import created ("View imported records" of an uploaded file)
    ['importId', { label: 'Import', kind: 'ref', expr: col('import_id'), sort: null }],
    ['createdAt', { label: L.createdAt, kind: 'datetime', expr: col('created_at'), sort: { expr: col('created_at'), type: 'timestamptz', nullable: false } }],
    ['updatedAt', { label: L.updatedAt, kind: 'datetime', expr: col('updated_at'), sort: { expr: col('updated_at'), type: 'timestamptz', nullable: false } }],
  ];
}

const CUSTOM_COLUMN = sql`co.custom_fields`;

/** Quick search: every word must appear in the name or the domain. */
function companySearch(q: string | undefined): SQL | null {
  const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6);
  if (!words.length) return null;
  return sql.join(
    words.map((w) => sql`co.search_text like ${`%${escapeLike(w)}%`}`),
    sql` and `,
  );
}

/** What a grid, a count, an export or a bulk action applies to. */
export type GridSpec = {
  filter?: FilterNode | null;
  q?: string;
  ids?: string[];
  filterPath?: string;
  /** Only the members of this list (issue 5: a list's page is this grid). */
  listId?: string;
};

/** Every column an export can have, as SQL over FROM_ROWS (text neutralised against formula injection). */
export function companyExportColumns(defs: ValueDef[]): ExportColumnSql[] {
  const L = companyFieldLabels;
  const text = (field: CompanyField, expr: SQL): ExportColumnSql => ({ field, header: L[field], expr: safeTextSql(expr) });
  const raw = (field: CompanyField, expr: SQL): ExportColumnSql => ({ field, header: L[field], expr });
  const iso = (column: string) => sql.raw(`to_char(co.${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
  return [
    { field: 'id', header: 'Id', expr: sql`co.id` },
    text('name', sql`co.name`),
    text('domain', sql`co.domain`),
    text('website', sql`co.website`),
    text('industry', sql`co.industry`),
    raw('employeeRange', sql`co.employee_range`),
    raw('revenueRange', sql`co.revenue_range`),
    text('phone', sql`co.phone`),
    text('linkedinUrl', sql`co.linkedin_url`),
    text('city', sql`co.city`),
    text('region', sql`co.region`),
    text('country', sql`co.country`),
    text('description', sql`co.description`),
    raw('foundedYear', sql`co.founded_year`),
    text('ownerId', sql`ou.name`),
    raw('source', sql`co.source`),
    raw('contactCount', sql`(select count(*) from contacts x where x.workspace_id = co.workspace_id and x.company_id = co.id)`),
    raw('createdAt', iso('created_at')),
    raw('updatedAt', iso('updated_at')),
    ...customExportColumns(defs, CUSTOM_COLUMN),
  ];
}

/** Standard plus custom fields of the workspace, by grid field name. */
export function companyRegistry(defs: ValueDef[]): FieldRegistry {
  return new Map([...companyFieldDefs(), ...customGridFields(defs, CUSTOM_COLUMN)]);
}

/** Custom field definitions, or how to load them inside the query's own transaction. */
export type DefsSource = ValueDef[] | ((tx: Tx) => Promise<ValueDef[]>);
const defsIn = async (tx: Tx, defs: DefsSource) => (typeof defs === 'function' ? defs(tx) : defs);

function gridWhere(defs: ValueDef[], spec: GridSpec): SQL {
  const parts: SQL[] = [compileFilter(spec.filter, companyRegistry(defs), spec.filterPath).where];
  const search = companySearch(spec.q);
  if (search) parts.push(search);
  if (spec.ids) parts.push(sql`co.id = any(${sql.param(spec.ids)}::uuid[])`);
  if (spec.listId) parts.push(listMemberScopeSql('companies', spec.listId, { workspaceId: sql`co.workspace_id`, id: sql`co.id` }));
  return sql.join(parts, sql` and `);
}

/** The company owning a domain, inside the caller's transaction. */
async function idByDomainIn(tx: Tx, workspaceId: string, domain: string) {
  const [row] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.workspaceId, workspaceId), eq(companies.domain, domain)))
    .limit(1);
  return row?.id ?? null;
}

/** Inserts unless the domain is taken (then null): concurrent callers wait for each other. */
async function insertIfAbsentIn(tx: Tx, workspaceId: string, id: string, row: CompanyWrite & { name: string }) {
  const res = await tx
    .insert(companies)
    .values({ ...row, workspaceId, id, customFields: {} })
    .onConflictDoNothing({ target: [companies.workspaceId, companies.domain] })
    .returning({ id: companies.id });
  return res[0]?.id ?? null;
}

export function createCompaniesRepository(db: Db) {
  const scope = (workspaceId: string, where: SQL) => sql`co.workspace_id = ${workspaceId} and ${where}`;

  const findBy = (workspaceId: string, where: SQL) =>
    db.tenant(workspaceId, async (tx) => {
      const res = await tx.execute<CompanyRecord>(sql`select ${SELECT} from ${FROM_ROWS} where ${scope(workspaceId, where)} limit 1`);
      return res.rows[0] ?? null;
    });

  return {
    idByDomainIn,
    insertIfAbsentIn,

    /** One transaction: the custom field definitions (when given as a loader), then the page. */
    page: (workspaceId: string, defsSource: DefsSource, spec: GridSpec, q: { sort?: string; cursor?: string; limit: number }) =>
      db.tenant(workspaceId, async (tx) => {
        const defs = await defsIn(tx, defsSource);
        const sort = resolveSort(q.sort, companyRegistry(defs), DEFAULT_SORT);
        const cursor = q.cursor ? decodeCursor(q.cursor, sort.key) : null;
        const where = gridWhere(defs, spec);
        const page = await keysetPage<CompanyRecord>(tx, { select: SELECT, from: FROM_ROWS, where: scope(workspaceId, where), idExpr: ID, sort, cursor, limit: q.limit });
        return { ...page, defs };
      }),

    // no filter of companies needs a join: counts stay index-only where they can
    count: (workspaceId: string, defsSource: DefsSource, spec: GridSpec) =>
      db.tenant(workspaceId, async (tx) => {
        const where = gridWhere(await defsIn(tx, defsSource), spec);
        const res = await tx.execute<{ n: number }>(sql`select count(*)::int as n from companies co where ${scope(workspaceId, where)}`);
        return res.rows[0]?.n ?? 0;
      }),

    find: (workspaceId: string, id: string) => findBy(workspaceId, sql`co.id = ${id}::uuid`),

    idByDomain: (workspaceId: string, domain: string, exceptId?: string) =>
      db.tenant(workspaceId, async (tx) => {
        const [row] = await tx
          .select({ id: companies.id })
          .from(companies)
          .where(
            and(
              eq(companies.workspaceId, workspaceId),
              eq(companies.domain, domain),
              exceptId ? sql`${companies.id} <> ${exceptId}::uuid` : undefined,
            ),
          )
          .limit(1);
        return row?.id ?? null;
      }),

    insert: (workspaceId: string, id: string, row: CompanyWrite & { name: string }, customFields: Record<string, unknown>) =>
      db.tenant(workspaceId, async (tx) => {
        await tx.insert(companies).values({ ...row, workspaceId, id, customFields });
      }),

    update: (workspaceId: string, id: string, patch: CompanyWrite, custom: { set: Record<string, unknown>; unset: string[] }) =>
      db.tenant(workspaceId, async (tx) => {
        await tx
          .update(companies)
          .set({
            ...patch,
            customFields: sql`(${companies.customFields} || ${JSON.stringify(custom.set)}::jsonb) - ${sql.param(custom.unset)}::text[]`,
            updatedAt: new Date(),
          })
          .where(and(eq(companies.workspaceId, workspaceId), eq(companies.id, id)));
      }),

    delete: (workspaceId: string, id: string) =>
      db.tenant(workspaceId, async (tx) => {
        await tx.delete(companies).where(and(eq(companies.workspaceId, workspaceId), eq(companies.id, id)));
      }),

    /** Bulk owner change; returns the changed ids with their previous owner's name (for the timeline). */
    assignOwner: (workspaceId: string, defs: ValueDef[], spec: GridSpec, ownerId: string | null, by: string) => {
      const where = gridWhere(defs, spec);
      return db.tenant(workspaceId, async (tx) => {
        const res = await tx.execute<{ id: string; fromName: string | null }>(sql`
          with target as (
            select co.id, ou.name as from_name from ${FROM}
            where ${scope(workspaceId, where)} and co.owner_id is distinct from ${ownerId}::uuid
          ), changed as (
            update companies c set owner_id = ${ownerId}::uuid, updated_by = ${by}::uuid, updated_at = now()
            from target where c.workspace_id = ${workspaceId} and c.id = target.id
            returning c.id
          )
          select target.id, target.from_name as "fromName" from target join changed using (id)`);
        return res.rows;
      });
    },

    /** Bulk delete; `onlyOwner` limits it to that member's records. */
    deleteWhere: (workspaceId: string, defs: ValueDef[], spec: GridSpec, onlyOwner: string | null) => {
      const where = gridWhere(defs, spec);
      return db.tenant(workspaceId, async (tx) => {
        const matched = await tx.execute<{ n: number }>(sql`select count(*)::int as n from ${FROM} where ${scope(workspaceId, where)}`);
        const res = await tx.execute<{ n: number }>(sql`
          with gone as (
            delete from companies c using (
              select co.id from ${FROM} where ${scope(workspaceId, where)}
              ${onlyOwner ? sql`and co.owner_id = ${onlyOwner}::uuid` : sql``}
            ) t where c.workspace_id = ${workspaceId} and c.id = t.id returning 1
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
      const sort = resolveSort(sortParam, companyRegistry(defs), DEFAULT_SORT);
      const where = gridWhere(defs, spec);
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
          sql`select co.id from companies co where ${scope(workspaceId, gridWhere(defs, spec))} limit ${sql.raw(String(limit))}`,
        );
        return res.rows.map((r) => r.id);
      }),

    /**
     * The ids a selection names, as a subquery (`select co.id …`) for another module's set-based
     * statement (issue 5: adding a filter's matches to a list in one INSERT … SELECT).
     */
    selectionSql: (workspaceId: string, defs: ValueDef[], spec: GridSpec): SQL =>
      sql`select co.id from ${FROM} where ${scope(workspaceId, gridWhere(defs, spec))}`,

    dropCustomKey: (workspaceId: string, key: string) =>
      db.tenant(workspaceId, async (tx) => {
        await tx.execute(sql`update companies set custom_fields = custom_fields - ${key}::text
                             where workspace_id = ${workspaceId} and custom_fields ? ${key}::text`);
      }),

    dropCustomOption: (workspaceId: string, key: string, optionId: string, multi: boolean) =>
      db.tenant(workspaceId, async (tx) => {
        if (multi) {
          await tx.execute(sql`
            update companies set custom_fields = case
                when jsonb_array_length((custom_fields -> ${key}::text) - ${optionId}::text) = 0 then custom_fields - ${key}::text
                else jsonb_set(custom_fields, array[${key}::text], (custom_fields -> ${key}::text) - ${optionId}::text) end
            where workspace_id = ${workspaceId} and custom_fields @> ${JSON.stringify({ [key]: [optionId] })}::jsonb`);
        } else {
          await tx.execute(sql`
            update companies set custom_fields = custom_fields - ${key}::text
            where workspace_id = ${workspaceId} and custom_fields @> ${JSON.stringify({ [key]: optionId })}::jsonb`);
        }
      }),
  };
}

export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;
