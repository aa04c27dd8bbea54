import { IconUsersGroup } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

// Placeholder until this screen is built: it says what the screen is for and pretends nothing.
export function Component() {
  return (
    <>
      <PageHeader
        title="Users"
        description="Members of your workspace, their roles, and pending invitations."
      />
      <EmptyState
        icon={<IconUsersGroup size={28} aria-hidden="true" />}
        title="Team management is coming in a later release"
        text="You will invite colleagues by email with a role here, change roles, deactivate members and set monthly credit limits."
      />
    </>
  );
}
