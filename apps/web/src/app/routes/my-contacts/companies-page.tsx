import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

// Placeholder until this screen is built: it says what the screen is for and pretends nothing.
export function Component() {
  return (
    <>
      <PageHeader
        title="Companies"
        description="The companies (accounts) of your workspace, with their contacts."
      />
      <EmptyState
        icon={<IconBuildingSkyscraper size={28} aria-hidden="true" />}
        title="Companies are coming in a later release"
        text="This is where your workspace's companies will live, in the same grid as contacts: filters, custom fields, lists and export."
      />
    </>
  );
}
