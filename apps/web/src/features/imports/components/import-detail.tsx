import { useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconDownload, IconExternalLink, IconFileUnknown } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  duplicateModeLabels,
  importDelimiterLabels,
  importEncodingLabels,
  type ImportDetail,
} from '@leadtrail/contracts';
import { EmptyState } from '../../../components/empty-state';
import { ErrorScreen } from '../../../components/error-screen';
import { PageHeader } from '../../../components/page-header';
import { formatExact } from '../../../components/relative-time';
import { errorMessage, isNotFound } from '../../../lib/api-client';
import { importedRecordsUrl, useImport, useImportAction, useImportErrors, useUndoImport } from '../api/imports';
import { ImportEnrichment } from './import-enrichment';
import { useEndImportStarted } from './import-started-toast';
import { SuppressedRows } from './suppressed-rows';
import { formatDuration, importDuration, ImportProgress, ImportStatusBadge, numberFormat, targetLabel } from './import-status';
import classes from './imports.module.css';
import { ScrollTable } from '../../../components/scroll-table';

type Props = {
  id: string;
  /** The signed-in user: the uploader, owners and admins may undo. */
  me: { userId: string; canDeleteAny: boolean };
  /** Resolves an owner (member id) or a list id to a name for the options section. */
  ownerName: (memberId: string) => string | null;
};

function Stat({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} className={classes.number} ta="left">
        {numberFormat.format(value)}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={180} fw={500} c="dimmed">
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

/** Errors (the row was left out) and warnings (it was imported without that cell), in file order. */
function RowErrors({ imp }: { imp: ImportDetail }) {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const problemRows = imp.counts.errors + imp.counts.warnings;
  const query = useImportErrors(imp.id, cursors[cursors.length - 1], problemRows > 0);
  if (problemRows === 0) {
    return (
      <Text size="sm" c="dimmed">
        No row failed, and every value was imported.
      </Text>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(query.error)}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <ScrollTable minWidth={560} label="Rows with problems">
        <Table verticalSpacing={6} fz="sm" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Kind</Table.Th>
              <Table.Th className={classes.number}>Row</Table.Th>
              <Table.Th>Column</Table.Th>
              <Table.Th>Value</Table.Th>
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
              : query.data.data.map((e, i) => (
                  <Table.Tr key={`${e.rowNumber}-${i}`}>
                    <Table.Td>
                      <Badge size="sm" variant="light" color={e.kind === 'error' ? 'red' : 'yellow'}>
                        {e.kind === 'error' ? 'Error' : 'Warning'}
                      </Badge>
                    </Table.Td>
                    <Table.Td className={classes.number}>{numberFormat.format(e.rowNumber)}</Table.Td>
                    <Table.Td>{e.column ?? '—'}</Table.Td>
                    <Table.Td className={classes.cell} title={e.value ?? ''}>
                      {e.value || '—'}
                    </Table.Td>
                    <Table.Td>{e.reason}</Table.Td>
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {query.data
            ? `${numberFormat.format(query.data.total)} problem${query.data.total === 1 ? '' : 's'}: ${numberFormat.format(imp.counts.errors)} row${imp.counts.errors === 1 ? '' : 's'} left out, ${numberFormat.format(imp.counts.warnings)} imported without some values`
            : ''}
        </Text>
        <Group gap="xs">
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
      </Group>
    </Stack>
  );
}

/** One import: summary, live progress, mapping, options, timings, row errors, downloads, cancel and undo. */
export function ImportDetailView({ id, me, ownerName }: Props) {
  const query = useImport(id);
  const cancel = useImportAction(id, 'cancel');
  const undo = useUndoImport(id, query.data?.entity ?? 'contacts');
  useEndImportStarted(id, query.data ? query.data.status === 'queued' || query.data.status === 'processing' : undefined);

  if (query.isPending) {
    return (
      <Stack gap="lg" aria-busy="true" aria-label="Loading the import">
        <Skeleton height={32} width={320} />
        <SimpleGrid cols={{ base: 2, md: 6 }}>
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} height={80} radius="md" />
          ))}
        </SimpleGrid>
        <Skeleton height={240} radius="md" />
      </Stack>
    );
  }
  if (query.isError) {
    if (isNotFound(query.error)) {
      return (
        <EmptyState
          icon={<IconFileUnknown size={28} aria-hidden="true" />}
          title="This uploaded file does not exist"
          text="It may have been deleted, or the link is wrong."
          action={
            <Button component={Link} to="/my-contacts/uploaded-files">
              Back to uploaded files
            </Button>
          }
        />
      );
    }
    return <ErrorScreen message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  }
  const imp = query.data;
  const running = imp.status === 'queued' || imp.status === 'processing';
  const finished = !running && imp.status !== 'mapping' && imp.status !== 'uploaded';
  const noun = imp.entity === 'contacts' ? 'contacts' : 'companies';
  const canUndo = finished && !imp.undoneAt && imp.counts.created > 0 && (imp.createdBy === me.userId || me.canDeleteAny);

  const askCancel = () =>
    modals.openConfirmModal({
      title: 'Stop this import?',
      children: (
        <Text size="sm">
          The rows written so far ({numberFormat.format(imp.counts.created + imp.counts.updated)} {noun}) stay and are counted; the rest of the file is not
          imported. You can undo the import afterwards to remove what it created.
        </Text>
      ),
      labels: { confirm: 'Stop the import', cancel: 'Keep it running' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(undefined, {
          onError: (e) => notifications.show({ color: 'red', message: `The import could not be stopped: ${errorMessage(e)}`, closeButtonProps: { 'aria-label': 'Dismiss' } }),
        }),
    });

  const askUndo = () =>
    modals.openConfirmModal({
      title: `Remove ${numberFormat.format(imp.counts.created)} ${noun}?`,
      children: (
        <Text size="sm">
          This deletes the {numberFormat.format(imp.counts.created)} {noun} this import created, with their notes and list memberships. Records it only
          updated ({numberFormat.format(imp.counts.updated)}) keep the file’s values. This can’t be undone.
        </Text>
      ),
      labels: { confirm: `Remove ${numberFormat.format(imp.counts.created)} ${noun}`, cancel: 'Keep them' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        undo.mutate(undefined, {
          onSuccess: (r) =>
            notifications.show({
              color: 'green',
              message: `Import undone: ${numberFormat.format(r.removed)} ${noun} removed${r.companiesRemoved ? ` and ${numberFormat.format(r.companiesRemoved)} companies it had created` : ''}.`,
              closeButtonProps: { 'aria-label': 'Dismiss' },
            }),
          onError: (e) => notifications.show({ color: 'red', message: `The import could not be undone: ${errorMessage(e)}`, closeButtonProps: { 'aria-label': 'Dismiss' } }),
        }),
    });

  const o = imp.options;
  return (
    <>
      <PageHeader
        title={imp.fileName}
        above={
          <Anchor component={Link} to="/my-contacts/uploaded-files" size="sm">
            <Group gap={4}>
              <IconArrowLeft size={14} aria-hidden="true" />
              Uploaded files
            </Group>
          </Anchor>
        }
        description={
          <Group gap="xs" component="span">
            <ImportStatusBadge imp={imp} />
            <span>
              {imp.entity === 'contacts' ? 'Contacts' : 'Companies'} · uploaded by {imp.createdByName ?? 'a former member'} on {formatExact(imp.createdAt)}
            </span>
          </Group>
        }
        actions={
          <>
            {imp.status === 'mapping' && (
              <Button component={Link} to={`/my-contacts/upload-file?import=${imp.id}&step=1`}>
                Continue mapping
              </Button>
            )}
            {running && (
              <Button color="red" variant="light" onClick={askCancel} disabled={imp.cancelRequested} loading={cancel.isPending}>
                {imp.cancelRequested ? 'Stopping…' : 'Cancel import'}
              </Button>
            )}
            {canUndo && (
              <Button color="red" variant="light" onClick={askUndo} loading={undo.isPending}>
                Undo import
              </Button>
            )}
            {finished && imp.counts.created + imp.counts.updated > 0 && !imp.undoneAt && (
              <Button component={Link} to={importedRecordsUrl(imp)} rightSection={<IconExternalLink size={14} aria-hidden="true" />}>
                View imported {noun}
              </Button>
            )}
          </>
        }
      />
      <Stack gap="lg">
        {imp.status === 'failed' && imp.error && (
          <Alert color="red" variant="light" title="The import failed" role="alert">
            {imp.error}
          </Alert>
        )}
        {imp.status === 'cancelled' && (
          <Alert color="gray" variant="light" title="The import was cancelled">
            {numberFormat.format(imp.progress.rowsTotal - imp.counts.rows)} of {numberFormat.format(imp.progress.rowsTotal)} rows were not processed. The{' '}
            {numberFormat.format(imp.counts.created)} {noun} created before it stopped were kept{canUndo ? ': undo the import to remove them' : ''}.
          </Alert>
        )}
        {imp.undoneAt && (
          <Alert color="gray" variant="light" title="This import was undone">
            {numberFormat.format(imp.undoneCount ?? 0)} {noun} it created were removed on {formatExact(imp.undoneAt)}.
          </Alert>
        )}
        {running && (
          <Paper withBorder radius="md" p="md">
            <ImportProgress imp={imp} />
          </Paper>
        )}
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }}>
          <Stat label="Rows" value={imp.counts.rows} hint={running ? `of ${numberFormat.format(imp.progress.rowsTotal)}` : undefined} />
          <Stat label="Created" value={imp.counts.created} />
          <Stat label="Updated" value={imp.counts.updated} />
          <Stat label="Duplicates" value={imp.counts.duplicates} hint={imp.counts.duplicatesInFile ? `${numberFormat.format(imp.counts.duplicatesInFile)} repeated in the file` : undefined} />
          <Stat label="Suppressed" value={imp.counts.suppressed} />
          <Stat label="Errors" value={imp.counts.errors} />
          <Stat
            label="Warnings"
            value={imp.counts.warnings}
            hint={
              imp.counts.ownersNotMembers
                ? `${numberFormat.format(imp.counts.ownersNotMembers)} named an owner who is not a member: ${imp.options.unknownOwners === 'unassigned' ? 'left without an owner' : 'given the import’s owner'}`
                : imp.counts.warnings
                  ? 'imported without some values'
                  : undefined
            }
          />
        </SimpleGrid>
        <ImportEnrichment imp={imp} />

        <Group gap="sm">
          {imp.fileDeletedAt ? (
            <Text size="sm" c="dimmed" data-testid="file-deleted">
              {imp.fileDeletedReason === 'retention'
                ? `The uploaded file and its error report were deleted on ${new Date(imp.fileDeletedAt).toLocaleDateString()} (uploaded files are kept for a set number of days, see Settings → Privacy). The counts remain.`
                : `The uploaded file was deleted on ${new Date(imp.fileDeletedAt).toLocaleDateString()} with an erasure request. The counts remain.`}
            </Text>
          ) : (
            <Button component="a" href={`/api/v1/imports/${imp.id}/file`} download variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />}>
              Original file
            </Button>
          )}
          {imp.counts.errors + imp.counts.warnings > 0 && imp.fileDeletedReason !== 'retention' && (
            <Button
              component="a"
              href={`/api/v1/imports/${imp.id}/error-report`}
              download
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden="true" />}
            >
              Error report (CSV)
            </Button>
          )}
        </Group>

        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Paper withBorder radius="md" p="md">
              <Title order={2} fz="h5" mb="sm">
                Details
              </Title>
              <Table verticalSpacing={4} fz="sm">
                <Table.Tbody>
                  <Row label="File">
                    {imp.fileType.toUpperCase()} · {numberFormat.format(Math.ceil(imp.fileSize / 1024))} KB
                  </Row>
                  {imp.fileType === 'csv' ? (
                    <Row label="Format">
                      {imp.encoding ? importEncodingLabels[imp.encoding] : '—'} · {imp.delimiter ? importDelimiterLabels[imp.delimiter] : '—'} · header on row{' '}
                      {imp.headerRow}
                    </Row>
                  ) : imp.fileType === 'vcf' ? (
                    <Row label="Format">vCard · one card a row</Row>
                  ) : (
                    <Row label="Sheet">
                      {imp.sheet} · header on row {imp.headerRow}
                    </Row>
                  )}
                  <Row label="Uploaded">{formatExact(imp.createdAt)}</Row>
                  <Row label="Started">{imp.startedAt ? formatExact(imp.startedAt) : '—'}</Row>
                  <Row label="Finished">{imp.finishedAt ? formatExact(imp.finishedAt) : '—'}</Row>
                  <Row label="Duration">{importDuration(imp) ?? '—'}</Row>
                  {finished && imp.startedAt && imp.finishedAt && imp.counts.rows > 0 && (
                    <Row label="Speed">
                      {numberFormat.format(
                        Math.round(imp.counts.rows / Math.max(0.001, (new Date(imp.finishedAt).getTime() - new Date(imp.startedAt).getTime()) / 1000)),
                      )}{' '}
                      rows/s
                    </Row>
                  )}
                </Table.Tbody>
              </Table>
              <Title order={2} fz="h5" mt="lg" mb="sm">
                Options
              </Title>
              <Table verticalSpacing={4} fz="sm">
                <Table.Tbody>
                  <Row label="Existing records">{duplicateModeLabels[o.duplicates]}</Row>
                  <Row label="List">
                    {imp.listId ? (
                      <Anchor component={Link} to={`/lists/my-lists/${imp.listId}`}>
                        {o.newListName ?? 'Open the list'}
                      </Anchor>
                    ) : (
                      'None'
                    )}
                  </Row>
                  <Row label="Owner of new records">{o.ownerId ? (ownerName(o.ownerId) ?? 'A member') : (imp.createdByName ?? 'The uploader')}</Row>
                  {imp.entity === 'contacts' && <Row label="Companies">{o.createCompanies ? 'Created and linked' : 'Linked to existing ones only'}</Row>}
                </Table.Tbody>
              </Table>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Paper withBorder radius="md" p="md">
              <Title order={2} fz="h5" mb="sm">
                Mapping used
              </Title>
              <Table verticalSpacing={4} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Column</Table.Th>
                    <Table.Th>Imported into</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {imp.mapping.map((m) => (
                    <Table.Tr key={m.index}>
                      <Table.Td>{imp.columns.find((c) => c.index === m.index)?.header ?? `Column ${m.index + 1}`}</Table.Td>
                      <Table.Td c={m.target === 'ignore' ? 'dimmed' : undefined}>{targetLabel(m.target)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          </Grid.Col>
        </Grid>

        <Paper withBorder radius="md" p="md">
          <Title order={2} fz="h5" mb="sm">
            Row errors and warnings
          </Title>
          <RowErrors imp={imp} />
          {imp.counts.errors + imp.counts.warnings > 0 && (
            <Text size="xs" c="dimmed" mt="sm">
              The error report holds these rows as uploaded with an “Import problem” column (error: left out; warning: imported without the value) and an
              “Import error” column: fix them and upload the report as it is.
            </Text>
          )}
        </Paper>
        <SuppressedRows imp={imp} />
        {running && imp.progress.updatedAt && (
          <Text size="xs" c="dimmed">
            Updated {formatDuration(Math.max(0, Date.now() - new Date(imp.progress.updatedAt).getTime()))} ago.
          </Text>
        )}
      </Stack>
    </>
  );
}
