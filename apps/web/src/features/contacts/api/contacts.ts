import {
  bulkResultSchema,
  companySchema,
  contactSchema,
  countSchema,
  encodeFilter,
  gridPageOf,
  type BulkSelection,
  type Contact,
  type CreateContactBody,
  type MergeBody,
  type UpdateContactBody,
} from '@leadtrail/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CountParams, PageParams } from '../../../components/data-grid';
import { recordKeys } from '../../../components/records/record-keys';
import { api } from '../../../lib/api-client';

const base = '/api/v1/contacts';
const pageSchema = gridPageOf(contactSchema);

export const contactsKey = recordKeys.all('contacts');

/** Companies count and list their contacts: a contact change refreshes them too. */
const refreshBoth = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: contactsKey }),
    queryClient.invalidateQueries({ queryKey: recordKeys.all('companies') }),
  ]);

export const fetchContactsPage = (params: PageParams) =>
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

export const fetchContactsCount = async (params: CountParams) =>
  (
    await api.get(`${base}/count`, {
      query: { q: params.q, filter: encodeFilter(params.filter) },
      schema: countSchema,
      signal: params.signal,
    })
  ).total;

export const contactQueryOptions = (id: string) =>
  queryOptions({
    queryKey: recordKeys.detail('contacts', id),
    queryFn: ({ signal }) => api.get(`${base}/${id}`, { schema: contactSchema, signal }),
  });

export const useContact = (id: string) => useQuery(contactQueryOptions(id));

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateContactBody) => api.post(base, body, { schema: contactSchema }),
    onSuccess: () => refreshBoth(queryClient),
  });
}

/** Saves some fields; the detail page shows the answer at once and the grid refreshes. */
export function useUpdateContact(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateContactBody) => api.patch(`${base}/${id}`, body, { schema: contactSchema }),
    onSuccess: (contact) => {
      queryClient.setQueryData(contactQueryOptions(id).queryKey, contact);
      return refreshBoth(queryClient);
    },
  });
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`${base}/${id}`),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: recordKeys.detail('contacts', id) });
      return refreshBoth(queryClient);
    },
  });
}

export function useMergeContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MergeBody) => api.post(`${base}/merge`, body, { schema: contactSchema }),
    onSuccess: (_, body) => {
      queryClient.removeQueries({ queryKey: recordKeys.detail('contacts', body.mergeId) });
      return refreshBoth(queryClient);
    },
  });
}

export const bulkAssignContactOwner = (selection: BulkSelection, ownerId: string | null) =>
  api.post(`${base}/bulk/assign-owner`, { selection, ownerId }, { schema: bulkResultSchema });

export const bulkDeleteContacts = (selection: BulkSelection) =>
  api.post(`${base}/bulk/delete`, { selection }, { schema: bulkResultSchema });

/** Companies to link a contact to, by name or domain (the company picker). */
export const searchCompanies = async (q: string, signal?: AbortSignal) => {
  const page = await api.get('/api/v1/companies', {
    query: { q: q.trim() || undefined, limit: 20, sort: 'name' },
    schema: gridPageOf(companySchema),
    signal,
  });
  return page.data;
};

export type { Contact };
