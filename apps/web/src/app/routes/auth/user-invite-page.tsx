import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconMailOff } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { AuthPanel } from '../../../components/auth-panel';
import { EmptyState } from '../../../components/empty-state';
import { useInvitation } from '../../../features/invitations/api/get-invitation';

export function Component() {
  const { token = '' } = useParams();
  const invitation = useInvitation(token);

  if (invitation.isPending) {
    return (
      <AuthPanel title="Checking your invitation…">
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={16} width="80%" />
          <Skeleton height={16} width="60%" />
          <Skeleton height={36} mt="sm" />
        </Stack>
      </AuthPanel>
    );
  }

  if (invitation.isError) {
    return (
      <AuthPanel
        title="This invitation is invalid or has expired"
        description="It may have been used already, revoked, or it is past its expiry date."
      >
        <Stack gap="md">
          <EmptyState
            withBorder={false}
            icon={<IconMailOff size={28} aria-hidden="true" />}
            title="Ask for a new invitation"
            text="The person who invited you can send a new one from Settings → Users."
          />
          <Button component={Link} to="/login" fullWidth>
            Go to sign in
          </Button>
        </Stack>
      </AuthPanel>
    );
  }

  const { workspaceName, inviterName, email, role } = invitation.data;
  return (
    <AuthPanel title={workspaceName ? `Join ${workspaceName} on Leadtrail` : 'Join your team on Leadtrail'}>
      <Stack gap="md">
        <Text size="sm">
          {inviterName ? `${inviterName} invited you` : 'You were invited'}
          {email ? ` (${email})` : ''}
          {role ? ` as ${role}` : ''}.
        </Text>
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden="true" />}>
          Accepting invitations from this page is not available yet. Keep this email: the link will
          let you join as soon as it is.
        </Alert>
        <Button component={Link} to="/login" variant="default" fullWidth>
          Go to sign in
        </Button>
      </Stack>
    </AuthPanel>
  );
}
