import {
  prospectCompanyFacetNames,
  type ProspectCompanyFacetName,
  type ProspectCompanyFacets,
  type ProspectCompanyPage,
  type ProspectCompanyRow,
  type FilterNode,
  type ProspectScope,
} from '@leadtrail/contracts';
import type { RequestContext } from '../../core/request-context.js';
import type { ProspectReads, Tx, UnitOfWork } from '../../core/unit-of-work.js';
import { parseFilterParam } from '../../lib/filters/compile.js';
import { decodeCursor } from '../../lib/filters/keyset.js';
import { companyRangeOrder, type CompanyFacetRow, type CompanySearch, type MineSet, type ProspectCompaniesRepository } from './prospect-companies.repository.js';
import { isEmptyFilter } from './prospect-facets.js';
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

/** Workspaces whose set of companies a process keeps. */
const MINE_CACHED = 200;

/** The Companies tab's use cases (docs/decisions/0038): the prospect companies' search and facets. */
export function createProspectCompaniesSearch({ uow, repo, reads }: { uow: UnitOfWork; repo: ProspectCompaniesRepository; reads: ProspectReads }) {
  // the whole table's counts (every facet, no condition), per load: what a facet pass without
  // conditions would count again on every request (~60k rows per 1M people)
  let whole: { load: string; rows: CompanyFacetRow[] } | null = null;
  // each workspace's set per load, kept while its companies' domains are the same (the least recently used goes first)
  const mineCache = new Map<string, { key: string; mine: MineSet }>();

  /** The workspace's companies among the prospect companies: cached, or found again (one probe per company of it). */
  async function mineOf(tx: Tx, ws: string): Promise<MineSet> {
    const key = `${await reads.in(tx, (ptx) => repo.loadStamp(ptx))}|${await repo.mineFingerprint(tx, ws)}`;
    const hit = mineCache.get(ws);
    mineCache.delete(ws);
    // two steps (decision 0043): the workspace's domains (app database), then the prospect companies with them
    const mine = hit?.key === key ? hit.mine : await minesByDomain(tx, await repo.workspaceDomains(tx, ws));
    mineCache.set(ws, { key, mine });
    if (mineCache.size > MINE_CACHED) mineCache.delete(mineCache.keys().next().value!);
    return mine;
  }

  const minesByDomain = (tx: Tx, domains: string[]) => (domains.length ? reads.in(tx, (ptx) => repo.mineByDomains(ptx, domains)) : Promise.resolve({ ids: [] }));

  /**
   * One facet pass, prospect tables only: by SQL, or (no keywords, no condition left, the data of
   * a known load) from the whole table's counts: as they are (all), less the workspace's
   * companies' (net new).
   */
  async function pass(ptx: Tx, mine: MineSet, filter: FilterNode | null, q: string | null | undefined, scope: ProspectScope, facets: readonly ProspectCompanyFacetName[]): Promise<CompanyFacetRow[]> {
    const where = repo.companySearchWhere(filter, q);
    if (scope === 'mine' || q || !isEmptyFilter(filter)) return repo.facetCounts(ptx, mine, where, scope, facets);
    const load = await repo.loadStamp(ptx);
    if (!load) return repo.facetCounts(ptx, mine, where, scope, facets);
    if (whole?.load !== load) whole = { load, rows: await repo.facetCounts(ptx, null, where, 'all', prospectCompanyFacetNames) };
    const wanted = whole.rows.filter((r) => r.dimension === 'total' || (facets as readonly string[]).includes(r.dimension));
    if (scope === 'all' || !mine.ids.length) return wanted;
    const key = (r: CompanyFacetRow) => `${r.dimension}\u0000${r.value ?? ''}`;
    const less = new Map((await repo.facetCounts(ptx, mine, where, 'mine', facets)).map((r) => [key(r), Number(r.count)]));
    return wanted.map((r) => ({ ...r, count: Number(r.count) - (less.get(key(r)) ?? 0) }));
  }

  return {
    /** GET /api/v1/prospects/companies: a page of companies with their people counts and "already mine". */
    async companies(ctx: RequestContext, params: CompanySearchPageParams): Promise<ProspectCompanyPage> {
      const search = toSearch(params);
      const sort = repo.resolveSort(params.sort);
      const cursor = params.cursor ? decodeCursor(params.cursor, sort.key) : null;
      repo.companySearchWhere(search.filter, search.q); // a bad filter is a 400 before any query
      return uow.tenant(ctx, async (tx) => {
        const mine = search.scope === 'all' ? null : await mineOf(tx, ctx.workspaceId);
        const found = await reads.in(tx, (ptx) => repo.page(ptx, search, mine, { sort: params.sort, cursor, limit: params.limit }));
        // "already mine": the workspace's company with the same domain, per row of the page (app database)
        const ids = await repo.companyIdsByDomain(tx, ctx.workspaceId, found.rows.map((r) => r.domain));
        const page = { rows: found.rows.map((r) => ({ ...r, companyId: ids.get(r.domain) ?? null })), nextCursor: found.nextCursor };
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
        const mine = await mineOf(tx, ctx.workspaceId);
        const where = repo.companySearchWhere(search.filter, search.q);
        const free = prospectCompanyFacetNames.filter((f) => !constrains(search.filter, f));
        return reads.in(tx, async (ptx) => {
          // the main pass: the free facets and the number of companies in the scope
          const rows: CompanyFacetRow[] = [...(await pass(ptx, mine, search.filter, search.q, search.scope, free))];
          for (const f of prospectCompanyFacetNames.filter((n) => !free.includes(n))) {
            rows.push(...(await pass(ptx, mine, withoutField(search.filter, f), search.q, search.scope, [f])));
          }
          const inScope = Number(rows.find((r) => r.dimension === 'total')?.count ?? 0);
          const mineCount = search.scope === 'mine' ? inScope : await repo.mineCount(ptx, mine, where);
          // all = net new + mine (scope aside): the scope's count and, for net new, the probes' count
          const all =
            search.scope === 'all' ? inScope
            : search.scope === 'net_new' ? inScope + mineCount
            : Number((await repo.facetCounts(ptx, mine, where, 'all', []))[0]?.count ?? 0);
          const facets = Object.fromEntries(prospectCompanyFacetNames.map((f) => [f, companyBuckets(f, rows)])) as ProspectCompanyFacets['facets'];
          return { facets, totals: { all, netNew: all - mineCount, mine: mineCount } };
        });
      });
    },
  };
}
