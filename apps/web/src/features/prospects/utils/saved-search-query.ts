import type { FilterCondition, FilterNode, ProspectSearchBody } from '@leadtrail/contracts';
import { emptySearch, filterOf, fromUrlParams, listKeys, textKeys, toUrlParams, type ListKey, type ProspectSearch, type TextKey } from './prospect-search';

/** The screen's search as a saved search's query (the API's JSON body form). */
export function queryOf(search: ProspectSearch): ProspectSearchBody {
  return { q: search.q.trim() || undefined, filter: filterOf(search), scope: search.scope, includeSuppressed: search.includeSuppressed };
}

const strings = (v: FilterCondition['value']): string[] => (Array.isArray(v) ? v.map(String) : v === null || v === undefined ? [] : [String(v)]);

/**
 * A saved query back into the screen's search: the inverse of filterOf for the conditions the
 * panel writes; anything else is dropped (through the URL form, which checks enum values).
 */
export function searchOf(query: ProspectSearchBody): ProspectSearch {
  const search: ProspectSearch = { ...emptySearch, q: query.q ?? '', scope: query.scope ?? 'all', includeSuppressed: query.includeSuppressed ?? false };
  const filter = query.filter as FilterNode | null | undefined;
  const conditions = filter && 'and' in filter ? filter.and : filter ? [filter] : [];
  for (const c of conditions) {
    if (!('field' in c)) continue;
    const field = c.field;
    if (field === 'jobTitle') search.titles = strings(c.value);
    // the Companies tab's "find people": exact domains (the panel's own domain filter is "contains")
    else if (field === 'companyDomain' && (c.op === 'is' || c.op === 'anyOf')) search.companyDomains = strings(c.value);
    else if ((listKeys as readonly string[]).includes(field)) search[field as ListKey] = strings(c.value);
    else if ((textKeys as readonly string[]).includes(field)) search[field as TextKey] = strings(c.value)[0] ?? '';
    else if (field === 'hasEmail' || field === 'hasPhone') search[field] = typeof c.value === 'boolean' ? c.value : null;
  }
  return fromUrlParams(toUrlParams(search));
}
