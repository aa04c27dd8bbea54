import { IconCreditCard } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

// Placeholder until this screen is built: it says what the screen is for and pretends nothing.
export function Component() {
  return (
    <>
      <PageHeader
        title="Payment methods"
        description="The cards your workspace pays with."
      />
      <EmptyState
        icon={<IconCreditCard size={28} aria-hidden="true" />}
        title="Payment methods are coming in a later release"
        text="You will add and remove cards here and choose the default one."
      />
    </>
  );
}
