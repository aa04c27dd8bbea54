import { useParams } from 'react-router';
import { viewerFrom } from '../../../components/records/viewer';
import { useSignedInMe } from '../../../features/auth/api/get-me';
import { useCompany } from '../../../features/companies/api/companies';
import { CompanyDetail } from '../../../features/companies/components/company-detail';
import { RecordListsPanel } from '../../../features/lists/components/record-lists-panel';

export function Component() {
  const me = useSignedInMe();
  const viewer = viewerFrom(me);
  const { id = '' } = useParams();
  // the same query as the detail's own (cached): the lists panel names the company in its toasts
  const company = useCompany(id);
  // A new id is a new page: remounting drops the previous company's edit state.
  return (
    <CompanyDetail
      key={id}
      id={id}
      viewer={viewer}
      aside={
        company.data && <RecordListsPanel entity="companies" recordId={id} recordName={company.data.name} canWrite={viewer.canWrite} />
      }
    />
  );
}
