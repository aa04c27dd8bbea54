import { sql, type SQL } from 'drizzle-orm';
import { employeeRanges, revenueRanges, recordSources, companyFieldLabels } from '@leadtrail/contracts';
import { companies } from '../../../db/schema/index.js';
import { escapeLike, type FieldDef, type FieldRegistry } from '../../../lib/filters/compile.js';
import { customGridFields, type ExportColumnSql } from '../../custom-fields/custom-field-grid.sql.js';
import type { ValueDef } from '../../custom-fields/custom-field-values.js';
import { exportColumnsOf } from '../record-export-columns.sql.js';
import { registryPerDefinitions, type RecordSql } from '../record-spec.js';

/**
 * The SQL of companies (records/ reads and writes them through it). Reads join the owner's name (members, users) and
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
const fromRowsOver = (rows: SQL) => sql`${rows} co
  left join lateral (select u.name from members m join users u on u.id = m.user_id
                     where m.workspace_id = co.workspace_id and m.id = co.owner_id offset 0) ou on true`;
const FROM_ROWS = fromRowsOver(sql`companies`);

export const DEFAULT_SORT = '-createdAt';

const col = (name: string) => sql.raw(`co.${name}`);
const text = (label: string, column: string, sortable = true): FieldDef => ({
  label,
  kind: 'text',
  expr: col(column),
  // the name has a (workspace_id, name, id) index (migration 0100): a filtered page may walk it
  sort: sortable ? { expr: col(column), type: 'text', nullable: column !== 'name', walk: column === 'name' } : null,
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
    ['createdAt', { label: L.createdAt, kind: 'datetime', expr: col('created_at'), sort: { expr: col('created_at'), type: 'timestamptz', nullable: false, walk: true } }],
    ['updatedAt', { label: L.updatedAt, kind: 'datetime', expr: col('updated_at'), sort: { expr: col('updated_at'), type: 'timestamptz', nullable: false, walk: true } }],
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

/** Every column an export can have, as SQL over FROM_ROWS (records/record-export-columns.ts). */
export const companyExportColumns = (defs: ValueDef[]): ExportColumnSql[] =>
  exportColumnsOf('co', companyFieldLabels, [
    ['name', 'name'], ['domain', 'domain'], ['website', 'website'], ['industry', 'industry'],
    ['employeeRange', 'employee_range', 'raw'], ['revenueRange', 'revenue_range', 'raw'], ['phone', 'phone'],
    ['linkedinUrl', 'linkedin_url'], ['city', 'city'], ['region', 'region'], ['country', 'country'], ['description', 'description'],
    ['foundedYear', 'founded_year', 'raw'], ['ownerId', sql`ou.name`], ['source', 'source', 'raw'],
    ['contactCount', sql`(select count(*) from contacts x where x.workspace_id = co.workspace_id and x.company_id = co.id)`, 'raw'],
  ], { column: CUSTOM_COLUMN, defs });

/** Standard plus custom fields of the workspace, by grid field name. */
export const companyRegistry = registryPerDefinitions((defs: ValueDef[]): FieldRegistry => new Map([...companyFieldDefs(), ...customGridFields(defs, CUSTOM_COLUMN)]));

/** Companies for the records vertical: identified by their normalised domain. */
export const companySql: RecordSql = {
  entity: 'companies',
  table: companies,
  alias: 'co',
  select: SELECT,
  from: FROM,
  fromRows: FROM_ROWS,
  fromRowsOver,
  // no filter of companies needs a join: counts stay index-only where they can
  countFrom: () => sql`companies co`,
  defaultSort: DEFAULT_SORT,
  registry: companyRegistry,
  search: (_workspaceId, q) => companySearch(q),
  exportColumns: (defs) => companyExportColumns(defs),
  identityColumn: 'domain',
};
