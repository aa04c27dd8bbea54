import type { BulkResult, RecordBulkJob } from '@leadtrail/contracts';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { errorMessage, isApiErrorWith } from '../../lib/api-client';
import { capitalise, countText, type Noun } from '../../lib/count-text';
import { ConfirmActions } from '../confirm-actions';
import type { GridOption } from './types';
import { BulkJobProgress } from './bulk-job-progress';

// Issue 13: the bulk actions' dialogs, loaded when one is first used (Select and its combobox
// stay off the grid's first load).

type ConfirmDeleteProps = {
  modalId: string;
  count: number | null;
  noun: Noun;
  /** all matching: a job, whose progress is told as it goes */
  run: (onProgress: (job: RecordBulkJob) => void) => Promise<BulkResult>;
  onDone: () => void;
};

export function ConfirmDelete({ modalId, count, noun, run, onDone }: ConfirmDeleteProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [job, setJob] = useState<RecordBulkJob | null>(null);
  const what = countText(count, noun);

  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      const result = await run(setJob);
      modals.close(modalId);
      onDone();
      const deleted = countText(result.affected, noun);
      notifications.show({
        color: result.skipped ? 'yellow' : 'green',
        title: `${capitalise(deleted)} deleted`,
        message: result.skipped
          ? `${countText(result.skipped, noun)} kept: you can delete only the ${noun.plural} you own.`
          : undefined,
      });
    } catch (caught) {
      setPending(false);
      setJob(null);
      setError(
        isApiErrorWith(caught, 403)
          ? `You can delete only the ${noun.plural} you own. Ask an owner or an admin to delete the others.`
          : errorMessage(caught),
      );
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">{capitalise(what)} will be deleted with their notes and history. This can&apos;t be undone.</Text>
      <BulkJobProgress job={job} verb="Deleting" />
      <ConfirmActions modalId={modalId} error={error} pending={pending} label={`Delete ${what}`} onConfirm={confirm} />
    </Stack>
  );
}

type AssignOwnerProps = {
  modalId: string;
  count: number | null;
  noun: Noun;
  owners: GridOption[];
  run: (ownerId: string | null) => Promise<BulkResult>;
  onDone: () => void;
};

const NO_OWNER = '__none__';

export function AssignOwnerForm({ modalId, count, noun, owners, run, onDone }: AssignOwnerProps) {
  const [owner, setOwner] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!owner) {
      setError('Choose an owner');
      return;
    }
    setPending(true);
    setError(null);
    try {
      const result = await run(owner === NO_OWNER ? null : owner);
      modals.close(modalId);
      onDone();
      const name = owner === NO_OWNER ? 'no one' : (owners.find((o) => o.value === owner)?.label ?? 'the new owner');
      notifications.show({
        color: 'green',
        title: 'Owner assigned',
        message: `${capitalise(countText(result.affected, noun))} now owned by ${name}.`,
      });
    } catch (caught) {
      setPending(false);
      setError(errorMessage(caught));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Select
          label="New owner"
          description={`For ${countText(count, noun)}`}
          data={[...owners, { value: NO_OWNER, label: 'No owner' }]}
          value={owner}
          onChange={setOwner}
          searchable
          error={error}
          data-autofocus
          comboboxProps={{ withinPortal: false }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => modals.close(modalId)} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Assign owner
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

