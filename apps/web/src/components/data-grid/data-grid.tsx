import { Alert, Box, Button, CloseButton, Group, Kbd, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback, useHotkeys } from '@mantine/hooks';
import { IconAlertTriangle, IconFilterOff, IconSearch } from '@tabler/icons-react';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client';
import { EmptyState } from '../empty-state';
import { BulkActionBar } from './bulk-action-bar';
import { ColumnChooser, resolveColumnState, type ColumnState } from './column-chooser';
import { ExportControl } from './export-control';
import { exportUrl, readerZone } from './export-url';
import { FilterBar } from './filter-bar';
import { nextSort } from './filter-model';
import { GridTable } from './grid-table';
import type {
  BulkAction,
  CountParams,
  ExportRequest,
  FetchValues,
  GridColumn,
  GridFilter,
  GridSelection,
  GridViewControl,
  GridViewState,
  Page,
  PageParams,
} from './types';
import { useGridPreferences } from '../../lib/grid-preferences';
import { useGridUrlState } from './use-grid-url-state';

export type DataGridProps<Row> = {
  /** Names the grid for saved preferences (`contacts`, `companies`, `list:<id>`). */
  grid: string;
  noun: { singular: string; plural: string };
  /** Every standard and custom field: columns, sort and filters. */
  columns: GridColumn<Row>[];
  /** Prefix of the data's query keys; invalidate it to reload the grid. */
  queryKey: readonly unknown[];
  /** The data source: a page of rows for q, filter and sort (scoped however the caller likes). */
  fetchPage: (params: PageParams) => Promise<Page<Row>>;
  /** Issue 14: saved views as tabs above the toolbar (given the grid's state and a way to apply a view). */
  renderViews?: (control: GridViewControl) => ReactNode;
  /** Issue 14: low-cardinality filter values picked from a list with counts. */
  fetchValues?: FetchValues;
  /** The number of rows matching q and filter; without it the first page is asked for its total. */
  fetchCount?: (params: CountParams) => Promise<number>;
  getRowId: (row: Row) => string;
  /** Read by screen readers for the row's checkbox ("Select Ada Lovelace"). */
  getRowLabel: (row: Row) => string;
  /** Where a row leads; rows open on click. */
  rowHref?: (row: Row) => string;
  /** `/api/v1/contacts/export`; null hides export. */
  exportPath?: string | null;
  /** When given, Export opens this (a dialog) instead of downloading at once. */
  onExport?: (request: ExportRequest<Row>) => void;
  /** Actions on the selected rows, after the built-in export. */
  bulkActions?: BulkAction<Row>[];
  /** Shown when there are no rows at all (no search, no filter): say what the grid is for. */
  emptyState: ReactNode;
  searchPlaceholder?: string;
  pageSize?: number;
  /** The grid's scroll area height (the page scrolls around it). */
  maxHeight?: string;
};

/** Rows asked for per page unless a grid says otherwise. */
export const DEFAULT_PAGE_SIZE = 50;

type GridQuerySource<Row> = Pick<DataGridProps<Row>, 'queryKey' | 'fetchPage' | 'fetchCount' | 'pageSize'>;

/**
 * The grid's pages of rows for a search, filter and sort (the grid's own query: a route loader
 * can fill it before the grid renders).
 */
export const gridRowsQueryOptions = <Row,>(
  { queryKey, fetchPage, fetchCount, pageSize = DEFAULT_PAGE_SIZE }: GridQuerySource<Row>,
  { q, filter, sort }: { q: string; filter: GridFilter | null; sort: string | undefined },
) =>
  infiniteQueryOptions({
    queryKey: [...queryKey, 'grid', { q, filter, sort, pageSize }],
    queryFn: ({ pageParam, signal }) =>
      fetchPage({
        cursor: pageParam,
        limit: pageSize,
        q,
        filter,
        sort,
        signal,
        count: !fetchCount && pageParam === undefined,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The number of rows matching a search and filter, when the grid has a count of its own. */
export const gridCountQueryOptions = <Row,>(
  { queryKey, fetchCount }: GridQuerySource<Row>,
  { q, filter }: { q: string; filter: GridFilter | null },
) =>
  queryOptions({
    queryKey: [...queryKey, 'count', { q, filter }],
    queryFn: ({ signal }) => fetchCount!({ q, filter, signal }),
  });

type SelectionState<Row> = { scope: string; rows: Map<string, Row>; all: boolean };

/**
 * The data grid of contacts, companies and list members (UI.md "Grids"): quick search,
 * filter chips, column chooser, export, sortable sticky header, row selection with bulk actions
 * and "select all N matching", cursor paging with infinite scroll. Search, filters and sort live
 * in the URL.
 */
export function DataGrid<Row>(props: DataGridProps<Row>) {
  const { columns, noun, fetchPage, fetchCount, queryKey, getRowId, pageSize = DEFAULT_PAGE_SIZE } = props;
  const url = useGridUrlState();
  const { q, filter, sort, nodes } = url;
  const queryClient = useQueryClient();
  const searchRef = useRef<HTMLInputElement>(null);

  // ---- columns (saved per user)
  const preferences = useGridPreferences(props.grid);
  const [localColumns, setLocalColumns] = useState<ColumnState[] | null>(null);
  const columnState = useMemo(
    () => localColumns ?? resolveColumnState(columns, preferences.columns),
    [localColumns, columns, preferences.columns],
  );
  const byKey = useMemo(() => new Map(columns.map((c) => [c.key, c])), [columns]);
  const visibleColumns = useMemo(
    () =>
      columnState
        .filter((s) => s.visible || byKey.get(s.key)?.pinned)
        .map((s) => byKey.get(s.key))
        .filter((c): c is GridColumn<Row> => Boolean(c))
        // pinned columns (the record's name) come first: they stay in view when scrolling sideways
        .sort((a, b) => Number(Boolean(b.pinned)) - Number(Boolean(a.pinned))),
    [columnState, byKey],
  );
  const changeColumns = (state: ColumnState[]) => {
    setLocalColumns(state);
    preferences.setColumns(state.filter((s) => s.visible).map((s) => s.key));
  };
  const resetColumns = () => {
    setLocalColumns(null);
    preferences.setColumns(null);
  };

  // ---- data
  const scope = useMemo(() => JSON.stringify({ q, filter }), [q, filter]);
  const source = { queryKey, fetchPage, fetchCount, pageSize };
  const rowsQuery = useInfiniteQuery({ ...gridRowsQueryOptions(source, { q, filter, sort }), placeholderData: keepPreviousData });
  const countQuery = useQuery({
    ...gridCountQueryOptions(source, { q, filter }),
    enabled: Boolean(fetchCount),
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => rowsQuery.data?.pages.flatMap((page) => page.data) ?? [], [rowsQuery.data]);
  const total: number | null = fetchCount ? (countQuery.data ?? null) : (rowsQuery.data?.pages[0]?.total ?? null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = rowsQuery;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !rowsQuery.isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, rowsQuery.isFetchNextPageError]);

  // ---- selection (cleared when the search or filters change)
  const [selection, setSelection] = useState<SelectionState<Row>>({ scope, rows: new Map(), all: false });
  const active = selection.scope === scope ? selection : { scope, rows: new Map<string, Row>(), all: false };
  const selectedCount = active.all ? (total ?? rows.length) : active.rows.size;
  const loadedSelected = rows.filter((row) => active.all || active.rows.has(getRowId(row))).length;
  const toggleRow = (row: Row, checked: boolean) => {
    const next = new Map(active.all ? rows.map((r) => [getRowId(r), r] as const) : active.rows);
    if (checked) next.set(getRowId(row), row);
    else next.delete(getRowId(row));
    setSelection({ scope, rows: next, all: false });
  };
  const toggleAll = (checked: boolean) =>
    setSelection({
      scope,
      rows: checked ? new Map(rows.map((r) => [getRowId(r), r] as const)) : new Map(),
      all: false,
    });
  const clearSelection = () => setSelection({ scope, rows: new Map(), all: false });
  const gridSelection: GridSelection<Row> = active.all
    ? { kind: 'all', q, filter, count: total }
    : {
        kind: 'ids',
        ids: [...active.rows.keys()],
        rows: [...active.rows.values()],
        count: active.rows.size,
      };
  const done = () => {
    clearSelection();
    void queryClient.invalidateQueries({ queryKey });
  };

  // ---- quick search: typed text reaches the URL (and the server) after a short pause
  const [search, setSearch] = useState(q);
  const pushSearch = useDebouncedCallback((value: string) => url.setQ(value), 300);
  useEffect(() => {
    // The URL changed under us (back button, "Clear filters"): show what it says.
    if (!pushSearch.isPending()) setSearch(q);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);
  useHotkeys([['/', () => searchRef.current?.focus()]]);

  const visibleKeys = [...new Set(visibleColumns.flatMap((c) => c.exportFields ?? [c.key]))];
  // the visible columns, or every field (no `columns`); times in the reader's zone either way
  const exportHrefs = (selection: { ids?: string[] }) =>
    props.exportPath
      ? {
          visible: exportUrl(props.exportPath, { q, filter, sort, columns: visibleKeys, tz: readerZone(), ...selection }),
          all: exportUrl(props.exportPath, { q, filter, sort, tz: readerZone(), ...selection }),
        }
      : null;
  const exportAll = exportHrefs({});
  const filtered = Boolean(q) || nodes.length > 0;
  const firstLoad = rowsQuery.isPending;
  const failed = rowsQuery.isError && !rowsQuery.isFetchNextPageError;

  const toolbar = (
    <Group gap="xs" wrap="wrap" align="center" mih={36}>
      <TextInput
        ref={searchRef}
        type="search"
        aria-label={`Search ${noun.plural}`}
        placeholder={props.searchPlaceholder ?? `Search ${noun.plural}`}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        rightSection={
          search ? (
            <CloseButton
              size="sm"
              aria-label="Clear search"
              onClick={() => {
                setSearch('');
                pushSearch.cancel();
                url.setQ('');
              }}
            />
          ) : (
            <Kbd size="xs" aria-hidden="true">
              /
            </Kbd>
          )
        }
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          pushSearch(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') pushSearch.flush();
          if (event.key === 'Escape' && search) {
            setSearch('');
            pushSearch.cancel();
            url.setQ('');
          }
        }}
        w={{ base: '100%', xs: 300 }}
        size="xs"
      />
      <FilterBar columns={columns} nodes={nodes} onChange={url.setNodes} fetchValues={props.fetchValues} q={q} />
      {filtered && (
        <Button variant="subtle" size="xs" onClick={url.clearFilters}>
          Clear all
        </Button>
      )}
      <Group gap="xs" ml="auto" wrap="nowrap">
        <Text size="sm" c="dimmed" aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
          {total === null ? '' : `${total.toLocaleString()} ${total === 1 ? noun.singular : noun.plural}`}
        </Text>
        <ColumnChooser
          columns={columns.filter((c) => c.column !== false)}
          state={columnState}
          onChange={changeColumns}
          onReset={resetColumns}
        />
        {exportAll && (
          <ExportControl
            label="Export"
            hrefs={exportAll}
            onChoose={props.onExport && ((href) => props.onExport?.({ href, selection: { kind: 'all', q, filter, count: total } }))}
          />
        )}
      </Group>
    </Group>
  );

  let body: ReactNode;
  if (failed && rows.length === 0) {
    body = (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} aria-hidden="true" />}
        title={`We could not load the ${noun.plural}`}
        role="alert"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(rowsQuery.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void rowsQuery.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!firstLoad && rows.length === 0) {
    body = filtered ? (
      <EmptyState
        icon={<IconFilterOff size={28} aria-hidden="true" />}
        title={`No ${noun.plural} match these filters`}
        text="Try another search, or remove a filter to see more."
        action={<Button onClick={url.clearFilters}>Clear filters</Button>}
        withBorder={false}
      />
    ) : (
      props.emptyState
    );
  } else {
    body = (
      <GridTable
        columns={visibleColumns}
        rows={rows}
        getRowId={getRowId}
        getRowLabel={props.getRowLabel}
        rowHref={props.rowHref}
        sort={sort}
        onSort={(field) => url.setSort(nextSort(sort, field))}
        isSelected={(id) => active.all || active.rows.has(id)}
        onToggleRow={toggleRow}
        headerChecked={rows.length > 0 && loadedSelected === rows.length}
        headerIndeterminate={loadedSelected > 0 && loadedSelected < rows.length}
        onToggleAll={toggleAll}
        loading={firstLoad}
        total={total}
        hasMore={Boolean(hasNextPage)}
        onReachEnd={loadMore}
        caption={noun.plural}
        maxHeight={props.maxHeight ?? 'calc(100dvh - 280px)'}
        widths={props.grid ? preferences.widths : null}
        onResize={
          props.grid
            ? (key, width) => preferences.setWidth(key, width, columnState.filter((s) => s.visible).map((s) => s.key))
            : undefined
        }
      />
    );
  }

  const applyView = (view: GridViewState) => {
    url.setView({ q: view.q, nodes: view.filter?.and ?? [], sort: view.sort });
    setSearch(view.q);
    pushSearch.cancel();
    if (view.columns?.length) changeColumns(resolveColumnState(columns, view.columns));
    else resetColumns();
  };
  const viewControl: GridViewControl = {
    current: { q, filter, sort, columns: columnState.filter((s) => s.visible).map((s) => s.key) },
    apply: applyView,
  };

  return (
    <Paper withBorder radius="md">
      {props.renderViews?.(viewControl)}
      <Box p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        {selectedCount > 0 ? (
          <BulkActionBar
            noun={noun}
            selection={gridSelection}
            selectedCount={selectedCount}
            total={total}
            canSelectAll={!active.all && loadedSelected === rows.length && (total ?? 0) > active.rows.size}
            onSelectAll={() => setSelection({ scope, rows: new Map(), all: true })}
            onClear={clearSelection}
            exportHrefs={active.all ? exportAll : exportHrefs({ ids: [...active.rows.keys()] })}
            onExport={props.onExport}
            actions={props.bulkActions ?? []}
            done={done}
          />
        ) : (
          toolbar
        )}
      </Box>
      <Box aria-busy={rowsQuery.isFetching}>{body}</Box>
      {rows.length > 0 && (
        <Group
          justify="space-between"
          px="sm"
          py={8}
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <Text size="sm" c="dimmed">
            Showing {rows.length.toLocaleString()}
            {total !== null ? ` of ${total.toLocaleString()}` : ''} {noun.plural}
          </Text>
          {rowsQuery.isFetchNextPageError ? (
            <Group gap="xs">
              <Text size="sm" c="red">
                More {noun.plural} could not be loaded.
              </Text>
              <Button size="xs" variant="light" onClick={() => void fetchNextPage()}>
                Try again
              </Button>
            </Group>
          ) : isFetchingNextPage ? (
            <Loader size="xs" aria-label={`Loading more ${noun.plural}`} />
          ) : hasNextPage ? (
            <Button size="xs" variant="default" onClick={loadMore}>
              Load more
            </Button>
          ) : null}
        </Group>
      )}
    </Paper>
  );
}
