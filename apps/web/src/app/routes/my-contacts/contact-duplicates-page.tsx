import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useSignedInMe } from '../../../features/auth/api/get-me';
import { DuplicatesView } from '../../../features/duplicates/components/duplicates-view';
import { viewerFrom } from '../../../lib/viewer';

/** /my-contacts/contacts/duplicates: likely duplicate contacts, to merge or keep apart (issue 26). */
export function Component() {
  const viewer = viewerFrom(useSignedInMe());
  return (
    <>
      <PageHeader
        above={
          <Anchor component={Link} to="/my-contacts/contacts" size="sm">
            ← Contacts
          </Anchor>
        }
        title="Duplicate contacts"
        description="Contacts that look like the same person: the same name at the same company, the same phone or the same LinkedIn profile."
      />
      <DuplicatesView canWrite={viewer.canWrite} />
    </>
  );
}
