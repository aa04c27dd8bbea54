import type { ErasureResult } from '@leadtrail/contracts';
import { Alert, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { applyProblemToForm } from '../../../lib/form-errors';
import { useDeleteErasedFiles, useErasePerson } from '../api/privacy';
import { ErasureSummary } from './erasure-summary';

/** Settings → Privacy: answer "delete everything you hold about me" for an email address. */
export function ErasureForm() {
  const erase = useErasePerson();
  const deleteFiles = useDeleteErasedFiles();
  const [result, setResult] = useState<ErasureResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', deleteFiles: false },
    validate: {
      email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : 'Enter the email address of the person to erase'),
    },
  });

  const run = (values: typeof form.values) =>
    erase.mutate(values, {
      onSuccess: (r) => {
        setResult(r);
        form.reset();
        notifications.show({ color: 'green', message: `Erased ${values.email.trim()}` });
      },
      onError: (e) => {
        const { unmatched } = applyProblemToForm(form, e);
        setError(unmatched[0] ?? (form.errors.email ? null : errorMessage(e)));
      },
    });

  const submit = form.onSubmit((values) => {
    setError(null);
    modals.openConfirmModal({
      title: `Erase ${values.email.trim()}?`,
      children: (
        <Text size="sm">
          Every contact with this address is deleted with its notes, timeline, list memberships and reveal record; the
          address is removed from import error reports and previews, and its hash is added to the suppression list. This
          can't be undone.
        </Text>
      ),
      labels: { confirm: 'Erase person', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => run(values),
    });
  });

  const remaining = result?.files.filter((f) => !f.deleted) ?? [];
  const deleteListed = () =>
    deleteFiles.mutate(
      remaining.map((f) => f.importId),
      {
        onSuccess: ({ files }) => {
          const gone = new Set(files.map((f) => f.importId));
          setResult(
            (r) => r && { ...r, files: r.files.map((f) => (gone.has(f.importId) ? { ...f, deleted: true } : f)) },
          );
          notifications.show({
            color: 'green',
            message: `${files.length} uploaded file${files.length === 1 ? '' : 's'} deleted`,
          });
        },
        onError: (e) => notifications.show({ color: 'red', title: 'Files not deleted', message: errorMessage(e) }),
      },
    );

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4">
            Erase a person
          </Title>
          <Text size="sm" c="dimmed">
            For an erasure request: removes everything the workspace holds about an email address, in one step.
          </Text>
        </div>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput label="Email address" type="email" required maw={420} {...form.getInputProps('email')} />
            <Checkbox
              label="Also delete the uploaded files that contain the address"
              description="Otherwise they are listed below for you to decide; files are never rewritten."
              {...form.getInputProps('deleteFiles', { type: 'checkbox' })}
            />
            {error && (
              <Text c="red" size="sm" role="alert">
                {error}
              </Text>
            )}
            <Group>
              <Button type="submit" color="red" loading={erase.isPending}>
                Erase person
              </Button>
            </Group>
          </Stack>
        </form>
        {result && (
          <Alert color="green" title="Erased" role="status">
            <Stack gap="xs">
              <ErasureSummary result={result} />
              {remaining.length > 0 && (
                <Group>
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    onClick={deleteListed}
                    loading={deleteFiles.isPending}
                  >
                    Delete {remaining.length === 1 ? 'this file' : `these ${remaining.length} files`}
                  </Button>
                </Group>
              )}
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
