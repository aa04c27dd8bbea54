import type { Invitation } from '@leadtrail/contracts';
import { Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { RelativeTime } from '../../../components/relative-time';
import { errorMessage } from '../../../lib/api-client';
import { useInvitations, useResendInvitation, useRevokeInvitation } from '../api/invitations';

const roleLabel = { admin: 'Admin', member: 'Member' } as const;

/** Invitations not yet accepted: pending or expired, with resend and revoke. */
export function PendingInvitations() {
  const invitations = useInvitations();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();

  const doResend = (invitation: Invitation) =>
    resend.mutate(invitation, {
      onSuccess: () =>
        notifications.show({ color: 'green', message: `New invitation link sent to ${invitation.email}` }),
      onError: (error) => notifications.show({ color: 'red', title: 'Not resent', message: errorMessage(error) }),
    });

  const confirmRevoke = (invitation: Invitation) =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Close' },
      title: `Revoke the invitation to ${invitation.email}?`,
      children: (
        <Text size="sm">
          1 invitation will be revoked: its link stops working at once and its seat is freed. You can invite the same
          address again later.
        </Text>
      ),
      labels: { confirm: 'Revoke invitation', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(invitation, {
          onSuccess: () => notifications.show({ color: 'green', message: `Invitation to ${invitation.email} revoked` }),
          onError: (error) => notifications.show({ color: 'red', title: 'Not revoked', message: errorMessage(error) }),
        }),
    });

  if (invitations.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Loading invitations">
        <Skeleton height={20} width={200} />
        <Skeleton height={48} />
      </Stack>
    );
  }
  if (invitations.isError) {
    return (
      <Text size="sm" c="red" role="alert">
        Invitations could not be loaded: {errorMessage(invitations.error)}{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => void invitations.refetch()}>
          Retry
        </Button>
      </Text>
    );
  }
  const list = invitations.data.data;

  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        Pending invitations
      </Title>
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          No pending invitations. People you invite show here until they accept.
        </Text>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Invited by</Table.Th>
                  <Table.Th>Sent</Table.Th>
                  <Table.Th ta="right">Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((invitation) => (
                  <Table.Tr key={invitation.id} data-testid={`invitation-${invitation.email}`}>
                    <Table.Td>
                      <Text size="sm">{invitation.email}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{roleLabel[invitation.role]}</Text>
                    </Table.Td>
                    <Table.Td>
                      {invitation.state === 'expired' ? (
                        <Tooltip label="The link expired: resend to give it 7 more days" withArrow>
                          <Badge color="orange" variant="dot" tt="none" tabIndex={0}>
                            Expired
                          </Badge>
                        </Tooltip>
                      ) : (
                        <Group gap={6} wrap="nowrap">
                          <Badge color="blue" variant="dot" tt="none">
                            Pending
                          </Badge>
                          <Text size="xs" c="dimmed">
                            expires <RelativeTime iso={invitation.expiresAt} />
                          </Text>
                        </Group>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{invitation.invitedBy?.name ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <RelativeTime iso={invitation.lastSentAt} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Button
                          variant="subtle"
                          size="compact-sm"
                          onClick={() => doResend(invitation)}
                          loading={resend.isPending && resend.variables?.id === invitation.id}
                          aria-label={`Resend invitation to ${invitation.email}`}
                        >
                          Resend
                        </Button>
                        <Button
                          variant="subtle"
                          color="red"
                          size="compact-sm"
                          onClick={() => confirmRevoke(invitation)}
                          aria-label={`Revoke invitation to ${invitation.email}`}
                        >
                          Revoke
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}
