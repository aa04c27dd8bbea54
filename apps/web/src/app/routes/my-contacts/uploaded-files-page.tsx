import { IconFiles } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

// Placeholder until this screen is built: it says what the screen is for and pretends nothing.
export function Component() {
  return (
    <>
      <PageHeader
        title="Uploaded files"
        description="Your imports, with their status, progress and results."
      />
      <EmptyState
        icon={<IconFiles size={28} aria-hidden="true" />}
        title="Import history is coming in a later release"
        text="Every file you import will be listed here with live progress, counts of created, updated and skipped rows, and its error report."
      />
    </>
  );
}
