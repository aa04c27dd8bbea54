import type { MergeBody } from '@leadtrail/contracts';
import { Alert, Button, Group, Modal, Radio, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { mergeLabels } from '../utils/merge-labels';

export type MergeField<R> = { key: string; label: string; text: (record: R) => string };

type MergeDialogProps<R> = {
  opened: boolean;
  onClose: () => void;
  noun: { singular: string; plural: string };
  /** The two records picked in the grid. */
  records: [R, R] | null;
  getId: (record: R) => string;
  getTitle: (record: R) => string;
  fields: MergeField<R>[];
  onMerge: (body: MergeBody) => Promise<unknown>;
  /** What the merge also keeps (the spec's merge.note). */
  note?: string;
  /** After a merge: the kept record's id. */
  onMerged: (keptId: string) => void;
};

/**
 * Merges two duplicates: pick the record that stays, then, for each field where they differ,
 * whose value it keeps. Notes and history of both end up on the kept record.
 */
export function MergeDialog<R>(props: MergeDialogProps<R>) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={`Merge two ${props.noun.plural}`} size="xl">
      {props.opened && props.records && (
        <MergeForm key={props.records.map(props.getId).join()} {...props} records={props.records} />
      )}
    </Modal>
  );
}

function MergeForm<R>(props: MergeDialogProps<R> & { records: [R, R] }) {
  const { records, getId, getTitle, fields, noun } = props;
  const [keepId, setKeepId] = useState(getId(records[0]));
  const kept = records.find((r) => getId(r) === keepId) ?? records[0];
  const merged = records.find((r) => getId(r) !== keepId) ?? records[1];
  const differing = useMemo(() => fields.filter((f) => f.text(records[0]) !== f.text(records[1])), [fields, records]);
  const labels = useMemo(() => mergeLabels(records, getTitle, fields), [records, getTitle, fields]);
  const labelOf = (record: R) => labels[getId(record) === getId(records[0]) ? 0 : 1];
  // Per field, the id of the record whose value stays; default: the kept one's, unless it is empty.
  const [choices, setChoices] = useState<Record<string, string>>({});
  const choiceFor = (field: MergeField<R>) =>
    choices[field.key] ?? (field.text(kept) === '' ? getId(merged) : getId(kept));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setPending(true);
    setError(null);
    const values: Record<string, 'keep' | 'merge'> = {};
    for (const field of differing) values[field.key] = choiceFor(field) === getId(kept) ? 'keep' : 'merge';
    try {
      await props.onMerge({ keepId: getId(kept), mergeId: getId(merged), values });
      props.onMerged(getId(kept));
    } catch (caught) {
      setError(errorMessage(caught));
      setPending(false);
    }
  };

  return (
    <Stack gap="md">
      <Radio.Group
        label={`Which ${noun.singular} stays?`}
        description={`The other one is deleted after its notes and history move over.${props.note ? ` ${props.note}` : ''}`}
        value={keepId}
        onChange={setKeepId}
      >
        <Group mt="xs">
          {records.map((record) => (
            <Radio key={getId(record)} value={getId(record)} label={labelOf(record)} />
          ))}
        </Group>
      </Radio.Group>
      {differing.length === 0 ? (
        <Text size="sm" c="dimmed">
          Both {noun.plural} have the same values in every field.
        </Text>
      ) : (
        <ScrollArea.Autosize mah="50vh" type="auto">
          <Table verticalSpacing="xs" striped>
            <Table.Caption>
              {differing.length} field{differing.length === 1 ? '' : 's'} differ; {fields.length - differing.length} are
              the same in both.
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={180}>Field</Table.Th>
                {records.map((record) => (
                  <Table.Th key={getId(record)}>{labelOf(record)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {differing.map((field) => (
                <Table.Tr key={field.key}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {field.label}
                    </Text>
                  </Table.Td>
                  {records.map((record) => {
                    const text = field.text(record);
                    return (
                      <Table.Td key={getId(record)}>
                        <Radio
                          name={`merge-${field.key}`}
                          value={getId(record)}
                          checked={choiceFor(field) === getId(record)}
                          onChange={() => setChoices((current) => ({ ...current, [field.key]: getId(record) }))}
                          label={text || '(empty)'}
                          aria-label={`${field.label}: ${text || 'empty'} (from ${labelOf(record)})`}
                          styles={{ label: { overflowWrap: 'anywhere' } }}
                        />
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose} disabled={pending}>
          Cancel
        </Button>
        <Button onClick={submit} loading={pending}>
          Merge into {labelOf(kept)}
        </Button>
      </Group>
    </Stack>
  );
}
