import {
  deleteWorkspaceResultSchema,
  erasureFilesDeletedSchema,
  erasureResultSchema,
  privacySettingsSchema,
  workspaceExportListSchema,
  workspaceExportStartedSchema,
  type DeleteWorkspaceBody,
  type ErasureRequest,
  type PrivacySettings,
} from '@leadtrail/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client';

/** Settings → Privacy (issue 15): erasure, workspace export, retention, deleting the workspace. */
export const exportsKey = ['privacy', 'exports'] as const;
export const privacySettingsKey = ['privacy', 'settings'] as const;

/**
 * An erasure removes records everywhere: every cached list, grid and count may hold the person.
 * Not awaited: a contact's page leaves first, or its refetch would show "does not exist".
 */
export function useErasePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ErasureRequest) => api.post('/api/v1/privacy/erasures', body, { schema: erasureResultSchema }),
    onSuccess: () => {
      setTimeout(() => void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'me' }), 0);
    },
  });
}

/** Deletes the uploaded files an erasure listed. */
export function useDeleteErasedFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (importIds: string[]) =>
      api.post('/api/v1/privacy/erasures/files', { importIds }, { schema: erasureFilesDeletedSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['imports'] }),
  });
}

/** The latest exports; polled every second while one is queued or running. */
export const useWorkspaceExports = () =>
  useQuery({
    queryKey: exportsKey,
    queryFn: ({ signal }) => api.get('/api/v1/privacy/exports', { schema: workspaceExportListSchema, signal }),
    refetchInterval: (query) =>
      query.state.data?.data.some((e) => e.status === 'queued' || e.status === 'running') ? 1000 : false,
  });

export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/v1/privacy/exports', undefined, { schema: workspaceExportStartedSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportsKey }),
  });
}

export const usePrivacySettings = () =>
  useQuery({
    queryKey: privacySettingsKey,
    queryFn: ({ signal }) => api.get('/api/v1/privacy/settings', { schema: privacySettingsSchema, signal }),
  });

export function useUpdatePrivacySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PrivacySettings) =>
      apiRequest('/api/v1/privacy/settings', { method: 'PUT', body, schema: privacySettingsSchema }),
    onSuccess: (saved) => queryClient.setQueryData(privacySettingsKey, saved),
  });
}

export const useDeleteWorkspace = () =>
  useMutation({
    mutationFn: (body: DeleteWorkspaceBody) =>
      api.delete('/api/v1/workspace', { body, schema: deleteWorkspaceResultSchema }),
  });
