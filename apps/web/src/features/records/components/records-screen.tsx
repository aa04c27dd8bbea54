import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileUpload, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { BulkAction, DataGridProps } from '../../../components/data-grid';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { useCustomFields } from '../../../lib/custom-fields-query';
import { useOwnerOptions } from '../../../lib/owners-query';
import type { Viewer } from '../../../lib/viewer';
import type { MergeDialog as EagerMergeDialog } from './merge-dialog';
import { lazyOpenable, lazyPart } from '../../../lib/lazy-part';
import { useOpenFromUrl } from '../../../lib/use-open-from-url';
import { useMergeRecords } from '../api/record-api';
import type { FormBase, RecordRow, RecordSpec } from '../record-spec';
import { useMergeFields } from '../utils/merge-fields';
import type { RecordDrawer as EagerRecordDrawer } from './record-drawer';
import { RecordGrid } from './record-grid';

const uploadPath = '/my-contacts/upload-file';

// Issue 13: the "New …" drawer (its form, the custom fields' date and number inputs) and the
// merge dialog load when they first open, not with the grid.
const recordDrawer = lazyPart(() => import('./record-drawer').then((m) => m.RecordDrawer));
const RecordDrawer = lazyOpenable(recordDrawer) as unknown as typeof EagerRecordDrawer;
const MergeDialog = lazyOpenable(
  lazyPart(() => import('./merge-dialog').then((m) => m.MergeDialog)),
) as unknown as typeof EagerMergeDialog;

type RecordsScreenProps<Row extends RecordRow, Values extends FormBase> = {
  spec: RecordSpec<Row, Values>;
  viewer: Viewer;
  /** More bulk actions, from other features (issue 5: "Add to list"); the page passes them. */
  extraBulkActions?: BulkAction<Row>[];
  /** Export through a dialog (issue 5: how many suppressed contacts are left out). */
  onExport?: DataGridProps<Row>['onExport'];
  /** More header actions, before the primary ones (issue 26: contacts' "Duplicates (132)"). */
  headerActions?: ReactNode;
};

/** My Contacts → Contacts or Companies: the entity's grid, with "New …", upload, merge. */
export function RecordsScreen<Row extends RecordRow, Values extends FormBase>({
  spec,
  viewer,
  extraBulkActions,
  onExport,
  headerActions,
}: RecordsScreenProps<Row, Values>) {
  const [creating, setCreating] = useState(false);
  const [mergePair, setMergePair] = useState<[Row, Row] | null>(null);
  // Clears the grid's selection once the merge is through (one of the two rows is gone).
  const afterMerge = useRef<(() => void) | null>(null);
  const customFields = useCustomFields(spec.entity);
  const owners = useOwnerOptions(viewer);
  const merge = useMergeRecords(spec.api);
  const queryClient = useQueryClient();
  const mergeFields = useMergeFields(spec, customFields.data ?? [], owners.nameOf);
  const startMerge = useCallback((pair: [Row, Row], done: () => void) => {
    afterMerge.current = done;
    setMergePair(pair);
  }, []);
  const newLabel = `New ${spec.noun.singular}`;
  // the command palette's "New contact" / "New company"
  useOpenFromUrl('new', () => setCreating(true), viewer.canWrite);

  return (
    <>
      <PageHeader
        title={spec.screen.title}
        description={spec.screen.description}
        actions={
          (headerActions || viewer.canWrite) && (
            <>
              {headerActions}
              {viewer.canWrite && (
              <Button
                component={Link}
                to={uploadPath}
                variant="default"
                leftSection={<IconFileUpload size={16} aria-hidden="true" />}
              >
                Upload file
              </Button>
              )}
              {viewer.canWrite && (
              <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setCreating(true)}>
                {newLabel}
              </Button>
              )}
            </>
          )
        }
      />
      <RecordGrid<Row>
        spec={spec}
        viewer={viewer}
        grid={spec.entity}
        withViews
        source={spec.api}
        queryKey={spec.api.key}
        exportPath={spec.api.exportPath}
        onExport={onExport}
        leadingActions={extraBulkActions}
        onMerge={startMerge}
        emptyState={
          <EmptyState
            icon={spec.screen.emptyIcon}
            title={spec.screen.emptyTitle}
            text={spec.screen.emptyText}
            withBorder={false}
            action={
              viewer.canWrite && (
                <>
                  <Button onClick={() => setCreating(true)}>{newLabel}</Button>
                  <Button component={Link} to={uploadPath} variant="default">
                    Upload file
                  </Button>
                </>
              )
            }
          />
        }
      />
      <RecordDrawer
        spec={spec}
        opened={creating}
        onClose={() => setCreating(false)}
        customFields={customFields.data ?? []}
        owners={owners.activeOptions}
        viewer={viewer}
      />
      <MergeDialog<Row>
        opened={mergePair !== null}
        onClose={() => setMergePair(null)}
        noun={spec.noun}
        records={mergePair}
        getId={(row) => row.id}
        getTitle={spec.name}
        fields={mergeFields}
        note={spec.merge.note}
        onMerge={(body) => merge.mutateAsync(body)}
        onMerged={() => {
          setMergePair(null);
          if (afterMerge.current) afterMerge.current();
          else void queryClient.invalidateQueries({ queryKey: spec.api.key });
          notifications.show({ color: 'green', message: spec.screen.mergedMessage });
        }}
      />
    </>
  );
}
