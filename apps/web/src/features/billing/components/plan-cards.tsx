import type { BillingInterval, Plan, SelfServePlanId, Subscription } from '@leadtrail/contracts';
import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { annualSavingCents, formatCount, formatMoney } from '../utils/money';
import { changeKind } from '../utils/plan-change';

type Props = {
  plans: Plan[];
  subscription: Subscription;
  interval: BillingInterval;
  /** Owners and admins choose plans; members only see them. */
  canManage: boolean;
  onChoose: (plan: SelfServePlanId) => void;
  onContactSales: () => void;
};

const priceOf = (plan: Plan, interval: BillingInterval) => (interval === 'year' ? plan.annualPriceCents : plan.monthlyPriceCents);

/** Free, Starter and Professional side by side, Enterprise as "contact sales"; the current plan marked. */
export function PlanCards({ plans, subscription, interval, canManage, onChoose, onContactSales }: Props) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
      {plans.map((plan) => {
        const current = plan.id === subscription.plan && (plan.id === 'free' || subscription.interval === interval);
        const currentOtherInterval = plan.id === subscription.plan && !current;
        const price = priceOf(plan, interval);
        const saving = interval === 'year' ? annualSavingCents(plan) : 0;
        const pendingHere = subscription.pendingChange?.plan === plan.id && subscription.pendingChange.interval === interval;
        return (
          <Card
            key={plan.id}
            withBorder
            radius="md"
            padding="lg"
            data-testid={`plan-${plan.id}`}
            aria-current={current ? 'true' : undefined}
            style={current ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
          >
            <Stack gap="sm" h="100%">
              <Group justify="space-between" align="center" wrap="nowrap">
                <Title order={3} fz="h4">
                  {plan.name}
                </Title>
                {current && <Badge variant="filled">Current plan</Badge>}
                {!current && pendingHere && (
                  <Badge variant="light" color="orange">
                    Starts at renewal
                  </Badge>
                )}
              </Group>
              {plan.contactSales ? (
                <Text fz={28} fw={700} lh={1.2}>
                  Custom
                </Text>
              ) : (
                <Stack gap={0}>
                  <Group gap={4} align="baseline">
                    <Text fz={28} fw={700} lh={1.2}>
                      {formatMoney(price ?? 0)}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {interval === 'year' ? 'per year' : 'per month'}
                    </Text>
                  </Group>
                  {saving > 0 ? (
                    <Badge color="teal" variant="light" tt="none" mt={4} w="fit-content">
                      Save {formatMoney(saving)} a year: two months free
                    </Badge>
                  ) : (
                    <Text size="xs" c="dimmed" mih={18} mt={4}>
                      {interval === 'year' && plan.monthlyPriceCents === 0 ? 'Free forever' : ''}
                    </Text>
                  )}
                </Stack>
              )}
              <List spacing={4} size="sm" icon={<IconCheck size={16} aria-hidden="true" />} style={{ flexGrow: 1 }}>
                {plan.contactSales ? (
                  <>
                    <List.Item>Seats and credits to fit your team</List.Item>
                    <List.Item>Invoiced billing, a dedicated contact</List.Item>
                  </>
                ) : (
                  <>
                    <List.Item>{formatCount(plan.monthlyCredits ?? 0)} credits a month</List.Item>
                    <List.Item>
                      {plan.seats} {plan.seats === 1 ? 'seat' : 'seats'}
                    </List.Item>
                    {plan.monthlyVerifications !== null && (
                      <List.Item>{formatCount(plan.monthlyVerifications)} email verifications a month</List.Item>
                    )}
                  </>
                )}
              </List>
              {canManage && plan.contactSales && (
                <Button variant="light" onClick={onContactSales}>
                  Contact sales
                </Button>
              )}
              {canManage && !plan.contactSales && (
                <PlanButton
                  planName={plan.name}
                  current={current}
                  scheduled={pendingHere}
                  kind={currentOtherInterval ? 'interval' : changeKind(subscription.plan, plan.id)}
                  interval={interval}
                  onClick={() => onChoose(plan.id as SelfServePlanId)}
                />
              )}
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

type PlanButtonProps = {
  planName: string;
  current: boolean;
  scheduled: boolean;
  kind: 'upgrade' | 'downgrade' | 'none' | 'interval';
  interval: BillingInterval;
  onClick: () => void;
};

/** A short visible label that fits four cards a row; the accessible name says the plan too. */
function PlanButton({ planName, current, scheduled, kind, interval, onClick }: PlanButtonProps) {
  if (current || scheduled) {
    return (
      <Button variant="default" disabled aria-label={current ? `${planName} is your current plan` : `${planName}: scheduled at renewal`}>
        {current ? 'Current plan' : 'Scheduled'}
      </Button>
    );
  }
  if (kind === 'interval') {
    const word = interval === 'year' ? 'annual' : 'monthly';
    return (
      <Button variant="light" onClick={onClick} aria-label={`Switch to ${word} billing for ${planName}`}>
        Switch to {word}
      </Button>
    );
  }
  const upgrade = kind === 'upgrade';
  return (
    <Button variant={upgrade ? 'filled' : 'default'} onClick={onClick} aria-label={`${upgrade ? 'Upgrade' : 'Downgrade'} to ${planName}`}>
      {upgrade ? 'Upgrade' : 'Downgrade'}
    </Button>
  );
}
