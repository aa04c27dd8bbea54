import type { BulkSelection, BulkUpdateBody, BulkUpdateResult } from '@leadtrail/contracts';
import { Alert, Button, Checkbox, Group, MultiSelect, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPencil } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api-client';
import { toBulkSelection } from './bulk-actions';
import type { BulkAction, GridColumn } from './types';

type Noun = { singular: string; plural: string };
type Value = BulkUpdateBody['value'];

/** Fields bulk edit leaves alone: identities, names, links with their own actions, computed ones. */
const NOT_EDITABLE = new Set([
  'name', 'email', 'domain', 'ownerId', 'companyId', 'companyName', 'source', 'suppressed', 'createdAt', 'updatedAt',
  'contactCount', 'importId',
]);

/** The columns "Edit field" offers (issue 14). */
export const bulkEditableColumns = <Row,>(columns: GridColumn<Row>[]) =>
  columns.filter((c) => c.column !== false && !NOT_EDITABLE.has(c.key) && c.kind !== 'ref' && c.kind !== 'datetime');

const countText = (count: number | null, noun: Noun) =>
  count === null ? `all matching ${noun.plural}` : `${count.toLocaleString()} ${count === 1 ? noun.singular : noun.plural}`;

type FormProps<Row> = {
  modalId: string;
  count: number | null;
  noun: Noun;
  columns: GridColumn<Row>[];
  run: (field: string, value: Value) => Promise<BulkUpdateResult>;
  undo: (editId: string) => Promise<{ restored: number }>;
  onDone: () => void;
  refresh: () => void;
};

function BulkEditForm<Row>({ modalId, count, noun, columns, run, undo, onDone, refresh }: FormProps<Row>) {
  const [field, setField] = useState<string | null>(null);
  const [value, setValue] = useState<Value>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const column = columns.find((c) => c.key === field);
  const what = countText(count, noun);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!column) {
      setError('Choose a field');
      return;
    }
    setPending(true);
    setError(null);
    try {
      const cleared = value === '' || (Array.isArray(value) && value.length === 0) ? null : value;
      const result = await run(column.key, typeof cleared === 'string' ? cleared.trim() : cleared);
      modals.close(modalId);
      onDone();
      const id = `bulk-edit-${result.editId}`;
      notifications.show({
        id,
        color: 'green',
        title: `${column.label} updated`,
        autoClose: 12_000,
        message: (
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm">
              {countText(result.affected, noun)} changed.
            </Text>
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => {
                notifications.hide(id);
                undo(result.editId).then(
                  (undone) => {
                    refresh();
                    notifications.show({ color: 'green', message: `Undone: ${countText(undone.restored, noun)} back as before.` });
                  },
                  (caught: unknown) => notifications.show({ color: 'red', title: 'Could not undo', message: errorMessage(caught) }),
                );
              }}
            >
              Undo
            </Button>
          </Group>
        ),
      });
    } catch (caught) {
      setPending(false);
      setError(errorMessage(caught));
    }
  };

  const input = () => {
    if (!column) return null;
    const common = { label: 'New value', description: 'Leave empty to clear the field', comboboxProps: { withinPortal: false } };
    switch (column.kind) {
      case 'enum':
      case 'select':
        return <Select {...common} data={column.options ?? []} value={typeof value === 'string' ? value : null} onChange={(v) => setValue(v)} searchable clearable />;
      case 'multiselect':
        return <MultiSelect {...common} data={column.options ?? []} value={Array.isArray(value) ? value : []} onChange={(v) => setValue(v)} searchable />;
      case 'number':
        return <NumberInput label="New value" description="Leave empty to clear the field" value={typeof value === 'number' ? value : ''} onChange={(v) => setValue(typeof v === 'number' ? v : null)} />;
      case 'boolean':
        return <Checkbox label={`${column.label}: checked`} checked={value === true} onChange={(e) => setValue(e.currentTarget.checked)} />;
      case 'date':
        return (
          <DateInput
            label="New value"
            description="Leave empty to clear the field"
            value={typeof value === 'string' ? value : null}
            onChange={(v) => setValue(v ?? null)}
            valueFormat="YYYY-MM-DD"
            clearable
            popoverProps={{ withinPortal: false }}
          />
        );
      default:
        return <TextInput label="New value" description="Leave empty to clear the field" value={typeof value === 'string' ? value : ''} onChange={(e) => setValue(e.currentTarget.value)} />;
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Select
          label="Field"
          placeholder="Choose a field"
          data={columns.map((c) => ({ value: c.key, label: c.label }))}
          value={field}
          onChange={(next) => {
            setField(next);
            setValue(columns.find((c) => c.key === next)?.kind === 'boolean' ? false : null);
            setError(null);
          }}
          searchable
          data-autofocus
          comboboxProps={{ withinPortal: false }}
          error={!column ? error : undefined}
        />
        {input()}
        {column && error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          The new value replaces the current one on {what}. You can undo it from the message that follows.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => modals.close(modalId)} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending} disabled={!column}>
            Update {what}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Edit field": one standard or custom field set on the selection (or all matching), with an undo. */
export function bulkEditAction<Row>(options: {
  noun: Noun;
  columns: GridColumn<Row>[];
  run: (selection: BulkSelection, field: string, value: Value) => Promise<BulkUpdateResult>;
  undo: (editId: string) => Promise<{ restored: number }>;
  /** Reloads the grid after an undo. */
  refresh: () => void;
}): BulkAction<Row> {
  const columns = bulkEditableColumns(options.columns);
  return {
    id: 'edit-field',
    label: 'Edit field',
    icon: <IconPencil size={14} aria-hidden="true" />,
    available: () => columns.length > 0,
    onRun: (selection, { done }) => {
      const modalId = `bulk-edit-${Date.now()}`;
      modals.open({
        modalId,
        title: `Edit a field of ${countText(selection.count, options.noun)}`,
        children: (
          <BulkEditForm
            modalId={modalId}
            count={selection.count}
            noun={options.noun}
            columns={columns}
            run={(field, value) => options.run(toBulkSelection(selection), field, value)}
            undo={options.undo}
            onDone={done}
            refresh={options.refresh}
          />
        ),
      });
    },
  };
}
