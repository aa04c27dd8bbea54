import { importPreflightSchema, type ImportMappingItem } from '@leadtrail/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { importKey } from './imports';

/** What the first 1,000 rows would do with this mapping (nothing is written); tried again when it changes. */
export const useImportPreflight = (id: string, mapping: ImportMappingItem[], enabled: boolean) =>
  useQuery({
    queryKey: [...importKey(id), 'preflight', mapping],
    queryFn: ({ signal }) => api.post(`/api/v1/imports/${id}/preflight`, { mapping }, { schema: importPreflightSchema, signal }),
    placeholderData: keepPreviousData,
    enabled,
    // a retry would answer the same: the file and the mapping decide it
    retry: false,
    staleTime: 60_000,
  });
