import type { Contact } from '@leadtrail/contracts';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAddressBook, IconArrowMerge, IconFileUpload, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { bulkAssignOwnerAction, bulkDeleteAction, DataGrid, type BulkAction, type DataGridProps } from '../../../components/data-grid';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { useCustomFields } from '../../../components/records/custom-fields-query';
import { MergeDialog } from '../../../components/records/merge-dialog';
import { useOwnerOptions } from '../../../components/records/owners-query';
import type { Viewer } from '../../../components/records/viewer';
import {
  bulkAssignContactOwner,
  bulkDeleteContacts,
  contactsKey,
  fetchContactsCount,
  fetchContactsPage,
  useMergeContacts,
} from '../api/contacts';
import { contactColumns, contactHref, contactName } from '../utils/contact-columns';
import { useContactMergeFields } from '../utils/contact-merge-fields';
import { NewContactDrawer } from './new-contact-drawer';

const noun = { singular: 'contact', plural: 'contacts' };

type ContactsScreenProps = {
  viewer: Viewer;
  /** More bulk actions, from other features (issue 5: "Add to list"); the page passes them. */
  extraBulkActions?: BulkAction<Contact>[];
  /** Export through a dialog (issue 5: how many suppressed contacts are left out). */
  onExport?: DataGridProps<Contact>['onExport'];
};

/** My Contacts → Contacts: the grid of the workspace's people, with "New contact". */
export function ContactsScreen({ viewer, extraBulkActions, onExport }: ContactsScreenProps) {
  const [creating, setCreating] = useState(false);
  const [mergePair, setMergePair] = useState<[Contact, Contact] | null>(null);
  // Clears the grid's selection once the merge is through (one of the two rows is gone).
  const afterMerge = useRef<(() => void) | null>(null);
  const customFields = useCustomFields('contacts');
  const owners = useOwnerOptions(viewer);
  const merge = useMergeContacts();
  const queryClient = useQueryClient();
  const mergeFields = useContactMergeFields(customFields.data ?? [], owners.nameOf);

  const columns = useMemo(
    () =>
      contactColumns({
        customFields: customFields.data ?? [],
        owners: owners.options,
        ownerName: owners.nameOf,
      }),
    // nameOf changes with the owner list it reads
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [customFields.data, owners.options],
  );

  const bulkActions = useMemo((): BulkAction<Contact>[] => {
    const actions: BulkAction<Contact>[] = [];
    if (viewer.canWrite) {
      actions.push(
        bulkAssignOwnerAction({ noun, owners: owners.activeOptions, run: bulkAssignContactOwner }),
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
        bulkDeleteAction({ noun, run: bulkDeleteContacts }),
      );
    }
    // issue 5: "Add to list" goes first, it is what people select rows for most
    return [...(extraBulkActions ?? []), ...actions];
  }, [viewer.canWrite, owners.activeOptions, extraBulkActions]);

  return (
    <>
      <PageHeader
        title="Contacts"
        description="The people of your workspace: search, filter, sort and act on them in bulk."
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
                New contact
              </Button>
            </>
          )
        }
      />
      <DataGrid<Contact>
        grid="contacts"
        noun={noun}
        columns={columns}
        queryKey={contactsKey}
        fetchPage={fetchContactsPage}
        fetchCount={fetchContactsCount}
        getRowId={(contact) => contact.id}
        getRowLabel={contactName}
        rowHref={contactHref}
        exportPath={viewer.canExport ? '/api/v1/contacts/export' : null}
        bulkActions={bulkActions}
        onExport={onExport}
        searchPlaceholder="Search name, email, company or domain"
        emptyState={
          <EmptyState
            icon={<IconAddressBook size={28} aria-hidden="true" />}
            title="No contacts yet"
            text="Contacts are the people you sell to. Add one by hand, upload a file from your CRM, or save prospects."
            withBorder={false}
            action={
              viewer.canWrite && (
                <>
                  <Button onClick={() => setCreating(true)}>New contact</Button>
                  <Button component={Link} to="/my-contacts/upload-file" variant="default">
                    Upload file
                  </Button>
                </>
              )
            }
          />
        }
      />
      <NewContactDrawer
        opened={creating}
        onClose={() => setCreating(false)}
        customFields={customFields.data ?? []}
        owners={owners.activeOptions}
        viewer={viewer}
      />
      <MergeDialog<Contact>
        opened={mergePair !== null}
        onClose={() => setMergePair(null)}
        noun={noun}
        records={mergePair}
        getId={(contact) => contact.id}
        getTitle={contactName}
        fields={mergeFields}
        onMerge={(body) => merge.mutateAsync(body)}
        onMerged={() => {
          setMergePair(null);
          if (afterMerge.current) afterMerge.current();
          else void queryClient.invalidateQueries({ queryKey: contactsKey });
          notifications.show({ color: 'green', message: 'Contacts merged: notes and history are on the one kept' });
        }}
      />
    </>
  );
}
