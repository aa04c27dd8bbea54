import { importEnrichmentSchema, importEnrichPreviewSchema, type ImportStatus } from '@leadtrail/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { importKey } from './imports';

/** The enrich option's dry run for the current mapping and cap (nothing is charged). */
export const useEnrichPreview = (id: string, cap: number | null, enabled: boolean) =>
  useQuery({
    queryKey: [...importKey(id), 'enrich-preview', cap],
    queryFn: ({ signal }) => api.post(`/api/v1/imports/${id}/enrich-preview`, { cap }, { schema: importEnrichPreviewSchema, signal }),
    enabled,
  });

/** What the import's enrichment charged and filled; polled while the import runs. */
export const useImportEnrichment = (id: string, status: ImportStatus, enabled: boolean) =>
  useQuery({
    queryKey: [...importKey(id), 'enrichment', status],
    queryFn: ({ signal }) => api.get(`/api/v1/imports/${id}/enrichment`, { schema: importEnrichmentSchema, signal }),
    enabled,
    refetchInterval: status === 'processing' || status === 'queued' ? 2000 : false,
  });
