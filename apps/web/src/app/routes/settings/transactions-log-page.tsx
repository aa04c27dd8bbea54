import { IconReceipt2 } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

// Placeholder until this screen is built: it says what the screen is for and pretends nothing.
export function Component() {
  return (
    <>
      <PageHeader
        title="Transactions log"
        description="Every credit granted and spent: who, what for, and the balance after."
      />
      <EmptyState
        icon={<IconReceipt2 size={28} aria-hidden="true" />}
        title="The credit ledger is coming in a later release"
        text="Each grant and spend of credits will be listed here with filters and CSV export."
      />
    </>
  );
}
