import type { BulkSelection, List } from '@leadtrail/contracts';
import { Button } from '@mantine/core';
import { IconListDetails, IconUsersGroup } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorScreen } from '../../../components/error-screen';
import { PageSkeleton } from '../../../components/page-skeleton';
import { viewerFrom, type Viewer } from '../../../lib/viewer';
import { useSignedInMe } from '../../../features/auth/api/get-me';
import { listMembersKey, listMembersSource, useList } from '../../../features/lists/api/lists';
import { useAddToListActions } from '../../../features/lists/components/add-to-list-action';
import { ListHeader } from '../../../features/lists/components/list-header';
import { removeFromListAction } from '../../../features/lists/components/remove-from-list';
import { companySpec } from '../../../features/records/companies/company-spec';
import { RecordGrid, type GridSpec } from '../../../features/records/components/record-grid';
import { contactSpec } from '../../../features/records/contacts/contact-spec';
import type { RecordRow } from '../../../features/records/record-spec';
import { recordsPath } from '../../../features/records/utils/record-paths';
import { openSuppressedExportLazily } from '../../../features/suppressions/components/open-suppressed-export';
import { errorMessage, isNotFound } from '../../../lib/api-client';

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
    if (isNotFound(list.error)) {
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
        <ListMembers key={id} spec={contactSpec} list={list.data} viewer={viewer} />
      ) : (
        <ListMembers key={id} spec={companySpec} list={list.data} viewer={viewer} />
      )}
    </>
  );
}

/** The grid's "all N matching" of a list page means "of its members". */
const withinList =
  (listId: string) =>
  (selection: BulkSelection): BulkSelection =>
    'matching' in selection ? { matching: { ...selection.matching, listId } } : selection;

type ListMembersProps<Row extends RecordRow> = {
  spec: GridSpec<Row> & { isSuppressed?: (row: Row) => boolean };
  list: List;
  viewer: Viewer;
};

/** The list's members in their entity's grid, with "Remove from list" and "Add to list" first. */
function ListMembers<Row extends RecordRow>({ spec, list, viewer }: ListMembersProps<Row>) {
  const { noun, isSuppressed } = spec;
  const source = useMemo(() => listMembersSource(list.id, spec.api.schema), [list.id, spec.api.schema]);
  const scope = useMemo(() => withinList(list.id), [list.id]);
  const addToList = useAddToListActions<Row>({
    entity: list.entity,
    noun,
    canWrite: viewer.canWrite,
    exceptListId: list.id,
  });
  const leadingActions = useMemo(
    () => (viewer.canWrite ? [removeFromListAction<Row>(list, noun), ...addToList] : []),
    [viewer.canWrite, list, noun, addToList],
  );

  return (
    <RecordGrid<Row>
      spec={spec}
      viewer={viewer}
      grid={`list:${list.id}`}
      source={source}
      queryKey={listMembersKey(list.id)}
      exportPath={`/api/v1/lists/${list.id}/export`}
      onExport={
        isSuppressed &&
        ((request) => openSuppressedExportLazily<Row>({ request, noun, countMatching: source.fetchCount, isSuppressed }))
      }
      leadingActions={leadingActions}
      scope={scope}
      emptyState={<EmptyMembers entity={list.entity} />}
    />
  );
}

function EmptyMembers({ entity }: { entity: List['entity'] }) {
  return (
    <EmptyState
      icon={<IconUsersGroup size={28} aria-hidden="true" />}
      title="This list is empty"
      text={`Select ${entity} in their grid (or “all matching” a filter) and choose “Add to list”, or add them from their page.`}
      withBorder={false}
      action={
        <Button component={Link} to={recordsPath(entity)}>
          Go to {entity}
        </Button>
      }
    />
  );
}
