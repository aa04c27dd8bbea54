import type { SavedSearch } from '@leadtrail/contracts';
import { ActionIcon, Badge, Button, Group, Menu, Modal, Stack, Switch, Tabs, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconBookmarkPlus, IconDots, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useCreateSavedSearch, useDeleteSavedSearch, useOpenSavedSearch, useSavedSearches } from '../api/saved-searches';
import { emptySearch, type ProspectSearch } from '../utils/prospect-search';
import { queryOf, searchOf } from '../utils/saved-search-query';

const n = new Intl.NumberFormat();
const ALL = 'all-prospects';

/** Saved searches as tabs above the results, each with "N new" since it was last opened (PRODUCT.md section 4). */
export function SavedSearchTabs(props: { search: ProspectSearch; onApply: (search: ProspectSearch) => void }) {
  const saved = useSavedSearches();
  const open = useOpenSavedSearch();
  const remove = useDeleteSavedSearch();
  const [active, setActive] = useState<string>(ALL);
  const [saving, setSaving] = useState(false);
  const searches = saved.data?.data ?? [];
  const current = searches.find((s) => s.id === active) ?? null;

  const select = (value: string | null) => {
    if (!value) return;
    setActive(value);
    if (value === ALL) return props.onApply(emptySearch);
    const s = searches.find((x) => x.id === value);
    if (!s) return;
    props.onApply(searchOf(s.query));
    open.mutate(s.id, { onError: (error) => notifications.show({ color: 'red', title: 'Could not open the search', message: errorMessage(error) }) });
  };

  const confirmDelete = (s: SavedSearch) =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Close' },
      title: `Delete the saved search "${s.name}"?`,
      children: (
        <Text size="sm">
          {s.shared ? 'Its tab goes away for everyone in the workspace.' : 'Its tab goes away.'} The people it finds and your contacts stay.
        </Text>
      ),
      labels: { confirm: 'Delete saved search', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(s.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: `Saved search "${s.name}" deleted` });
            if (active === s.id) setActive(ALL);
          },
          onError: (error) => notifications.show({ color: 'red', title: 'Not deleted', message: errorMessage(error) }),
        }),
    });

  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" align="center">
      <Tabs value={active} onChange={select} variant="pills" style={{ overflowX: 'auto' }}>
        <Tabs.List style={{ flexWrap: 'nowrap' }} aria-label="Saved searches">
          <Tabs.Tab value={ALL}>All prospects</Tabs.Tab>
          {searches.map((s) => (
            <Tabs.Tab
              key={s.id}
              value={s.id}
              rightSection={s.newCount > 0 && active !== s.id ? <Badge size="sm" variant="filled" aria-label={`${n.format(s.newCount)} new`}>{n.format(s.newCount)} new</Badge> : undefined}
            >
              {s.name}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group gap="xs" wrap="nowrap">
        {current && (
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions of the saved search ${current.name}`}>
                <IconDots size={16} aria-hidden="true" />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item color="red" leftSection={<IconTrash size={14} aria-hidden="true" />} onClick={() => confirmDelete(current)}>
                Delete saved search
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
        <Button size="compact-sm" variant="light" leftSection={<IconBookmarkPlus size={16} aria-hidden="true" />} onClick={() => setSaving(true)}>
          Save search
        </Button>
      </Group>
      <SaveSearchModal
        opened={saving}
        onClose={() => setSaving(false)}
        search={props.search}
        onSaved={(s) => {
          setSaving(false);
          setActive(s.id);
        }}
      />
    </Group>
  );
}

function SaveSearchModal(props: { opened: boolean; onClose: () => void; search: ProspectSearch; onSaved: (s: SavedSearch) => void }) {
  const create = useCreateSavedSearch();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (!name.trim()) return setError('Give the search a name');
    create.mutate(
      { name: name.trim(), query: queryOf(props.search), shared },
      {
        onSuccess: (s) => {
          notifications.show({ color: 'green', message: `Search "${s.name}" saved${s.shared ? ' and shared with the workspace' : ''}` });
          setName('');
          setShared(false);
          setError(null);
          props.onSaved(s);
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Save this search" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <TextInput label="Name" data-autofocus maxLength={100} value={name} onChange={(e) => setName(e.currentTarget.value)} error={error} />
          <Switch label="Share with the workspace" description="Everyone in the workspace sees it as a tab" checked={shared} onChange={(e) => setShared(e.currentTarget.checked)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Save search
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
