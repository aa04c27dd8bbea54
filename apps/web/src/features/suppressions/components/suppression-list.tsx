import {
  suppressionKindLabels,
  suppressionKinds,
  suppressionReasonLabels,
  suppressionReasons,
  type Suppression,
  type SuppressionKind,
  type SuppressionReason,
} from '@leadtrail/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Kbd,
  Paper,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconBan, IconFilterOff, IconSearch, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { RelativeTime } from '../../../components/relative-time';
import { errorMessage } from '../../../lib/api-client';
import { useRemoveSuppressions, useSuppressions, type SuppressionFilters } from '../api/suppressions';

const n = new Intl.NumberFormat();
const kindColor: Record<SuppressionKind, string> = { email: 'blue', domain: 'grape', hash: 'gray' };
const kindData = suppressionKinds.map((k) => ({ value: k, label: suppressionKindLabels[k] }));
const reasonData = suppressionReasons.map((r) => ({ value: r, label: suppressionReasonLabels[r] }));
const entries = (count: number) => `${n.format(count)} ${count === 1 ? 'entry' : 'entries'}`;

export const REMOVE_LOCKED = 'Only owners and admins can remove entries from the suppression list.';

type SuppressionListProps = {
  filters: SuppressionFilters;
  onFilters: (next: SuppressionFilters) => void;
  /** Owners and admins; others see why they can't. */
  canRemove: boolean;
  onAdd: () => void;
};

/** The entries, newest first: search, filters by kind and reason, removal (admins), "load more". */
export function SuppressionList({ filters, onFilters, canRemove, onAdd }: SuppressionListProps) {
  const [search, setSearch] = useState(filters.q);
  const [debounced] = useDebouncedValue(search, 300);
  const searchRef = useRef<HTMLInputElement>(null);
  useHotkeys([['/', () => searchRef.current?.focus()]]);
  useEffect(() => {
    if (debounced !== filters.q) onFilters({ ...filters, q: debounced });
    // only the debounced text drives the URL
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const query = useSuppressions(filters);
  const remove = useRemoveSuppressions();
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total ?? null;
  const filtered = Boolean(filters.q.trim() || filters.kind || filters.reason);

  const [selected, setSelected] = useState<Set<string>>(new Set());
  const scopeKey = JSON.stringify(filters);
  const [selectionScope, setSelectionScope] = useState(scopeKey);
  if (selectionScope !== scopeKey) {
    setSelectionScope(scopeKey);
    setSelected(new Set());
  }
  const visibleSelected = rows.filter((r) => selected.has(r.id));
  const allChecked = rows.length > 0 && visibleSelected.length === rows.length;

  const confirmRemove = (targets: Suppression[]) => {
    const what = targets.length === 1 ? targets[0]!.value : entries(targets.length);
    modals.openConfirmModal({
      title: targets.length === 1 ? `Remove ${what}?` : `Remove ${what}?`,
      children: (
        <Text size="sm">
          {targets.length === 1 ? 'This entry' : `These ${entries(targets.length)}`} will be removed from the
          suppression list. Contacts {targets.length === 1 ? 'it' : 'they'} suppressed can be contacted and exported
          again (unless another entry still covers them).
        </Text>
      ),
      labels: {
        confirm: targets.length === 1 ? 'Remove entry' : `Remove ${entries(targets.length)}`,
        cancel: 'Cancel',
      },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(
          targets.map((t) => t.id),
          {
            onSuccess: (res) => {
              setSelected(new Set());
              notifications.show({
                closeButtonProps: { 'aria-label': 'Dismiss' },
                color: 'green',
                message: `${entries(res.removed)} removed from the suppression list`,
              });
            },
            onError: (caught) =>
              notifications.show({
                closeButtonProps: { 'aria-label': 'Dismiss' },
                color: 'red',
                title: 'Not removed',
                message: errorMessage(caught),
              }),
          },
        ),
    });
  };

  const toolbar = (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <TextInput
        ref={searchRef}
        id="suppression-search"
        label="Search"
        placeholder="Email, domain or note"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        rightSection={<Kbd size="xs">/</Kbd>}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        w={300}
        description="A full email also finds the domain or hash that suppresses it."
      />
      <Select
        id="suppression-kind"
        label="Kind"
        placeholder="All kinds"
        data={kindData}
        value={filters.kind}
        onChange={(v) => onFilters({ ...filters, kind: (v as SuppressionKind | null) ?? null })}
        clearable
        w={170}
      />
      <Select
        id="suppression-reason"
        label="Reason"
        placeholder="All reasons"
        data={reasonData}
        value={filters.reason}
        onChange={(v) => onFilters({ ...filters, reason: (v as SuppressionReason | null) ?? null })}
        clearable
        w={200}
      />
      {filtered && (
        <Button
          variant="subtle"
          leftSection={<IconFilterOff size={16} aria-hidden="true" />}
          onClick={() => {
            setSearch('');
            onFilters({ q: '', kind: null, reason: null });
          }}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );

  const bulkBar =
    visibleSelected.length > 0 ? (
      <Group
        justify="space-between"
        px="md"
        py="xs"
        bg="var(--mantine-color-default-hover)"
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      >
        <Text size="sm" fw={500}>
          {entries(visibleSelected.length)} selected
        </Text>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
          <Button
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden="true" />}
            onClick={() => confirmRemove(visibleSelected)}
          >
            Remove {entries(visibleSelected.length)}
          </Button>
        </Group>
      </Group>
    ) : null;

  if (query.isError && !query.data) {
    return (
      <Stack gap="md">
        {toolbar}
        <Alert color="red" variant="light" role="alert" title="The suppression list could not be loaded">
          {errorMessage(query.error)}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Alert>
      </Stack>
    );
  }

  if (!query.isPending && rows.length === 0 && !filtered) {
    return (
      <EmptyState
        icon={<IconBan size={28} aria-hidden="true" />}
        title="Nobody is suppressed yet"
        text="Add the emails and domains your team must never contact: people who opted out, customers, competitors. They are flagged everywhere and left out of exports."
        action={<Button onClick={onAdd}>Add to suppression list</Button>}
      />
    );
  }

  return (
    <Stack gap="md">
      {toolbar}
      <Group justify="space-between" mih={28}>
        <Text size="sm" c="dimmed" aria-live="polite">
          {total === null ? ' ' : filtered ? `${entries(total)} match` : `${entries(total)} on the list`}
        </Text>
      </Group>
      {bulkBar}
      <Paper withBorder radius="md">
        <ScrollArea type="auto">
          <Table
            highlightOnHover
            verticalSpacing="xs"
            miw={1040}
            aria-label="Suppression list"
            aria-busy={query.isFetching}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={44}>
                  {canRemove ? (
                    <Checkbox
                      aria-label="Select all shown entries"
                      checked={allChecked}
                      indeterminate={visibleSelected.length > 0 && !allChecked}
                      onChange={(e) =>
                        setSelected(e.currentTarget.checked ? new Set(rows.map((r) => r.id)) : new Set())
                      }
                    />
                  ) : null}
                </Table.Th>
                <Table.Th>Value</Table.Th>
                <Table.Th w={130}>Kind</Table.Th>
                <Table.Th w={170}>Reason</Table.Th>
                <Table.Th>Note</Table.Th>
                <Table.Th w={160}>Added by</Table.Th>
                <Table.Th w={120}>Added</Table.Th>
                <Table.Th w={60}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.isPending &&
                Array.from({ length: 8 }, (_, i) => (
                  <Table.Tr key={`skeleton-${i}`}>
                    {Array.from({ length: 8 }, (__, j) => (
                      <Table.Td key={j}>
                        <Skeleton height={14} radius="sm" />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              {rows.map((row) => (
                <Table.Tr key={row.id} data-testid="suppression-row">
                  <Table.Td>
                    {canRemove ? (
                      <Checkbox
                        aria-label={`Select ${row.value}`}
                        checked={selected.has(row.id)}
                        onChange={(e) => {
                          const next = new Set(selected);
                          if (e.currentTarget.checked) next.add(row.id);
                          else next.delete(row.id);
                          setSelected(next);
                        }}
                      />
                    ) : null}
                  </Table.Td>
                  <Table.Td maw={340}>
                    <Text size="sm" ff={row.kind === 'hash' ? 'monospace' : undefined} truncate="end" title={row.value}>
                      {row.kind === 'domain' ? `${row.value} (and subdomains)` : row.value}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={kindColor[row.kind]} tt="none" miw="fit-content">
                      {suppressionKindLabels[row.kind]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{suppressionReasonLabels[row.reason]}</Table.Td>
                  <Table.Td maw={220}>
                    <Text size="sm" truncate="end" title={row.note ?? undefined} c={row.note ? undefined : 'dimmed'}>
                      {row.note ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {row.addedBy?.name ?? (
                      <Text span c="dimmed" size="sm">
                        —
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <RelativeTime iso={row.createdAt} size="sm" c={undefined} />
                  </Table.Td>
                  <Table.Td>
                    <Tooltip
                      label={canRemove ? `Remove ${row.value}` : REMOVE_LOCKED}
                      withArrow
                      multiline
                      w={canRemove ? undefined : 240}
                    >
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${row.value}`}
                        disabled={!canRemove}
                        onClick={() => confirmRemove([row])}
                      >
                        <IconTrash size={16} aria-hidden="true" />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        {!query.isPending && rows.length === 0 && (
          <Stack align="center" gap="xs" py="xl">
            <Text fw={500}>No entries match</Text>
            <Text size="sm" c="dimmed">
              Try another search or clear the filters.
            </Text>
          </Stack>
        )}
      </Paper>
      {query.hasNextPage && (
        <Group justify="center">
          <Button variant="default" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            Show more
          </Button>
        </Group>
      )}
      {!canRemove && (
        <Text size="xs" c="dimmed">
          {REMOVE_LOCKED}
        </Text>
      )}
    </Stack>
  );
}
