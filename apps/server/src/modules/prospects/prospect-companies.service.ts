import {
  prospectCompanyFacetNames,
  type ProspectCompanyFacetName,
  type ProspectCompanyFacets,
  type ProspectCompanyPage,
  type ProspectCompanyRow,
  type ProspectScope,
} from '@leadtrail/contracts';
import type { RequestContext } from '../../core/request-context.js';
import type { UnitOfWork } from '../../core/unit-of-work.js';
import { parseFilterParam } from '../../lib/filters/compile.js';
import { decodeCursor } from '../../lib/filters/keyset.js';
import { companyRangeOrder, type CompanyFacetRow, type CompanySearch, type ProspectCompaniesRepository } from './prospect-companies.repository.js';
import { constrains, withoutField } from './prospects.repository.js';

export type CompanySearchParams = { q?: string; filter?: string; scope: ProspectScope };
export type CompanySearchPageParams = CompanySearchParams & { limit: number; cursor?: string; sort: string };

const toSearch = (p: CompanySearchParams): CompanySearch => ({ q: p.q || null, filter: parseFilterParam(p.filter), scope: p.scope });

/** A facet's buckets: values with matches, ranges in their own order, others biggest first (then by name). */
export function companyBuckets(f: ProspectCompanyFacetName, rows: CompanyFacetRow[]): { value: string; count: number }[] {
  const buckets = rows
    .filter((r) => r.dimension === f && r.value !== null && r.value !== '' && Number(r.count) > 0)
    .map((r) => ({ value: r.value!, count: Number(r.count) }));
  const order = companyRangeOrder[f];
  buckets.sort(order ? (a, b) => order.indexOf(a.value) - order.indexOf(b.value) : (a, b) => b.count - a.count || a.value.localeCompare(b.value));
  return buckets;
}

/** The Companies tab's use cases (docs/decisions/0038): the prospect companies' search and facets. */
export function createProspectCompaniesSearch({ uow, repo }: { uow: UnitOfWork; repo: ProspectCompaniesRepository }) {
  return {
    /** GET /api/v1/prospects/companies: a page of companies with their people counts and "already mine". */
    async companies(ctx: RequestContext, params: CompanySearchPageParams): Promise<ProspectCompanyPage> {
      const search = toSearch(params);
      const sort = repo.resolveSort(params.sort);
      const cursor = params.cursor ? decodeCursor(params.cursor, sort.key) : null;
      repo.companySearchWhere(search.filter, search.q); // a bad filter is a 400 before any query
      return uow.tenant(ctx, async (tx) => {
        const mine = search.scope === 'all' ? null : await repo.mine(tx, ctx.workspaceId);
        const page = await repo.page(tx, ctx.workspaceId, search, mine, { sort: params.sort, cursor, limit: params.limit });
        return {
          data: page.rows.map(
            (r): ProspectCompanyRow => ({
              ...r,
              employeeRange: r.employeeRange as ProspectCompanyRow['employeeRange'],
              revenueRange: r.revenueRange as ProspectCompanyRow['revenueRange'],
              alreadyMine: r.companyId !== null,
            }),
          ),
          nextCursor: page.nextCursor,
        };
      });
    },

    /**
     * GET /api/v1/prospects/companies/facets: one grouping pass for the facets the filter leaves
     * free, one per constrained facet (without its own conditions), all in the scope; the
     * workspace's companies read once (their ids) and counted among the search by id.
     */
    async companyFacets(ctx: RequestContext, params: CompanySearchParams): Promise<ProspectCompanyFacets> {
      const search = toSearch(params);
      repo.companySearchWhere(search.filter, search.q);
      return uow.tenant(ctx, async (tx) => {
        const mine = await repo.mine(tx, ctx.workspaceId);
        const where = repo.companySearchWhere(search.filter, search.q);
        const free = prospectCompanyFacetNames.filter((f) => !constrains(search.filter, f));
        // the main pass: the free facets and the number of companies in the scope
        const rows: CompanyFacetRow[] = [...(await repo.facetCounts(tx, mine, where, search.scope, free))];
        for (const f of prospectCompanyFacetNames.filter((n) => !free.includes(n))) {
          rows.push(...(await repo.facetCounts(tx, mine, repo.companySearchWhere(withoutField(search.filter, f), search.q), search.scope, [f])));
        }
        const inScope = Number(rows.find((r) => r.dimension === 'total')?.count ?? 0);
        const mineCount = search.scope === 'mine' ? inScope : await repo.mineCount(tx, mine, where);
        // all = net new + mine (scope aside): the scope's count and, for net new, the probes' count
        const all =
          search.scope === 'all' ? inScope
          : search.scope === 'net_new' ? inScope + mineCount
          : Number((await repo.facetCounts(tx, mine, where, 'all', []))[0]?.count ?? 0);
        const facets = Object.fromEntries(prospectCompanyFacetNames.map((f) => [f, companyBuckets(f, rows)])) as ProspectCompanyFacets['facets'];
        return { facets, totals: { all, netNew: all - mineCount, mine: mineCount } };
      });
    },
  };
}
