import { employeeRanges, prospectFacetNames, revenueRanges, seniorities, type FilterNode, type ProspectFacetName, type ProspectFacets, type ProspectScope } from '@leadtrail/contracts';
import type { FacetCountRow } from './prospect-facets.sql.js';
import type { ExceptionCountRow } from './prospects.repository.js';

/**
 * Facet counts from two parts (docs/decisions/0017): the search's counts over the whole
 * prospect database (no workspace part; precomputed for the empty search) and the same counts
 * over the workspace's exceptions (people already mine, people it suppresses). The scope and
 * the hiding of suppressed people subtract exceptions from the first; scope `mine` counts the
 * exceptions alone.
 */

export type FacetPassResult = {
  facets: readonly ProspectFacetName[];
  /** null for scope `mine` (only exceptions count). */
  base: FacetCountRow[] | null;
  exceptions: ExceptionCountRow[];
};

type View = { scope: ProspectScope; includeSuppressed: boolean };

const ORDER: Partial<Record<ProspectFacetName, readonly string[]>> = {
  seniority: seniorities,
  employeeRange: employeeRanges,
  revenueRange: revenueRanges,
  hasEmail: ['true', 'false'],
  hasPhone: ['true', 'false'],
};

/** A facet's buckets: values with matches, ranges and seniorities in their own order, others biggest first. */
export function orderedBuckets(f: ProspectFacetName, counts: Map<string, number>): { value: string; count: number }[] {
  const order = ORDER[f];
  const buckets = [...counts].filter(([, n]) => n > 0).map(([value, count]) => ({ value, count }));
  buckets.sort(order ? (a, b) => order.indexOf(a.value) - order.indexOf(b.value) : (a, b) => b.count - a.count || a.value.localeCompare(b.value));
  return buckets;
}

const counted = (view: View, row: ExceptionCountRow) => row.mine && (view.includeSuppressed || !row.suppressed);
const removed = (view: View, row: ExceptionCountRow) => (!view.includeSuppressed && row.suppressed) || (view.scope === 'net_new' && row.mine);

/** An empty filter (nothing or only empty groups) constrains nothing. */
export function isEmptyFilter(node: FilterNode | null): boolean {
  if (!node) return true;
  if ('and' in node) return node.and.every(isEmptyFilter);
  if ('or' in node) return node.or.every(isEmptyFilter);
  return false;
}

export function assembleFacets(view: View, passes: FacetPassResult[]): ProspectFacets['facets'] {
  const out = Object.fromEntries(prospectFacetNames.map((f) => [f, []])) as unknown as ProspectFacets['facets'];
  for (const pass of passes) {
    const counts = new Map<string, Map<string, number>>(pass.facets.map((f) => [f, new Map()]));
    const add = (dim: string, value: string | null, n: number) => {
      const m = counts.get(dim);
      if (!m || value === null) return;
      m.set(value, (m.get(value) ?? 0) + n);
    };
    if (view.scope !== 'mine') for (const r of pass.base ?? []) add(r.dimension, r.value, Number(r.count));
    for (const r of pass.exceptions) {
      if (view.scope === 'mine' ? counted(view, r) : removed(view, r)) add(r.dimension, r.value, view.scope === 'mine' ? Number(r.count) : -Number(r.count));
    }
    for (const f of pass.facets) out[f] = orderedBuckets(f, counts.get(f)!);
  }
  return out;
}

/** Totals of the search (scope aside): all shown, split into net new and mine; suppressed ones counted even when hidden. */
export function assembleTotals(view: View, baseTotal: number, exceptions: ExceptionCountRow[]): ProspectFacets['totals'] {
  let suppressed = 0;
  let mine = 0;
  for (const r of exceptions) {
    if (r.dimension !== 'total') continue;
    if (r.suppressed) suppressed += Number(r.count);
    if (counted(view, r)) mine += Number(r.count);
  }
  const all = baseTotal - (view.includeSuppressed ? 0 : suppressed);
  return { all, netNew: all - mine, mine, suppressed };
}
