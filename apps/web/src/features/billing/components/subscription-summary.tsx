import type { Plan, Subscription } from '@leadtrail/contracts';
import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useCancelSubscription, useResumeSubscription } from '../api/billing';
import { formatCount } from '../utils/money';

type Props = {
  subscription: Subscription;
  plans: Plan[];
  canManage: boolean;
  /** Credits available now (the top bar's figure); null while loading. */
  availableCredits: number | null;
};

const day = (iso: string) => dayjs(iso).format('D MMMM YYYY');

/** The current plan, its period, seats and credit balance; a waiting change with "Keep my plan"; cancel at period end. */
export function SubscriptionSummary({ subscription: s, plans, canManage, availableCredits }: Props) {
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const nameOf = (id: string) => plans.find((p) => p.id === id)?.name ?? id;
  const planName = nameOf(s.plan);
  const paid = s.plan !== 'free';

  const confirmCancel = () =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Close' },
      title: `Cancel ${planName}?`,
      children: (
        <Text size="sm">
          Your workspace keeps {planName} until {day(s.currentPeriodEnd)}, then moves to Free: 3 seats and 50 credits a month. Unused plan
          credits expire then; bought credits stay. You can resume until that date.
        </Text>
      ),
      labels: { confirm: 'Cancel at period end', cancel: `Keep ${planName}` },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(undefined, {
          onSuccess: () => notifications.show({ color: 'green', message: `${planName} ends on ${day(s.currentPeriodEnd)}` }),
          onError: (error) => notifications.show({ color: 'red', title: 'Not cancelled', message: errorMessage(error) }),
        }),
    });

  const keepPlan = () =>
    resume.mutate(undefined, {
      onSuccess: () => notifications.show({ color: 'green', message: `You stay on ${planName}` }),
      onError: (error) => notifications.show({ color: 'red', title: 'Not changed', message: errorMessage(error) }),
    });

  return (
    <Paper withBorder radius="md" p="lg" aria-label="Your plan" component="section">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={700} fz="lg">
                {planName}
                {paid ? `, ${s.interval === 'year' ? 'annual' : 'monthly'}` : ''}
              </Text>
              {s.pastDue && (
                <Badge color="red" variant="light">
                  Payment failed
                </Badge>
              )}
              {s.provider === 'sandbox' && (
                <Badge color="gray" variant="outline">
                  Sandbox
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {paid
                ? s.cancelAtPeriodEnd
                  ? `Ends on ${day(s.currentPeriodEnd)}`
                  : `Renews on ${day(s.currentPeriodEnd)}`
                : `Credits renew on ${day(s.currentPeriodEnd)}`}
            </Text>
          </Stack>
          {canManage && paid && !s.cancelAtPeriodEnd && !s.pendingChange && (
            <Button variant="subtle" color="red" onClick={confirmCancel} loading={cancel.isPending}>
              Cancel plan
            </Button>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Seats
            </Text>
            <Text fw={600}>
              {s.seats.used} of {s.seats.limit} used
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Credits each month
            </Text>
            <Text fw={600}>{formatCount(s.monthlyCredits)}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Credit balance
            </Text>
            <Text fw={600} data-testid="plans-credit-balance">
              {availableCredits === null ? '…' : `${formatCount(availableCredits)} available`}
            </Text>
          </Stack>
        </SimpleGrid>
        {(s.cancelAtPeriodEnd || s.pendingChange) && (
          <Alert color="orange" variant="light" role="status" icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
            <Group justify="space-between" gap="sm">
              <Text size="sm">
                {s.cancelAtPeriodEnd
                  ? `Cancelled: the workspace moves to Free on ${day(s.currentPeriodEnd)}.`
                  : `Switching to ${nameOf(s.pendingChange!.plan)} (${s.pendingChange!.interval === 'year' ? 'annual' : 'monthly'}) on ${day(s.pendingChange!.at)}.`}
              </Text>
              {canManage && (
                <Button size="xs" variant="light" onClick={keepPlan} loading={resume.isPending}>
                  Keep {planName}
                </Button>
              )}
            </Group>
          </Alert>
        )}
        {s.pastDue && canManage && (
          <Text size="sm">
            The last renewal payment failed{s.nextRetryAt ? `; it is tried again on ${day(s.nextRetryAt)}` : ''}.{' '}
            <Anchor component={Link} to="/settings/payment-methods" size="sm">
              Update your payment method
            </Anchor>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
