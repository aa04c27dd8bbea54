import type { InvitableRole } from '@leadtrail/contracts';
import { Alert, Anchor, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useInvite } from '../api/invitations';
import { parseEmails } from './parse-emails';

type InviteModalProps = {
  opened: boolean;
  onClose: () => void;
  /** Free seats left, shown as a hint (the server decides). */
  seatsLeft: number | null;
  /** The workspace domain when invitations are restricted to it. */
  restrictedDomain: string | null;
};

const roleOptions: { value: InvitableRole; label: string; description: string }[] = [
  { value: 'member', label: 'Member', description: 'Works with contacts, companies, lists, prospects and imports' },
  { value: 'admin', label: 'Admin', description: 'Also manages users, company settings, custom fields and billing' },
];

export function InviteModal({ opened, onClose, seatsLeft, restrictedDomain }: InviteModalProps) {
  const invite = useInvite();
  const [formError, setFormError] = useState<{ message: string; upgrade: boolean } | null>(null);
  const form = useForm({
    initialValues: { emails: '', role: 'member' as InvitableRole },
    validate: {
      emails: (value) => {
        const { emails, invalid } = parseEmails(value);
        if (invalid.length > 0) return `Not a valid email address: ${invalid.join(', ')}`;
        if (emails.length === 0) return 'Enter at least one email address';
        if (emails.length > 50) return 'Invite at most 50 people at once';
        if (restrictedDomain) {
          const outside = emails.filter((e) => !e.endsWith(`@${restrictedDomain}`));
          if (outside.length > 0) return `Only addresses at ${restrictedDomain} can be invited: ${outside.join(', ')}`;
        }
        return null;
      },
    },
  });

  const close = () => {
    form.reset();
    setFormError(null);
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    const { emails } = parseEmails(values.emails);
    try {
      const result = await invite.mutateAsync({ emails, role: values.role });
      const n = result.data.length;
      notifications.show({
        color: 'green',
        message: n === 1 ? `Invitation sent to ${result.data[0]!.email}` : `${n} invitations sent`,
      });
      close();
    } catch (error) {
      if (isApiError(error) && error.errors.length > 0) {
        // "emails.2" → the third address: list the messages under the field
        form.setFieldError('emails', error.errors.map((e) => e.message).join(' · '));
        return;
      }
      setFormError({ message: errorMessage(error), upgrade: isApiError(error) && error.code === 'seat_limit_reached' });
    }
  });

  const count = parseEmails(form.values.emails).emails.length;

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={close}
      title="Invite members"
      size="lg"
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
              {formError.message}{' '}
              {formError.upgrade && (
                <Anchor component={Link} to="/settings/plans" size="sm" onClick={close}>
                  See plans
                </Anchor>
              )}
            </Alert>
          )}
          <Textarea
            label="Email addresses"
            description={
              restrictedDomain
                ? `One or several, separated by commas or new lines. Only addresses at ${restrictedDomain}.`
                : 'One or several, separated by commas or new lines.'
            }
            placeholder="jane@acme.com, sam@acme.com"
            autosize
            minRows={3}
            maxRows={8}
            data-autofocus
            required
            {...form.getInputProps('emails')}
          />
          <Radio.Group label="Role" required {...form.getInputProps('role')}>
            <Stack gap="xs" mt={6}>
              {roleOptions.map((option) => (
                <Radio key={option.value} value={option.value} label={option.label} description={option.description} />
              ))}
            </Stack>
          </Radio.Group>
          {seatsLeft !== null && (
            <Text size="xs" c={count > seatsLeft ? 'var(--mantine-color-error)' : 'dimmed'}>
              {seatsLeft === 0
                ? 'No seat is free on your plan: upgrade to invite more people.'
                : `${seatsLeft} ${seatsLeft === 1 ? 'seat is' : 'seats are'} free on your plan. Each pending invitation takes one.`}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {count > 1 ? `Send ${count} invitations` : 'Send invitation'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
