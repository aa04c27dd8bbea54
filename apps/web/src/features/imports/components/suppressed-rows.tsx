import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import {
  suppressionKindLabels,
  suppressionReasonLabels,
  type ImportDetail,
  type SuppressionReason,
} from '@leadtrail/contracts';
import { errorMessage } from '../../../lib/api-client';
import { useImportSuppressed } from '../api/imports';
import { numberFormat } from './import-status';
import classes from './imports.module.css';
import { ScrollTable } from '../../../components/scroll-table';

const reasonLabel = (reason: string | null) =>
  reason ? (suppressionReasonLabels[reason as SuppressionReason] ?? reason) : null;

/** The rows an import left out as suppressed, and the suppression-list entry that matched each. */
export function SuppressedRows({ imp }: { imp: ImportDetail }) {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const query = useImportSuppressed(imp.id, cursors[cursors.length - 1], imp.counts.suppressed > 0);
  if (imp.counts.suppressed === 0) return null;
  const noun = imp.entity === 'contacts' ? 'Email' : 'Domain';
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="suppressed-rows-title">
      <Title order={2} fz="h5" mb={4} id="suppressed-rows-title">
        Suppressed rows
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        These rows were not imported: an entry of the{' '}
        <Anchor component={Link} to="/lists/suppression-list" inherit>
          suppression list
        </Anchor>{' '}
        matched them when the import ran.
      </Text>
      {query.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(query.error)}
        </Alert>
      ) : (
        <Stack gap="sm">
          <ScrollTable minWidth={560} label="Rows left out as suppressed">
            <Table verticalSpacing={6} fz="sm" striped aria-labelledby="suppressed-rows-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th className={classes.number}>Row</Table.Th>
                  <Table.Th>{noun}</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Matched entry</Table.Th>
                  <Table.Th>Reason</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.isPending
                  ? [0, 1, 2].map((i) => (
                      <Table.Tr key={i}>
                        <Table.Td colSpan={5}>
                          <Skeleton height={16} />
                        </Table.Td>
                      </Table.Tr>
                    ))
                  : query.data.data.map((r) => (
                      <Table.Tr key={r.rowNumber} data-testid="suppressed-row">
                        <Table.Td className={classes.number}>{numberFormat.format(r.rowNumber)}</Table.Td>
                        <Table.Td className={classes.cell} title={r.value}>
                          {r.value}
                        </Table.Td>
                        <Table.Td>{r.name ?? '—'}</Table.Td>
                        <Table.Td className={classes.cell} title={r.entry.value}>
                          {suppressionKindLabels[r.entry.kind]}: {r.entry.value}
                        </Table.Td>
                        <Table.Td>{reasonLabel(r.entry.reason) ?? '—'}</Table.Td>
                      </Table.Tr>
                    ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          {(cursors.length > 1 || query.data?.nextCursor) && (
            <Group justify="flex-end" gap="xs">
              <Button variant="default" size="xs" disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
                Previous
              </Button>
              <Button
                variant="default"
                size="xs"
                disabled={!query.data?.nextCursor}
                onClick={() => query.data?.nextCursor && setCursors((c) => [...c, query.data.nextCursor ?? undefined])}
              >
                Next
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Paper>
  );
}
