import type { BulkSelection } from '@leadtrail/contracts';
import { IconArrowMerge } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import {
  bulkAssignOwnerAction,
  bulkDeleteAction,
  bulkEditAction,
  DataGrid,
  type BulkAction,
  type DataGridProps,
  type GridSource,
} from '../../../components/data-grid';
import { useCustomFields } from '../../../lib/custom-fields-query';
import { useOwnerOptions } from '../../../lib/owners-query';
import type { Viewer } from '../../../lib/viewer';
import type { RecordRow, RecordSpec } from '../record-spec';
import { recordHref } from '../utils/record-paths';
import { SavedViewTabs } from './saved-view-tabs';

/** What the grid reads of a spec (not its form). */
export type GridSpec<Row extends RecordRow> = Pick<
  RecordSpec<Row>,
  'entity' | 'noun' | 'api' | 'name' | 'columns' | 'screen'
>;

type RecordGridProps<Row extends RecordRow> = {
  spec: GridSpec<Row>;
  viewer: Viewer;
  /** Names the grid for saved preferences (`contacts`, `list:<id>`). */
  grid: string;
  source: GridSource<Row>;
  queryKey: readonly unknown[];
  exportPath: string;
  onExport?: DataGridProps<Row>['onExport'];
  /** Actions from elsewhere, before the records' own (issue 5: "Add to list", "Remove from list"). */
  leadingActions?: BulkAction<Row>[];
  /** Offers "Merge" on two ticked rows. `done` clears the selection once the merge is through. */
  onMerge?: (pair: [Row, Row], done: () => void) => void;
  /** Narrows "all N matching" (the list page: of its members). */
  scope?: (selection: BulkSelection) => BulkSelection;
  emptyState: ReactNode;
  /** Issue 14: saved views as tabs above the grid (the contacts and companies screens). */
  withViews?: boolean;
};

const unscoped = (selection: BulkSelection) => selection;

/**
 * The grid of a record entity (its screen and a list's page): every standard and custom field as
 * columns and filters, and the bulk actions of someone who may write: assign owner, merge, delete.
 */
export function RecordGrid<Row extends RecordRow>(props: RecordGridProps<Row>) {
  const { spec, viewer, leadingActions, onMerge, scope = unscoped } = props;
  const customFields = useCustomFields(spec.entity);
  const owners = useOwnerOptions(viewer);
  const queryClient = useQueryClient();

  const columns = useMemo(
    () => spec.columns({ customFields: customFields.data ?? [], owners: owners.options, ownerName: owners.nameOf }),
    // nameOf changes with the owner list it reads
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [spec, customFields.data, owners.options],
  );

  const bulkActions = useMemo((): BulkAction<Row>[] => {
    if (!viewer.canWrite) return leadingActions ?? [];
    const { noun, api } = spec;
    const merge: BulkAction<Row>[] = onMerge
      ? [
          {
            id: 'merge',
            label: 'Merge',
            icon: <IconArrowMerge size={14} aria-hidden="true" />,
            available: (selection) => selection.kind === 'ids' && selection.rows.length === 2,
            onRun: (selection, { done }) => {
              if (selection.kind === 'ids' && selection.rows.length === 2)
                onMerge([selection.rows[0]!, selection.rows[1]!], done);
            },
          },
        ]
      : [];
    return [
      ...(leadingActions ?? []),
      bulkAssignOwnerAction<Row>({
        noun,
        owners: owners.activeOptions,
        run: (selection, owner) => api.bulkAssignOwner(scope(selection), owner),
      }),
      // issue 14: set one field on the selection, with an undo
      bulkEditAction<Row>({
        noun,
        columns,
        run: (selection, field, value, onProgress) => api.bulkUpdate({ selection: scope(selection), field, value }, onProgress),
        undo: (editId) => api.undoBulkUpdate(editId),
        refresh: () => void queryClient.invalidateQueries({ queryKey: api.key }),
      }),
      ...merge,
      bulkDeleteAction<Row>({ noun, run: (selection, onProgress) => api.bulkDelete(scope(selection), onProgress) }),
    ];
  }, [spec, viewer.canWrite, owners.activeOptions, leadingActions, onMerge, scope, columns, queryClient]);

  return (
    <DataGrid<Row>
      grid={props.grid}
      noun={spec.noun}
      columns={columns}
      queryKey={props.queryKey}
      fetchPage={props.source.fetchPage}
      fetchCount={props.source.fetchCount}
      fetchValues={props.source.fetchValues}
      getRowId={(row) => row.id}
      getRowLabel={spec.name}
      rowHref={(row) => recordHref(spec.entity, row.id)}
      exportPath={viewer.canExport ? props.exportPath : null}
      onExport={props.onExport}
      bulkActions={bulkActions}
      searchPlaceholder={spec.screen.searchPlaceholder}
      emptyState={props.emptyState}
      renderViews={
        props.withViews
          ? (control) => <SavedViewTabs grid={props.grid} control={control} allLabel={`All ${spec.noun.plural}`} />
          : undefined
      }
    />
  );
}
