import type { SessionInfo } from '@leadtrail/contracts';
import { Badge, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconApi, IconDeviceDesktop, IconDeviceMobile, IconDeviceTablet, IconQuestionMark } from '@tabler/icons-react';
import { RelativeTime } from '../../../components/relative-time';
import { errorMessage } from '../../../lib/api-client';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/account';
import { Section } from './section';

const deviceIcon = {
  desktop: IconDeviceDesktop,
  mobile: IconDeviceMobile,
  tablet: IconDeviceTablet,
  api: IconApi,
  unknown: IconQuestionMark,
} as const;

export function SessionsList() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();

  const confirmRevoke = (s: SessionInfo) =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Close' },
      title: 'Sign out this session?',
      children: (
        <Text size="sm">
          {s.browser} on {s.os}
          {s.ip ? ` (${s.ip})` : ''} is signed out at once and will need your password again.
        </Text>
      ),
      labels: { confirm: 'Sign out session', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(s.id, {
          onSuccess: () => notifications.show({ color: 'green', message: `${s.browser} on ${s.os} signed out` }),
          onError: (error) =>
            notifications.show({ color: 'red', title: 'Not signed out', message: errorMessage(error) }),
        }),
    });

  const others = sessions.data?.data.filter((s) => !s.current) ?? [];
  const confirmRevokeOthers = () =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Close' },
      title: `Sign out ${others.length} other ${others.length === 1 ? 'session' : 'sessions'}?`,
      children: (
        <Text size="sm">Every browser but this one is signed out at once and will need your password again.</Text>
      ),
      labels: { confirm: 'Sign out other sessions', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revokeOthers.mutate(undefined, {
          onSuccess: ({ revoked }) =>
            notifications.show({
              color: 'green',
              message: `${revoked} ${revoked === 1 ? 'session' : 'sessions'} signed out`,
            }),
          onError: (error) =>
            notifications.show({ color: 'red', title: 'Not signed out', message: errorMessage(error) }),
        }),
    });

  return (
    <Section
      id="sessions"
      title="Active sessions"
      description="Where you are signed in. Sign out any you don't recognise."
    >
      {sessions.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading sessions">
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : sessions.isError ? (
        <Text c="red" size="sm" role="alert">
          Sessions could not be loaded: {errorMessage(sessions.error)}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void sessions.refetch()}>
            Retry
          </Button>
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={600}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Device</Table.Th>
                  <Table.Th>IP address</Table.Th>
                  <Table.Th>Last seen</Table.Th>
                  <Table.Th>Signed in</Table.Th>
                  <Table.Th ta="right">Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sessions.data.data.map((s) => {
                  const Icon = deviceIcon[s.device];
                  return (
                    <Table.Tr key={s.id}>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Icon size={18} aria-hidden="true" />
                          <Text size="sm">
                            {s.browser} on {s.os}
                          </Text>
                          {s.current && (
                            <Badge size="xs" color="green" variant="dot" tt="none">
                              This browser
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{s.ip ?? '—'}</Text>
                      </Table.Td>
                      <Table.Td>
                        <RelativeTime iso={s.lastSeenAt} />
                      </Table.Td>
                      <Table.Td>
                        <RelativeTime iso={s.createdAt} />
                      </Table.Td>
                      <Table.Td ta="right">
                        {!s.current && (
                          <Button
                            variant="subtle"
                            color="red"
                            size="compact-sm"
                            onClick={() => confirmRevoke(s)}
                            aria-label={`Sign out ${s.browser} on ${s.os}`}
                          >
                            Sign out
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="flex-end">
            <Button
              variant="default"
              color="red"
              onClick={confirmRevokeOthers}
              disabled={others.length === 0}
              loading={revokeOthers.isPending}
            >
              Sign out all other sessions
            </Button>
          </Group>
        </>
      )}
    </Section>
  );
}
