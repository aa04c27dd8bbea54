import { IconForms } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

// Placeholder until this screen is built: it says what the screen is for and pretends nothing.
export function Component() {
  return (
    <>
      <PageHeader
        title="Custom fields"
        description="Extra fields for contacts and companies, used in grids, imports and exports."
      />
      <EmptyState
        icon={<IconForms size={28} aria-hidden="true" />}
        title="Custom fields are coming in a later release"
        text="You will add fields of your own here (text, number, date, checkbox, selects, URL, email, phone) for contacts and companies."
      />
    </>
  );
}
