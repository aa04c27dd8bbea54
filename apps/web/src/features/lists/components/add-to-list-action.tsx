import type { Entity, ListMembersBody } from '@leadtrail/contracts';
import { IconPlaylistAdd } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { BulkAction, GridSelection } from '../../../components/data-grid';
import type { Noun } from '../../../lib/count-text';
import { loadMoreStyles } from '../../../lib/more-styles';
import type { AddToListFormProps } from './add-to-list';

// Issue 13: the grid's "Add to list" action; its dialog (add-to-list.tsx: the list picker, the
// radio group) loads when it is first used.


/** The API body for a grid selection: the ticked ids, or everything matching q and filter. */
export const membersBodyOf = <Row,>(selection: GridSelection<Row>): ListMembersBody =>
  selection.kind === 'all' ? { filter: selection.filter, q: selection.q || undefined } : { ids: selection.ids };

/** Opens "Add to list" for a body of records, once its dialog's code has arrived. */
export async function openAddToListLazily(props: Omit<AddToListFormProps, 'onClose'>): Promise<void> {
  const [{ openAddToList }] = await Promise.all([import('./add-to-list'), loadMoreStyles()]);
  openAddToList(props);
}

/** The grid's "Add to list" bulk action (contacts, companies, and another list's members). */
export function addToListAction<Row>(options: {
  entity: Entity;
  noun: Noun;
  exceptListId?: string;
  openList?: (listId: string) => void;
}): BulkAction<Row> {
  return {
    id: 'add-to-list',
    label: 'Add to list',
    icon: <IconPlaylistAdd size={14} aria-hidden="true" />,
    onRun: (selection, { done }) =>
      openAddToListLazily({ ...options, body: membersBodyOf(selection), count: selection.count, onDone: done }),
  };
}

/** "Add to list" for someone who may write (nothing otherwise); its toast opens the list. */
export function useAddToListActions<Row>(options: {
  entity: Entity;
  noun: Noun;
  canWrite: boolean;
  exceptListId?: string;
}): BulkAction<Row>[] {
  const navigate = useNavigate();
  const { entity, noun, canWrite, exceptListId } = options;
  return useMemo(
    () =>
      canWrite
        ? [
            addToListAction<Row>({
              entity,
              noun,
              exceptListId,
              openList: (id) => void navigate(`/lists/my-lists/${id}`),
            }),
          ]
        : [],
    [entity, noun, canWrite, exceptListId, navigate],
  );
}
