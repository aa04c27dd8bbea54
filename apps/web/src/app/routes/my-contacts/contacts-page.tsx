import type { Contact } from '@leadtrail/contracts';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { viewerFrom } from '../../../components/records/viewer';
import { useSignedInMe } from '../../../features/auth/api/get-me';
import { fetchContactsCount } from '../../../features/contacts/api/contacts';
import { ContactsScreen } from '../../../features/contacts/components/contacts-screen';
import { addToListAction } from '../../../features/lists/components/add-to-list';
import { openSuppressedExport } from '../../../features/suppressions/components/suppressed-export-dialog';

const noun = { singular: 'contact', plural: 'contacts' };

export function Component() {
  const me = useSignedInMe();
  const viewer = viewerFrom(me);
  const navigate = useNavigate();
  // issue 5: lists and the suppression list plug into the contacts grid here
  const extraBulkActions = useMemo(
    () =>
      viewer.canWrite
        ? [addToListAction<Contact>({ entity: 'contacts', noun, openList: (id) => void navigate(`/lists/my-lists/${id}`) })]
        : [],
    [viewer.canWrite, navigate],
  );
  return (
    <ContactsScreen
      viewer={viewer}
      extraBulkActions={extraBulkActions}
      onExport={(request) =>
        openSuppressedExport<Contact>({
          request,
          noun,
          countMatching: (params) => fetchContactsCount(params),
          isSuppressed: (contact) => contact.suppressed,
        })
      }
    />
  );
}
