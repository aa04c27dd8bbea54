import type { Activity, Entity } from '@leadtrail/contracts';
import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import {
  IconArrowMerge,
  IconDownload,
  IconEye,
  IconFileImport,
  IconList,
  IconNote,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RelativeTime } from '../../../components/relative-time';
import { errorMessage } from '../../../lib/api-client';
import { useActivity } from '../api/activity';

type ActivityTimelineProps = {
  entity: Entity;
  recordId: string;
  /** "contact" or "company", for sentences like "created this contact". */
  noun: string;
  /** Turns a stored value of a field into words (option labels, member names). */
  formatValue: (field: string, value: unknown) => string;
};

const sourceText: Record<string, string> = {
  manual: 'in the app',
  import: 'from an import',
  prospect: 'from the prospect database',
  api: 'through the API',
};

const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

const icons: Record<Activity['type'], ReactNode> = {
  created: <IconPlus size={14} aria-hidden="true" />,
  edited: <IconPencil size={14} aria-hidden="true" />,
  note_added: <IconNote size={14} aria-hidden="true" />,
  note_edited: <IconNote size={14} aria-hidden="true" />,
  note_deleted: <IconTrash size={14} aria-hidden="true" />,
  exported: <IconDownload size={14} aria-hidden="true" />,
  merged: <IconArrowMerge size={14} aria-hidden="true" />,
  imported: <IconFileImport size={14} aria-hidden="true" />,
  revealed: <IconEye size={14} aria-hidden="true" />,
  added_to_list: <IconList size={14} aria-hidden="true" />,
  removed_from_list: <IconList size={14} aria-hidden="true" />,
};

/** One entry in words: who did what, e.g. "Ada changed Job title: CTO → CEO". */
export function describeActivity(
  activity: Activity,
  noun: string,
  formatValue: (field: string, value: unknown) => string,
): ReactNode {
  const who = activity.actorName ?? (activity.actorId ? 'A former member' : 'Leadtrail');
  const data = activity.data;
  switch (activity.type) {
    case 'created':
      return `${who} created this ${noun} ${sourceText[str(data.source) ?? 'manual'] ?? ''}`.trim();
    case 'edited': {
      const field = str(data.field) ?? '';
      const label = str(data.label) ?? field;
      const from = formatValue(field, data.from) || 'empty';
      const to = formatValue(field, data.to) || 'empty';
      return (
        <>
          {who} changed{' '}
          <Text span fw={600} inherit>
            {label}
          </Text>
          : {from} → {to}
        </>
      );
    }
    case 'note_added':
      return `${who} added a note${str(data.excerpt) ? `: “${str(data.excerpt)}”` : ''}`;
    case 'note_edited':
      return `${who} edited a note${str(data.excerpt) ? `: “${str(data.excerpt)}”` : ''}`;
    case 'note_deleted':
      return `${who} deleted a note`;
    case 'exported': {
      const rows = typeof data.rows === 'number' ? data.rows : null;
      return `${who} exported this ${noun} to CSV${rows && rows > 1 ? ` (an export of ${rows.toLocaleString()} rows)` : ''}`;
    }
    case 'merged':
      return `${who} merged ${str(data.mergedName) ?? 'a duplicate'} into this ${noun}`;
    case 'imported': {
      const importId = str(data.importId);
      const name = str(data.fileName) ?? 'a file';
      return (
        <>
          {who} imported this {noun} from{' '}
          {importId ? (
            <Anchor component={Link} to={`/my-contacts/uploaded-files/${importId}`} inherit>
              {name}
            </Anchor>
          ) : (
            name
          )}
        </>
      );
    }
    case 'revealed': {
      const fields = Array.isArray(data.fields) ? data.fields.map(String).join(', ') : 'contact details';
      return `${who} revealed ${fields}`;
    }
    case 'added_to_list':
    case 'removed_from_list': {
      const listId = str(data.listId);
      const name = str(data.listName) ?? 'a list';
      const link = listId ? (
        <Anchor component={Link} to={`/lists/my-lists/${listId}`} inherit>
          {name}
        </Anchor>
      ) : (
        name
      );
      return activity.type === 'added_to_list' ? (
        <>
          {who} added this {noun} to {link}
        </>
      ) : (
        <>
          {who} removed this {noun} from {link}
        </>
      );
    }
    default:
      return who;
  }
}

/** The record's history, newest first, paged by cursor. */
export function ActivityTimeline({ entity, recordId, noun, formatValue }: ActivityTimelineProps) {
  const activity = useActivity(entity, recordId);
  const items = activity.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="activity-heading">
      <Stack gap="md">
        <Title order={2} fz="h4" id="activity-heading">
          Activity
        </Title>
        {activity.isPending ? (
          <Stack gap="sm" aria-busy="true" aria-label="Loading activity">
            {[0, 1, 2].map((i) => (
              <Group key={i} gap="sm" wrap="nowrap">
                <Skeleton circle height={22} />
                <Skeleton height={14} width={`${70 - i * 12}%`} />
              </Group>
            ))}
          </Stack>
        ) : activity.isError && items.length === 0 ? (
          <Alert color="red" variant="light" role="alert" title="We could not load the activity">
            <Group gap="xs">
              <Text size="sm">{errorMessage(activity.error)}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void activity.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing has happened here yet.
          </Text>
        ) : (
          <Timeline bulletSize={24} lineWidth={2} aria-label={`History of this ${noun}`}>
            {items.map((item) => (
              <Timeline.Item
                key={item.id}
                bullet={
                  <ThemeIcon size={24} radius="xl" variant="light">
                    {icons[item.type]}
                  </ThemeIcon>
                }
              >
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {describeActivity(item, noun, formatValue)}
                </Text>
                <RelativeTime iso={item.createdAt} mt={2} />
              </Timeline.Item>
            ))}
          </Timeline>
        )}
        {activity.hasNextPage && (
          <Button
            variant="default"
            size="xs"
            onClick={() => void activity.fetchNextPage()}
            loading={activity.isFetchingNextPage}
          >
            Show older activity
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
