import { Button, Popover } from '@mantine/core';
import { IconFilterPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { lazyPart, openAfterLoad } from '../../lib/lazy-part';
import { describeNode, isCondition } from './filter-model';
import type { FetchValues, FilterCondition, FilterNode, GridColumn } from './types';

// Issue 13: the editor (its inputs, the date picker) loads when a filter is first added or edited.
const filterEditor = lazyPart(() => import('./filter-editor').then((m) => m.FilterEditor));

type FilterBarProps<Row> = {
  columns: GridColumn<Row>[];
  nodes: FilterNode[];
  onChange: (nodes: FilterNode[]) => void;
  /** Picks low-cardinality values from a list with counts (issue 14). */
  fetchValues?: FetchValues;
  /** The grid's quick search (the counts are of what it finds). */
  q?: string;
};

/** Chips for the active filters (click to edit, × to remove) and the "Add filter" picker. */
export function FilterBar<Row>({ columns, nodes, onChange, fetchValues, q = '' }: FilterBarProps<Row>) {
  /** The other conditions than the one being edited: its values are counted among what they keep. */
  const contextWithout = (index: number | null) => {
    const others = nodes.filter((_, i) => i !== index);
    return { q, filter: others.length ? { and: others } : null };
  };
  // Index of the chip being edited, 'new' for the add picker, null when closed.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const FilterEditor = filterEditor.get();
  const toggle = (which: number | 'new') =>
    editing === which ? setEditing(null) : openAfterLoad(filterEditor, () => setEditing(which));
  const filterable = columns.filter((c) => c.filterable !== false);

  const replace = (index: number, condition: FilterCondition) =>
    onChange(nodes.map((node, i) => (i === index ? condition : node)));
  const remove = (index: number) => onChange(nodes.filter((_, i) => i !== index));

  return (
    <>
      {nodes.map((node, index) => {
        const text = describeNode(node, columns);
        const removeButton = (
          <Button variant="light" size="xs" px={6} aria-label={`Remove filter: ${text}`} onClick={() => remove(index)}>
            <IconX size={14} aria-hidden="true" />
          </Button>
        );
        if (!isCondition(node)) {
          // Nested groups come from shared links or the API; they can be removed, not edited here.
          return (
            <Button.Group key={index}>
              <Button variant="light" size="xs" maw={320} component="span" style={{ cursor: 'default' }}>
                {text}
              </Button>
              {removeButton}
            </Button.Group>
          );
        }
        return (
          <Popover
            key={index}
            opened={editing === index}
            onChange={(opened) => !opened && setEditing(null)}
            position="bottom-start"
            trapFocus
            returnFocus
            shadow="md"
            withRoles={false}
          >
            <Popover.Target>
              <Button.Group>
                <Button
                  variant="light"
                  size="xs"
                  maw={320}
                  aria-haspopup="dialog"
                  aria-expanded={editing === index}
                  onClick={() => toggle(index)}
                  title={text}
                >
                  {text}
                </Button>
                {removeButton}
              </Button.Group>
            </Popover.Target>
            <Popover.Dropdown role="dialog" aria-label={`Edit filter: ${text}`}>
              {editing === index && FilterEditor && (
                <FilterEditor
                  columns={filterable}
                  initial={node}
                  fetchValues={fetchValues}
                  valuesContext={contextWithout(index)}
                  onApply={(condition) => {
                    replace(index, condition);
                    setEditing(null);
                  }}
                  onRemove={() => {
                    remove(index);
                    setEditing(null);
                  }}
                  onCancel={() => setEditing(null)}
                />
              )}
            </Popover.Dropdown>
          </Popover>
        );
      })}
      <Popover
        opened={editing === 'new'}
        onChange={(opened) => !opened && setEditing(null)}
        position="bottom-start"
        trapFocus
        returnFocus
        shadow="md"
        withRoles={false}
      >
        <Popover.Target>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFilterPlus size={14} aria-hidden="true" />}
            aria-haspopup="dialog"
            aria-expanded={editing === 'new'}
            onClick={() => toggle('new')}
          >
            Add filter
          </Button>
        </Popover.Target>
        <Popover.Dropdown role="dialog" aria-label="Add filter">
          {editing === 'new' && FilterEditor && (
            <FilterEditor
              columns={filterable}
              fetchValues={fetchValues}
              valuesContext={contextWithout(null)}
              onApply={(condition) => {
                onChange([...nodes, condition]);
                setEditing(null);
              }}
              onCancel={() => setEditing(null)}
            />
          )}
        </Popover.Dropdown>
      </Popover>
    </>
  );
}
