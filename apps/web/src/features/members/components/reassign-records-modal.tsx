import type { Member } from '@leadtrail/contracts';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { applyProblemToForm } from '../../../lib/form-errors';
import { useReassignRecords } from '../api/members';

type Props = { member: Member | null; members: Member[]; onClose: () => void };

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Hands every contact and company a member owns to another active member. */
export function ReassignRecordsModal({ member, members, onClose }: Props) {
  const reassign = useReassignRecords();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { toMemberId: '' },
    validate: { toMemberId: (v) => (v ? null : 'Choose who gets the records') },
  });
  const candidates = members.filter((m) => m.status === 'active' && m.id !== member?.id);

  useEffect(() => {
    if (member) {
      form.reset();
      setFormError(null);
    }
    // reset only when another member is chosen
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [member?.id]);

  const submit = form.onSubmit(async ({ toMemberId }) => {
    if (!member) return;
    setFormError(null);
    try {
      const result = await reassign.mutateAsync({ from: member, toMemberId });
      const to = candidates.find((m) => m.id === toMemberId)?.name ?? 'the new owner';
      notifications.show({
        color: 'green',
        message:
          result.contacts + result.companies === 0
            ? `${member.name} owned no contacts or companies`
            : `${count(result.contacts, 'contact', 'contacts')} and ${count(result.companies, 'company', 'companies')} now belong to ${to}`,
      });
      onClose();
    } catch (error) {
      const { unmatched } = applyProblemToForm(form, error);
      if (unmatched.length > 0 || !form.errors.toMemberId) setFormError(unmatched[0] ?? errorMessage(error));
    }
  });

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={!!member}
      onClose={onClose}
      title={member ? `Reassign ${member.name}'s records` : ''}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            Every contact and company {member?.name} owns gets a new owner. Their lists keep their owner: hand them over
            from the list page.
          </Text>
          <Select
            label="New owner"
            placeholder="Choose a member"
            data={candidates.map((m) => ({ value: m.id, label: `${m.name} (${m.email})` }))}
            searchable
            required
            data-autofocus
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('toMemberId')}
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
            <Button type="submit" loading={reassign.isPending}>
              Reassign records
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
