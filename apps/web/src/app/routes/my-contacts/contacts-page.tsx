import { IconAddressBook } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

// Placeholder until this screen is built: it says what the screen is for and pretends nothing.
export function Component() {
  return (
    <>
      <PageHeader
        title="Contacts"
        description="The people of your workspace: search, filter, sort and act on them in bulk."
      />
      <EmptyState
        icon={<IconAddressBook size={28} aria-hidden="true" />}
        title="Contacts are coming in a later release"
        text="This is where your workspace's people will live: a fast grid with filters on every field, custom fields, lists and CSV export."
      />
    </>
  );
}
