import { IconFileInvoice } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

// Placeholder until this screen is built: it says what the screen is for and pretends nothing.
export function Component() {
  return (
    <>
      <PageHeader
        title="Billing & invoices"
        description="Your invoices, their status and PDFs."
      />
      <EmptyState
        icon={<IconFileInvoice size={28} aria-hidden="true" />}
        title="Invoices are coming in a later release"
        text="Every invoice of your workspace will be listed here with its status and totals, ready to download as PDF."
      />
    </>
  );
}
