import { useParams } from 'react-router';
import { viewerFrom } from '../../../components/records/viewer';
import { useSignedInMe } from '../../../features/auth/api/get-me';
import { useContact } from '../../../features/contacts/api/contacts';
import { ContactDetail } from '../../../features/contacts/components/contact-detail';
import { contactName } from '../../../features/contacts/utils/contact-columns';
import { RecordListsPanel } from '../../../features/lists/components/record-lists-panel';

export function Component() {
  const me = useSignedInMe();
  const viewer = viewerFrom(me);
  const { id = '' } = useParams();
  // the same query as the detail's own (cached): the lists panel names the contact in its toasts
  const contact = useContact(id);
  // A new id is a new page: remounting drops the previous contact's edit state.
  return (
    <ContactDetail
      key={id}
      id={id}
      viewer={viewer}
      aside={
        contact.data && (
          <RecordListsPanel entity="contacts" recordId={id} recordName={contactName(contact.data)} canWrite={viewer.canWrite} />
        )
      }
    />
  );
}
