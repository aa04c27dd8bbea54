import { IconSparkles } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

// Placeholder until this screen is built: it says what the screen is for and pretends nothing.
export function Component() {
  return (
    <>
      <PageHeader
        title="Plans"
        description="Your current plan and credits, and the plans you can change to."
      />
      <EmptyState
        icon={<IconSparkles size={28} aria-hidden="true" />}
        title="Plans are coming in a later release"
        text="You will compare plans here, change plan monthly or annually, and buy extra credits."
      />
    </>
  );
}
