import { gridPreferencesSchema, type GridPreferences, type GridPreferencesBody } from '@leadtrail/contracts';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api, apiRequest, errorMessage } from './api-client';

const path = (grid: string) => `/api/v1/grid-preferences/${encodeURIComponent(grid)}`;

export const gridPreferencesQueryOptions = (grid: string) =>
  queryOptions({
    queryKey: ['grid-preferences', grid],
    queryFn: ({ signal }) => api.get(path(grid), { schema: gridPreferencesSchema, signal }),
    staleTime: 5 * 60_000,
  });

/**
 * The user's saved columns for a grid. Changes apply at once and are saved shortly after
 * (a drag through several positions is one request).
 */
export function useGridPreferences(grid: string | undefined) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...gridPreferencesQueryOptions(grid ?? ''), enabled: Boolean(grid) });
  const save = useMutation({
    // No columns means "back to the defaults": the saved choice is removed.
    mutationFn: (body: GridPreferencesBody) =>
      body.columns.length
        ? apiRequest(path(grid!), { method: 'PUT', body, schema: gridPreferencesSchema })
        : api.delete(path(grid!), { schema: gridPreferencesSchema }),
    onSuccess: (saved) => queryClient.setQueryData(gridPreferencesQueryOptions(grid!).queryKey, saved),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Column choice not saved', message: errorMessage(error) }),
  });
  // issue 14: a choice still waiting for its save is sent when the grid goes away (another page)
  // or the page does (reload, tab closed: a keepalive request outlives the page)
  // the grid is kept with the choice: a grid that changes under a pending save keeps its own
  const pending = useRef<{ grid: string; body: GridPreferencesBody } | null>(null);
  const saveLater = useDebouncedCallback((body: GridPreferencesBody) => {
    pending.current = null;
    save.mutate(body);
  }, 600);
  const flushRef = useRef<(leaving: boolean) => void>(() => {});
  flushRef.current = (leaving) => {
    const waiting = pending.current;
    if (!waiting) return;
    const { body } = waiting;
    pending.current = null;
    saveLater.cancel();
    if (!leaving && waiting.grid === grid) {
      save.mutate(body);
      return;
    }
    void fetch(path(waiting.grid), {
      method: body.columns.length ? 'PUT' : 'DELETE',
      headers: body.columns.length ? { 'Content-Type': 'application/json', Accept: 'application/json' } : { Accept: 'application/json' },
      body: body.columns.length ? JSON.stringify(body) : undefined,
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => undefined);
  };
  useEffect(() => {
    const onPageHide = () => flushRef.current(true);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      // unmounted (the user went to another screen): the app lives on, a plain save will do
      flushRef.current(false);
    };
  }, [grid]);

  const setColumns = (columns: string[] | null) => {
    if (!grid) return;
    const key = gridPreferencesQueryOptions(grid).queryKey;
    const previous = queryClient.getQueryData<GridPreferences>(key);
    // back to the defaults forgets the widths too; a new column choice keeps them
    const widths = columns ? (previous?.widths ?? null) : null;
    queryClient.setQueryData<GridPreferences>(key, {
      grid,
      widths,
      pageSize: previous?.pageSize ?? null,
      updatedAt: previous?.updatedAt ?? null,
      columns,
    });
    pending.current = { grid, body: { columns: columns ?? [], ...(widths ? { widths } : {}) } };
    saveLater(pending.current.body);
  };

  /** One column's width; `shown` is the columns on screen, saved as the choice when the user had none. */
  const setWidth = (column: string, width: number, shown: string[]) => {
    if (!grid) return;
    const key = gridPreferencesQueryOptions(grid).queryKey;
    const previous = queryClient.getQueryData<GridPreferences>(key);
    const columns = previous?.columns?.length ? previous.columns : shown;
    const widths = { ...(previous?.widths ?? {}), [column]: width };
    queryClient.setQueryData<GridPreferences>(key, {
      grid,
      widths,
      pageSize: previous?.pageSize ?? null,
      updatedAt: previous?.updatedAt ?? null,
      columns,
    });
    pending.current = { grid, body: { columns, widths } };
    saveLater(pending.current.body);
  };

  return {
    /** null while loading or when the user never chose (the grid's defaults apply). */
    columns: query.data?.columns?.length ? query.data.columns : null,
    ready: !grid || !query.isPending,
    setColumns,
    /** The user's column widths by key (null: every column at its default). */
    widths: query.data?.widths ?? null,
    setWidth,
  };
}
