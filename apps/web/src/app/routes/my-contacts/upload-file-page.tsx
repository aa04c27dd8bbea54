import { IconFileUpload } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

// Placeholder until this screen is built: it says what the screen is for and pretends nothing.
export function Component() {
  return (
    <>
      <PageHeader
        title="Upload file"
        description="Import contacts or companies from a CSV or Excel file."
      />
      <EmptyState
        icon={<IconFileUpload size={28} aria-hidden="true" />}
        title="File import is coming in a later release"
        text="You will upload a CSV or XLSX file here, map its columns to fields, choose how to handle duplicates and start the import."
      />
    </>
  );
}
