import { transferOwnershipBodySchema, type Member } from '@leadtrail/contracts';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { applyProblemToForm } from '../../../lib/form-errors';
import { useTransferOwnership } from '../api/members';

type Props = { member: Member | null; onClose: () => void };

/** The owner hands the workspace over, confirming with their password. */
export function TransferOwnershipModal({ member, onClose }: Props) {
  const transfer = useTransferOwnership();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '' },
    validate: schemaResolver(transferOwnershipBodySchema, { sync: true }),
  });

  useEffect(() => {
    if (member) {
      form.reset();
      setFormError(null);
    }
    // reset only when another member is chosen
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [member?.id]);

  const submit = form.onSubmit(async (values) => {
    if (!member) return;
    setFormError(null);
    try {
      await transfer.mutateAsync({ member, password: values.password });
      notifications.show({ color: 'green', message: `${member.name} is now the owner. You are an admin.` });
      onClose();
    } catch (error) {
      const { unmatched } = applyProblemToForm(form, error);
      if (!isApiError(error) || error.errors.length === 0 || unmatched.length > 0)
        setFormError(unmatched[0] ?? errorMessage(error));
    }
  });

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={!!member}
      onClose={onClose}
      title={member ? `Make ${member.name} the owner?` : ''}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {member?.name} becomes the only owner of this workspace: they can change billing, transfer ownership again
            and delete the workspace. You stay on as an admin.
          </Text>
          <PasswordInput
            label="Your password"
            description="Confirm it's you"
            autoComplete="current-password"
            data-autofocus
            required
            {...form.getInputProps('password')}
          />
          {formError && (
            <Text size="sm" c="red" role="alert">
              {formError}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={transfer.isPending}>
              Transfer ownership
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
