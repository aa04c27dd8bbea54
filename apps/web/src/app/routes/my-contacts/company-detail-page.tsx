import { IconBuilding } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

// Placeholder until this screen is built: it says what the screen is for and pretends nothing.
export function Component() {
  return (
    <>
      <PageHeader
        title="Company"
        description="One company's fields, custom fields and contacts."
      />
      <EmptyState
        icon={<IconBuilding size={28} aria-hidden="true" />}
        title="Company details are coming in a later release"
        text="This page will show the company's fields and custom fields, its contacts and its activity."
      />
    </>
  );
}
