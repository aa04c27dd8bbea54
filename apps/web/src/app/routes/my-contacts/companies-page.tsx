import { viewerFrom } from '../../../components/records/viewer';
import { useSignedInMe } from '../../../features/auth/api/get-me';
import { CompaniesScreen } from '../../../features/companies/components/companies-screen';

export function Component() {
  const me = useSignedInMe();
  return <CompaniesScreen viewer={viewerFrom(me)} />;
}
