import {
  listPageSchema,
  prospectFacetsSchema,
  prospectPageSchema,
  revealJobSchema,
  revealReceiptSchema,
  revealResultSchema,
  type RevealBody,
  type RevealJob,
  type RevealResult,
} from '@leadtrail/contracts';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiParamsOf, type ProspectSearch } from '../utils/prospect-search';

export const prospectsKey = ['prospects'] as const;
const PAGE_SIZE = 50;

/** The search's people, page by page (cursor paging). */
export const useProspectSearch = (search: ProspectSearch) => {
  const params = apiParamsOf(search);
  return useInfiniteQuery({
    queryKey: [...prospectsKey, 'search', params],
    queryFn: ({ pageParam, signal }) =>
      api.get('/api/v1/prospects', { schema: prospectPageSchema, signal, query: { ...params, limit: PAGE_SIZE, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
};

/** Counts of every filter value for the search, and its totals (scope left out: the tabs show all three). */
export const useProspectFacets = (search: ProspectSearch) => {
  const { scope: _scope, ...params } = apiParamsOf(search);
  return useQuery({
    queryKey: [...prospectsKey, 'facets', params],
    queryFn: ({ signal }) => api.get('/api/v1/prospects/facets', { schema: prospectFacetsSchema, signal, query: params }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
};

/** The receipt: what a reveal would cost, before paying. */
export const useRevealPreview = (body: RevealBody | null) =>
  useQuery({
    queryKey: [...prospectsKey, 'reveal-preview', body],
    queryFn: ({ signal }) => api.post('/api/v1/prospects/reveal/preview', body, { schema: revealReceiptSchema, signal }),
    enabled: body !== null,
    staleTime: 0,
    gcTime: 0,
  });

export type RevealAnswer = { kind: 'done'; result: RevealResult } | { kind: 'job'; job: RevealJob };

/** After a reveal: balances, the people's markers, contacts and the ledger all changed. */
export const refreshAfterReveal = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['credits'] }),
    queryClient.invalidateQueries({ queryKey: ['credit-transactions'] }),
    // the search and its counts; not an open receipt or a job's progress (they poll themselves)
    queryClient.invalidateQueries({
      queryKey: prospectsKey,
      predicate: (q) => q.queryKey[1] === 'search' || q.queryKey[1] === 'facets',
    }),
    queryClient.invalidateQueries({ queryKey: ['contacts'] }),
    queryClient.invalidateQueries({ queryKey: ['companies'] }),
    queryClient.invalidateQueries({ queryKey: ['lists'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);

/** POST /api/v1/prospects/reveal: done at once (≤ 100 people) or a job (202). The key makes a retry charge once. */
export function useReveal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: RevealBody; idempotencyKey: string }): Promise<RevealAnswer> => {
      const answer = await api.post('/api/v1/prospects/reveal', body, { headers: { 'Idempotency-Key': idempotencyKey } });
      const job = revealJobSchema.safeParse(answer);
      if (job.success) return { kind: 'job', job: job.data };
      return { kind: 'done', result: revealResultSchema.parse(answer) };
    },
    // a job reserves credits at once; its charges land as it runs. Not awaited: the dialog
    // closes and the toast shows without waiting for every screen's data to reload
    onSuccess: () => {
      void refreshAfterReveal(queryClient);
    },
  });
}

/** A job that runs no more: completed, failed, or cancelled (by someone, or as its starter was deactivated). */
export const jobEnded = (job: Pick<RevealJob, 'status'> | undefined) =>
  job?.status === 'completed' || job?.status === 'failed' || job?.status === 'cancelled';

/** A bulk reveal's progress, polled every second until it ends. */
export const useRevealJob = (id: string | null) =>
  useQuery({
    queryKey: [...prospectsKey, 'reveal-job', id],
    queryFn: ({ signal }) => api.get(`/api/v1/prospects/reveal-jobs/${id}`, { schema: revealJobSchema, signal }),
    enabled: id !== null,
    refetchInterval: (query) => (jobEnded(query.state.data) ? false : 1000),
  });

/** Cancels a bulk reveal (its starter, an owner or an admin): what it revealed stays, its hold is released. */
export function useCancelRevealJob(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`/api/v1/prospects/reveal-jobs/${id}/cancel`, undefined, { schema: revealJobSchema }),
    onSuccess: (job) => {
      queryClient.setQueryData([...prospectsKey, 'reveal-job', id], job);
      void refreshAfterReveal(queryClient);
    },
  });
}

/** Contacts lists a reveal can add the people to. */
export const useContactLists = (enabled: boolean) =>
  useQuery({
    queryKey: ['lists', 'all', 'contacts'],
    queryFn: ({ signal }) =>
      api.get('/api/v1/lists', { schema: listPageSchema, signal, query: { limit: 500, entity: 'contacts', sort: 'name' } }),
    enabled,
  });
