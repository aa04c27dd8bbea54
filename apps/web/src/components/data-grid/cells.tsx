import { Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateValue } from './filter-model';
import { exactTime, relativeTime } from './relative-time';
import type { GridColumn } from './types';

/** The raw value of a column: row[key], or row.customFields[key] for `custom:<key>`. */
export function columnValue<Row>(column: GridColumn<Row>, row: Row): unknown {
  if (column.value) return column.value(row);
  const record = row as Record<string, unknown>;
  if (column.key.startsWith('custom:')) {
    const custom = record.customFields as Record<string, unknown> | undefined | null;
    return custom?.[column.key.slice('custom:'.length)];
  }
  return record[column.key];
}

const numberFormat = new Intl.NumberFormat();

const empty = (
  <Text span c="dimmed" size="sm" aria-label="empty">
    —
  </Text>
);

/** A cell formatted by kind: numbers by locale, dates by locale, options by their label. */
export function defaultCell<Row>(column: GridColumn<Row>, row: Row): ReactNode {
  const value = columnValue(column, row);
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    return empty;
  }
  const optionLabel = (v: unknown) => column.options?.find((o) => o.value === String(v))?.label ?? String(v);
  switch (column.kind) {
    case 'number':
      return typeof value === 'number' ? numberFormat.format(value) : String(value);
    case 'datetime': {
      // issue 14: relative ("3 h ago"), the exact time on hover and for screen readers
      const date = new Date(String(value));
      if (Number.isNaN(date.getTime())) return String(value);
      const full = exactTime(date);
      return (
        <time dateTime={date.toISOString()} title={full}>
          {relativeTime(date)}
        </time>
      );
    }
    case 'date':
      return formatDateValue(String(value));
    case 'boolean':
      return value === true ? 'Yes' : 'No';
    case 'select':
    case 'enum':
    case 'ref':
      return optionLabel(value);
    case 'multiselect': {
      const values = Array.isArray(value) ? value : [value];
      return (
        <Group gap={4} wrap="nowrap">
          {values.map((v) => (
            <Badge key={String(v)} variant="light" size="sm" radius="sm" tt="none">
              {optionLabel(v)}
            </Badge>
          ))}
        </Group>
      );
    }
    default:
      return String(value);
  }
}

export const columnAlign = <Row,>(column: GridColumn<Row>): 'left' | 'right' =>
  column.align ?? (column.kind === 'number' ? 'right' : 'left');

export const columnWidth = <Row,>(column: GridColumn<Row>): number =>
  column.width ??
  (column.kind === 'number' || column.kind === 'boolean'
    ? 130
    : column.kind === 'datetime'
      ? 120
      : column.kind === 'date'
        ? 150
        : 200);
