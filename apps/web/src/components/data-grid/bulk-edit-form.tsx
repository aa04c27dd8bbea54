import type { BulkUndoResult, BulkUpdateBody, RecordBulkJob } from '@leadtrail/contracts';
import { Alert, Button, Checkbox, Group, MultiSelect, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api-client';
import { countText, type Noun } from '../../lib/count-text';
import type { GridColumn } from './types';
import { undoneText } from './undone-text';
import { BulkJobProgress } from './bulk-job-progress';

// Issue 13: loaded when "Edit field" is clicked (the date input and number input stay off the
// grid's first load).

type Value = BulkUpdateBody['value'];

type FormProps<Row> = {
  modalId: string;
  count: number | null;
  noun: Noun;
  columns: GridColumn<Row>[];
  /** all matching: a job, whose progress is told as it goes; editId null when nothing changed */
  run: (field: string, value: Value, onProgress: (job: RecordBulkJob) => void) => Promise<{ editId: string | null; affected: number }>;
  undo: (editId: string) => Promise<BulkUndoResult>;
  onDone: () => void;
  refresh: () => void;
};

export function BulkEditForm<Row>({ modalId, count, noun, columns, run, undo, onDone, refresh }: FormProps<Row>) {
  const [field, setField] = useState<string | null>(null);
  const [value, setValue] = useState<Value>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [job, setJob] = useState<RecordBulkJob | null>(null);
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
      const result = await run(column.key, typeof cleared === 'string' ? cleared.trim() : cleared, setJob);
      modals.close(modalId);
      onDone();
      const editId = result.editId;
      const id = `bulk-edit-${editId ?? Date.now()}`;
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
            {editId && (
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => {
                  notifications.hide(id);
                  undo(editId).then(
                    (undone) => {
                      refresh();
                      notifications.show({ color: undone.notRestored ? 'yellow' : 'green', message: undoneText(undone, noun) });
                    },
                    (caught: unknown) => notifications.show({ color: 'red', title: 'Could not undo', message: errorMessage(caught) }),
                  );
                }}
              >
                Undo
              </Button>
            )}
          </Group>
        ),
      });
    } catch (caught) {
      setPending(false);
      setJob(null);
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
        <BulkJobProgress job={job} verb="Updating" />
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

