import { IconUserSearch } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

// Placeholder until this screen is built: it says what the screen is for and pretends nothing.
export function Component() {
  return (
    <>
      <PageHeader
        title="Prospects"
        description="Find new people to contact and reveal their email and phone with credits."
      />
      <EmptyState
        icon={<IconUserSearch size={28} aria-hidden="true" />}
        title="Prospect search is coming in a later release"
        text="You will search the prospect database here by title, seniority, company, industry and location, then reveal contact details and save people to your contacts."
      />
    </>
  );
}
