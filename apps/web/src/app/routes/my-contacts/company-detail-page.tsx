import { useParams } from 'react-router';
import { viewerFrom } from '../../../components/records/viewer';
import { useSignedInMe } from '../../../features/auth/api/get-me';
import { CompanyDetail } from '../../../features/companies/components/company-detail';

export function Component() {
  const me = useSignedInMe();
  const { id = '' } = useParams();
  // A new id is a new page: remounting drops the previous company's edit state.
  return <CompanyDetail key={id} id={id} viewer={viewerFrom(me)} />;
}
