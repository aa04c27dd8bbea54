import { Button, Group, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ExportControl } from './export-control';
import type { BulkAction, ExportRequest, GridSelection } from './types';

type BulkActionBarProps<Row> = {
  noun: { singular: string; plural: string };
  selection: GridSelection<Row>;
  selectedCount: number;
  total: number | null;
  canSelectAll: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  /** The selection's file: its visible columns, or every field. */
  exportHrefs: { visible: string; all: string } | null;
  /** Export through the page's dialog instead of a plain download. */
  onExport?: (request: ExportRequest<Row>) => void;
  actions: BulkAction<Row>[];
  done: () => void;
};

/** Replaces the toolbar while rows are selected: the count, "select all N matching", actions. */
export function BulkActionBar<Row>(props: BulkActionBarProps<Row>) {
  const { noun, selection, selectedCount, total } = props;
  const [running, setRunning] = useState<string | null>(null);
  const name = selectedCount === 1 ? noun.singular : noun.plural;

  return (
    <Group gap="xs" wrap="wrap" mih={36} role="toolbar" aria-label={`Actions on selected ${noun.plural}`}>
      <Text size="sm" fw={600} aria-live="polite">
        {selection.kind === 'all'
          ? `All ${total === null ? '' : `${total.toLocaleString()} `}${noun.plural} matching selected`
          : `${selectedCount.toLocaleString()} ${name} selected`}
      </Text>
      {props.canSelectAll && total !== null && (
        <Button variant="subtle" size="xs" onClick={props.onSelectAll}>
          Select all {total.toLocaleString()} matching
        </Button>
      )}
      <Group gap="xs" ml={{ base: 0, sm: 'md' }} wrap="wrap">
        {props.exportHrefs && (
          <ExportControl
            label="Export selected"
            hrefs={props.exportHrefs}
            onChoose={props.onExport && ((href) => props.onExport?.({ href, selection }))}
          />
        )}
        {props.actions
          .filter((action) => !action.available || action.available(selection))
          .map((action) => (
            <Button
              key={action.id}
              variant="default"
              size="xs"
              leftSection={action.icon}
              loading={running === action.id}
              onClick={async () => {
                setRunning(action.id);
                try {
                  await action.onRun(selection, { done: props.done });
                } finally {
                  setRunning(null);
                }
              }}
            >
              {action.label}
            </Button>
          ))}
      </Group>
      <Button
        variant="subtle"
        size="xs"
        ml="auto"
        leftSection={<IconX size={14} aria-hidden="true" />}
        onClick={props.onClear}
      >
        Clear selection
      </Button>
    </Group>
  );
}
