import { prospectCompanyFacetsSchema, prospectCompanyPageSchema } from '@leadtrail/contracts';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { companyApiParamsOf, type CompanySearch } from '../utils/company-search';
import { prospectsKey } from './prospects';

const PAGE_SIZE = 50;

/** The Companies tab's companies, page by page (cursor paging), in the chosen order. */
export const useCompanySearch = (search: CompanySearch) => {
  const params = { ...companyApiParamsOf(search), sort: search.sort };
  return useInfiniteQuery({
    queryKey: [...prospectsKey, 'companies', params],
    queryFn: ({ pageParam, signal }) =>
      api.get('/api/v1/prospects/companies', { schema: prospectCompanyPageSchema, signal, query: { ...params, limit: PAGE_SIZE, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
};

/** Counts of every company filter value in the scope, and the totals (all, net new, already mine). */
export const useCompanyFacets = (search: CompanySearch) => {
  const params = companyApiParamsOf(search);
  return useQuery({
    queryKey: [...prospectsKey, 'company-facets', params],
    queryFn: ({ signal }) => api.get('/api/v1/prospects/companies/facets', { schema: prospectCompanyFacetsSchema, signal, query: params }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
};
