import { IconUserCircle } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

// Placeholder until this screen is built: it says what the screen is for and pretends nothing.
export function Component() {
  return (
    <>
      <PageHeader
        title="My account"
        description="Your profile, email and password, two-step verification, sessions and API keys."
      />
      <EmptyState
        icon={<IconUserCircle size={28} aria-hidden="true" />}
        title="Account settings are coming in a later release"
        text="You will change your name, email and password here, turn on two-step verification, sign out other sessions and manage personal API keys."
      />
    </>
  );
}
