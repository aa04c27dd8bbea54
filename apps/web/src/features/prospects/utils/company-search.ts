import {
  employeeRanges,
  encodeFilter,
  prospectCompanySorts,
  prospectScopes,
  revenueRanges,
  type FilterCondition,
  type FilterNode,
  type ProspectCompanySort,
  type ProspectScope,
} from '@leadtrail/contracts';

/** The Companies tab's search, as its filter panel edits it (and the URL keeps it, beside tab=companies). */
export type CompanySearch = {
  q: string;
  industry: string[];
  employeeRange: string[];
  revenueRange: string[];
  country: string[];
  scope: ProspectScope;
  sort: ProspectCompanySort;
};

export const emptyCompanySearch: CompanySearch = {
  q: '',
  industry: [],
  employeeRange: [],
  revenueRange: [],
  country: [],
  scope: 'all',
  sort: '-employees',
};

/** The multi-valued filters: the URL key and the filter field are the same name. */
export const companyListKeys = ['industry', 'employeeRange', 'revenueRange', 'country'] as const;
export type CompanyListKey = (typeof companyListKeys)[number];

const allowed: Partial<Record<CompanyListKey, readonly string[]>> = { employeeRange: employeeRanges, revenueRange: revenueRanges };

/** The filter tree GET /api/v1/prospects/companies takes (null when nothing is chosen). */
export function companyFilterOf(search: CompanySearch): FilterNode | null {
  const and: FilterCondition[] = [];
  for (const key of companyListKeys) {
    const values = search[key];
    if (values.length === 1) and.push({ field: key, op: 'is', value: values[0] });
    else if (values.length > 1) and.push({ field: key, op: 'anyOf', value: values });
  }
  return and.length > 0 ? { and } : null;
}

/** The querystring of the company search (scope and sort included) and of its facets (without them). */
export function companyApiParamsOf(search: CompanySearch): Record<string, string | undefined> {
  return {
    q: search.q.trim() || undefined,
    filter: encodeFilter(companyFilterOf(search)),
    scope: search.scope === 'all' ? undefined : search.scope,
  };
}

/** How many filter values are chosen (keywords and scope aside). */
export const companyFilterCount = (search: CompanySearch) => companyListKeys.reduce((n, key) => n + search[key].length, 0);

export function companyUrlParams(search: CompanySearch): URLSearchParams {
  const params = new URLSearchParams({ tab: 'companies' });
  if (search.q.trim()) params.set('q', search.q.trim());
  for (const key of companyListKeys) for (const v of search[key]) params.append(key, v);
  if (search.scope !== 'all') params.set('scope', search.scope);
  if (search.sort !== emptyCompanySearch.sort) params.set('sort', search.sort);
  return params;
}

/** Reads the company search back from the URL; unknown keys and values are ignored. */
export function companySearchFromUrl(params: URLSearchParams): CompanySearch {
  const search: CompanySearch = { ...emptyCompanySearch, q: params.get('q') ?? '' };
  for (const key of companyListKeys) {
    const ok = allowed[key];
    search[key] = [...new Set(params.getAll(key).filter((v) => v && (!ok || ok.includes(v))))];
  }
  const scope = params.get('scope');
  search.scope = (prospectScopes as readonly string[]).includes(scope ?? '') ? (scope as ProspectScope) : 'all';
  const sort = params.get('sort');
  search.sort = (prospectCompanySorts as readonly string[]).includes(sort ?? '') ? (sort as ProspectCompanySort) : emptyCompanySearch.sort;
  return search;
}

export function toggleCompanyValue(search: CompanySearch, key: CompanyListKey, value: string): CompanySearch {
  const values = search[key];
  return { ...search, [key]: values.includes(value) ? values.filter((v) => v !== value) : [...values, value] };
}

/** The most companies "find people" takes at once (the people filter lists their domains). */
export const FIND_PEOPLE_MAX_COMPANIES = 100;
