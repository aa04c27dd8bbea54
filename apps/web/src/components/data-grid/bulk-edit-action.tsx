import type { BulkSelection, BulkUndoResult, BulkUpdateBody, RecordBulkJob } from '@leadtrail/contracts';
import { modals } from '@mantine/modals';
import { IconPencil } from '@tabler/icons-react';
import { loadMoreStyles } from '../../lib/more-styles';
import { countText, type Noun } from '../../lib/count-text';
import { toBulkSelection } from './bulk-actions';
import type { BulkAction, GridColumn } from './types';

type Value = BulkUpdateBody['value'];

/** Fields bulk edit leaves alone: identities, names, links with their own actions, computed ones. */
const NOT_EDITABLE = new Set([
  'name', 'email', 'domain', 'ownerId', 'companyId', 'companyName', 'source', 'suppressed', 'createdAt', 'updatedAt',
  'contactCount', 'importId',
]);

/** The columns "Edit field" offers (issue 14). */
export const bulkEditableColumns = <Row,>(columns: GridColumn<Row>[]) =>
  columns.filter((c) => c.column !== false && !NOT_EDITABLE.has(c.key) && c.kind !== 'ref' && c.kind !== 'datetime');

/** "Edit field": one standard or custom field set on the selection (or all matching), with an undo. */
export function bulkEditAction<Row>(options: {
  noun: Noun;
  columns: GridColumn<Row>[];
  run: (selection: BulkSelection, field: string, value: Value, onProgress: (job: RecordBulkJob) => void) => Promise<{ editId: string | null; affected: number }>;
  undo: (editId: string) => Promise<BulkUndoResult>;
  /** Reloads the grid after an undo. */
  refresh: () => void;
}): BulkAction<Row> {
  const columns = bulkEditableColumns(options.columns);
  return {
    id: 'edit-field',
    label: 'Edit field',
    icon: <IconPencil size={14} aria-hidden="true" />,
    available: () => columns.length > 0,
    // the form (and its inputs) load with the first use: the button shows its loader meanwhile
    onRun: async (selection, { done }) => {
      const [{ BulkEditForm }] = await Promise.all([import('./bulk-edit-form'), loadMoreStyles()]);
      const modalId = `bulk-edit-${Date.now()}`;
      modals.open({
        modalId,
        title: `Edit a field of ${countText(selection.count, options.noun)}`,
        children: (
          <BulkEditForm
            modalId={modalId}
            count={selection.count}
            noun={options.noun}
            columns={columns}
            run={(field, value, onProgress) => options.run(toBulkSelection(selection), field, value, onProgress)}
            undo={options.undo}
            onDone={done}
            refresh={options.refresh}
          />
        ),
      });
    },
  };
}
