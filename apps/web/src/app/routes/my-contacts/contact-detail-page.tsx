import { useParams } from 'react-router';
import { viewerFrom } from '../../../components/records/viewer';
import { useSignedInMe } from '../../../features/auth/api/get-me';
import { ContactDetail } from '../../../features/contacts/components/contact-detail';

export function Component() {
  const me = useSignedInMe();
  const { id = '' } = useParams();
  // A new id is a new page: remounting drops the previous contact's edit state.
  return <ContactDetail key={id} id={id} viewer={viewerFrom(me)} />;
}
