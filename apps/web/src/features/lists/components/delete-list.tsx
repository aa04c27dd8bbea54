import type { List } from '@leadtrail/contracts';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { errorMessage, isApiErrorWith } from '../../../lib/api-client';

const n = new Intl.NumberFormat();

export const entityNoun = (list: Pick<List, 'entity'>, count: number) =>
  list.entity === 'contacts' ? (count === 1 ? 'contact' : 'contacts') : count === 1 ? 'company' : 'companies';

/** Asks before deleting a list, saying what stays (its members) and what goes (the list). */
export function confirmDeleteList(list: List, remove: (list: List) => Promise<unknown>, onDeleted?: () => void) {
  modals.openConfirmModal({
    title: `Delete the list “${list.name}”?`,
    children: (
      <Text size="sm">
        The list and its membership of {n.format(list.memberCount)} {entityNoun(list, list.memberCount)} are deleted.
        The {entityNoun(list, 2)} themselves stay in your workspace. This can&apos;t be undone.
      </Text>
    ),
    labels: { confirm: 'Delete list', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () => {
      remove(list).then(
        () => {
          notifications.show({
            closeButtonProps: { 'aria-label': 'Dismiss' },
            color: 'green',
            message: `List “${list.name}” deleted`,
          });
          onDeleted?.();
        },
        (caught: unknown) =>
          notifications.show({
            closeButtonProps: { 'aria-label': 'Dismiss' },
            color: 'red',
            title: 'List not deleted',
            message: isApiErrorWith(caught, 403)
              ? 'You can delete only the lists you own. Ask an owner or an admin.'
              : errorMessage(caught),
          }),
      );
    },
  });
}
