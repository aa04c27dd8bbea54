import type { Entity } from '@leadtrail/contracts';
import { ActionIcon, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlaylistAdd, IconX } from '@tabler/icons-react';
import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { RelativeTime } from '../../../components/relative-time';
import { errorMessage } from '../../../lib/api-client';
import { useRecordLists, useRemoveListMembers } from '../api/lists';
import { openAddToList } from './add-to-list';

type RecordListsPanelProps = {
  entity: Entity;
  recordId: string;
  /** "Ada Lovelace", "Acme": for the toasts. */
  recordName: string;
  canWrite: boolean;
};

const nouns: Record<Entity, { singular: string; plural: string }> = {
  contacts: { singular: 'contact', plural: 'contacts' },
  companies: { singular: 'company', plural: 'companies' },
};

/** The "Lists" panel of a contact's or company's page: its lists, add to one, remove from one. */
export function RecordListsPanel({ entity, recordId, recordName, canWrite }: RecordListsPanelProps) {
  const lists = useRecordLists(entity, recordId);
  const remove = useRemoveListMembers();
  const titleId = useId();
  const navigate = useNavigate();

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h4" id={titleId}>
            Lists
          </Title>
          {canWrite && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPlaylistAdd size={14} aria-hidden="true" />}
              onClick={() =>
                openAddToList({
                  entity,
                  noun: nouns[entity],
                  body: { ids: [recordId] },
                  count: 1,
                  openList: (id) => void navigate(`/lists/my-lists/${id}`),
                })
              }
            >
              Add to list
            </Button>
          )}
        </Group>
        {lists.isPending ? (
          <Skeleton height={20} radius="sm" />
        ) : lists.isError ? (
          <Text size="sm" c="red" role="alert">
            The lists could not be loaded: {errorMessage(lists.error)}
          </Text>
        ) : lists.data.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            Not in any list yet.
          </Text>
        ) : (
          <Stack
            gap={6}
            component="ul"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
            aria-label={`Lists of ${recordName}`}
          >
            {lists.data.data.map((list) => (
              <Group key={list.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                <Group gap="xs" wrap="nowrap" miw={0}>
                  <Anchor component={Link} to={`/lists/my-lists/${list.id}`} size="sm" truncate="end">
                    {list.name}
                  </Anchor>
                  <Text size="xs" c="dimmed" component="span">
                    added <RelativeTime iso={list.addedAt} span />
                  </Text>
                </Group>
                {canWrite && (
                  <Tooltip label={`Remove from ${list.name}`} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-label={`Remove ${recordName} from ${list.name}`}
                      loading={remove.isPending && remove.variables?.id === list.id}
                      onClick={() =>
                        remove.mutate(
                          { id: list.id, entity, body: { ids: [recordId] } },
                          {
                            onSuccess: () =>
                              notifications.show({
                                closeButtonProps: { 'aria-label': 'Dismiss' },
                                color: 'green',
                                message: `${recordName} removed from “${list.name}”`,
                              }),
                            onError: (caught) =>
                              notifications.show({
                                closeButtonProps: { 'aria-label': 'Dismiss' },
                                color: 'red',
                                title: 'Not removed',
                                message: errorMessage(caught),
                              }),
                          },
                        )
                      }
                    >
                      <IconX size={14} aria-hidden="true" />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
