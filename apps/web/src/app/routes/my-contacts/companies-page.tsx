import type { Company } from '@leadtrail/contracts';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { viewerFrom } from '../../../components/records/viewer';
import { useSignedInMe } from '../../../features/auth/api/get-me';
import { CompaniesScreen } from '../../../features/companies/components/companies-screen';
import { addToListAction } from '../../../features/lists/components/add-to-list';

const noun = { singular: 'company', plural: 'companies' };

export function Component() {
  const me = useSignedInMe();
  const viewer = viewerFrom(me);
  const navigate = useNavigate();
  // issue 5: "Add to list" plugs into the companies grid here
  const extraBulkActions = useMemo(
    () =>
      viewer.canWrite
        ? [addToListAction<Company>({ entity: 'companies', noun, openList: (id) => void navigate(`/lists/my-lists/${id}`) })]
        : [],
    [viewer.canWrite, navigate],
  );
  return <CompaniesScreen viewer={viewer} extraBulkActions={extraBulkActions} />;
}
