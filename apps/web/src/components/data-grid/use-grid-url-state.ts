import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseFilterParam, serializeFilter, toGridFilter } from './filter-model';
import type { FilterNode, GridFilter } from './types';

export type GridUrlState = {
  q: string;
  nodes: FilterNode[];
  filter: GridFilter | null;
  sort: string | undefined;
  setQ: (q: string) => void;
  setNodes: (nodes: FilterNode[]) => void;
  setSort: (sort: string | undefined) => void;
  clearFilters: () => void;
  /** A saved view: search, filters and sort at once (one history entry). */
  setView: (view: { q: string; nodes: FilterNode[]; sort: string | undefined }) => void;
};

/**
 * Quick search, filters and sort live in the URL so a grid can be shared and the back button
 * steps through filter changes.
 */
/** The search, filter and sort a grid's URL says (a route loader reads them before the grid renders). */
export const readGridUrl = (params: URLSearchParams): { q: string; filter: GridFilter | null; sort: string | undefined } => ({
  q: params.get('q') ?? '',
  filter: toGridFilter(parseFilterParam(params.get('filter'))),
  sort: params.get('sort') ?? undefined,
});

export function useGridUrlState(): GridUrlState {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const filterParam = params.get('filter');
  const sort = params.get('sort') ?? undefined;
  const nodes = useMemo(() => parseFilterParam(filterParam), [filterParam]);
  const filter = useMemo(() => toGridFilter(nodes), [nodes]);

  const update = useCallback(
    (changes: Record<string, string | null>, replace = false) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace, preventScrollReset: true },
      );
    },
    [setParams],
  );

  return {
    q,
    nodes,
    filter,
    sort,
    // A new search adds a history entry; refining it while typing replaces that entry.
    setQ: useCallback(
      (value: string) => update({ q: value.trim() ? value : null }, q !== '' && value.trim() !== ''),
      [update, q],
    ),
    setNodes: useCallback((next: FilterNode[]) => update({ filter: serializeFilter(next) }), [update]),
    setSort: useCallback((value: string | undefined) => update({ sort: value ?? null }), [update]),
    clearFilters: useCallback(() => update({ filter: null, q: null }), [update]),
    setView: useCallback(
      (view: { q: string; nodes: FilterNode[]; sort: string | undefined }) =>
        update({ q: view.q.trim() ? view.q : null, filter: serializeFilter(view.nodes), sort: view.sort ?? null }),
      [update],
    ),
  };
}
