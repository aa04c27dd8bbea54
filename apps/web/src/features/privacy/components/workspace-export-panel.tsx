import type { WorkspaceExport } from '@leadtrail/contracts';
import { Anchor, Button, Group, Paper, Progress, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api-client';
import { useStartExport, useWorkspaceExports } from '../api/privacy';

const sizeOf = (bytes: number | null) =>
  bytes === null
    ? ''
    : bytes < 1024 * 1024
      ? `${Math.max(1, Math.round(bytes / 1024))} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const when = (iso: string) => new Date(iso).toLocaleString();

function ExportStatus({ e }: { e: WorkspaceExport }) {
  if (e.status === 'queued' || e.status === 'running') {
    const pct = Math.round(e.progress * 100);
    return (
      <Stack gap={4}>
        <Text size="sm">
          {e.status === 'queued'
            ? 'Waiting to start…'
            : `Writing the export: ${e.rowsDone.toLocaleString()} of ${e.rowsTotal.toLocaleString()} rows`}
        </Text>
        <Progress value={pct} aria-label="Export progress" animated />
      </Stack>
    );
  }
  if (e.status === 'failed') {
    return (
      <Text size="sm" c="red" role="alert">
        {e.error ?? 'The export failed.'} Start it again.
      </Text>
    );
  }
  return e.downloadUrl ? (
    <Group gap="sm">
      <Button
        component="a"
        href={e.downloadUrl}
        leftSection={<IconDownload size={16} aria-hidden="true" />}
        variant="light"
      >
        Download ZIP ({sizeOf(e.fileSize)})
      </Button>
      <Text size="sm" c="dimmed">
        Ready {when(e.finishedAt!)}; the link works until {when(e.expiresAt!)}.
      </Text>
    </Group>
  ) : (
    <Text size="sm" c="dimmed">
      The export of {when(e.createdAt)} has expired (links last 24 hours).
    </Text>
  );
}

/** Settings → Privacy: everything the workspace holds, as a ZIP of CSV and JSON, built in the background. */
export function WorkspaceExportPanel() {
  const exports = useWorkspaceExports();
  const start = useStartExport();
  const latest = exports.data?.data[0];
  const busy = latest?.status === 'queued' || latest?.status === 'running';

  const run = () =>
    start.mutate(undefined, {
      onSuccess: () =>
        notifications.show({ color: 'blue', message: 'Export started: you will get an email when it is ready.' }),
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Export not started', message: errorMessage(error) }),
    });

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} fz="h4">
              Export the workspace
            </Title>
            <Text size="sm" c="dimmed" maw={560}>
              Contacts, companies, custom fields, lists and their members, notes, members, the suppression list,
              imports' details, the credit ledger, invoices and the audit log, as CSV and JSON files in one ZIP with a
              README.
            </Text>
          </div>
          <Tooltip label="An export is already being written" disabled={!busy}>
            <Button
              leftSection={<IconFileZip size={16} aria-hidden="true" />}
              onClick={run}
              loading={start.isPending}
              disabled={busy}
            >
              Start export
            </Button>
          </Tooltip>
        </Group>
        {exports.isPending ? (
          <Skeleton height={36} />
        ) : exports.isError ? (
          <Text size="sm" c="red" role="alert">
            The exports could not be loaded: {errorMessage(exports.error)}{' '}
            <Anchor component="button" size="sm" onClick={() => void exports.refetch()}>
              Retry
            </Anchor>
          </Text>
        ) : latest ? (
          <ExportStatus e={latest} />
        ) : (
          <Text size="sm" c="dimmed">
            No export yet. Exports are built in the background; the link is emailed to you and works for 24 hours.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
