import { Button, Group, MultiSelect, NumberInput, Select, Stack, TagsInput, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useMemo, useState, type FormEvent } from 'react';
import { hasOptions, isCompleteValue, isDateKind, opLabel, opNeedsValue, opsByKind, valueForOp } from './filter-model';
import type { FetchValues, FilterCondition, FilterOp, FilterValue, GridColumn, GridFilter } from './types';
import { hasValueList, ValuePicker } from './value-picker';

type FilterEditorProps<Row> = {
  columns: GridColumn<Row>[];
  initial?: FilterCondition;
  onApply: (condition: FilterCondition) => void;
  onRemove?: () => void;
  onCancel: () => void;
  /** Issue 14: values of low-cardinality fields are picked from a list with counts. */
  fetchValues?: FetchValues;
  /** The grid's search and its other conditions (what the counts count). */
  valuesContext?: { q: string; filter: GridFilter | null };
};

// Dropdowns stay inside the popover, so picking an option does not count as a click outside it.
const inline = { withinPortal: false } as const;

/** Picks a field, an operator fitting its type and a value; Enter applies. */
export function FilterEditor<Row>({ columns, initial, onApply, onRemove, onCancel, fetchValues, valuesContext }: FilterEditorProps<Row>) {
  const [field, setField] = useState<string | null>(initial?.field ?? null);
  const column = columns.find((c) => c.key === field);
  const kind = column?.kind ?? 'text';
  const [op, setOp] = useState<FilterOp>(initial?.op ?? 'is');
  const [value, setValue] = useState<FilterValue | undefined>(initial?.value ?? undefined);
  const [error, setError] = useState<string | null>(null);

  const fieldData = useMemo(() => {
    const standard = columns.filter((c) => !c.key.startsWith('custom:'));
    const custom = columns.filter((c) => c.key.startsWith('custom:'));
    const items = (list: GridColumn<Row>[]) => list.map((c) => ({ value: c.key, label: c.label }));
    return custom.length
      ? [
          { group: 'Standard fields', items: items(standard) },
          { group: 'Custom fields', items: items(custom) },
        ]
      : items(standard);
  }, [columns]);

  const ops = opsByKind[kind];
  const chooseField = (next: string | null) => {
    setField(next);
    setError(null);
    const nextColumn = columns.find((c) => c.key === next);
    if (!nextColumn) return;
    const nextOps = opsByKind[nextColumn.kind];
    const nextOp = nextOps.includes(op) ? op : nextOps[0]!;
    setOp(nextOp);
    setValue(
      nextColumn.kind === column?.kind
        ? valueForOp(nextOp, nextColumn.kind, value)
        : valueForOp(nextOp, nextColumn.kind, undefined),
    );
  };
  const chooseOp = (next: string | null) => {
    if (!next) return;
    setOp(next as FilterOp);
    setValue(valueForOp(next as FilterOp, kind, value));
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!column) {
      setError('Choose a field to filter on');
      return;
    }
    if (!isCompleteValue(op, value)) {
      setError(
        op === 'between'
          ? 'Enter both ends of the range'
          : op === 'anyOf'
            ? 'Choose at least one value'
            : 'Enter a value',
      );
      return;
    }
    const condition: FilterCondition = { field: column.key, op };
    if (opNeedsValue(op)) condition.value = typeof value === 'string' ? value.trim() : value;
    onApply(condition);
  };

  const options = column?.options ?? [];
  const valueInput = () => {
    if (!column || !opNeedsValue(op)) return null;
    if (kind === 'boolean') {
      return (
        <Select
          label="Value"
          data={[
            { value: 'true', label: 'Checked' },
            { value: 'false', label: 'Not checked' },
          ]}
          value={value === false ? 'false' : 'true'}
          onChange={(v) => setValue(v !== 'false')}
          allowDeselect={false}
          comboboxProps={inline}
          error={error}
        />
      );
    }
    if (fetchValues && hasValueList(column) && (op === 'is' || op === 'isNot' || op === 'anyOf')) {
      return (
        <ValuePicker
          key={`${column.key}:${op === 'anyOf'}`}
          column={column}
          fetchValues={fetchValues}
          context={valuesContext ?? { q: '', filter: null }}
          multiple={op === 'anyOf'}
          value={value}
          onChange={setValue}
          error={error}
        />
      );
    }
    if (op === 'anyOf') {
      const list = Array.isArray(value) ? value.map(String) : [];
      return options.length ? (
        <MultiSelect
          label="Values"
          data={options}
          value={list}
          onChange={setValue}
          searchable
          comboboxProps={inline}
          error={error}
          data-autofocus
        />
      ) : (
        <TagsInput
          label="Values"
          description="Press Enter after each value"
          value={list}
          onChange={setValue}
          comboboxProps={inline}
          error={error}
          data-autofocus
        />
      );
    }
    if (hasOptions(kind) && options.length) {
      return (
        <Select
          label="Value"
          data={options}
          value={typeof value === 'string' ? value : null}
          onChange={(v) => setValue(v ?? undefined)}
          searchable
          comboboxProps={inline}
          error={error}
          data-autofocus
        />
      );
    }
    if (op === 'between') {
      const range = Array.isArray(value) && value.length === 2 ? value : [undefined, undefined];
      const set = (index: 0 | 1, v: string | number | undefined) => {
        const next = [range[0], range[1]] as [string | number, string | number];
        next[index] = v as string | number;
        setValue(next);
      };
      if (kind === 'number') {
        return (
          <Group grow align="flex-start">
            <NumberInput
              label="From"
              value={range[0] as number | undefined}
              onChange={(v) => set(0, typeof v === 'number' ? v : undefined)}
              error={error}
              data-autofocus
            />
            <NumberInput
              label="To"
              value={range[1] as number | undefined}
              onChange={(v) => set(1, typeof v === 'number' ? v : undefined)}
            />
          </Group>
        );
      }
      return (
        <Group grow align="flex-start">
          <DateInput
            label="From"
            value={(range[0] as string | undefined) ?? null}
            onChange={(v) => set(0, v ?? undefined)}
            valueFormat="YYYY-MM-DD"
            popoverProps={inline}
            error={error}
            data-autofocus
          />
          <DateInput
            label="To"
            value={(range[1] as string | undefined) ?? null}
            onChange={(v) => set(1, v ?? undefined)}
            valueFormat="YYYY-MM-DD"
            popoverProps={inline}
          />
        </Group>
      );
    }
    if (kind === 'number') {
      return (
        <NumberInput
          label="Value"
          value={typeof value === 'number' ? value : undefined}
          onChange={(v) => setValue(typeof v === 'number' ? v : undefined)}
          error={error}
          data-autofocus
        />
      );
    }
    if (isDateKind(kind)) {
      return (
        <DateInput
          label="Date"
          value={typeof value === 'string' ? value : null}
          onChange={(v) => setValue(v ?? undefined)}
          valueFormat="YYYY-MM-DD"
          placeholder="YYYY-MM-DD"
          popoverProps={inline}
          error={error}
          data-autofocus
        />
      );
    }
    return (
      <TextInput
        label="Value"
        value={typeof value === 'string' ? value : value === undefined ? '' : String(value)}
        onChange={(event) => setValue(event.currentTarget.value)}
        error={error}
        data-autofocus
      />
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={initial ? 'Edit filter' : 'Add filter'}>
      <Stack gap="sm" w={320}>
        <Select
          label="Field"
          placeholder="Search fields"
          data={fieldData}
          value={field}
          onChange={chooseField}
          searchable
          nothingFoundMessage="No field with that name"
          comboboxProps={inline}
          maxDropdownHeight={260}
          error={!column && error ? error : undefined}
          data-autofocus={!initial || undefined}
        />
        {column && (
          <Select
            label="Condition"
            data={ops.map((o) => ({ value: o, label: opLabel(o, kind) }))}
            value={op}
            onChange={chooseOp}
            allowDeselect={false}
            comboboxProps={inline}
          />
        )}
        {valueInput()}
        <Group justify="space-between" mt={4}>
          {onRemove ? (
            <Button variant="subtle" color="red" c="var(--mantine-color-error)" onClick={onRemove}>
              Remove filter
            </Button>
          ) : (
            <Button variant="subtle" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit">Apply filter</Button>
        </Group>
      </Stack>
    </form>
  );
}
