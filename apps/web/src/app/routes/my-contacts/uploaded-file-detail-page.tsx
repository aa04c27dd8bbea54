import { useParams } from 'react-router';
import { useOwnerOptions } from '../../../lib/owners-query';
import { useSignedInMe } from '../../../features/auth/api/get-me';
import { ImportDetailView } from '../../../features/imports/components/import-detail';

/** /my-contacts/uploaded-files/:id: one import. */
export function Component() {
  const { id = '' } = useParams();
  const me = useSignedInMe();
  const owners = useOwnerOptions({ memberId: me.member.id, name: me.user.name });
  return (
    <ImportDetailView
      key={id}
      id={id}
      me={{ userId: me.user.id, canDeleteAny: me.permissions.includes('records:delete-any') }}
      ownerName={owners.nameOf}
    />
  );
}
