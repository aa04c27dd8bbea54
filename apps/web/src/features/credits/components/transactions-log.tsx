import {
  creditFeatureLabels,
  creditFeatures,
  creditKindLabels,
  creditKinds,
  type CreditFeature,
  type CreditKind,
  type CreditTransaction,
} from '@leadtrail/contracts';
import { Anchor, Button, Card, Group, Paper, Select, Skeleton, Stack, Switch, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconDownload, IconReceipt2 } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { RetryAlert } from '../../../components/retry-alert';
import { errorMessage } from '../../../lib/api-client';
import { exportUrl, useCreditTransactions, useCreditUsage, useCreditsSummary, useMemberOptions, type TransactionFilters } from '../api/credits';
import { signedCredits } from '../utils/usage-series';
import { UsageChart } from './usage-chart';
import { VerificationUsage } from './verification-usage';
import { RevealPeopleDrawer } from './reveal-people-drawer';
import { ScrollTable } from '../../../components/scroll-table';

const n = new Intl.NumberFormat();

const initial: TransactionFilters = { from: '', to: '', memberId: null, kind: null, feature: null, includeRefunds: true };
const today = () => new Date().toISOString().slice(0, 10);

/** A reveal's spend row lists the people it paid for (one row per reveal action, decision 0035). */
const listsPeople = (t: CreditTransaction) => t.kind === 'spend' && (t.feature === 'prospect_email' || t.feature === 'prospect_phone');

function Row({ t, onOpenPeople }: { t: CreditTransaction; onOpenPeople: (t: CreditTransaction) => void }) {
  return (
    <Table.Tr data-testid="credit-transaction">
      <Table.Td>
        <Tooltip label={dayjs(t.createdAt).format('D MMM YYYY, HH:mm:ss')}>
          <Text size="sm" span tabIndex={0} style={{ whiteSpace: 'nowrap' }}>
            {dayjs(t.createdAt).format('D MMM, HH:mm')}
          </Text>
        </Tooltip>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{creditFeatureLabels[t.feature]}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{creditKindLabels[t.kind]}</Text>
      </Table.Td>
      <Table.Td maw={320}>
        {listsPeople(t) ? (
          <Anchor component="button" type="button" size="sm" onClick={() => onOpenPeople(t)} title={`${t.description}: see who`}>
            {t.description}
          </Anchor>
        ) : (
          <Text size="sm" truncate="end" title={t.description}>
            {t.description}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {signedCredits(t.credits, (v) => n.format(v))}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{t.dataRequested ?? '—'}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{t.memberName ?? (t.memberId ? 'Former member' : 'Leadtrail')}</Text>
      </Table.Td>
      <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
        <Text size="sm">{n.format(t.balanceAfter)}</Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** The credit ledger (PRODUCT.md section 7): filters, usage by day and feature, every row with the balance after, CSV. */
export function TransactionsLog({ canSeeEveryone }: { canSeeEveryone: boolean }) {
  const [filters, setFilters] = useState<TransactionFilters>(initial);
  const [peopleOf, setPeopleOf] = useState<CreditTransaction | null>(null);
  const set = <K extends keyof TransactionFilters>(key: K, value: TransactionFilters[K]) => setFilters((f) => ({ ...f, [key]: value }));
  const summary = useCreditsSummary();
  const members = useMemberOptions(canSeeEveryone);
  const periodStart = summary.data ? summary.data.periodStart.slice(0, 10) : '';
  const range = { from: filters.from || periodStart, to: filters.to || today() };
  const usage = useCreditUsage({ from: range.from, to: range.to, memberId: filters.memberId });
  const rows = useCreditTransactions(filters);
  const data = rows.data?.pages.flatMap((p) => p.data) ?? [];
  const rangeError = filters.from && filters.to && filters.from > filters.to ? 'The start date is after the end date' : null;

  return (
    <Stack gap="md">
      <RevealPeopleDrawer row={peopleOf} onClose={() => setPeopleOf(null)} />
      <Paper withBorder radius="md" p="sm" component="section" aria-label="Filters">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput type="date" label="From" size="xs" value={filters.from} onChange={(e) => set('from', e.currentTarget.value)} max={filters.to || undefined} />
          <TextInput type="date" label="To" size="xs" value={filters.to} onChange={(e) => set('to', e.currentTarget.value)} min={filters.from || undefined} error={rangeError} />
          {canSeeEveryone && (
            <Select
              label="Member"
              size="xs"
              placeholder="Everyone"
              clearable
              searchable
              data={(members.data?.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
              value={filters.memberId}
              onChange={(v) => set('memberId', v)}
              w={180}
            />
          )}
          <Select
            label="Kind"
            size="xs"
            placeholder="All kinds"
            clearable
            data={creditKinds.map((k) => ({ value: k, label: creditKindLabels[k] }))}
            value={filters.kind}
            onChange={(v) => set('kind', v as CreditKind | null)}
            w={150}
          />
          <Select
            label="Feature"
            size="xs"
            placeholder="All features"
            clearable
            data={creditFeatures.map((f) => ({ value: f, label: creditFeatureLabels[f] }))}
            value={filters.feature}
            onChange={(v) => set('feature', v as CreditFeature | null)}
            w={170}
          />
          <Switch label="Show refunds" size="sm" checked={filters.includeRefunds} onChange={(e) => set('includeRefunds', e.currentTarget.checked)} mb={6} />
          <Button
            component="a"
            href={exportUrl(filters)}
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

      <Card withBorder radius="md" padding="md" maw={420}>
        <VerificationUsage />
      </Card>

      <Card withBorder radius="md" padding="md">
        <Text fw={700} size="sm" mb="xs">
          Usage by day
        </Text>
        {usage.isPending || !range.from ? (
          <Skeleton height={180} />
        ) : usage.isError ? (
          <Text size="sm" c="red.8">
            {errorMessage(usage.error)}
          </Text>
        ) : (
          <UsageChart usage={usage.data.data} from={range.from} to={range.to} title={`Credits used ${dayjs(range.from).format('D MMM')} – ${dayjs(range.to).format('D MMM YYYY')}`} />
        )}
      </Card>

      {rows.isError ? (
        <RetryAlert title="The transactions could not be loaded" error={rows.error} onRetry={() => void rows.refetch()} />
      ) : rows.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading transactions">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={30} />
          ))}
        </Stack>
      ) : data.length === 0 ? (
        <EmptyState
          icon={<IconReceipt2 size={28} aria-hidden="true" />}
          title="No transactions for these filters"
          text="Grants, reveals, refunds and expiries show here as they happen. Clear the filters to see every row."
          action={
            <Button variant="light" onClick={() => setFilters(initial)}>
              Clear filters
            </Button>
          }
        />
      ) : (
        <Paper withBorder radius="md">
          <ScrollTable minWidth={980} label="Credit transactions">
            <Table verticalSpacing="xs" stickyHeader aria-label="Credit transactions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Feature</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th ta="right">Credits</Table.Th>
                  <Table.Th>Data requested</Table.Th>
                  <Table.Th>Member</Table.Th>
                  <Table.Th ta="right">Balance after</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((t) => (
                  <Row key={t.id} t={t} onOpenPeople={setPeopleOf} />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          <Group justify="center" p="sm">
            {rows.hasNextPage ? (
              <Button variant="subtle" size="xs" loading={rows.isFetchingNextPage} onClick={() => void rows.fetchNextPage()}>
                Load older transactions
              </Button>
            ) : (
              <Text size="xs" c="dimmed">
                {n.format(data.length)} {data.length === 1 ? 'transaction' : 'transactions'}: the first one is reached
              </Text>
            )}
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
