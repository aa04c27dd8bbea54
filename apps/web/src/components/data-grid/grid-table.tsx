import { Anchor, Box, Checkbox, Group, Skeleton, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef, useState, type CSSProperties, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { columnAlign, columnWidth, defaultCell } from './cells';
import { ColumnResizer } from './column-resizer';
import { parseSortParam } from './filter-model';
import type { GridColumn } from './types';

export const ROW_HEIGHT = 42;
const CHECKBOX_WIDTH = 44;
const SELECTED_TINT = 'light-dark(var(--mantine-color-blue-0), var(--mantine-primary-color-light))';

/**
 * Issue 14: the checkbox and the record's name stay in view when the grid scrolls sideways.
 * Sticky cells need an opaque background (the tint of a selected row is layered over the page's).
 */
const pinnedStyle = (left: number, opts: { edge?: boolean; selected?: boolean; header?: boolean } = {}): CSSProperties => ({
  position: 'sticky',
  left,
  zIndex: opts.header ? 3 : 1,
  backgroundColor: 'var(--mantine-color-body)',
  backgroundImage: opts.selected ? `linear-gradient(${SELECTED_TINT}, ${SELECTED_TINT})` : undefined,
  boxShadow: opts.edge ? 'inset -1px 0 0 var(--mantine-color-default-border)' : undefined,
});

type GridTableProps<Row> = {
  columns: GridColumn<Row>[];
  rows: Row[];
  getRowId: (row: Row) => string;
  rowHref?: (row: Row) => string;
  getRowLabel: (row: Row) => string;
  sort: string | undefined;
  onSort: (field: string) => void;
  isSelected: (id: string) => boolean;
  onToggleRow: (row: Row, checked: boolean) => void;
  headerChecked: boolean;
  headerIndeterminate: boolean;
  onToggleAll: (checked: boolean) => void;
  /** Skeleton rows while the first page loads. */
  loading: boolean;
  /** Total rows when known, for screen readers (aria-rowcount). */
  total: number | null;
  hasMore: boolean;
  onReachEnd: () => void;
  caption: string;
  maxHeight: string;
  /** The user's widths by column key (kept with their columns); a column without one has its default. */
  widths?: Record<string, number> | null;
  /** A column resized by its header's handle. */
  onResize?: (key: string, width: number) => void;
};

const isInteractive = (target: EventTarget | null, container: HTMLElement) => {
  let node = target as HTMLElement | null;
  while (node && node !== container) {
    if (['A', 'BUTTON', 'INPUT', 'LABEL', 'SELECT', 'TEXTAREA'].includes(node.tagName)) return true;
    node = node.parentElement;
  }
  return false;
};

/**
 * The rows in a virtualised table: only the rows in view (plus a margin) are in the DOM, so a
 * user can scroll through thousands of loaded rows. Column widths are fixed, and the grid
 * scrolls horizontally instead of squeezing columns.
 */
export function GridTable<Row>(props: GridTableProps<Row>) {
  const { columns, rows, getRowId, rowHref, sort, loading, hasMore, onReachEnd } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    // rows beyond the visible ones, above and below: enough for a fling, few enough to render fast
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.length ? items[items.length - 1]!.index : -1;

  // Infinite scroll: ask for the next page when the last rows come into view.
  useEffect(() => {
    if (hasMore && rows.length > 0 && lastIndex >= rows.length - 15) onReachEnd();
  }, [hasMore, lastIndex, rows.length, onReachEnd]);

  // a drag shows its width at once; the chosen one is saved when released
  const [live, setLive] = useState<{ key: string; width: number } | null>(null);
  const widthOf = (c: GridColumn<Row>) => (live?.key === c.key ? live.width : (props.widths?.[c.key] ?? columnWidth(c)));
  const width = CHECKBOX_WIDTH + columns.reduce((sum, c) => sum + widthOf(c), 0);
  const current = parseSortParam(sort ?? null);
  const paddingTop = items.length ? items[0]!.start : 0;
  const paddingBottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  const span = columns.length + 1;

  // The rows are memoised (issue 13: a new page, a selection or the virtualiser's first
  // measure renders only the rows that changed): they reach the latest handlers through a ref.
  const actions = useRef<RowActions<Row>>({ open: () => {}, toggle: () => {} }).current;
  actions.open = (href, event) => {
    if (isInteractive(event.target, event.currentTarget)) return;
    if (window.getSelection()?.toString()) return; // selecting text is not a click on the row
    if (event.metaKey || event.ctrlKey) window.open(href, '_blank', 'noopener');
    else void navigate(href);
  };
  actions.toggle = props.onToggleRow;

  const firstLinkColumn = columns.find((c) => c.pinned)?.key ?? columns[0]?.key;
  // the name column pins when it comes first (the grid puts pinned columns first)
  const pinnedKey = columns[0]?.pinned ? columns[0].key : null;

  return (
    <Box
      ref={scrollRef}
      style={{ overflow: 'auto', maxHeight: props.maxHeight, overscrollBehavior: 'contain' }}
      tabIndex={0}
      aria-label={`${props.caption}, scrollable`}
      role="region"
    >
      <Table
        stickyHeader
        highlightOnHover
        layout="fixed"
        verticalSpacing={0}
        horizontalSpacing="sm"
        style={{ width, minWidth: '100%' }}
        aria-rowcount={props.total !== null ? props.total + 1 : -1}
      >
        <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
          {props.caption}
        </caption>
        <colgroup>
          <col style={{ width: CHECKBOX_WIDTH }} />
          {columns.map((c) => (
            <col key={c.key} style={{ width: widthOf(c) }} />
          ))}
        </colgroup>
        <Table.Thead style={{ zIndex: 2 }}>
          <Table.Tr aria-rowindex={1}>
            <Table.Th h={ROW_HEIGHT} style={pinnedStyle(0, { header: true, edge: !pinnedKey })}>
              <Checkbox
                size="xs"
                aria-label="Select all loaded rows"
                checked={props.headerChecked}
                indeterminate={props.headerIndeterminate}
                onChange={(event) => props.onToggleAll(event.currentTarget.checked)}
                disabled={rows.length === 0}
              />
            </Table.Th>
            {columns.map((c) => {
              const active = current?.field === (c.sortField ?? c.key) ? current.direction : null;
              const align = columnAlign(c);
              return (
                <Table.Th
                  key={c.key}
                  ta={align}
                  aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : undefined}
                  data-pinned={c.key === pinnedKey || undefined}
                  style={{
                    whiteSpace: 'nowrap',
                    position: 'relative',
                    ...(c.key === pinnedKey ? pinnedStyle(CHECKBOX_WIDTH, { header: true, edge: true }) : {}),
                  }}
                >
                  {props.onResize && (
                    <ColumnResizer
                      label={c.label}
                      width={widthOf(c)}
                      onLive={(w) => setLive({ key: c.key, width: w })}
                      onCommit={(w) => {
                        setLive(null);
                        props.onResize?.(c.key, w);
                      }}
                    />
                  )}
                  {c.sortable === false ? (
                    c.label
                  ) : (
                    <UnstyledButton
                      onClick={() => props.onSort(c.sortField ?? c.key)}
                      fw={600}
                      fz="sm"
                      w="100%"
                      aria-label={`${c.label}: sort ${active === 'asc' ? 'descending' : active === 'desc' ? 'by default order' : 'ascending'}`}
                    >
                      <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : 'flex-start'}>
                        <Box component="span" style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                          {c.label}
                        </Box>
                        {active === 'asc' ? (
                          <IconArrowUp size={14} aria-hidden="true" />
                        ) : active === 'desc' ? (
                          <IconArrowDown size={14} aria-hidden="true" />
                        ) : (
                          <IconArrowsSort size={14} aria-hidden="true" opacity={0.4} />
                        )}
                      </Group>
                    </UnstyledButton>
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading &&
            Array.from({ length: 10 }, (_, i) => (
              <Table.Tr key={`skeleton-${i}`} h={ROW_HEIGHT} aria-hidden="true">
                <Table.Td>
                  <Skeleton height={14} width={14} radius="sm" />
                </Table.Td>
                {columns.map((c, j) => (
                  <Table.Td key={c.key}>
                    <Skeleton height={12} radius="sm" width={`${55 + ((i * 7 + j * 13) % 40)}%`} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          {paddingTop > 0 && (
            <tr aria-hidden="true">
              <td colSpan={span} style={{ height: paddingTop, padding: 0, border: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index] as Row;
            const id = getRowId(row);
            return (
              <GridRow<Row>
                key={id}
                row={row}
                index={item.index}
                columns={columns}
                selected={props.isSelected(id)}
                label={props.getRowLabel(row)}
                href={rowHref?.(row)}
                pinnedKey={pinnedKey}
                firstLinkColumn={firstLinkColumn}
                actions={actions}
              />
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden="true">
              <td colSpan={span} style={{ height: paddingBottom, padding: 0, border: 0 }} />
            </tr>
          )}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

type RowActions<Row> = {
  open: (href: string, event: MouseEvent<HTMLTableRowElement>) => void;
  toggle: (row: Row, checked: boolean) => void;
};

type GridRowProps<Row> = {
  row: Row;
  index: number;
  columns: GridColumn<Row>[];
  selected: boolean;
  label: string;
  href: string | undefined;
  pinnedKey: string | null;
  firstLinkColumn: string | undefined;
  actions: RowActions<Row>;
};

// Plain cells with Table's own classes and data attributes (what Table.Tr and Table.Td render):
// a row has a cell per column, and Mantine's Box machinery per cell was most of a row's cost.
const rowClass = `${Table.classes.tr} mantine-Table-tr`;
const cellClass = `${Table.classes.td} mantine-Table-td`;

function GridRowBase<Row>({ row, index, columns, selected, label, href, pinnedKey, firstLinkColumn, actions }: GridRowProps<Row>) {
  return (
    <tr
      className={rowClass}
      data-with-row-border
      data-hover
      data-index={index}
      aria-rowindex={index + 2}
      aria-selected={selected}
      onClick={href ? (event) => actions.open(href, event) : undefined}
      style={{
        height: ROW_HEIGHT,
        cursor: href ? 'pointer' : undefined,
        // A light tint: the row's links keep 4.5:1 contrast on it.
        backgroundColor: selected ? SELECTED_TINT : undefined,
      }}
    >
      <td className={cellClass} style={pinnedStyle(0, { selected, edge: !pinnedKey })}>
        <Checkbox
          size="xs"
          aria-label={`Select ${label}`}
          checked={selected}
          onChange={(event) => actions.toggle(row, event.currentTarget.checked)}
        />
      </td>
      {columns.map((c) => {
        const content = c.render ? c.render(row) : defaultCell(c, row);
        return (
          <td
            key={c.key}
            className={cellClass}
            data-pinned={c.key === pinnedKey || undefined}
            style={{
              ...(c.key === pinnedKey ? pinnedStyle(CHECKBOX_WIDTH, { selected, edge: true }) : {}),
              textAlign: columnAlign(c),
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              fontVariantNumeric: c.kind === 'number' ? 'tabular-nums' : undefined,
            }}
          >
            {c.key === firstLinkColumn && href && !c.render ? (
              <Anchor component={Link} to={href} size="sm" fw={500}>
                {content}
              </Anchor>
            ) : (
              content
            )}
          </td>
        );
      })}
    </tr>
  );
}

const GridRow = memo(GridRowBase) as typeof GridRowBase;
