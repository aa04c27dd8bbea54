import type { BulkSelection, Company, Contact, List } from '@leadtrail/contracts';
import { Button } from '@mantine/core';
import { IconListDetails, IconUsersGroup } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { bulkAssignOwnerAction, bulkDeleteAction, DataGrid, type BulkAction } from '../../../components/data-grid';
import { EmptyState } from '../../../components/empty-state';
import { ErrorScreen } from '../../../components/error-screen';
import { PageSkeleton } from '../../../components/page-skeleton';
import { useCustomFields } from '../../../components/records/custom-fields-query';
import { useOwnerOptions } from '../../../components/records/owners-query';
import { viewerFrom, type Viewer } from '../../../components/records/viewer';
import { useSignedInMe } from '../../../features/auth/api/get-me';
import { bulkAssignCompanyOwner, bulkDeleteCompanies } from '../../../features/companies/api/companies';
import { companyColumns, companyHref } from '../../../features/companies/utils/company-columns';
import { bulkAssignContactOwner, bulkDeleteContacts } from '../../../features/contacts/api/contacts';
import { contactColumns, contactHref, contactName } from '../../../features/contacts/utils/contact-columns';
import { listMembersFetchers, listMembersKey, useList } from '../../../features/lists/api/lists';
import { addToListAction } from '../../../features/lists/components/add-to-list';
import { ListHeader } from '../../../features/lists/components/list-header';
import { removeFromListAction } from '../../../features/lists/components/remove-from-list';
import { openSuppressedExport } from '../../../features/suppressions/components/suppressed-export-dialog';
import { errorMessage, isApiErrorWith } from '../../../lib/api-client';

/**
 * Lists → a list: its members in the same grid as contacts or companies (every filter, sort,
 * column and bulk action), plus "Remove from list" and the list's export.
 */
export function Component() {
  const me = useSignedInMe();
  const viewer = viewerFrom(me);
  const { list: id = '' } = useParams();
  const list = useList(id);

  if (list.isPending) return <PageSkeleton />;
  if (list.isError) {
    if (isApiErrorWith(list.error, 404)) {
      return (
        <EmptyState
          icon={<IconListDetails size={28} aria-hidden="true" />}
          title="This list does not exist"
          text="It may have been deleted, or the link is wrong."
          action={
            <Button component={Link} to="/lists/my-lists">
              Back to my lists
            </Button>
          }
        />
      );
    }
    return <ErrorScreen message={errorMessage(list.error)} onRetry={() => void list.refetch()} />;
  }
  return (
    <>
      <ListHeader list={list.data} viewer={viewer} />
      {list.data.entity === 'contacts' ? (
        <ContactMembers key={id} list={list.data} viewer={viewer} />
      ) : (
        <CompanyMembers key={id} list={list.data} viewer={viewer} />
      )}
    </>
  );
}

/** The grid's "all N matching" of a list page means "of its members". */
const withinList =
  (listId: string) =>
  (selection: BulkSelection): BulkSelection =>
    'matching' in selection ? { matching: { ...selection.matching, listId } } : selection;

const contactNoun = { singular: 'contact', plural: 'contacts' };
const companyNoun = { singular: 'company', plural: 'companies' };

function ContactMembers({ list, viewer }: { list: List; viewer: Viewer }) {
  const navigate = useNavigate();
  const customFields = useCustomFields('contacts');
  const owners = useOwnerOptions(viewer);
  const columns = useMemo(
    () => contactColumns({ customFields: customFields.data ?? [], owners: owners.options, ownerName: owners.nameOf }),
    // nameOf changes with the owner list it reads
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [customFields.data, owners.options],
  );
  const source = useMemo(() => listMembersFetchers<Contact>(list.id, 'contacts'), [list.id]);
  const bulkActions = useMemo((): BulkAction<Contact>[] => {
    if (!viewer.canWrite) return [];
    const scoped = withinList(list.id);
    return [
      removeFromListAction<Contact>(list, contactNoun),
      addToListAction<Contact>({
        entity: 'contacts',
        noun: contactNoun,
        exceptListId: list.id,
        openList: (id) => void navigate(`/lists/my-lists/${id}`),
      }),
      bulkAssignOwnerAction<Contact>({
        noun: contactNoun,
        owners: owners.activeOptions,
        run: (s, owner) => bulkAssignContactOwner(scoped(s), owner),
      }),
      bulkDeleteAction<Contact>({ noun: contactNoun, run: (s) => bulkDeleteContacts(scoped(s)) }),
    ];
  }, [viewer.canWrite, list, owners.activeOptions, navigate]);

  return (
    <DataGrid<Contact>
      grid={`list:${list.id}`}
      noun={contactNoun}
      columns={columns}
      queryKey={listMembersKey(list.id)}
      fetchPage={source.fetchPage}
      fetchCount={source.fetchCount}
      getRowId={(contact) => contact.id}
      getRowLabel={contactName}
      rowHref={contactHref}
      exportPath={viewer.canExport ? `/api/v1/lists/${list.id}/export` : null}
      onExport={(request) =>
        openSuppressedExport<Contact>({
          request,
          noun: contactNoun,
          countMatching: (params) => source.fetchCount(params),
          isSuppressed: (contact) => contact.suppressed,
        })
      }
      bulkActions={bulkActions}
      searchPlaceholder="Search name, email, company or domain"
      emptyState={<EmptyMembers entity="contacts" />}
    />
  );
}

function CompanyMembers({ list, viewer }: { list: List; viewer: Viewer }) {
  const navigate = useNavigate();
  const customFields = useCustomFields('companies');
  const owners = useOwnerOptions(viewer);
  const columns = useMemo(
    () => companyColumns({ customFields: customFields.data ?? [], owners: owners.options, ownerName: owners.nameOf }),
    // nameOf changes with the owner list it reads
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [customFields.data, owners.options],
  );
  const source = useMemo(() => listMembersFetchers<Company>(list.id, 'companies'), [list.id]);
  const bulkActions = useMemo((): BulkAction<Company>[] => {
    if (!viewer.canWrite) return [];
    const scoped = withinList(list.id);
    return [
      removeFromListAction<Company>(list, companyNoun),
      addToListAction<Company>({
        entity: 'companies',
        noun: companyNoun,
        exceptListId: list.id,
        openList: (id) => void navigate(`/lists/my-lists/${id}`),
      }),
      bulkAssignOwnerAction<Company>({
        noun: companyNoun,
        owners: owners.activeOptions,
        run: (s, owner) => bulkAssignCompanyOwner(scoped(s), owner),
      }),
      bulkDeleteAction<Company>({ noun: companyNoun, run: (s) => bulkDeleteCompanies(scoped(s)) }),
    ];
  }, [viewer.canWrite, list, owners.activeOptions, navigate]);

  return (
    <DataGrid<Company>
      grid={`list:${list.id}`}
      noun={companyNoun}
      columns={columns}
      queryKey={listMembersKey(list.id)}
      fetchPage={source.fetchPage}
      fetchCount={source.fetchCount}
      getRowId={(company) => company.id}
      getRowLabel={(company) => company.name}
      rowHref={companyHref}
      exportPath={viewer.canExport ? `/api/v1/lists/${list.id}/export` : null}
      bulkActions={bulkActions}
      searchPlaceholder="Search name or domain"
      emptyState={<EmptyMembers entity="companies" />}
    />
  );
}

function EmptyMembers({ entity }: { entity: 'contacts' | 'companies' }) {
  const to = entity === 'contacts' ? '/my-contacts/contacts' : '/my-contacts/companies';
  return (
    <EmptyState
      icon={<IconUsersGroup size={28} aria-hidden="true" />}
      title="This list is empty"
      text={`Select ${entity} in their grid (or “all matching” a filter) and choose “Add to list”, or add them from their page.`}
      withBorder={false}
      action={
        <Button component={Link} to={to}>
          Go to {entity}
        </Button>
      }
    />
  );
}
