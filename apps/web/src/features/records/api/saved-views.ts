import { savedViewListSchema, savedViewSchema, type SavedViewCreate, type SavedViewUpdate } from '@leadtrail/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Saved views of a records grid (issue 14): mine and the workspace's shared ones. */
export const savedViewsQueryOptions = (grid: string) =>
  queryOptions({
    queryKey: ['saved-views', grid],
    queryFn: ({ signal }) => api.get('/api/v1/saved-views', { query: { grid }, schema: savedViewListSchema, signal }),
    staleTime: 60_000,
  });

export const useSavedViews = (grid: string) => useQuery(savedViewsQueryOptions(grid));

export function useSavedViewMutations(grid: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: savedViewsQueryOptions(grid).queryKey });
  return {
    create: useMutation({
      mutationFn: (body: SavedViewCreate) => api.post('/api/v1/saved-views', body, { schema: savedViewSchema }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: SavedViewUpdate }) => api.patch(`/api/v1/saved-views/${id}`, body, { schema: savedViewSchema }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete(`/api/v1/saved-views/${id}`),
      onSuccess: refresh,
    }),
  };
}
