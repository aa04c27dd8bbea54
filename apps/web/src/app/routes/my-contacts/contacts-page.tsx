import { viewerFrom } from '../../../components/records/viewer';
import { useSignedInMe } from '../../../features/auth/api/get-me';
import { ContactsScreen } from '../../../features/contacts/components/contacts-screen';

export function Component() {
  const me = useSignedInMe();
  return <ContactsScreen viewer={viewerFrom(me)} />;
}
