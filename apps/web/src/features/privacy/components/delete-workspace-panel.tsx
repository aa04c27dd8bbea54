import { Button, Modal, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { applyProblemToForm } from '../../../lib/form-errors';
import { useDeleteWorkspace } from '../api/privacy';

/** Settings → Privacy, the danger zone (owner only): delete the workspace, its name typed. */
export function DeleteWorkspacePanel({ workspaceName }: { workspaceName: string }) {
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const remove = useDeleteWorkspace();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm({
    initialValues: { confirmName: '', password: '' },
    validate: {
      confirmName: (v) => (v.trim() === workspaceName.trim() ? null : 'Type the workspace name exactly as it is shown'),
      password: (v) => (v ? null : 'Enter your password'),
    },
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    remove.mutate(values, {
      onSuccess: async ({ accountKept }) => {
        queryClient.clear();
        await navigate('/login', { replace: true });
        notifications.show({
          color: 'green',
          title: `${workspaceName} deleted`,
          message: accountKept
            ? 'Everything in it is gone. Sign in again to open your other workspace.'
            : 'Everything in it is gone, and your account with it.',
          autoClose: 10_000,
        });
      },
      onError: (error) => {
        const { unmatched } = applyProblemToForm(form, error);
        const placed = isApiError(error) ? error.errors.length - unmatched.length : 0;
        if (placed === 0) setFormError(unmatched[0] ?? errorMessage(error));
      },
    });
  });

  return (
    <Paper withBorder radius="md" p="lg" style={{ borderColor: 'var(--mantine-color-red-6)' }}>
      <Stack gap="md" align="flex-start">
        <div>
          <Title order={2} fz="h4" c="red">
            Danger zone
          </Title>
          <Text size="sm" c="dimmed" maw={560}>
            Deleting the workspace removes all its contacts, companies, lists, imports and their files, the suppression
            list, credits, invoices and the audit log, at once and for good. Every member loses access immediately.
            Export the workspace first if you need a copy.
          </Text>
        </div>
        <Button color="red" onClick={() => setOpen(true)}>
          Delete workspace
        </Button>
      </Stack>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Delete ${workspaceName}?`}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm">
              This can't be undone. Type <strong>{workspaceName}</strong> and your password to confirm.
            </Text>
            <TextInput label="Workspace name" autoComplete="off" required {...form.getInputProps('confirmName')} />
            <PasswordInput
              label="Your password"
              autoComplete="current-password"
              required
              {...form.getInputProps('password')}
            />
            {formError && (
              <Text c="red" size="sm" role="alert">
                {formError}
              </Text>
            )}
            <Button
              type="submit"
              color="red"
              loading={remove.isPending}
              disabled={form.values.confirmName.trim() !== workspaceName.trim()}
            >
              Delete this workspace for good
            </Button>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
