import {
  suppressionBulkDeleteResultSchema,
  suppressionCreateResultSchema,
  suppressionPageSchema,
  type SuppressionCreateBody,
  type SuppressionCreateResult,
  type SuppressionKind,
  type SuppressionReason,
} from '@leadtrail/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/upload-client';

export const suppressionsKey = ['suppressions'] as const;

export type SuppressionFilters = { q: string; kind: SuppressionKind | null; reason: SuppressionReason | null };

const PAGE = 50;

/** The list, newest first, 50 at a time; the first page carries the total. */
export const useSuppressions = (filters: SuppressionFilters) =>
  useInfiniteQuery({
    queryKey: [...suppressionsKey, 'list', filters],
    queryFn: ({ pageParam, signal }) =>
      api.get('/api/v1/suppressions', {
        schema: suppressionPageSchema,
        signal,
        query: {
          limit: PAGE,
          cursor: pageParam,
          q: filters.q.trim() || undefined,
          kind: filters.kind ?? undefined,
          reason: filters.reason ?? undefined,
          count: pageParam === undefined ? 'true' : undefined,
        },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

/**
 * Suppression changes flag and unflag contacts at once: everything that shows contacts
 * (grids, detail pages, lists, export counts) is reloaded, not just this list.
 */
const refreshEverything = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'me' });

export function useAddSuppressions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SuppressionCreateBody) =>
      api.post('/api/v1/suppressions', body, { schema: suppressionCreateResultSchema }),
    onSuccess: () => refreshEverything(queryClient),
  });
}

export function useRemoveSuppressions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      ids.length === 1
        ? api.delete(`/api/v1/suppressions/${ids[0]}`).then(() => ({ removed: 1 }))
        : api.delete('/api/v1/suppressions', { body: { ids }, schema: suppressionBulkDeleteResultSchema }),
    onSuccess: () => refreshEverything(queryClient),
  });
}

/** Uploads a CSV with progress; resolves with the same report as adding, rejects with an ApiError. */
export const uploadSuppressionCsv = (
  file: File,
  options: { reason: SuppressionReason; note: string },
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<SuppressionCreateResult> =>
  uploadFile('/api/v1/suppressions/upload', file, {
    query: { reason: options.reason, note: options.note.trim() },
    schema: suppressionCreateResultSchema,
    onProgress,
    signal,
  });

export function useUploadSuppressions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      file: File;
      reason: SuppressionReason;
      note: string;
      onProgress: (fraction: number) => void;
    }) => uploadSuppressionCsv(input.file, { reason: input.reason, note: input.note }, input.onProgress),
    onSuccess: () => refreshEverything(queryClient),
  });
}

/** `/api/v1/suppressions/export?…` with the current search and filters. */
export function suppressionExportUrl(filters: SuppressionFilters): string {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.reason) params.set('reason', filters.reason);
  const query = params.toString();
  return `/api/v1/suppressions/export${query ? `?${query}` : ''}`;
}
