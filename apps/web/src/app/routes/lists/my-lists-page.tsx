import { IconList } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

// Placeholder until this screen is built: it says what the screen is for and pretends nothing.
export function Component() {
  return (
    <>
      <PageHeader
        title="My lists"
        description="Static lists of contacts or companies to organise your outreach."
      />
      <EmptyState
        icon={<IconList size={28} aria-hidden="true" />}
        title="Lists are coming in a later release"
        text="You will create lists of contacts or companies here, rename and describe them, and export their members."
      />
    </>
  );
}
