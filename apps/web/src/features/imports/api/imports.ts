import {
  activeImportStatuses,
  importDetailSchema,
  importErrorPageSchema,
  importSuppressedPageSchema,
  importPageSchema,
  importUndoResultSchema,
  type Entity,
  type ImportDetail,
  type ImportStatus,
  type UpdateImportBody,
} from '@leadtrail/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { customFieldsKey } from '../../../lib/custom-fields-query';
import { recordKeys } from '../../../lib/record-keys';
import { api } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/upload-client';

export const importsKey = ['imports'] as const;
export const importKey = (id: string) => [...importsKey, 'detail', id] as const;

const isActive = (status: ImportStatus) => activeImportStatuses.includes(status);

/** The history, newest first; polled every second while any import on the page is running. */
export const useImports = (filters: { status: ImportStatus[]; cursor?: string; limit?: number }) =>
  useQuery({
    queryKey: [...importsKey, 'page', filters],
    queryFn: ({ signal }) =>
      api.get('/api/v1/imports', {
        schema: importPageSchema,
        signal,
        query: { limit: filters.limit ?? 50, cursor: filters.cursor, status: filters.status.join(',') || undefined },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((i) => isActive(i.status)) ? 1000 : false),
  });

export const importQueryOptions = (id: string) =>
  queryOptions({
    queryKey: importKey(id),
    queryFn: ({ signal }) => api.get(`/api/v1/imports/${id}`, { schema: importDetailSchema, signal }),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && (isActive(data.status) || (data.status === 'processing' && data.cancelRequested)) ? 1000 : false;
    },
  });

export const useImport = (id: string) => useQuery(importQueryOptions(id));

export const useImportErrors = (id: string, cursor: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: [...importKey(id), 'errors', cursor ?? null],
    queryFn: ({ signal }) =>
      api.get(`/api/v1/imports/${id}/errors`, { schema: importErrorPageSchema, signal, query: { limit: 25, cursor } }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** The rows left out as suppressed, with the entry that matched each (a page of 25). */
export const useImportSuppressed = (id: string, cursor: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: [...importKey(id), 'suppressed', cursor ?? null],
    queryFn: ({ signal }) =>
      api.get(`/api/v1/imports/${id}/suppressed`, { schema: importSuppressedPageSchema, signal, query: { limit: 25, cursor } }),
    placeholderData: keepPreviousData,
    enabled,
  });

const store = (queryClient: QueryClient, imp: ImportDetail) => {
  queryClient.setQueryData(importKey(imp.id), imp);
  return queryClient.invalidateQueries({ queryKey: [...importsKey, 'page'] });
};

export function useUpdateImport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateImportBody) => api.patch(`/api/v1/imports/${id}`, body, { schema: importDetailSchema }),
    onSuccess: (imp) => store(queryClient, imp),
  });
}

export function useImportAction(id: string, action: 'start' | 'cancel') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`/api/v1/imports/${id}/${action}`, undefined, { schema: importDetailSchema }),
    onSuccess: (imp) =>
      Promise.all([
        store(queryClient, imp),
        // starting creates the custom fields the mapping asked for
        ...(action === 'start' ? [queryClient.invalidateQueries({ queryKey: customFieldsKey })] : []),
      ]),
  });
}

/** Discards an upload never started: the import and its file go from the history. */
export function useDiscardImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/v1/imports/${id}`),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: importKey(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: importsKey }),
        queryClient.invalidateQueries({ queryKey: ['dashboard', 'recent-imports'] }),
      ]);
    },
  });
}

export function useUndoImport(id: string, entity: Entity) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`/api/v1/imports/${id}/undo`, undefined, { schema: importUndoResultSchema }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: importsKey }),
        queryClient.invalidateQueries({ queryKey: recordKeys.all(entity) }),
      ]),
  });
}

/** Uploads a file with progress; resolves with the import in status mapping, rejects with an ApiError. */
export const uploadImportFile = (file: File, entity: Entity, onProgress: (fraction: number) => void, signal?: AbortSignal) =>
  uploadFile('/api/v1/imports', file, {
    query: { entity },
    schema: importDetailSchema,
    onProgress,
    signal,
    tooLargeTitle: 'The file is larger than 512 MB: split it and import each part.',
  });

export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { file: File; entity: Entity; onProgress: (fraction: number) => void; signal?: AbortSignal }) =>
      uploadImportFile(input.file, input.entity, input.onProgress, input.signal),
    onSuccess: (imp) => store(queryClient, imp),
  });
}

/** The grid of the records an import created (the contacts or companies grid filtered by it). */
export const importedRecordsUrl = (imp: { id: string; entity: Entity }) =>
  `/my-contacts/${imp.entity}?filter=${encodeURIComponent(JSON.stringify({ and: [{ field: 'importId', op: 'is', value: imp.id }] }))}`;
