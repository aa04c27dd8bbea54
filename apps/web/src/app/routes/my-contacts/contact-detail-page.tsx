import { IconUser } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

// Placeholder until this screen is built: it says what the screen is for and pretends nothing.
export function Component() {
  return (
    <>
      <PageHeader
        title="Contact"
        description="Every field of one person, with its company, lists, notes and activity."
      />
      <EmptyState
        icon={<IconUser size={28} aria-hidden="true" />}
        title="Contact details are coming in a later release"
        text="This page will show all fields of the contact, edit in place, its company, the lists it belongs to, notes and an activity timeline."
      />
    </>
  );
}
