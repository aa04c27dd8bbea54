import type { Company } from '@leadtrail/contracts';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuildingSkyscraper, IconArrowMerge, IconFileUpload, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { bulkAssignOwnerAction, bulkDeleteAction, DataGrid, type BulkAction } from '../../../components/data-grid';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { useCustomFields } from '../../../components/records/custom-fields-query';
import { MergeDialog } from '../../../components/records/merge-dialog';
import { useOwnerOptions } from '../../../components/records/owners-query';
import type { Viewer } from '../../../components/records/viewer';
import {
  bulkAssignCompanyOwner,
  bulkDeleteCompanies,
  companiesKey,
  fetchCompaniesCount,
  fetchCompaniesPage,
  useMergeCompanies,
} from '../api/companies';
import { companyColumns, companyHref } from '../utils/company-columns';
import { useCompanyMergeFields } from '../utils/company-merge-fields';
import { NewCompanyDrawer } from './new-company-drawer';

const noun = { singular: 'company', plural: 'companies' };
const companyName = (company: Company) => company.name;

/** My Contacts → Companies: the grid of the workspace's accounts, with "New company". */
/** `extraBulkActions`: more bulk actions from other features (issue 5: "Add to list"); the page passes them. */
export function CompaniesScreen({ viewer, extraBulkActions }: { viewer: Viewer; extraBulkActions?: BulkAction<Company>[] }) {
  const [creating, setCreating] = useState(false);
  const [mergePair, setMergePair] = useState<[Company, Company] | null>(null);
  // Clears the grid's selection once the merge is through (one of the two rows is gone).
  const afterMerge = useRef<(() => void) | null>(null);
  const customFields = useCustomFields('companies');
  const owners = useOwnerOptions(viewer);
  const merge = useMergeCompanies();
  const queryClient = useQueryClient();
  const mergeFields = useCompanyMergeFields(customFields.data ?? [], owners.nameOf);

  const columns = useMemo(
    () =>
      companyColumns({
        customFields: customFields.data ?? [],
        owners: owners.options,
        ownerName: owners.nameOf,
      }),
    // nameOf changes with the owner list it reads
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [customFields.data, owners.options],
  );

  const bulkActions = useMemo((): BulkAction<Company>[] => {
    const actions: BulkAction<Company>[] = [];
    if (viewer.canWrite) {
      actions.push(
        bulkAssignOwnerAction({ noun, owners: owners.activeOptions, run: bulkAssignCompanyOwner }),
        {
          id: 'merge',
          label: 'Merge',
          icon: <IconArrowMerge size={14} aria-hidden="true" />,
          available: (selection) => selection.kind === 'ids' && selection.rows.length === 2,
          onRun: (selection, { done }) => {
            if (selection.kind === 'ids' && selection.rows.length === 2) {
              afterMerge.current = done;
              setMergePair([selection.rows[0]!, selection.rows[1]!]);
            }
          },
        },
        bulkDeleteAction({ noun, run: bulkDeleteCompanies }),
      );
    }
    return [...(extraBulkActions ?? []), ...actions];
  }, [viewer.canWrite, owners.activeOptions, extraBulkActions]);

  return (
    <>
      <PageHeader
        title="Companies"
        description="The accounts you sell to: search, filter, sort and act on them in bulk."
        actions={
          viewer.canWrite && (
            <>
              <Button
                component={Link}
                to="/my-contacts/upload-file"
                variant="default"
                leftSection={<IconFileUpload size={16} aria-hidden="true" />}
              >
                Upload file
              </Button>
              <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setCreating(true)}>
                New company
              </Button>
            </>
          )
        }
      />
      <DataGrid<Company>
        grid="companies"
        noun={noun}
        columns={columns}
        queryKey={companiesKey}
        fetchPage={fetchCompaniesPage}
        fetchCount={fetchCompaniesCount}
        getRowId={(company) => company.id}
        getRowLabel={companyName}
        rowHref={companyHref}
        exportPath={viewer.canExport ? '/api/v1/companies/export' : null}
        bulkActions={bulkActions}
        searchPlaceholder="Search name or domain"
        emptyState={
          <EmptyState
            icon={<IconBuildingSkyscraper size={28} aria-hidden="true" />}
            title="No companies yet"
            text="Companies are the accounts your contacts work for. Add one by hand or upload a file; contacts link to them by email domain."
            withBorder={false}
            action={
              viewer.canWrite && (
                <>
                  <Button onClick={() => setCreating(true)}>New company</Button>
                  <Button component={Link} to="/my-contacts/upload-file" variant="default">
                    Upload file
                  </Button>
                </>
              )
            }
          />
        }
      />
      <NewCompanyDrawer
        opened={creating}
        onClose={() => setCreating(false)}
        customFields={customFields.data ?? []}
        owners={owners.activeOptions}
        viewer={viewer}
      />
      <MergeDialog<Company>
        opened={mergePair !== null}
        onClose={() => setMergePair(null)}
        noun={noun}
        records={mergePair}
        getId={(company) => company.id}
        getTitle={companyName}
        fields={mergeFields}
        onMerge={(body) => merge.mutateAsync(body)}
        onMerged={() => {
          setMergePair(null);
          if (afterMerge.current) afterMerge.current();
          else void queryClient.invalidateQueries({ queryKey: companiesKey });
          notifications.show({
            color: 'green',
            message: 'Companies merged: contacts, notes and history are on the one kept',
          });
        }}
      />
    </>
  );
}
