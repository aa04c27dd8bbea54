import { viewerFrom } from '../../../lib/viewer';
import { useSignedInMe } from '../../../features/auth/api/get-me';
import { ListsScreen } from '../../../features/lists/components/lists-screen';

export function Component() {
  const me = useSignedInMe();
  return <ListsScreen viewer={viewerFrom(me)} />;
}
