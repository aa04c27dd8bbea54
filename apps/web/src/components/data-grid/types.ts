import type { FieldKind, FilterCondition } from '@leadtrail/contracts';
import type { GridFilter } from '../../lib/grid-source';
import type { ReactNode } from 'react';

export type { FieldKind, FilterCondition, FilterNode, FilterOp } from '@leadtrail/contracts';

export type FilterValue = NonNullable<FilterCondition['value']>;
// The API's grid protocol (what a page or a count asks for): lib/grid-source.ts
export type { CountParams, FetchValues, GridFilter, GridSource, Page, PageParams } from '../../lib/grid-source';

export type GridOption = { value: string; label: string };

export type GridColumn<Row> = {
  /** Field name used in sort, filter and columns (`custom:<key>` for custom fields). */
  key: string;
  label: string;
  kind: FieldKind;
  options?: GridOption[];
  /** Defaults to true. */
  sortable?: boolean;
  /** Defaults to true. */
  filterable?: boolean;
  /** Shown as a column (false: filter only, e.g. a field the row does not carry). */
  column?: boolean;
  /** Width in px; the grid scrolls horizontally rather than squeezing. */
  width?: number;
  /** Numbers default to right. */
  align?: 'left' | 'right';
  /** Visible when the user has not chosen columns. */
  defaultVisible?: boolean;
  /** The API field this column sorts by, when the column is not itself a field (e.g. "Name"). */
  sortField?: string;
  /** The API fields this column exports as (defaults to its key). */
  exportFields?: string[];
  /** Can't be hidden (the record's name, which links to it). */
  pinned?: boolean;
  /** Cell content; defaults to a formatted value by kind. */
  render?: (row: Row) => ReactNode;
  /** The raw value; defaults to row[key] or row.customFields[key]. */
  value?: (row: Row) => unknown;
};

export type GridSort = { field: string; direction: 'asc' | 'desc' };

/** What a saved view holds (issue 14): the grid's search, filters, sort and visible columns. */
export type GridViewState = { q: string; filter: GridFilter | null; sort: string | undefined; columns: string[] | null };

/** Lets a page show saved views above a grid: the grid's current state, and applying a view. */
export type GridViewControl = { current: GridViewState; apply: (view: GridViewState) => void };

/** What a bulk action acts on: the ticked rows, or every row matching the grid's filter. */
export type GridSelection<Row> =
  | { kind: 'ids'; ids: string[]; rows: Row[]; count: number }
  | { kind: 'all'; q: string; filter: GridFilter | null; count: number | null };

/**
 * An export the grid asks its page to run (issue 5: contacts exports say how many suppressed
 * contacts they leave out): the CSV URL of the view or of the selection, and what it covers.
 */
export type ExportRequest<Row> = { href: string; selection: GridSelection<Row> };

export type BulkActionContext = {
  /** Clears the selection and reloads the grid. */
  done: () => void;
};

export type BulkAction<Row> = {
  id: string;
  label: string;
  icon?: ReactNode;
  /** Hide the action for a selection (e.g. merge needs exactly two rows). */
  available?: (selection: GridSelection<Row>) => boolean;
  onRun: (selection: GridSelection<Row>, context: BulkActionContext) => void | Promise<void>;
};
