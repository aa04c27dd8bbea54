import { IconBan } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

// Placeholder until this screen is built: it says what the screen is for and pretends nothing.
export function Component() {
  return (
    <>
      <PageHeader
        title="Suppression list"
        description="Emails and whole domains never to contact."
      />
      <EmptyState
        icon={<IconBan size={28} aria-hidden="true" />}
        title="The suppression list is coming in a later release"
        text="You will add emails, domains or hashed emails here with a reason; suppressed people are then flagged everywhere, left out of exports and can't be revealed."
      />
    </>
  );
}
