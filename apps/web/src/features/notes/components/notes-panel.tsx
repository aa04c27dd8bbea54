import { noteBodySchema, type Entity, type Note } from '@leadtrail/contracts';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconNote } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { RelativeTime } from '../../../components/relative-time';
import { errorMessage } from '../../../lib/api-client';
import { fieldErrorFor } from '../../../lib/problem-errors';
import { useNoteMutations, useNotes } from '../api/notes';

type NotesPanelProps = {
  entity: Entity;
  recordId: string;
  /** The signed-in member: authors edit and delete their own notes. */
  memberId: string;
  /** Owners and admins edit and delete anyone's notes. */
  canModerate: boolean;
  canWrite: boolean;
};

function NoteForm(props: {
  label: string;
  submitLabel: string;
  initial?: string;
  onSubmit: (body: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [body, setBody] = useState(props.initial ?? '');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = noteBodySchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Write something first');
      return;
    }
    setPending(true);
    setError(null);
    try {
      await props.onSubmit(parsed.data.body);
      setBody('');
    } catch (caught) {
      setError(fieldErrorFor(caught, 'body') ?? errorMessage(caught));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Textarea
          label={props.label}
          placeholder="What happened? Ctrl+Enter saves."
          autosize
          minRows={2}
          maxRows={10}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
            if (event.key === 'Escape' && props.onCancel) props.onCancel();
          }}
          error={error}
          autoFocus={Boolean(props.onCancel)}
        />
        <Group justify="flex-end" gap="xs">
          {props.onCancel && (
            <Button variant="default" size="xs" onClick={props.onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" size="xs" loading={pending}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Notes on a record: add, edit and delete (with a confirmation). */
export function NotesPanel({ entity, recordId, memberId, canModerate, canWrite }: NotesPanelProps) {
  const notes = useNotes(entity, recordId);
  const mutations = useNoteMutations(entity, recordId);
  const [editing, setEditing] = useState<string | null>(null);

  const confirmDelete = (note: Note) =>
    modals.openConfirmModal({
      title: 'Delete this note?',
      children: <Text size="sm">The note is removed for everyone. This can&apos;t be undone.</Text>,
      labels: { confirm: 'Delete note', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        mutations.remove.mutate(note.id, {
          onSuccess: () => notifications.show({ color: 'green', message: 'Note deleted' }),
          onError: (error) =>
            notifications.show({ color: 'red', title: 'Note not deleted', message: errorMessage(error) }),
        }),
    });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="notes-heading">
      <Stack gap="md">
        <Title order={2} fz="h4" id="notes-heading">
          Notes
        </Title>
        {canWrite && (
          <NoteForm
            label="New note"
            submitLabel="Add note"
            onSubmit={(body) =>
              mutations.create
                .mutateAsync(body)
                .then(() => notifications.show({ color: 'green', message: 'Note added' }))
            }
          />
        )}
        {notes.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label="Loading notes">
            <Skeleton height={14} width="40%" />
            <Skeleton height={40} />
          </Stack>
        ) : notes.isError ? (
          <Alert color="red" variant="light" role="alert" title="We could not load the notes">
            <Group gap="xs">
              <Text size="sm">{errorMessage(notes.error)}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void notes.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : notes.data.data.length === 0 ? (
          <Group gap="xs" c="dimmed">
            <IconNote size={16} aria-hidden="true" />
            <Text size="sm" c="dimmed">
              No notes yet. Notes are shared with everyone in the workspace.
            </Text>
          </Group>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {[...notes.data.data].reverse().map((note) => {
              const mine = note.authorId === memberId;
              const canChange = canWrite && (mine || canModerate);
              return (
                <Paper
                  component="li"
                  key={note.id}
                  withBorder
                  radius="sm"
                  p="sm"
                  bg="var(--mantine-color-default-hover)"
                >
                  {editing === note.id ? (
                    <NoteForm
                      label="Edit note"
                      submitLabel="Save note"
                      initial={note.body}
                      onSubmit={(body) =>
                        mutations.update.mutateAsync({ id: note.id, body }).then(() => setEditing(null))
                      }
                      onCancel={() => setEditing(null)}
                    />
                  ) : (
                    <Stack gap={4}>
                      <Group justify="space-between" gap="xs" wrap="nowrap">
                        <Group gap={6}>
                          <Text size="sm" fw={600}>
                            {note.authorName ?? 'Former member'}
                          </Text>
                          <RelativeTime iso={note.createdAt} />
                          {note.updatedAt !== note.createdAt && (
                            <Text size="xs" c="dimmed">
                              (edited)
                            </Text>
                          )}
                        </Group>
                        {canChange && (
                          <Group gap={4}>
                            <Button variant="subtle" size="compact-xs" onClick={() => setEditing(note.id)}>
                              Edit
                            </Button>
                            <Button
                              variant="subtle"
                              color="red"
                              c="var(--mantine-color-error)"
                              size="compact-xs"
                              onClick={() => confirmDelete(note)}
                            >
                              Delete
                            </Button>
                          </Group>
                        )}
                      </Group>
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {note.body}
                      </Text>
                    </Stack>
                  )}
                </Paper>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
