import { creditFeatureLabels } from '@leadtrail/contracts';
import { Anchor, Button, Card, Grid, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconUserSearch } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { ListCard } from '../../../components/list-card';
import { RetryAlert } from '../../../components/retry-alert';
import { useCreditUsage, useCreditsSummary, useRecentSpends } from '../api/credits';
import { isLow } from './credit-balance';
import { UsageChart } from './usage-chart';
import { VerificationUsage } from './verification-usage';

const n = new Intl.NumberFormat();

function Figure({
  label,
  value,
  hint,
  testId,
  color,
}: {
  label: string;
  value: string;
  hint?: string;
  testId?: string;
  color?: string;
}) {
  return (
    <Stack gap={2}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.1} data-testid={testId} c={color}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The dashboard's credits: balance, use this period (chart), and the caller's own limit.
 * `seesAll`: the caller reads the whole workspace's ledger; otherwise the chart is their own use,
 * so the figures beside it say which is whose.
 */
export function CreditsOverview({ seesAll }: { seesAll: boolean }) {
  const summary = useCreditsSummary();
  const period = summary.data;
  const usage = useCreditUsage({ from: period?.periodStart.slice(0, 10), to: new Date().toISOString().slice(0, 10) });
  if (summary.isError)
    return (
      <RetryAlert title="Couldn't load your credits" error={summary.error} onRetry={() => void summary.refetch()} />
    );
  const next = period?.expiring[0];
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4">
          Credits
        </Title>
        <Anchor component={Link} to="/settings/transactions-log" size="sm">
          Transactions log
        </Anchor>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          {period ? (
            <Stack gap="md">
              <Figure
                label="Available"
                value={n.format(period.available)}
                testId="dashboard-credits-available"
                color={isLow(period.available) ? 'orange.8' : undefined}
                hint={
                  [
                    period.reserved > 0 ? `${n.format(period.reserved)} held by bulk reveals` : null,
                    next ? `${n.format(next.amount)} expire ${dayjs(next.at).format('D MMM')}` : null,
                  ]
                    .filter(Boolean)
                    .join(' · ') || undefined
                }
              />
              {!seesAll && (
                <Figure
                  label="You used this period"
                  value={n.format(period.memberUsedThisPeriod)}
                  hint={periodHint(period)}
                />
              )}
              <Figure
                label={seesAll ? 'Used this period' : 'The workspace used this period'}
                value={n.format(period.usedThisPeriod)}
                hint={periodHint(period)}
              />
              {period.memberRemaining !== null && (
                <Figure
                  label="Your limit left"
                  value={n.format(period.memberRemaining)}
                  hint={`of ${n.format(period.memberLimit ?? 0)} a month`}
                />
              )}
              <VerificationUsage />
            </Stack>
          ) : (
            <Stack gap="md">
              <Skeleton height={50} />
              <Skeleton height={50} />
            </Stack>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {period && usage.data ? (
            <UsageChart
              usage={usage.data.data}
              from={period.periodStart.slice(0, 10)}
              to={new Date().toISOString().slice(0, 10)}
              title={seesAll ? 'Used this period' : 'Your use this period'}
            />
          ) : (
            <Skeleton height={190} />
          )}
        </Grid.Col>
      </Grid>
    </Card>
  );
}

const periodHint = (period: { periodStart: string; periodEnd: string }) =>
  `${dayjs(period.periodStart).format('D MMM')} – ${dayjs(period.periodEnd).subtract(1, 'second').format('D MMM')}`;

/** The newest credit spends: who revealed what, and when. */
export function RecentReveals() {
  const spends = useRecentSpends();
  return (
    <ListCard
      title="Recent reveals"
      link={{ to: '/my-contacts/prospects', label: 'Find prospects' }}
      query={spends}
      skeletonHeight={24}
      empty={{
        text: 'Nothing revealed yet. Search the prospect database and reveal an email for 1 credit.',
        action: (
          <Button
            component={Link}
            to="/my-contacts/prospects"
            leftSection={<IconUserSearch size={16} aria-hidden="true" />}
          >
            Find prospects
          </Button>
        ),
      }}
    >
      {(rows) => (
        // fits its card (half the page beside the imports): What truncates, the other columns keep their width
        <Table verticalSpacing="xs" layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>What</Table.Th>
              <Table.Th w="24%">Who</Table.Th>
              <Table.Th w={64} ta="right">
                Credits
              </Table.Th>
              <Table.Th w={104}>When</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((t) => (
              <Table.Tr key={t.id}>
                <Table.Td>
                  <Text size="sm" truncate="end" title={t.description}>
                    {creditFeatureLabels[t.feature]}: {t.description}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" truncate="end" title={t.memberName ?? undefined}>
                    {t.memberName ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{n.format(-t.credits)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text
                    size="sm"
                    title={dayjs(t.createdAt).format('D MMM YYYY, HH:mm')}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {dayjs(t.createdAt).format('D MMM, HH:mm')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </ListCard>
  );
}
