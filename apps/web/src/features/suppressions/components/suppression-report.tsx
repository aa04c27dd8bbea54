import type { SuppressionCreateResult } from '@leadtrail/contracts';
import { Alert, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';

const n = new Intl.NumberFormat();
const plural = (count: number, one: string, many: string) => `${n.format(count)} ${count === 1 ? one : many}`;

/** "12 entries added · 3 already on the list · 2 lines not added". */
export function reportSummary(result: SuppressionCreateResult): string {
  const parts = [plural(result.added, 'entry added', 'entries added')];
  if (result.duplicates) parts.push(`${n.format(result.duplicates)} already on the list`);
  if (result.invalidCount) parts.push(plural(result.invalidCount, 'line not added', 'lines not added'));
  return parts.join(' · ');
}

type SuppressionReportProps = {
  result: SuppressionCreateResult;
  /** What a line number refers to: "Line" for pasted text, "Row" for a file. */
  lineLabel?: string;
};

/** The outcome of a paste or an upload, with every invalid line and why. */
export function SuppressionReport({ result, lineLabel = 'Line' }: SuppressionReportProps) {
  const ok = result.invalidCount === 0;
  return (
    <Stack gap="sm">
      <Alert
        color={ok ? 'green' : 'yellow'}
        variant="light"
        icon={
          ok ? <IconCircleCheck size={18} aria-hidden="true" /> : <IconAlertTriangle size={18} aria-hidden="true" />
        }
        title={reportSummary(result)}
        role="status"
      >
        {ok
          ? 'Matching contacts are flagged as suppressed and left out of exports from now on.'
          : 'The valid entries were added. Fix the lines below and add them again.'}
      </Alert>
      {result.invalid.length > 0 && (
        <ScrollArea.Autosize mah={260} type="auto">
          <Table striped withTableBorder fz="sm" aria-label="Lines not added">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={70} ta="right">
                  {lineLabel}
                </Table.Th>
                <Table.Th>Value</Table.Th>
                <Table.Th>Why it was not added</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.invalid.map((row) => (
                <Table.Tr key={`${row.line}-${row.value}`}>
                  <Table.Td ta="right">{row.line}</Table.Td>
                  <Table.Td maw={220} style={{ wordBreak: 'break-all' }}>
                    {row.value || (
                      <Text span c="dimmed">
                        (empty)
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{row.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
      {result.invalidCount > result.invalid.length && (
        <Group>
          <Text size="sm" c="dimmed">
            The first {n.format(result.invalid.length)} of {n.format(result.invalidCount)} invalid lines are shown.
          </Text>
        </Group>
      )}
    </Stack>
  );
}
