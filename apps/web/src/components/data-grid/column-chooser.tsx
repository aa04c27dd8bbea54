import { Button, Checkbox, Group, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import { useState } from 'react';
import { SortableList } from './sortable-list';
import type { GridColumn } from './types';

export type ColumnState = { key: string; visible: boolean };

type ColumnChooserProps<Row> = {
  columns: GridColumn<Row>[];
  state: ColumnState[];
  onChange: (state: ColumnState[]) => void;
  onReset: () => void;
};

/** Shows, hides and orders the grid's columns; the grid saves the choice per user. */
export function ColumnChooser<Row>({ columns, state, onChange, onReset }: ColumnChooserProps<Row>) {
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const items = state.filter((s) => byKey.has(s.key));
  const visibleCount = items.filter((s) => s.visible).length;
  const [opened, setOpened] = useState(false);

  return (
    <Popover
      position="bottom-end"
      shadow="md"
      trapFocus
      returnFocus
      withRoles={false}
      opened={opened}
      onChange={setOpened}
    >
      <Popover.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconColumns3 size={14} aria-hidden="true" />}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={() => setOpened((o) => !o)}
        >
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-label="Choose columns" p="sm">
        <Stack gap="xs" w={300}>
          <Group justify="space-between">
            <Text fw={600} size="sm">
              Columns
            </Text>
            <Text size="xs" c="dimmed">
              {visibleCount} of {items.length} shown
            </Text>
          </Group>
          <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
            <SortableList
              noun="columns"
              items={items}
              getKey={(s) => s.key}
              getLabel={(s) => byKey.get(s.key)?.label ?? s.key}
              onReorder={onChange}
              renderItem={(s) => {
                const column = byKey.get(s.key);
                return (
                  <Checkbox
                    size="sm"
                    label={column?.label ?? s.key}
                    checked={s.visible || Boolean(column?.pinned)}
                    disabled={column?.pinned}
                    onChange={(event) => {
                      const visible = event.currentTarget.checked;
                      onChange(items.map((item) => (item.key === s.key ? { ...item, visible } : item)));
                    }}
                  />
                );
              }}
            />
          </ScrollArea.Autosize>
          <Group justify="flex-end">
            <Button variant="subtle" size="xs" onClick={onReset}>
              Reset to default
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The saved order and visibility, completed with columns added since it was saved. */
export function resolveColumnState<Row>(columns: GridColumn<Row>[], saved: string[] | null): ColumnState[] {
  const shown = columns.filter((c) => c.column !== false);
  if (!saved) return shown.map((c) => ({ key: c.key, visible: c.pinned || c.defaultVisible !== false }));
  const known = new Set(shown.map((c) => c.key));
  const visible = saved.filter((key) => known.has(key));
  const pinned = shown.filter((c) => c.pinned && !visible.includes(c.key)).map((c) => c.key);
  const rest = shown.filter((c) => !visible.includes(c.key) && !c.pinned).map((c) => c.key);
  return [
    ...pinned.map((key) => ({ key, visible: true })),
    ...visible.map((key) => ({ key, visible: true })),
    ...rest.map((key) => ({ key, visible: false })),
  ];
}
