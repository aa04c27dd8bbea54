import { savedSearchListSchema, savedSearchSchema, type SavedSearchCreate } from '@leadtrail/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const savedSearchesKey = ['saved-searches'] as const;

/** My saved searches and the workspace's shared ones, each with "N new". */
export const useSavedSearches = () =>
  useQuery({
    queryKey: savedSearchesKey,
    queryFn: ({ signal }) => api.get('/api/v1/saved-searches', { schema: savedSearchListSchema, signal }),
    staleTime: 30_000,
  });

export const useCreateSavedSearch = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedSearchCreate) => api.post('/api/v1/saved-searches', body, { schema: savedSearchSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
};

/** Opening a tab: its "N new" goes back to 0. */
export const useOpenSavedSearch = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/api/v1/saved-searches/${id}/open`, undefined, { schema: savedSearchSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
};

export const useDeleteSavedSearch = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/v1/saved-searches/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
};
