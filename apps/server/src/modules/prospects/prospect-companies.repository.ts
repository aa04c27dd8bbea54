import { sql, type SQL } from 'drizzle-orm';
import {
  employeeRanges,
  prospectCompanyFilterFields,
  revenueRanges,
  type FilterNode,
  type ProspectCompanyFacetName,
  type ProspectScope,
} from '@leadtrail/contracts';
import type { Tx } from '../../core/unit-of-work.js';
import { compileFilter, type FieldDef, type FieldRegistry } from '../../lib/filters/compile.js';
import { keysetPage } from '../../lib/filters/grid-query.js';
import { resolveSort } from '../../lib/filters/keyset.js';
import { keywordQuery } from './prospects.repository.js';

/**
 * The prospect companies as the Companies tab searches them (docs/decisions/0038): the table
 * itself (~1 company per 10 people), its own indexes (migration 0930). A method reads either the
 * prospect tables (`ptx`) or the workspace's (`tx`), never both (decision 0043). "Already mine" is a
 * company of the workspace with the same domain, found from the workspace's side (its companies,
 * usually few) by index probes into the prospect companies, as the people's exceptions are.
 */

export type CompanySearch = { q?: string | null; filter: FilterNode | null; scope: ProspectScope };

/** A company of the prospect database as a person's profile and the Companies tab show it. */
export type ProspectCompanyFields = {
  id: string;
  name: string;
  domain: string;
  industry: string | null;
  employeeCount: number | null;
  employeeRange: string | null;
  revenueRange: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
};

export type CompanyRow = ProspectCompanyFields & { peopleCount: number; companyId: string | null };

export type CompanyFacetRow = { dimension: string; value: string | null; count: string | number };

const option = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
const field = (name: keyof typeof prospectCompanyFilterFields, expr: string, options?: readonly string[]): [string, FieldDef] => [
  name,
  {
    label: prospectCompanyFilterFields[name].label,
    kind: prospectCompanyFilterFields[name].kind,
    expr: sql.raw(expr),
    ...(options ? { options: option(options) } : {}),
  },
];

const FILTER_FIELDS: FieldRegistry = new Map([
  field('industry', 'pc.industry'),
  field('employeeRange', 'pc.employee_range', employeeRanges),
  field('revenueRange', 'pc.revenue_range', revenueRanges),
  field('country', 'pc.country'),
]);

/** Each facet's column of prospect_companies (pc). */
export const COMPANY_FACET_COLUMNS: Record<ProspectCompanyFacetName, string> = {
  industry: 'pc.industry',
  employeeRange: 'pc.employee_range',
  revenueRange: 'pc.revenue_range',
  country: 'pc.country',
};

const sortField = (expr: string, type: 'text' | 'integer'): FieldDef => ({
  label: expr,
  kind: 'text',
  expr: sql.raw(expr),
  sort: { expr: sql.raw(expr), type, nullable: false },
});
// the expressions of the indexes of migration 0930 (keyset paging reads them in order)
const SORT_FIELDS: FieldRegistry = new Map([
  ['employees', sortField('coalesce(pc.employee_count, -1)', 'integer')],
  ['name', sortField('pc.name', 'text')],
]);

/** The keywords' document: the index expression of migration 0930, word for word. */
const SEARCH_DOC = sql.raw(`to_tsvector('simple', pc.name || ' ' || regexp_replace(pc.domain, '[.-]', ' ', 'g'))`);

/** Filter (a 400 for a field or value it does not know) and keywords as one WHERE over pc (no workspace part). */
export function companySearchWhere(filter: FilterNode | null, q: string | null | undefined): SQL {
  const parts: SQL[] = [];
  if (filter) parts.push(compileFilter(filter, FILTER_FIELDS).where);
  const tsq = keywordQuery(q);
  if (tsq) parts.push(sql`${SEARCH_DOC} @@ to_tsquery('simple', ${tsq})`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

const wsId = (ws: string) => sql`${ws}::uuid`;

/**
 * The prospect companies the workspace has (a company of its with the same domain), read once
 * per request: one index probe per company of the workspace that has a domain. The search's
 * passes then take them as one array parameter (PostgreSQL 15 hashes a long `= any` / `<> all`),
 * not as a subquery each pass would run again (measured: 5 passes × the probes).
 */
export type MineSet = { ids: string[] };

const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

function scopeWhere(mine: MineSet | null, scope: ProspectScope): SQL {
  if (scope === 'all' || !mine) return sql`true`;
  if (!mine.ids.length) return scope === 'mine' ? sql`false` : sql`true`;
  return scope === 'mine' ? sql`pc.id = any(${uuidArray(mine.ids)})` : sql`pc.id <> all(${uuidArray(mine.ids)})`;
}

export function createProspectCompaniesRepository() {
  return {
    companySearchWhere,

    resolveSort: (sort: string | undefined) => resolveSort(sort, SORT_FIELDS, '-employees'),

    /** The workspace's companies' domains (app database): the first step of its set. */
    async workspaceDomains(tx: Tx, ws: string): Promise<string[]> {
      const res = await tx.execute<{ domain: string }>(sql`
        select distinct c.domain from companies c where c.workspace_id = ${wsId(ws)} and c.domain is not null`);
      return res.rows.map((r) => r.domain);
    },

    /** The prospect companies with these domains (prospect tables only): one index probe per domain. */
    async mineByDomains(ptx: Tx, domains: string[]): Promise<MineSet> {
      const res = await ptx.execute<{ id: string }>(sql`
        select mc.id from unnest(${sql.param(domains)}::text[]) d(domain)
         cross join lateral (select mc.id from prospect_companies mc where mc.domain = d.domain offset 0) mc`);
      return { ids: res.rows.map((r) => r.id) };
    },

    /** A page of the search (prospect tables only), each company with its number of people. */
    /** `mine`: the workspace's set when the scope needs it (all: null). */
    async page(
      ptx: Tx,
      search: CompanySearch,
      mine: MineSet | null,
      paging: { sort: string; cursor: { v: string | null; id: string } | null; limit: number },
    ) {
      const page = await keysetPage<Omit<CompanyRow, 'peopleCount' | 'companyId'>>(ptx, {
        select: sql.raw(`pc.id, pc.name, pc.domain, pc.industry, pc.employee_count as "employeeCount",
          pc.employee_range as "employeeRange", pc.revenue_range as "revenueRange", pc.city, pc.region, pc.country`),
        from: sql`prospect_companies pc`,
        where: sql`${companySearchWhere(search.filter, search.q)} and ${scopeWhere(mine, search.scope)}`,
        idExpr: sql`pc.id`,
        sort: resolveSort(paging.sort, SORT_FIELDS, '-employees'),
        cursor: paging.cursor,
        limit: paging.limit,
      });
      if (!page.rows.length) return { rows: [] as Omit<CompanyRow, 'companyId'>[], nextCursor: page.nextCursor };
      // per row of the page only: an index count of its people
      const extra = await ptx.execute<{ id: string; peopleCount: number }>(sql`
        select x.id, (select count(*)::int from prospect_people p where p.company_id = x.id) as "peopleCount"
        from unnest(${uuidArray(page.rows.map((r) => r.id))}) x(id)`);
      const byId = new Map(extra.rows.map((r) => [r.id, r.peopleCount]));
      return { rows: page.rows.map((r) => ({ ...r, peopleCount: byId.get(r.id) ?? 0 })), nextCursor: page.nextCursor };
    },

    /** The workspace's company for each of these domains (app database): an index probe per row of a page. */
    async companyIdsByDomain(tx: Tx, ws: string, domains: string[]): Promise<Map<string, string>> {
      if (!domains.length) return new Map();
      const res = await tx.execute<{ domain: string; id: string | null }>(sql`
        select d.domain, (select c.id from companies c where c.workspace_id = ${wsId(ws)} and c.domain = d.domain limit 1) as id
        from unnest(${sql.param(domains)}::text[]) d(domain)`);
      return new Map(res.rows.filter((r) => r.id !== null).map((r) => [r.domain, r.id!]));
    },

    /**
     * The counts of every value of the given facets over the search in the scope, in one pass
     * (grouping sets), and the number of companies as dimension 'total'.
     */
    async facetCounts(ptx: Tx, mine: MineSet | null, where: SQL, scope: ProspectScope, facets: readonly ProspectCompanyFacetName[]): Promise<CompanyFacetRow[]> {
      const cols = facets.map((f) => sql.raw(COMPANY_FACET_COLUMNS[f]));
      const dimension = facets.length
        ? sql`case ${sql.join(facets.map((f, i) => sql`when grouping(${cols[i]!}) = 0 then ${f}`), sql` `)} else 'total' end`
        : sql`'total'`;
      const value = facets.length ? sql`coalesce(${sql.join(cols, sql`, `)})` : sql`null::text`;
      const sets = sql.join([...cols.map((c) => sql`(${c})`), sql`()`], sql`, `);
      const res = await ptx.execute<CompanyFacetRow>(sql`
        select ${dimension} as dimension, ${value} as value, count(*) as count
        from prospect_companies pc where ${where} and ${scopeWhere(mine, scope)}
        group by grouping sets (${sets})`);
      return res.rows;
    },

    /** The search's companies (scope aside) and how many of them the workspace has. */
    /** What the workspace's set depends on: its companies' domains, as a count and a sum of hashes (an index-only scan). */
    async mineFingerprint(tx: Tx, ws: string): Promise<string> {
      const res = await tx.execute<{ fp: string }>(sql`
        select count(*) || ':' || coalesce(sum(hashtext(c.domain)), 0) as fp
        from companies c where c.workspace_id = ${wsId(ws)} and c.domain is not null`);
      return res.rows[0]!.fp;
    },

    /** Which load the prospect database holds now (the whole table's counts are kept per load). */
    async loadStamp(ptx: Tx): Promise<string | null> {
      const res = await ptx.execute<{ value: string }>(sql`select value from prospect_facet_counts where dimension = 'load'`);
      return res.rows[0]?.value ?? null;
    },

    /** How many of the search's companies (scope aside) the workspace has: probes by id of its set, not a pass over the search. */
    async mineCount(ptx: Tx, mine: MineSet, where: SQL): Promise<number> {
      if (!mine.ids.length) return 0;
      const res = await ptx.execute<{ n: string }>(sql`
        select count(*) as n from prospect_companies pc where ${scopeWhere(mine, 'mine')} and ${where}`);
      return Number(res.rows[0]!.n);
    },
  };
}

export type ProspectCompaniesRepository = ReturnType<typeof createProspectCompaniesRepository>;

export const companyRangeOrder: Partial<Record<ProspectCompanyFacetName, readonly string[]>> = {
  employeeRange: employeeRanges,
  revenueRange: revenueRanges,
};
