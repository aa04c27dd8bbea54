import { ActionIcon, Box, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { fieldErrorFor } from '../../../lib/problem-errors';
import classes from './records.module.css';

export type InlineEditorContext<V> = {
  value: V;
  setValue: (value: V) => void;
  /** Saves now (e.g. a select saves as soon as an option is picked). */
  save: (value?: V) => void;
  error: ReactNode;
  label: string;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
};

type InlineFieldProps<V> = {
  label: string;
  /** The value as read. */
  display: ReactNode;
  initialValue: V;
  renderEditor: (context: InlineEditorContext<V>) => ReactNode;
  /** Rejects with the API error; its message for `errorPath` shows under the field. */
  onSave: (value: V) => Promise<unknown>;
  errorPath: string;
  /** Turns an error into something richer (e.g. "already exists" with a link); null = default. */
  renderError?: (error: unknown) => ReactNode | null;
  readOnly?: boolean;
  /** Multi-line editors save with Ctrl/⌘+Enter; Enter makes a new line. */
  multiline?: boolean;
};

/**
 * A field edited in place: click (or Enter on) the value to edit, Enter saves, Esc cancels.
 * The API's error for this field shows under it and the typed value is kept.
 */
export function InlineField<V>(props: InlineFieldProps<V>) {
  const { label, display, initialValue, renderEditor, onSave, errorPath, readOnly, multiline } = props;
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState<V>(initialValue);
  const [error, setError] = useState<ReactNode>(null);
  const [saving, setSaving] = useState(false);
  const labelId = useId();

  const start = () => {
    setValue(initialValue);
    setError(null);
    setEditing(true);
  };
  const cancel = () => {
    setEditing(false);
    setError(null);
  };
  const save = async (next: V = value) => {
    setSaving(true);
    setError(null);
    try {
      await onSave(next);
      setEditing(false);
    } catch (caught) {
      setError(props.renderError?.(caught) ?? fieldErrorFor(caught, errorPath) ?? errorMessage(caught));
    } finally {
      setSaving(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      cancel();
    }
    if (multiline && event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      void save();
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  if (editing) {
    return (
      <Box component="form" onSubmit={submit} noValidate aria-label={`Edit ${label}`}>
        <Stack gap={4}>
          {renderEditor({ value, setValue, save: (v) => void save(v), error, label, onKeyDown })}
          <Group gap={4} justify="flex-end">
            <ActionIcon type="submit" size="sm" variant="filled" loading={saving} aria-label={`Save ${label}`}>
              <IconCheck size={14} aria-hidden="true" />
            </ActionIcon>
            <ActionIcon size="sm" variant="default" onClick={cancel} aria-label={`Cancel editing ${label}`}>
              <IconX size={14} aria-hidden="true" />
            </ActionIcon>
          </Group>
        </Stack>
      </Box>
    );
  }

  return (
    <Box>
      <Text size="xs" c="dimmed" fw={500} id={labelId}>
        {label}
      </Text>
      {readOnly ? (
        <Box py={2}>{display}</Box>
      ) : (
        // Clicking the value edits it (links inside still work); the pencil button is the
        // keyboard way in, so no interactive element is nested in another.
        <Group
          className={classes.inlineValue}
          gap={4}
          wrap="nowrap"
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('a, button')) return;
            start();
          }}
        >
          <Box flex={1} miw={0}>
            {display}
          </Box>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            className={classes.pencil}
            aria-label={`Edit ${label}`}
            onClick={start}
          >
            <IconPencil size={14} aria-hidden="true" />
          </ActionIcon>
        </Group>
      )}
    </Box>
  );
}
