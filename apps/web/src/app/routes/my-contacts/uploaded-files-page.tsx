import { Button } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useSignedInMe } from '../../../features/auth/api/get-me';
import { ImportsHistory } from '../../../features/imports/components/imports-history';

/** /my-contacts/uploaded-files: every import, newest first, live while one runs. */
export function Component() {
  const me = useSignedInMe();
  return (
    <>
      <PageHeader
        title="Uploaded files"
        description="Your imports, with their status, progress and results."
        actions={
          <Button component={Link} to="/my-contacts/upload-file" leftSection={<IconFileUpload size={16} aria-hidden="true" />}>
            Upload file
          </Button>
        }
      />
      <ImportsHistory viewer={{ userId: me.user.id, canDeleteAny: me.permissions.includes('records:delete-any') }} />
    </>
  );
}
