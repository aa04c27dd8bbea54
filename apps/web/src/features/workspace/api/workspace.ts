import { problemSchema, workspaceSchema, type Workspace, type WorkspaceUpdateBody } from '@leadtrail/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';

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

/** Multipart upload (the JSON client doesn't send files); errors are the same problem details. */
async function uploadLogo(file: File): Promise<Workspace> {
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch('/api/v1/workspace/logo', {
      method: 'PUT',
      body,
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ApiError({
      type: 'about:blank',
      title: "We couldn't reach Leadtrail. Check your connection and try again.",
      status: 0,
      code: 'network_error',
    });
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const problem = problemSchema.safeParse(json);
    throw new ApiError(
      problem.success
        ? problem.data
        : {
            type: 'about:blank',
            title: 'The logo could not be uploaded.',
            status: response.status,
            code: `http_${response.status}`,
          },
    );
  }
  return workspaceSchema.parse(json);
}

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
