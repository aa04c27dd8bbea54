import { useState } from 'react';
import { Alert, Anchor, Button, Group, MultiSelect, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconFiles } from '@tabler/icons-react';
import { Link } from 'react-router';
import { importStatuses, importStatusLabels, type ImportStatus } from '@leadtrail/contracts';
import { EmptyState } from '../../../components/empty-state';
import { RelativeTime } from '../../../components/records/relative-time';
import { errorMessage } from '../../../lib/api-client';
import { useImports } from '../api/imports';
import { countsSummary, importDuration, ImportProgress, ImportStatusBadge, numberFormat } from './import-status';
import classes from './imports.module.css';

const PAGE = 25;

/** The import history: newest first, filterable by status, live while an import runs. */
export function ImportsHistory() {
  const [status, setStatus] = useState<ImportStatus[]>([]);
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const query = useImports({ status, cursor, limit: PAGE });
  const rows = query.data?.data ?? [];

  const filter = (
    <MultiSelect
      label="Status"
      placeholder={status.length ? undefined : 'All statuses'}
      data={importStatuses.filter((s) => s !== 'uploaded').map((s) => ({ value: s, label: importStatusLabels[s] }))}
      value={status}
      onChange={(v) => {
        setStatus(v as ImportStatus[]);
        setCursors([undefined]);
      }}
      clearable
      maw={420}
    />
  );

  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="The imports could not be loaded">
        <Stack gap="xs" align="flex-start">
          {errorMessage(query.error)}
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }

  if (!query.isPending && rows.length === 0 && status.length === 0 && cursors.length === 1) {
    return (
      <EmptyState
        icon={<IconFiles size={28} aria-hidden="true" />}
        title="No imports yet"
        text="Upload a CSV or Excel export from your CRM or prospecting tool: it appears here with its progress and results."
        action={
          <Button component={Link} to="/my-contacts/upload-file">
            Upload file
          </Button>
        }
      />
    );
  }

  return (
    <Stack gap="md">
      {filter}
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={820}>
          <Table verticalSpacing="sm" highlightOnHover stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>File</Table.Th>
                <Table.Th>Uploaded by</Table.Th>
                <Table.Th>When</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Results</Table.Th>
                <Table.Th className={classes.number}>Duration</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.isPending
                ? [0, 1, 2, 3].map((i) => (
                    <Table.Tr key={i}>
                      <Table.Td colSpan={6}>
                        <Skeleton height={20} radius="sm" />
                      </Table.Td>
                    </Table.Tr>
                  ))
                : rows.map((imp) => (
                    <Table.Tr key={imp.id}>
                      <Table.Td>
                        <Anchor component={Link} to={imp.status === 'mapping' ? `/my-contacts/upload-file?import=${imp.id}&step=1` : `/my-contacts/uploaded-files/${imp.id}`} fw={500} size="sm">
                          {imp.fileName}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {imp.entity === 'contacts' ? 'Contacts' : 'Companies'} · {imp.fileType.toUpperCase()}
                          {imp.fileDeletedAt ? ' · file deleted' : ''}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{imp.createdByName ?? '—'}</Text>
                      </Table.Td>
                      <Table.Td>
                        <RelativeTime iso={imp.createdAt} size="sm" />
                      </Table.Td>
                      <Table.Td>
                        <Stack gap={6}>
                          <ImportStatusBadge imp={imp} />
                          {(imp.status === 'queued' || imp.status === 'processing') && <ImportProgress imp={imp} compact />}
                        </Stack>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          {imp.progress.rowsTotalExact ? '' : '~'}
                          {numberFormat.format(imp.progress.rowsTotal)} rows
                        </Text>
                        <Text size="xs" c="dimmed">
                          {imp.status === 'mapping' ? 'Waiting for its mapping' : countsSummary(imp.counts)}
                        </Text>
                      </Table.Td>
                      <Table.Td className={classes.number}>
                        <Text size="sm">{importDuration(imp) ?? '—'}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
              {!query.isPending && rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text size="sm" c="dimmed" ta="center" py="md">
                      No imports with this status.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {(cursors.length > 1 || query.data?.nextCursor) && (
        <Group justify="flex-end">
          <Button variant="default" size="xs" disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
            Newer
          </Button>
          <Button
            variant="default"
            size="xs"
            disabled={!query.data?.nextCursor}
            onClick={() => query.data?.nextCursor && setCursors((c) => [...c, query.data.nextCursor ?? undefined])}
          >
            Older
          </Button>
        </Group>
      )}
    </Stack>
  );
}
