import type { BulkResult, BulkSelection, RecordBulkJob } from '@leadtrail/contracts';
import { modals } from '@mantine/modals';
import { IconTrash, IconUserShare } from '@tabler/icons-react';
import { countText, type Noun } from '../../lib/count-text';
import { loadMoreStyles } from '../../lib/more-styles';
import type { BulkAction, GridOption, GridSelection } from './types';

/** The API's form of a grid selection: the ticked ids, or everything matching q and filter. */
export const toBulkSelection = <Row,>(selection: GridSelection<Row>): BulkSelection =>
  selection.kind === 'all'
    ? { matching: { q: selection.q || undefined, filter: selection.filter } }
    : { ids: selection.ids };

/** "Delete" with a confirmation naming the count; a member's refusal (403) is explained. */
export function bulkDeleteAction<Row>(options: {
  noun: Noun;
  /** all matching: a job, whose progress is told as it goes (decision 0029) */
  run: (selection: BulkSelection, onProgress: (job: RecordBulkJob) => void) => Promise<BulkResult>;
}): BulkAction<Row> {
  return {
    id: 'delete',
    label: 'Delete',
    icon: <IconTrash size={14} aria-hidden="true" />,
    onRun: async (selection, { done }) => {
      const [{ ConfirmDelete }] = await Promise.all([import('./bulk-action-forms'), loadMoreStyles()]);
      const modalId = `bulk-delete-${Date.now()}`;
      modals.open({
        modalId,
        title: `Delete ${countText(selection.count, options.noun)}?`,
        children: (
          <ConfirmDelete
            modalId={modalId}
            count={selection.count}
            noun={options.noun}
            run={(onProgress) => options.run(toBulkSelection(selection), onProgress)}
            onDone={done}
          />
        ),
      });
    },
  };
}

/** "Assign owner": picks a member (or no one) for every selected record. */
export function bulkAssignOwnerAction<Row>(options: {
  noun: Noun;
  owners: GridOption[];
  run: (selection: BulkSelection, ownerId: string | null) => Promise<BulkResult>;
}): BulkAction<Row> {
  return {
    id: 'assign-owner',
    label: 'Assign owner',
    icon: <IconUserShare size={14} aria-hidden="true" />,
    onRun: async (selection, { done }) => {
      const [{ AssignOwnerForm }] = await Promise.all([import('./bulk-action-forms'), loadMoreStyles()]);
      const modalId = `bulk-owner-${Date.now()}`;
      modals.open({
        modalId,
        title: 'Assign owner',
        children: (
          <AssignOwnerForm
            modalId={modalId}
            count={selection.count}
            noun={options.noun}
            owners={options.owners}
            run={(ownerId) => options.run(toBulkSelection(selection), ownerId)}
            onDone={done}
          />
        ),
      });
    },
  };
}
