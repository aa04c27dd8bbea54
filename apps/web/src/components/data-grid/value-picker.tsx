import { Group, Loader, MultiSelect, Select, Text, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FetchValues, FilterValue, GridColumn, GridFilter } from './types';

/** Text fields whose values are few enough to pick from a list (the server lists the same). */
const LISTED_TEXT_FIELDS = new Set(['country', 'region', 'city', 'department', 'industry']);

/** Whether a column's filter values are picked from the list the server counts (issue 14). */
export const hasValueList = <Row,>(column: GridColumn<Row>): boolean =>
  ['enum', 'select', 'multiselect'].includes(column.kind) ||
  (column.kind === 'ref' && column.key === 'ownerId') ||
  (column.kind === 'text' && LISTED_TEXT_FIELDS.has(column.key));

type ValuePickerProps<Row> = {
  column: GridColumn<Row>;
  fetchValues: FetchValues;
  /** The grid's other conditions and search: the counts are of the records they keep. */
  context: { q: string; filter: GridFilter | null };
  multiple: boolean;
  value: FilterValue | undefined;
  onChange: (value: FilterValue | undefined) => void;
  error?: string | null;
};

// Dropdowns stay inside the filter popover, so picking does not count as a click outside it.
const inline = { withinPortal: false } as const;
const passThrough: OptionsFilter = ({ options }) => options;

/**
 * The values a field takes among the grid's records, most frequent first, each with its count;
 * typing narrows the list on the server (a value beyond the first 50 is still found).
 */
export function ValuePicker<Row>({ column, fetchValues, context, multiple, value, onChange, error }: ValuePickerProps<Row>) {
  const [search, setSearch] = useState('');
  const selectedNow = multiple ? [] : typeof value === 'string' ? [value] : [];
  // a single select shows the chosen label in its search box: that is not a search
  // (a text field's value may be the typed text itself: that one narrows the list)
  const typed =
    column.kind !== 'text' && selectedNow.length && (column.options?.find((o) => o.value === selectedNow[0])?.label ?? selectedNow[0]) === search
      ? ''
      : search;
  const [debounced] = useDebouncedValue(typed.trim(), 250);
  const values = useQuery({
    queryKey: ['field-values', column.key, context.q, context.filter, debounced],
    queryFn: ({ signal }) => fetchValues({ field: column.key, search: debounced, filter: context.filter, q: context.q, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const counts = new Map((values.data ?? []).map((v) => [v.value, v.count]));
  const selected = multiple ? (Array.isArray(value) ? value.map(String) : []) : typeof value === 'string' ? [value] : [];
  // a chosen value stays listed while the search hides it
  const labelOf = (v: string) => values.data?.find((x) => x.value === v)?.label ?? column.options?.find((o) => o.value === v)?.label ?? v;
  const data: ComboboxItem[] = [
    ...(values.data ?? []).map((v) => ({ value: v.value, label: v.label })),
    ...selected.filter((v) => !counts.has(v)).map((v) => ({ value: v, label: labelOf(v) })),
  ];
  const renderOption = ({ option }: { option: ComboboxItem }) => (
    <Group justify="space-between" wrap="nowrap" w="100%" gap="xs">
      <Text size="sm" truncate>
        {option.label}
      </Text>
      {counts.has(option.value) && (
        <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }} aria-label={`${counts.get(option.value)} records`}>
          {counts.get(option.value)!.toLocaleString()}
        </Text>
      )}
    </Group>
  );
  const common = {
    data,
    searchable: true,
    searchValue: search,
    onSearchChange: setSearch,
    // the server already narrowed the list by the search
    filter: passThrough,
    renderOption,
    comboboxProps: inline,
    maxDropdownHeight: 260,
    nothingFoundMessage: values.isFetching ? 'Loading values…' : values.isError ? 'The values could not be loaded' : 'No records have a value here',
    rightSection: values.isFetching ? <Loader size={14} aria-label="Loading values" /> : undefined,
    error,
    'data-autofocus': true,
  };
  return multiple ? (
    <MultiSelect label="Values" value={selected} onChange={(next) => onChange(next)} {...common} />
  ) : (
    <Select
      label="Value"
      value={selected[0] ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      // typed text may already be the value: picking its option again keeps it
      allowDeselect={false}
      {...common}
      onSearchChange={(text) => {
        setSearch(text);
        // a text field also takes what was typed, listed or not (a value beyond the list)
        if (column.kind === 'text' && text !== (selected[0] ?? '')) onChange(text || undefined);
      }}
    />
  );
}
