import { Button, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../components/page-header';
import { PageSkeleton } from '../../../components/page-skeleton';
import { useSignedInMe } from '../../../features/auth/api/get-me';
import { InviteModal } from '../../../features/invitations/components/invite-modal';
import { PendingInvitations } from '../../../features/invitations/components/pending-invitations';
import { useMembers } from '../../../features/members/api/members';
import { MembersTable } from '../../../features/members/components/members-table';
import { SeatsSummary } from '../../../features/members/components/seats-summary';
import { workspaceQueryOptions } from '../../../features/workspace/api/workspace';
import { errorMessage } from '../../../lib/api-client';
import { useOpenFromUrl } from '../../../lib/use-open-from-url';

export function Component() {
  const me = useSignedInMe();
  const members = useMembers();
  const workspace = useQuery(workspaceQueryOptions());
  const [inviting, invite] = useDisclosure(false);
  // the command palette's "Invite members"
  useOpenFromUrl('invite', invite.open);

  const header = (
    <PageHeader
      title="Users"
      description="Members of your workspace, their roles, and pending invitations."
      actions={
        <Button leftSection={<IconUserPlus size={18} aria-hidden="true" />} onClick={invite.open}>
          Invite members
        </Button>
      }
    />
  );

  if (members.isPending) return <PageSkeleton />;
  if (members.isError) {
    return (
      <>
        {header}
        <Text c="red" role="alert">
          The members could not be loaded: {errorMessage(members.error)}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void members.refetch()}>
            Retry
          </Button>
        </Text>
      </>
    );
  }
  const { seats } = members.data;
  const settings = workspace.data;

  return (
    <>
      {header}
      <Stack gap="xl">
        <SeatsSummary seats={seats} />
        <MembersTable list={members.data} viewerRole={me.role} />
        <PendingInvitations />
      </Stack>
      <InviteModal
        opened={inviting}
        onClose={invite.close}
        seatsLeft={Math.max(0, seats.limit - seats.used)}
        restrictedDomain={settings?.restrictInvitesToDomain ? settings.domain : null}
      />
    </>
  );
}
