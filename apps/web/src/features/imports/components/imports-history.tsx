import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  MultiSelect,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconFiles, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { importStatuses, importStatusLabels, type Import, type ImportStatus } from '@leadtrail/contracts';
import { EmptyState } from '../../../components/empty-state';
import { RelativeTime } from '../../../components/relative-time';
import { errorMessage } from '../../../lib/api-client';
import { useDiscardImport, useImports } from '../api/imports';
import { countsSummary, importDuration, ImportProgress, ImportStatusBadge, numberFormat } from './import-status';
import classes from './imports.module.css';

const PAGE = 25;

/** The import history: newest first, filterable by status, live while an import runs. */
type Viewer = {
  userId: string;
  /** may discard another member's upload (owners and admins) */
  canDeleteAny: boolean;
};

export function ImportsHistory({ viewer }: { viewer: Viewer }) {
  const [status, setStatus] = useState<ImportStatus[]>([]);
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const query = useImports({ status, cursor, limit: PAGE });
  const rows = query.data?.data ?? [];
  const discard = useDiscardImport();
  const canDiscard = (imp: Import) =>
    (imp.status === 'uploaded' || imp.status === 'mapping') &&
    (imp.createdBy === viewer.userId || viewer.canDeleteAny);
  const confirmDiscard = (imp: Import) =>
    modals.openConfirmModal({
      title: `Discard ${imp.fileName}?`,
      children: (
        <Text size="sm">
          The upload was never started: nothing was imported from it. It leaves the history and its file is deleted.
        </Text>
      ),
      labels: { confirm: 'Discard upload', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        discard.mutate(imp.id, {
          onSuccess: () =>
            notifications.show({
              color: 'green',
              message: `${imp.fileName} discarded`,
              closeButtonProps: { 'aria-label': 'Dismiss' },
            }),
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: `${imp.fileName} was not discarded`,
              message: errorMessage(error),
              closeButtonProps: { 'aria-label': 'Dismiss' },
            }),
        }),
    });

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
                <Table.Th w={120}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.isPending
                ? [0, 1, 2, 3].map((i) => (
                    <Table.Tr key={i}>
                      <Table.Td colSpan={7}>
                        <Skeleton height={20} radius="sm" />
                      </Table.Td>
                    </Table.Tr>
                  ))
                : rows.map((imp) => (
                    <Table.Tr key={imp.id}>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={
                            imp.status === 'mapping'
                              ? `/my-contacts/upload-file?import=${imp.id}&step=1`
                              : `/my-contacts/uploaded-files/${imp.id}`
                          }
                          fw={500}
                          size="sm"
                        >
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
                          {(imp.status === 'queued' || imp.status === 'processing') && (
                            <ImportProgress imp={imp} compact />
                          )}
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
                      <Table.Td ta="right">
                        {canDiscard(imp) && (
                          <Button
                            variant="subtle"
                            color="red"
                            size="xs"
                            leftSection={<IconTrash size={14} aria-hidden="true" />}
                            aria-label={`Discard ${imp.fileName}`}
                            loading={discard.isPending && discard.variables === imp.id}
                            onClick={() => confirmDiscard(imp)}
                          >
                            Discard
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
              {!query.isPending && rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={7}>
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
          <Button
            variant="default"
            size="xs"
            disabled={cursors.length === 1}
            onClick={() => setCursors((c) => c.slice(0, -1))}
          >
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
