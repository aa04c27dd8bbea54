import { IconListDetails } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

// Placeholder until this screen is built: it says what the screen is for and pretends nothing.
export function Component() {
  return (
    <>
      <PageHeader
        title="List"
        description="The members of one list, with the same grid as contacts and companies."
      />
      <EmptyState
        icon={<IconListDetails size={28} aria-hidden="true" />}
        title="List details are coming in a later release"
        text="This page will show the list's members in a grid where you can add, remove and export them."
      />
    </>
  );
}
