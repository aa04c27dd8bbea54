import { searchResultSchema } from '@leadtrail/contracts';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** How long the palette waits after the last key before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 200;

/**
 * The palette's server search (GET /api/v1/search), asked once typing pauses. `settled` is false
 * while the typed text is ahead of the last answer.
 */
export function usePaletteSearch(query: string, enabled: boolean) {
  const q = query.trim();
  const [debounced] = useDebouncedValue(q, SEARCH_DEBOUNCE_MS);
  const result = useQuery({
    queryKey: ['palette-search', debounced],
    queryFn: ({ signal }) => api.get('/api/v1/search', { query: { q: debounced }, signal, schema: searchResultSchema }),
    enabled: enabled && debounced.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  return { ...result, settled: debounced === q && !result.isFetching };
}
