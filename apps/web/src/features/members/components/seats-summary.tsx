import type { Seats } from '@leadtrail/contracts';
import { Alert, Anchor, Group, Paper, Progress, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Seats in use against the plan: active members plus pending invitations. */
export function SeatsSummary({ seats }: { seats: Seats }) {
  const full = seats.used >= seats.limit;
  const pending = seats.pendingInvitations;
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb={6}>
        <Text size="sm" fw={600}>
          {seats.used} of {seats.limit} seats used
        </Text>
        <Text size="xs" c="dimmed">
          {seats.activeMembers} active {seats.activeMembers === 1 ? 'member' : 'members'}
          {pending > 0 ? ` · ${pending} pending ${pending === 1 ? 'invitation' : 'invitations'}` : ''}
        </Text>
      </Group>
      <Progress
        value={Math.min(100, (seats.used / Math.max(seats.limit, 1)) * 100)}
        color={full ? 'orange' : 'blue'}
        aria-label={`${seats.used} of ${seats.limit} seats used`}
      />
      {full && (
        <Alert mt="md" color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
          All seats of your plan are in use. To invite more people,{' '}
          <Anchor component={Link} to="/settings/plans" size="sm">
            upgrade your plan
          </Anchor>
          , revoke a pending invitation or deactivate a member.
        </Alert>
      )}
    </Paper>
  );
}
