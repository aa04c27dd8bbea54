import {
  emailStatuses,
  employeeRanges,
  encodeFilter,
  prospectDepartments,
  prospectScopes,
  revenueRanges,
  seniorities,
  type FilterCondition,
  type FilterNode,
  type ProspectScope,
} from '@leadtrail/contracts';

/** The prospects screen's search, as the filter panel edits it (and the URL keeps it). */
export type ProspectSearch = {
  q: string;
  /** Job title contains any of these (from the start of a word). */
  titles: string[];
  seniority: string[];
  department: string[];
  companyName: string;
  companyDomain: string;
  /** At one of these companies (exact domains: the Companies tab's "find people"). */
  companyDomains: string[];
  industry: string[];
  employeeRange: string[];
  revenueRange: string[];
  country: string[];
  region: string;
  city: string;
  emailStatus: string[];
  hasEmail: boolean | null;
  hasPhone: boolean | null;
  includeSuppressed: boolean;
  scope: ProspectScope;
};

export const emptySearch: ProspectSearch = {
  q: '',
  titles: [],
  seniority: [],
  department: [],
  companyName: '',
  companyDomain: '',
  companyDomains: [],
  industry: [],
  employeeRange: [],
  revenueRange: [],
  country: [],
  region: '',
  city: '',
  emailStatus: [],
  hasEmail: null,
  hasPhone: null,
  includeSuppressed: false,
  scope: 'all',
};

/** The multi-valued filters: the URL key and the filter field are the same name. */
export const listKeys = ['seniority', 'department', 'industry', 'employeeRange', 'revenueRange', 'country', 'emailStatus'] as const;
export type ListKey = (typeof listKeys)[number];
/** The free-text filters: the URL key and the filter field are the same name. */
export const textKeys = ['companyName', 'companyDomain', 'region', 'city'] as const;
export type TextKey = (typeof textKeys)[number];

/** Values an enum filter may hold: anything else in a URL is dropped. */
const allowed: Partial<Record<ListKey, readonly string[]>> = {
  seniority: seniorities,
  department: prospectDepartments,
  employeeRange: employeeRanges,
  revenueRange: revenueRanges,
  emailStatus: emailStatuses,
};

/** The grid filter tree the API takes for this search (null when nothing is chosen). */
export function filterOf(search: ProspectSearch): FilterNode | null {
  const and: FilterCondition[] = [];
  const titles = search.titles.map((t) => t.trim()).filter(Boolean);
  if (titles.length > 0) and.push({ field: 'jobTitle', op: 'contains', value: titles.length === 1 ? titles[0] : titles });
  for (const key of listKeys) {
    const values = search[key];
    if (values.length === 1) and.push({ field: key, op: 'is', value: values[0] });
    else if (values.length > 1) and.push({ field: key, op: 'anyOf', value: values });
  }
  if (search.companyName.trim()) and.push({ field: 'companyName', op: 'contains', value: search.companyName.trim() });
  if (search.companyDomain.trim()) and.push({ field: 'companyDomain', op: 'contains', value: search.companyDomain.trim() });
  const domains = search.companyDomains.map((d) => d.trim()).filter(Boolean);
  if (domains.length === 1) and.push({ field: 'companyDomain', op: 'is', value: domains[0] });
  else if (domains.length > 1) and.push({ field: 'companyDomain', op: 'anyOf', value: domains });
  if (search.region.trim()) and.push({ field: 'region', op: 'is', value: search.region.trim() });
  if (search.city.trim()) and.push({ field: 'city', op: 'is', value: search.city.trim() });
  if (search.hasEmail !== null) and.push({ field: 'hasEmail', op: 'is', value: search.hasEmail });
  if (search.hasPhone !== null) and.push({ field: 'hasPhone', op: 'is', value: search.hasPhone });
  return and.length > 0 ? { and } : null;
}

/** The querystring parameters of GET /api/v1/prospects and …/facets for this search. */
export function apiParamsOf(search: ProspectSearch): Record<string, string | undefined> {
  return {
    q: search.q.trim() || undefined,
    filter: encodeFilter(filterOf(search)),
    scope: search.scope === 'all' ? undefined : search.scope,
    includeSuppressed: search.includeSuppressed ? 'true' : undefined,
  };
}

/** How many filters are chosen (keywords and scope aside): the panel's "Clear all (N)". */
export function activeFilterCount(search: ProspectSearch): number {
  const filter = filterOf(search);
  return filter && 'and' in filter ? filter.and.length : 0;
}

const parseBool = (v: string | null): boolean | null => (v === 'true' ? true : v === 'false' ? false : null);

/** The search written into the page's URL (so a search can be shared, reloaded and gone back to). */
export function toUrlParams(search: ProspectSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q.trim()) params.set('q', search.q.trim());
  for (const t of search.titles) params.append('title', t);
  for (const key of listKeys) for (const v of search[key]) params.append(key, v);
  for (const key of textKeys) if (search[key].trim()) params.set(key, search[key].trim());
  for (const d of search.companyDomains) params.append('atCompany', d);
  if (search.hasEmail !== null) params.set('hasEmail', String(search.hasEmail));
  if (search.hasPhone !== null) params.set('hasPhone', String(search.hasPhone));
  if (search.includeSuppressed) params.set('includeSuppressed', 'true');
  if (search.scope !== 'all') params.set('scope', search.scope);
  return params;
}

/** Reads a search back from the URL; unknown keys and values are ignored. */
export function fromUrlParams(params: URLSearchParams): ProspectSearch {
  const search: ProspectSearch = { ...emptySearch, q: params.get('q') ?? '', titles: params.getAll('title').filter(Boolean) };
  for (const key of listKeys) {
    const ok = allowed[key];
    search[key] = [...new Set(params.getAll(key).filter((v) => v && (!ok || ok.includes(v))))];
  }
  for (const key of textKeys) search[key] = params.get(key) ?? '';
  search.companyDomains = [...new Set(params.getAll('atCompany').map((d) => d.trim()).filter(Boolean))];
  search.hasEmail = parseBool(params.get('hasEmail'));
  search.hasPhone = parseBool(params.get('hasPhone'));
  search.includeSuppressed = params.get('includeSuppressed') === 'true';
  const scope = params.get('scope');
  search.scope = (prospectScopes as readonly string[]).includes(scope ?? '') ? (scope as ProspectScope) : 'all';
  return search;
}

/** Adds or removes one value of a multi-valued filter. */
export function toggleValue(search: ProspectSearch, key: ListKey, value: string): ProspectSearch {
  const values = search[key];
  return { ...search, [key]: values.includes(value) ? values.filter((v) => v !== value) : [...values, value] };
}
