import { workspaceSchema, type Workspace, type WorkspaceUpdateBody } from '@leadtrail/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/upload-client';

export const workspaceKey = ['workspace'] as const;

export const workspaceQueryOptions = () =>
  queryOptions({
    queryKey: workspaceKey,
    queryFn: ({ signal }) => api.get('/api/v1/workspace', { schema: workspaceSchema, signal }),
  });

export const useWorkspace = () => useQuery(workspaceQueryOptions());

/** The name shows in the top bar (from `me`): refresh both. */
function useSaved() {
  const queryClient = useQueryClient();
  return async (workspace: Workspace) => {
    queryClient.setQueryData(workspaceKey, workspace);
    await queryClient.invalidateQueries({ queryKey: ['me'] });
  };
}

export function useUpdateWorkspace() {
  const saved = useSaved();
  return useMutation({
    mutationFn: (body: WorkspaceUpdateBody) => api.patch('/api/v1/workspace', body, { schema: workspaceSchema }),
    onSuccess: saved,
  });
}

const uploadLogo = (file: File): Promise<Workspace> =>
  uploadFile('/api/v1/workspace/logo', file, {
    method: 'PUT',
    schema: workspaceSchema,
    failedTitle: 'The logo could not be uploaded.',
  });

export function useUploadLogo() {
  const saved = useSaved();
  return useMutation({ mutationFn: uploadLogo, onSuccess: saved });
}

export function useRemoveLogo() {
  const saved = useSaved();
  return useMutation({
    mutationFn: () => api.delete('/api/v1/workspace/logo', { schema: workspaceSchema }),
    onSuccess: saved,
  });
}

/** Makes another of the user's workspaces the session's (POST /api/v1/me/workspace; the top bar's switcher). */
export const useSwitchWorkspace = () =>
  useMutation({ mutationFn: (body: { workspaceId: string }) => api.post<unknown>('/api/v1/me/workspace', body) });
