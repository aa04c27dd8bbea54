import {
  contactMergeListSchema,
  contactMergeUndoResultSchema,
  duplicatesMergeResultSchema,
  duplicatesPageSchema,
  type DuplicatePairRef,
} from '@leadtrail/contracts';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../../../lib/record-keys';

const base = '/api/v1/contacts/duplicates';
/** Under the contacts' key: a change to any contact refreshes the view, a merge refreshes the grid. */
export const duplicateKeys = {
  all: [...recordKeys.all('contacts'), 'duplicates'] as const,
  pages: [...recordKeys.all('contacts'), 'duplicates', 'pages'] as const,
  total: [...recordKeys.all('contacts'), 'duplicates', 'total'] as const,
  merges: [...recordKeys.all('contacts'), 'duplicates', 'merges'] as const,
};

export const PAGE_SIZE = 50;

/** The likely pairs, a page at a time (most certain first). */
export const duplicatePagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: duplicateKeys.pages,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.get(base, { query: { limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }, schema: duplicatesPageSchema, signal }),
    getNextPageParam: (last) => last.nextCursor,
  });

/** How many likely pairs (the contacts screen's "Duplicates (132)"). */
export const duplicateTotalQueryOptions = () =>
  queryOptions({
    queryKey: duplicateKeys.total,
    queryFn: async ({ signal }) => (await api.get(base, { query: { limit: 1 }, schema: duplicatesPageSchema, signal })).total,
    staleTime: 60_000,
  });

export const recentMergesQueryOptions = () =>
  queryOptions({
    queryKey: duplicateKeys.merges,
    queryFn: ({ signal }) => api.get(`${base}/merges`, { schema: contactMergeListSchema, signal }),
  });

export const previewMerge = (pairs: DuplicatePairRef[]) => api.post(`${base}/merge`, { pairs, dryRun: true }, { schema: duplicatesMergeResultSchema });

export function useDuplicateActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: recordKeys.all('contacts') });
  return {
    refresh,
    merge: useMutation({
      mutationFn: (pairs: DuplicatePairRef[]) => api.post(`${base}/merge`, { pairs }, { schema: duplicatesMergeResultSchema }),
      onSettled: refresh,
    }),
    undo: useMutation({
      mutationFn: (id: string) => api.post(`${base}/merges/${id}/undo`, {}, { schema: contactMergeUndoResultSchema }),
      onSettled: refresh,
    }),
    dismiss: useMutation({
      mutationFn: (contactIds: [string, string]) => api.post(`${base}/dismiss`, { contactIds }),
      onSettled: refresh,
    }),
  };
}
