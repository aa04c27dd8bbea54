import type { List } from '@leadtrail/contracts';
import { Button, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPlaylistX } from '@tabler/icons-react';
import { useState } from 'react';
import type { BulkAction, GridSelection } from '../../../components/data-grid';
import { ConfirmActions } from '../../../components/confirm-actions';
import { errorMessage } from '../../../lib/api-client';
import { capitalise, countText, type Noun } from '../../../lib/count-text';
import { queryClient } from '../../../lib/query-client';
import { addListMembers, refreshLists, removeListMembers } from '../api/lists';
import { membersBodyOf } from './add-to-list-action';


function ConfirmRemove<Row>({
  modalId,
  list,
  noun,
  selection,
  onDone,
}: {
  modalId: string;
  list: List;
  noun: Noun;
  selection: GridSelection<Row>;
  onDone: () => void;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const what = countText(selection.count, noun);

  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      const result = await removeListMembers(list.id, membersBodyOf(selection));
      modals.close(modalId);
      onDone();
      await refreshLists(queryClient, list.entity);
      const ids = selection.kind === 'ids' ? selection.ids : null;
      const notificationId = `removed-${Date.now()}`;
      notifications.show({
        closeButtonProps: { 'aria-label': 'Dismiss' },
        id: notificationId,
        color: 'green',
        title: `${countText(result.removed, noun)} removed from “${list.name}”`,
        message: ids ? (
          <Button
            size="compact-xs"
            variant="light"
            onClick={async () => {
              notifications.hide(notificationId);
              await addListMembers(list.id, { ids });
              await refreshLists(queryClient, list.entity);
              notifications.show({
                closeButtonProps: { 'aria-label': 'Dismiss' },
                color: 'green',
                message: `${countText(ids.length, noun)} back in “${list.name}”`,
              });
            }}
          >
            Undo
          </Button>
        ) : undefined,
      });
    } catch (caught) {
      setPending(false);
      setError(errorMessage(caught));
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        {capitalise(what)} will leave the list “{list.name}”. They stay in your workspace
        and in their other lists.
      </Text>
      <ConfirmActions modalId={modalId} error={error} pending={pending} label={`Remove ${what}`} onConfirm={confirm} />
    </Stack>
  );
}

/** The list page's "Remove from list": the selected members, or all matching, leave the list. */
export function removeFromListAction<Row>(list: List, noun: Noun): BulkAction<Row> {
  return {
    id: 'remove-from-list',
    label: 'Remove from list',
    icon: <IconPlaylistX size={14} aria-hidden="true" />,
    onRun: (selection, { done }) => {
      const modalId = `remove-from-list-${Date.now()}`;
      modals.open({
        modalId,
        title: `Remove ${countText(selection.count, noun)} from the list?`,
        children: <ConfirmRemove modalId={modalId} list={list} noun={noun} selection={selection} onDone={done} />,
      });
    },
  };
}
