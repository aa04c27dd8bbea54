import {
  bulkResultSchema,
  companySchema,
  contactSchema,
  countSchema,
  encodeFilter,
  gridPageOf,
  type BulkSelection,
  type Company,
  type CreateCompanyBody,
  type MergeBody,
  type UpdateCompanyBody,
} from '@leadtrail/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CountParams, PageParams } from '../../../components/data-grid';
import { recordKeys } from '../../../components/records/record-keys';
import { api } from '../../../lib/api-client';

const base = '/api/v1/companies';
const pageSchema = gridPageOf(companySchema);

export const companiesKey = recordKeys.all('companies');

/** Contacts show their company's name: a company change refreshes them too. */
const refreshBoth = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: companiesKey }),
    queryClient.invalidateQueries({ queryKey: recordKeys.all('contacts') }),
  ]);

export const fetchCompaniesPage = (params: PageParams) =>
  api.get(base, {
    query: {
      limit: params.limit,
      cursor: params.cursor,
      q: params.q,
      sort: params.sort,
      filter: encodeFilter(params.filter),
      count: params.count || undefined,
    },
    schema: pageSchema,
    signal: params.signal,
  });

export const fetchCompaniesCount = async (params: CountParams) =>
  (
    await api.get(`${base}/count`, {
      query: { q: params.q, filter: encodeFilter(params.filter) },
      schema: countSchema,
      signal: params.signal,
    })
  ).total;

export const companyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: recordKeys.detail('companies', id),
    queryFn: ({ signal }) => api.get(`${base}/${id}`, { schema: companySchema, signal }),
  });

export const useCompany = (id: string) => useQuery(companyQueryOptions(id));

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCompanyBody) => api.post(base, body, { schema: companySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesKey }),
  });
}

/** Saves some fields; the detail page shows the answer at once and the grid refreshes. */
export function useUpdateCompany(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCompanyBody) => api.patch(`${base}/${id}`, body, { schema: companySchema }),
    onSuccess: (company) => {
      queryClient.setQueryData(companyQueryOptions(id).queryKey, company);
      return refreshBoth(queryClient);
    },
  });
}

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`${base}/${id}`),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: recordKeys.detail('companies', id) });
      return refreshBoth(queryClient);
    },
  });
}

export function useMergeCompanies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MergeBody) => api.post(`${base}/merge`, body, { schema: companySchema }),
    onSuccess: (_, body) => {
      queryClient.removeQueries({ queryKey: recordKeys.detail('companies', body.mergeId) });
      return refreshBoth(queryClient);
    },
  });
}

export const bulkAssignCompanyOwner = (selection: BulkSelection, ownerId: string | null) =>
  api.post(`${base}/bulk/assign-owner`, { selection, ownerId }, { schema: bulkResultSchema });

export const bulkDeleteCompanies = (selection: BulkSelection) =>
  api.post(`${base}/bulk/delete`, { selection }, { schema: bulkResultSchema });

/** A company's people (its detail page), first page with the total. */
export const fetchCompanyContacts = (companyId: string, signal?: AbortSignal) =>
  api.get('/api/v1/contacts', {
    query: {
      limit: 10,
      sort: 'firstName',
      count: true,
      filter: encodeFilter({ and: [{ field: 'companyId', op: 'is', value: companyId }] }),
    },
    schema: gridPageOf(contactSchema),
    signal,
  });

export type { Company };
