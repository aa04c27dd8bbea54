import { auditActionLabels, auditActions, type AuditAction, type AuditEntry } from '@leadtrail/contracts';
import { Button, Group, Paper, Select, Skeleton, Stack, Table, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { IconDownload, IconShieldSearch } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { RetryAlert } from '../../../components/retry-alert';
import { auditExportUrl, noAuditFilters, useAuditLog, useAuditMembers, type AuditFilters } from '../api/audit';
import { actionLabel, actorText, detailSummary, targetText } from '../utils/describe-entry';
import { AuditEntryDrawer } from './audit-entry-drawer';
import { ScrollTable } from '../../../components/scroll-table';

const n = new Intl.NumberFormat();

function Row({ e, onOpen }: { e: AuditEntry; onOpen: () => void }) {
  const summary = detailSummary(e);
  return (
    <Table.Tr data-testid="audit-entry" data-action={e.action} onClick={onOpen} style={{ cursor: 'pointer' }}>
      <Table.Td>
        <Tooltip label={dayjs(e.createdAt).format('D MMM YYYY, HH:mm:ss')}>
          <Text size="sm" span style={{ whiteSpace: 'nowrap' }}>
            {dayjs(e.createdAt).format('D MMM, HH:mm')}
          </Text>
        </Tooltip>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{actorText(e)}</Text>
      </Table.Td>
      <Table.Td>
        {/* the row's keyboard entry point: Enter opens the detail drawer */}
        <UnstyledButton onClick={onOpen} aria-label={`${actionLabel(e.action)}: show details`}>
          <Text size="sm" fw={500}>
            {actionLabel(e.action)}
          </Text>
        </UnstyledButton>
        {summary && (
          <Text size="xs" c="dimmed">
            {summary}
          </Text>
        )}
      </Table.Td>
      <Table.Td maw={280}>
        <Text size="sm" truncate="end" title={targetText(e)}>
          {targetText(e)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {e.ip ?? '—'}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** The audit log (owner/admin): filters, every event newest first, a detail drawer, CSV with the same filters. */
export function AuditLog() {
  const [filters, setFilters] = useState<AuditFilters>(noAuditFilters);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const set = <K extends keyof AuditFilters>(key: K, value: AuditFilters[K]) => setFilters((f) => ({ ...f, [key]: value }));
  const members = useAuditMembers();
  const rangeError = filters.from && filters.to && filters.from > filters.to ? 'The start date is after the end date' : null;
  const rows = useAuditLog(filters, 50);
  const data = rows.data?.pages.flatMap((p) => p.data) ?? [];
  const filtered = filters !== noAuditFilters;

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="sm" component="section" aria-label="Filters">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Member"
            size="xs"
            placeholder="Everyone"
            clearable
            searchable
            data={(members.data?.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
            value={filters.memberId}
            onChange={(v) => set('memberId', v)}
            w={190}
          />
          <Select
            label="Action"
            size="xs"
            placeholder="All actions"
            clearable
            searchable
            data={auditActions.map((a) => ({ value: a, label: auditActionLabels[a] }))}
            value={filters.action}
            onChange={(v) => set('action', v as AuditAction | null)}
            w={220}
          />
          <TextInput type="date" label="From" size="xs" value={filters.from} onChange={(e) => set('from', e.currentTarget.value)} max={filters.to || undefined} />
          <TextInput
            type="date"
            label="To"
            size="xs"
            value={filters.to}
            onChange={(e) => set('to', e.currentTarget.value)}
            min={filters.from || undefined}
            error={rangeError}
          />
          {filtered && (
            <Button variant="subtle" size="xs" onClick={() => setFilters(noAuditFilters)}>
              Clear filters
            </Button>
          )}
          <Button
            component="a"
            href={auditExportUrl(filters)}
            download
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden="true" />}
            ml="auto"
          >
            Export CSV
          </Button>
        </Group>
      </Paper>

      {rows.isError ? (
        <RetryAlert title="The audit log could not be loaded" error={rows.error} onRetry={() => void rows.refetch()} />
      ) : rows.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading the audit log">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height={30} />
          ))}
        </Stack>
      ) : data.length === 0 ? (
        <EmptyState
          icon={<IconShieldSearch size={28} aria-hidden="true" />}
          title={filtered ? 'No events for these filters' : 'No events yet'}
          text={
            filtered
              ? 'Clear the filters to see every event of the last 365 days.'
              : 'Sign-ins, exports, reveals, imports, team and key changes show here as they happen, kept for 365 days.'
          }
          action={
            filtered ? (
              <Button variant="light" onClick={() => setFilters(noAuditFilters)}>
                Clear filters
              </Button>
            ) : undefined
          }
        />
      ) : (
        <Paper withBorder radius="md">
          <ScrollTable minWidth={860} label="Audit log">
            <Table verticalSpacing="xs" highlightOnHover stickyHeader aria-label="Audit log">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th>Target</Table.Th>
                  <Table.Th>IP address</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((e) => (
                  <Row key={e.id} e={e} onOpen={() => setOpen(e)} />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          <Group justify="center" p="sm">
            {rows.hasNextPage ? (
              <Button variant="subtle" size="xs" loading={rows.isFetchingNextPage} onClick={() => void rows.fetchNextPage()}>
                Load older events
              </Button>
            ) : (
              <Text size="xs" c="dimmed">
                {n.format(data.length)} {data.length === 1 ? 'event' : 'events'}: the oldest one is reached
              </Text>
            )}
          </Group>
        </Paper>
      )}
      <AuditEntryDrawer entry={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
