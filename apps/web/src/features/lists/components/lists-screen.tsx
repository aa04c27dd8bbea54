import { listSorts, type Entity, type List, type ListSort } from '@leadtrail/contracts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Kbd,
  Menu,
  Paper,
  ScrollArea,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure, useHotkeys } from '@mantine/hooks';
import { IconDots, IconList, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { RelativeTime } from '../../../components/relative-time';
import type { Viewer } from '../../../lib/viewer';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteList, useLists, type ListFilters } from '../api/lists';
import { confirmDeleteList } from './delete-list';
import { useOpenFromUrl } from '../../../lib/use-open-from-url';
import { ListFormModal } from './list-form-modal';

const n = new Intl.NumberFormat();
const sortLabels: Record<ListSort, string> = {
  '-updatedAt': 'Recently updated',
  updatedAt: 'Least recently updated',
  '-createdAt': 'Newest',
  createdAt: 'Oldest',
  name: 'Name A–Z',
  '-name': 'Name Z–A',
  '-memberCount': 'Most members',
  memberCount: 'Fewest members',
};
const sortData = listSorts.map((s) => ({ value: s, label: sortLabels[s] }));
const typeLabel: Record<Entity, string> = { contacts: 'Contacts', companies: 'Companies' };

/** Lists → My lists: search, type and sort in the URL; create, rename/describe and delete lists. */
export function ListsScreen({ viewer }: { viewer: Viewer }) {
  const [params, setParams] = useSearchParams();
  const filters: ListFilters = {
    q: params.get('q') ?? '',
    entity:
      params.get('type') === 'contacts' || params.get('type') === 'companies' ? (params.get('type') as Entity) : null,
    sort: (listSorts as readonly string[]).includes(params.get('sort') ?? '')
      ? (params.get('sort') as ListSort)
      : '-updatedAt',
  };
  const setFilters = (next: ListFilters) => {
    const p = new URLSearchParams();
    if (next.q.trim()) p.set('q', next.q);
    if (next.entity) p.set('type', next.entity);
    if (next.sort !== '-updatedAt') p.set('sort', next.sort);
    setParams(p, { replace: true });
  };

  const [search, setSearch] = useState(filters.q);
  const [debounced] = useDebouncedValue(search, 300);
  const searchRef = useRef<HTMLInputElement>(null);
  useHotkeys([['/', () => searchRef.current?.focus()]]);
  useEffect(() => {
    if (debounced !== filters.q) setFilters({ ...filters, q: debounced });
    // only the debounced text drives the URL
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const query = useLists(filters);
  const remove = useDeleteList();
  const [creating, create] = useDisclosure(false);
  // the command palette's "New list"
  useOpenFromUrl('new', create.open);
  const [editing, setEditing] = useState<List | null>(null);
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total ?? null;
  const filtered = Boolean(filters.q.trim() || filters.entity);
  const canDelete = (list: List) => viewer.canDeleteAny || list.ownerId === viewer.memberId;

  const header = (
    <PageHeader
      title="My lists"
      description="Static lists of contacts or companies to organise your outreach."
      actions={
        viewer.canWrite && (
          <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={create.open}>
            New list
          </Button>
        )
      }
    />
  );

  let body;
  if (query.isError && !query.data) {
    body = (
      <Alert color="red" variant="light" role="alert" title="Your lists could not be loaded">
        {errorMessage(query.error)}{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  } else if (!query.isPending && rows.length === 0 && !filtered) {
    body = (
      <EmptyState
        icon={<IconList size={28} aria-hidden="true" />}
        title="No lists yet"
        text="Lists group contacts or companies for a campaign, a territory or an event. Create one here, or select rows in the contacts grid and choose “Add to list”."
        action={
          viewer.canWrite && (
            <>
              <Button onClick={create.open}>New list</Button>
              <Button component={Link} to="/my-contacts/contacts" variant="default">
                Go to contacts
              </Button>
            </>
          )
        }
      />
    );
  } else {
    body = (
      <Stack gap="sm">
        <Paper withBorder radius="md">
          <ScrollArea type="auto">
            <Table highlightOnHover verticalSpacing="sm" miw={860} aria-label="Lists" aria-busy={query.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th ta="right">Members</Table.Th>
                  <Table.Th>Owner</Table.Th>
                  <Table.Th>Updated</Table.Th>
                  <Table.Th w={56}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.isPending &&
                  Array.from({ length: 6 }, (_, i) => (
                    <Table.Tr key={`skeleton-${i}`}>
                      {Array.from({ length: 6 }, (__, j) => (
                        <Table.Td key={j}>
                          <Skeleton height={14} radius="sm" />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                {rows.map((list) => (
                  <Table.Tr key={list.id}>
                    <Table.Td maw={420}>
                      <Anchor component={Link} to={`/lists/my-lists/${list.id}`} fw={500} size="sm">
                        {list.name}
                      </Anchor>
                      {list.description && (
                        <Text size="xs" c="dimmed" lineClamp={1} title={list.description}>
                          {list.description}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={list.entity === 'contacts' ? 'blue' : 'teal'}>
                        {typeLabel[list.entity]}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">{n.format(list.memberCount)}</Table.Td>
                    <Table.Td>
                      {list.ownerName ?? (
                        <Text span c="dimmed" size="sm">
                          —
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <RelativeTime iso={list.updatedAt} size="sm" c={undefined} />
                    </Table.Td>
                    <Table.Td>
                      {viewer.canWrite && (
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${list.name}`}>
                              <IconDots size={16} aria-hidden="true" />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item
                              leftSection={<IconPencil size={14} aria-hidden="true" />}
                              onClick={() => setEditing(list)}
                            >
                              Rename or describe
                            </Menu.Item>
                            <Menu.Item
                              color="red"
                              leftSection={<IconTrash size={14} aria-hidden="true" />}
                              disabled={!canDelete(list)}
                              title={canDelete(list) ? undefined : 'You can delete only the lists you own'}
                              onClick={() =>
                                confirmDeleteList(list, (l) => remove.mutateAsync({ id: l.id, entity: l.entity }))
                              }
                            >
                              Delete list
                            </Menu.Item>
                          </Menu.Dropdown>
                        </Menu>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {!query.isPending && rows.length === 0 && (
            <Stack align="center" gap="xs" py="xl">
              <Text fw={500}>No lists match</Text>
              <Button
                variant="subtle"
                onClick={() => {
                  setSearch('');
                  setFilters({ ...filters, q: '', entity: null });
                }}
              >
                Clear filters
              </Button>
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
      </Stack>
    );
  }

  return (
    <>
      {header}
      <Stack gap="md">
        {(rows.length > 0 || filtered || query.isPending) && (
          <Group gap="sm" wrap="wrap" align="flex-end">
            <TextInput
              ref={searchRef}
              id="lists-search"
              label="Search"
              placeholder="Name or description"
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              rightSection={<Kbd size="xs">/</Kbd>}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              w={280}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="lists-type-label">
                Type
              </Text>
              <SegmentedControl
                aria-labelledby="lists-type-label"
                value={filters.entity ?? 'all'}
                onChange={(v) => setFilters({ ...filters, entity: v === 'all' ? null : (v as Entity) })}
                data={[
                  { value: 'all', label: 'All' },
                  { value: 'contacts', label: 'Contacts' },
                  { value: 'companies', label: 'Companies' },
                ]}
              />
            </Stack>
            <Select
              id="lists-sort"
              label="Sort by"
              data={sortData}
              value={filters.sort}
              onChange={(v) => v && setFilters({ ...filters, sort: v as ListSort })}
              allowDeselect={false}
              w={210}
            />
            <Text size="sm" c="dimmed" ml="auto" aria-live="polite">
              {total === null ? '' : `${n.format(total)} ${total === 1 ? 'list' : 'lists'}`}
            </Text>
          </Group>
        )}
        {body}
      </Stack>
      <ListFormModal opened={creating} onClose={create.close} />
      <ListFormModal opened={editing !== null} onClose={() => setEditing(null)} list={editing} />
    </>
  );
}
