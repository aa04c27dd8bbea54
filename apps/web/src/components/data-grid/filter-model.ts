import { filterOps, operatorsByKind } from '@leadtrail/contracts';
import type { FieldKind, FilterCondition, FilterNode, FilterOp, FilterValue, GridColumn, GridFilter } from './types';

/** Operators offered per field kind, as the API accepts them. */
export const opsByKind: Record<FieldKind, readonly FilterOp[]> = operatorsByKind;

const baseLabels: Record<FilterOp, string> = {
  is: 'is',
  isNot: 'is not',
  contains: 'contains',
  startsWith: 'starts with',
  isEmpty: 'is empty',
  isNotEmpty: 'is not empty',
  gt: 'is greater than',
  gte: 'is at least',
  lt: 'is less than',
  lte: 'is at most',
  between: 'is between',
  anyOf: 'is any of',
};

const dateLabels: Partial<Record<FilterOp, string>> = {
  is: 'is on',
  isNot: 'is not on',
  gt: 'is after',
  gte: 'is on or after',
  lt: 'is before',
  lte: 'is on or before',
};

const multiLabels: Partial<Record<FilterOp, string>> = {
  is: 'has',
  isNot: 'does not have',
  anyOf: 'has any of',
};

/** Dates read as before/after; multi-selects "have" values. */
export const opLabel = (op: FilterOp, kind: FieldKind): string => {
  if (kind === 'date' || kind === 'datetime') return dateLabels[op] ?? baseLabels[op];
  if (kind === 'multiselect') return multiLabels[op] ?? baseLabels[op];
  return baseLabels[op];
};

export const isDateKind = (kind: FieldKind) => kind === 'date' || kind === 'datetime';
/** Kinds whose values come from a fixed list of options. */
export const hasOptions = (kind: FieldKind) =>
  kind === 'enum' || kind === 'select' || kind === 'multiselect' || kind === 'ref';

export const opNeedsValue = (op: FilterOp): boolean => op !== 'isEmpty' && op !== 'isNotEmpty';

export const isCondition = (node: FilterNode): node is FilterCondition =>
  typeof node === 'object' && node !== null && 'field' in node && 'op' in node;

const isFilterOp = (value: unknown): value is FilterOp =>
  typeof value === 'string' && (filterOps as readonly string[]).includes(value);

const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** A value that fits the operator (the editor won't apply anything else). */
export function isCompleteValue(op: FilterOp, value: FilterValue | undefined): boolean {
  if (!opNeedsValue(op)) return true;
  if (op === 'between') {
    return (
      Array.isArray(value) &&
      value.length === 2 &&
      value.every((v) => (typeof v === 'number' ? Number.isFinite(v) : typeof v === 'string' && v !== ''))
    );
  }
  if (op === 'anyOf') return Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string');
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'boolean';
}

const parseNode = (raw: unknown, depth: number): FilterNode | null => {
  if (depth > 8 || typeof raw !== 'object' || raw === null) return null;
  const record = raw as Record<string, unknown>;
  for (const group of ['and', 'or'] as const) {
    if (Array.isArray(record[group])) {
      const children = (record[group] as unknown[])
        .map((child) => parseNode(child, depth + 1))
        .filter((child): child is FilterNode => child !== null);
      return children.length ? ({ [group]: children } as FilterNode) : null;
    }
  }
  if (typeof record.field !== 'string' || !isFilterOp(record.op)) return null;
  const value = record.value;
  const valid =
    value === undefined ||
    isScalar(value) ||
    (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number'));
  if (!valid) return null;
  const condition: FilterCondition = { field: record.field, op: record.op };
  if (value !== undefined) condition.value = value as FilterValue;
  return condition;
};

/**
 * The filter from the URL's `filter` parameter. A hand-edited or stale link must not break the
 * page, so anything unreadable is dropped rather than thrown.
 */
export function parseFilterParam(param: string | null): FilterNode[] {
  if (!param) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(param);
  } catch {
    return [];
  }
  const node = parseNode(raw, 0);
  if (!node) return [];
  if ('and' in node) return node.and;
  return [node];
}

export const toGridFilter = (nodes: FilterNode[]): GridFilter | null => (nodes.length ? { and: nodes } : null);

export const serializeFilter = (nodes: FilterNode[]): string | null =>
  nodes.length ? JSON.stringify({ and: nodes }) : null;

export const parseSortParam = (param: string | null): { field: string; direction: 'asc' | 'desc' } | null => {
  if (!param) return null;
  const desc = param.startsWith('-');
  const field = desc ? param.slice(1) : param;
  return field ? { field, direction: desc ? 'desc' : 'asc' } : null;
};

/** Header click cycles ascending → descending → default order. */
export function nextSort(current: string | undefined, field: string): string | undefined {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return undefined;
  return field;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** "2025-03-01" → "Mar 1, 2025" in the user's locale; anything else as it is. */
export function formatDateValue(value: string | number): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return String(value);
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  return dateFormat.format(new Date(y!, m! - 1, d!));
}

const valueText = <Row>(column: GridColumn<Row> | undefined, value: string | number | boolean): string => {
  if (!column) return String(value);
  if (column.kind === 'boolean') return value === true || value === 'true' ? 'checked' : 'not checked';
  if (isDateKind(column.kind)) return formatDateValue(value as string);
  if (column.kind === 'number' && typeof value === 'number') return value.toLocaleString();
  if (column.options) return column.options.find((o) => o.value === String(value))?.label ?? String(value);
  return String(value);
};

/** The chip text, e.g. "Country is France" or "Employees is between 10 and 50". */
export function describeCondition<Row>(condition: FilterCondition, columns: GridColumn<Row>[]): string {
  const column = columns.find((c) => c.key === condition.field);
  const label = column?.label ?? condition.field;
  const op = opLabel(condition.op, column?.kind ?? 'text');
  if (!opNeedsValue(condition.op)) return `${label} ${op}`;
  const value = condition.value;
  if (condition.op === 'between' && Array.isArray(value)) {
    return `${label} ${op} ${valueText(column, value[0]!)} and ${valueText(column, value[1]!)}`;
  }
  if (Array.isArray(value)) return `${label} ${op} ${value.map((v) => valueText(column, v)).join(', ')}`;
  if (value === undefined || value === null) return `${label} ${op}`;
  if (column?.kind === 'boolean')
    return `${label} ${condition.op === 'isNot' ? 'is not' : 'is'} ${valueText(column, value)}`;
  if (typeof value === 'string' && (condition.op === 'contains' || condition.op === 'startsWith')) {
    return `${label} ${op} "${value}"`;
  }
  return `${label} ${op} ${valueText(column, value)}`;
}

export function describeNode<Row>(node: FilterNode, columns: GridColumn<Row>[]): string {
  if (isCondition(node)) return describeCondition(node, columns);
  const [joiner, children] = 'and' in node ? [' and ', node.and] : [' or ', node.or];
  return `(${children.map((child) => describeNode(child, columns)).join(joiner)})`;
}

/** The value an editor starts with when the operator changes, keeping what still fits. */
export function valueForOp(op: FilterOp, kind: FieldKind, previous: FilterValue | undefined): FilterValue | undefined {
  if (!opNeedsValue(op)) return undefined;
  if (kind === 'boolean') return typeof previous === 'boolean' ? previous : true;
  if (op === 'anyOf') {
    if (Array.isArray(previous)) return previous.map(String).filter(Boolean);
    return typeof previous === 'string' && previous ? [previous] : [];
  }
  if (op === 'between') {
    if (Array.isArray(previous) && previous.length === 2) return previous as [string | number, string | number];
    return undefined;
  }
  if (Array.isArray(previous)) return previous[0];
  return previous;
}
