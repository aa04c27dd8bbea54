import {
  addListMembersResultSchema,
  listPageSchema,
  listSchema,
  recordListsSchema,
  removeListMembersResultSchema,
  type CreateListBody,
  type Entity,
  type ListMembersBody,
  type ListSort,
  type UpdateListBody,
} from '@leadtrail/contracts';
import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { gridSource } from '../../../lib/grid-source';
import { recordKeys } from '../../../lib/record-keys';
import { api } from '../../../lib/api-client';

export const listsKey = ['lists'] as const;
export const listKey = (id: string) => [...listsKey, 'detail', id] as const;
/** The list page's grid: reloaded with the list. */
export const listMembersKey = (id: string) => [...listKey(id), 'members'] as const;
const recordListsKey = (entity: Entity, id: string) => [...listsKey, 'of', entity, id] as const;

export type ListFilters = { q: string; entity: Entity | null; sort: ListSort };

/** Lists, their counts, a record's lists and the records' grids all change together. */
export const refreshLists = (queryClient: QueryClient, entity?: Entity) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: listsKey }),
    ...(entity ? [queryClient.invalidateQueries({ queryKey: recordKeys.all(entity) })] : []),
  ]);

export const useLists = (filters: ListFilters) =>
  useInfiniteQuery({
    queryKey: [...listsKey, 'page', filters],
    queryFn: ({ pageParam, signal }) =>
      api.get('/api/v1/lists', {
        schema: listPageSchema,
        signal,
        query: {
          limit: 50,
          cursor: pageParam,
          q: filters.q.trim() || undefined,
          entity: filters.entity ?? undefined,
          sort: filters.sort,
          count: pageParam === undefined ? 'true' : undefined,
        },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

/** Every list of one entity, for pickers ("Add to list"): sorted by name. */
export const useListsOf = (entity: Entity, enabled = true) =>
  useQuery({
    queryKey: [...listsKey, 'all', entity],
    queryFn: ({ signal }) =>
      api.get('/api/v1/lists', { schema: listPageSchema, signal, query: { limit: 500, entity, sort: 'name' } }),
    enabled,
  });

export const listQueryOptions = (id: string) =>
  queryOptions({
    queryKey: listKey(id),
    queryFn: ({ signal }) => api.get(`/api/v1/lists/${id}`, { schema: listSchema, signal }),
  });

export const useList = (id: string) => useQuery(listQueryOptions(id));

export function useCreateList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateListBody) => api.post('/api/v1/lists', body, { schema: listSchema }),
    onSuccess: () => refreshLists(queryClient),
  });
}

export function useUpdateList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateListBody }) =>
      api.patch(`/api/v1/lists/${id}`, body, { schema: listSchema }),
    onSuccess: (list) => {
      queryClient.setQueryData(listKey(list.id), list);
      return refreshLists(queryClient, list.entity);
    },
  });
}

export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; entity: Entity }) => api.delete(`/api/v1/lists/${id}`),
    onSuccess: (_res, { id, entity }) => {
      queryClient.removeQueries({ queryKey: listKey(id) });
      return refreshLists(queryClient, entity);
    },
  });
}

export const addListMembers = (id: string, body: ListMembersBody) =>
  api.post(`/api/v1/lists/${id}/members`, body, { schema: addListMembersResultSchema });

export const removeListMembers = (id: string, body: ListMembersBody) =>
  api.delete(`/api/v1/lists/${id}/members`, { body, schema: removeListMembersResultSchema });

export function useAddListMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; entity: Entity; body: ListMembersBody }) => addListMembers(id, body),
    onSuccess: (_res, { entity }) => refreshLists(queryClient, entity),
  });
}

export function useRemoveListMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; entity: Entity; body: ListMembersBody }) => removeListMembers(id, body),
    onSuccess: (_res, { entity }) => refreshLists(queryClient, entity),
  });
}

/** The list page's grid source: the members, with the grid's q, filter, sort and cursor. */
export const listMembersSource = <Row>(id: string, row: z.ZodType<Row>) =>
  gridSource(`/api/v1/lists/${id}/members`, row);

/** The lists a contact or company is in (its detail page). */
export const useRecordLists = (entity: Entity, id: string) =>
  useQuery({
    queryKey: recordListsKey(entity, id),
    queryFn: ({ signal }) => api.get(`/api/v1/${entity}/${id}/lists`, { schema: recordListsSchema, signal }),
  });
