import { IconFileSpreadsheet } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

// Placeholder until this screen is built: it says what the screen is for and pretends nothing.
export function Component() {
  return (
    <>
      <PageHeader
        title="Uploaded file"
        description="One import: summary, column mapping, row errors and downloads."
      />
      <EmptyState
        icon={<IconFileSpreadsheet size={28} aria-hidden="true" />}
        title="Import details are coming in a later release"
        text="This page will show the import's summary and timings, the column mapping, the rows that failed and why, and links to the imported records."
      />
    </>
  );
}
