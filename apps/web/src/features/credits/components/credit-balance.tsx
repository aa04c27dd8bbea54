import { FREE_PLAN_MONTHLY_CREDITS } from '@leadtrail/contracts';
import { Button, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useCreditsSummary } from '../api/credits';

const n = new Intl.NumberFormat();

/** Under 10% of the period's grant the balance turns amber (UI.md "Credits"). */
export const isLow = (available: number, grant = FREE_PLAN_MONTHLY_CREDITS) => available < grant * 0.1;

/**
 * The top bar's credit balance: reserved, expiring and the caller's own limit on hover; opens the
 * transactions log. `grant` is the plan's monthly credits (amber under 10% of it; Free's until known).
 */
export function CreditBalance({ grant }: { grant?: number }) {
  const credits = useCreditsSummary();
  if (credits.isPending) return <Skeleton height={30} width={110} radius="sm" />;
  if (credits.isError) return null;
  const c = credits.data;
  const low = isLow(c.available, grant);
  const next = c.expiring[0];
  const tip = (
    <Stack gap={2}>
      <Text size="xs">{n.format(c.balance)} credits in the workspace</Text>
      {c.reserved > 0 && <Text size="xs">{n.format(c.reserved)} held by running bulk reveals</Text>}
      {next && (
        <Text size="xs">
          {n.format(next.amount)} expire on {dayjs(next.at).format('D MMM YYYY')}
        </Text>
      )}
      <Text size="xs">{n.format(c.usedThisPeriod)} used this period</Text>
      {c.memberRemaining !== null && (
        <Text size="xs">
          Your monthly limit: {n.format(c.memberRemaining)} of {n.format(c.memberLimit ?? 0)} left
        </Text>
      )}
      <Text size="xs" fs="italic">
        Open the transactions log
      </Text>
    </Stack>
  );
  return (
    <Tooltip label={tip} withArrow multiline w={260}>
      <Button
        component={Link}
        to="/settings/transactions-log"
        variant={low ? 'light' : 'default'}
        color={low ? 'orange' : undefined}
        size="sm"
        leftSection={<IconCoins size={16} aria-hidden="true" />}
        aria-label={`Credit balance: ${n.format(c.available)} credits available${low ? ', running low' : ''}. Open the transactions log`}
        data-testid="credit-balance"
      >
        {n.format(c.available)}
        <Text span visibleFrom="sm" size="sm" ml={4}>
          credits
        </Text>
      </Button>
    </Tooltip>
  );
}
