import { IconBuilding } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

// Placeholder until this screen is built: it says what the screen is for and pretends nothing.
export function Component() {
  return (
    <>
      <PageHeader
        title="Company"
        description="Your workspace's name, domain, logo, address, tax ID and time zone."
      />
      <EmptyState
        icon={<IconBuilding size={28} aria-hidden="true" />}
        title="Company settings are coming in a later release"
        text="You will edit the workspace's name, website, logo, address and tax ID (printed on invoices) and time zone here."
      />
    </>
  );
}
