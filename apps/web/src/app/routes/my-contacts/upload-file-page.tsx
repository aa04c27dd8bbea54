import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useOwnerOptions } from '../../../lib/owners-query';
import { useSignedInMe } from '../../../features/auth/api/get-me';
import { importQueryOptions } from '../../../features/imports/api/imports';
import { showImportStarted } from '../../../features/imports/components/import-started-toast';
import { ImportWizard } from '../../../features/imports/components/import-wizard';
import { useListsOf } from '../../../features/lists/api/lists';

/** /my-contacts/upload-file: the import wizard; `?import=<id>&step=n` keeps its place across reloads. */
export function Component() {
  const me = useSignedInMe();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = params.get('import');
  const step = Number(params.get('step') ?? '1') || 1;
  const imp = useQuery({ ...importQueryOptions(id ?? ''), enabled: id !== null });
  const lists = useListsOf(imp.data?.entity ?? 'contacts', imp.data !== undefined);
  const owners = useOwnerOptions({ memberId: me.member.id, name: me.user.name });

  return (
    <>
      <PageHeader
        title="Upload file"
        description="Import contacts or companies from a CSV or Excel file: map its columns, choose what happens to duplicates, and start."
        actions={
          <Button component={Link} to="/my-contacts/uploaded-files" variant="default">
            Uploaded files
          </Button>
        }
      />
      <ImportWizard
        imp={id ? (imp.data ?? null) : null}
        loading={id !== null && imp.isPending}
        error={id ? imp.error : null}
        step={step}
        onStep={(s) => setParams({ import: id ?? '', step: String(s) })}
        onUploaded={(created) => setParams({ import: created.id, step: '1' })}
        onStarted={(started) => {
          showImportStarted(started);
          void navigate(`/my-contacts/uploaded-files/${started.id}`);
        }}
        lists={(lists.data?.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
        owners={owners.activeOptions.map((o) => ({ value: o.value, label: o.label }))}
        canCreateFields={me.permissions.includes('settings:manage')}
      />
    </>
  );
}
