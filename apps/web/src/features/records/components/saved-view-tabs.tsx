import type { FilterNode, SavedView } from '@leadtrail/contracts';
import { ActionIcon, Button, Checkbox, Group, Menu, Modal, ScrollArea, Stack, Tabs, TextInput, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconDots, IconUsers } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { GridFilter, GridViewControl, GridViewState } from '../../../components/data-grid';
import { errorMessage } from '../../../lib/api-client';
import { useSavedViewMutations, useSavedViews } from '../api/saved-views';

const ALL = '__all__';

const asGridFilter = (filter: unknown): GridFilter | null => {
  if (!filter || typeof filter !== 'object') return null;
  const node = filter as FilterNode;
  return 'and' in node ? { and: node.and } : { and: [node] };
};
const stateOf = (view: SavedView): GridViewState => ({
  q: view.q ?? '',
  filter: asGridFilter(view.filter),
  sort: view.sort ?? undefined,
  columns: view.columns,
});
/** JSON with object keys in one order (the server's jsonb answers them in its own). */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : value && typeof value === 'object'
      ? `{${Object.keys(value)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(value ?? null);
/** A view is the open tab when the grid shows its search, filters and sort. */
const sameQuery = (a: GridViewState, b: GridViewState) =>
  a.q.trim() === b.q.trim() && canonical(a.filter?.and ?? []) === canonical(b.filter?.and ?? []) && (a.sort ?? '') === (b.sort ?? '');
const EMPTY: GridViewState = { q: '', filter: null, sort: undefined, columns: null };

type SaveViewModalProps = { opened: boolean; onClose: () => void; onSave: (name: string, shared: boolean) => Promise<unknown> };

function SaveViewModal({ opened, onClose, onSave }: SaveViewModalProps) {
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Name the view');
      return;
    }
    setPending(true);
    try {
      await onSave(name.trim(), shared);
      setName('');
      setShared(false);
      setError(null);
      onClose();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Save view">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Name"
            description="Saves the search, filters, sort and columns shown now"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error}
            maxLength={100}
            data-autofocus
          />
          <Checkbox label="Share with the workspace" checked={shared} onChange={(e) => setShared(e.currentTarget.checked)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Save view
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Saved views as tabs above a records grid (issue 14): "All" and each view (mine and the shared
 * ones); choosing a tab applies its search, filters, sort and columns. The grid's current state
 * saves as a new view; a view of mine can take the current state, be shared or unshared, deleted.
 */
export function SavedViewTabs({ grid, control, allLabel }: { grid: string; control: GridViewControl; allLabel: string }) {
  const views = useSavedViews(grid);
  const mutations = useSavedViewMutations(grid);
  const [saving, setSaving] = useState(false);
  const list = views.data?.data ?? [];
  const current = control.current;
  const active = list.find((v) => sameQuery(stateOf(v), current));
  const value = active ? active.id : sameQuery(EMPTY, current) ? ALL : null;
  const fail = (title: string) => (caught: unknown) => notifications.show({ color: 'red', title, message: errorMessage(caught) });

  const choose = (id: string | null) => {
    if (id === ALL) control.apply(EMPTY);
    const view = list.find((v) => v.id === id);
    if (view) control.apply(stateOf(view));
  };
  const body = () => ({ q: current.q || null, filter: current.filter, sort: current.sort ?? null, columns: current.columns });

  return (
    <Group gap="xs" px="sm" pt={6} wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <ScrollArea type="auto" scrollbarSize={4} style={{ flex: 1 }}>
        <Tabs value={value} onChange={choose} variant="default" aria-label="Saved views">
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            <Tabs.Tab value={ALL}>{allLabel}</Tabs.Tab>
            {list.map((v) => (
              <Tabs.Tab
                key={v.id}
                value={v.id}
                rightSection={v.shared ? <IconUsers size={14} aria-label="Shared with the workspace" /> : undefined}
              >
                {v.name}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      </ScrollArea>
      {active?.mine && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={`Options of the view ${active.name}`}>
              <IconDots size={16} aria-hidden="true" />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              onClick={() =>
                mutations.update.mutate(
                  { id: active.id, body: { columns: current.columns } },
                  { onSuccess: () => notifications.show({ color: 'green', message: `Columns saved to “${active.name}”` }), onError: fail('View not saved') },
                )
              }
            >
              Save the columns shown to this view
            </Menu.Item>
            <Menu.Item
              onClick={() =>
                mutations.update.mutate(
                  { id: active.id, body: { shared: !active.shared } },
                  {
                    onSuccess: (v) => notifications.show({ color: 'green', message: v.shared ? `“${v.name}” is shared with the workspace` : `“${v.name}” is private now` }),
                    onError: fail('View not changed'),
                  },
                )
              }
            >
              {active.shared ? 'Make private' : 'Share with the workspace'}
            </Menu.Item>
            <Menu.Item
              color="red"
              onClick={() =>
                modals.openConfirmModal({
                  title: `Delete the view “${active.name}”?`,
                  children: active.shared ? 'Everyone in the workspace loses this tab.' : 'Only the tab goes; no record is deleted.',
                  labels: { confirm: 'Delete view', cancel: 'Cancel' },
                  confirmProps: { color: 'red' },
                  onConfirm: () => mutations.remove.mutate(active.id, { onError: fail('View not deleted') }),
                })
              }
            >
              Delete view
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
      {value === null && (
        <Tooltip label="Save the search, filters, sort and columns shown now as a tab">
          <Button size="compact-sm" variant="light" leftSection={<IconDeviceFloppy size={14} aria-hidden="true" />} onClick={() => setSaving(true)}>
            Save view
          </Button>
        </Tooltip>
      )}
      <SaveViewModal
        opened={saving}
        onClose={() => setSaving(false)}
        onSave={(name, shared) => mutations.create.mutateAsync({ grid, name, shared, ...body() })}
      />
    </Group>
  );
}
