import { can, type BillingInterval, type SelfServePlanId, type SubscriptionChangeBody } from '@leadtrail/contracts';
import { Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { RetryAlert } from '../../../components/retry-alert';
import { useSignedInMe } from '../../../features/auth/api/get-me';
import { usePaymentMethods, usePlans, useSubscription } from '../../../features/billing/api/billing';
import { ConfirmPaymentModal, type PendingConfirmation } from '../../../features/billing/components/confirm-payment-modal';
import { CreditPacks } from '../../../features/billing/components/credit-packs';
import { EnterpriseInquiryModal } from '../../../features/billing/components/enterprise-inquiry-modal';
import { PlanCards } from '../../../features/billing/components/plan-cards';
import { PlanChangeModal } from '../../../features/billing/components/plan-change-modal';
import { PlanComparison } from '../../../features/billing/components/plan-comparison';
import { SubscriptionSummary } from '../../../features/billing/components/subscription-summary';
import { brandName } from '../../../features/billing/utils/card-input';
import { formatCount } from '../../../features/billing/utils/money';
import { useCreditsSummary } from '../../../features/credits/api/credits';

/** Settings → Plans: the current plan, the catalogue side by side, plan changes with their preview, credit packs. */
export function Component() {
  const me = useSignedInMe();
  const canManage = can(me.role, 'billing:manage');
  const plans = usePlans();
  const subscription = useSubscription();
  const paymentMethods = usePaymentMethods(canManage);
  const credits = useCreditsSummary();
  const [interval, setInterval] = useState<BillingInterval | null>(null);
  const [target, setTarget] = useState<SubscriptionChangeBody | null>(null);
  const [pending, setPending] = useState<PendingConfirmation | null>(null);
  const [contacting, setContacting] = useState(false);

  const header = (
    <PageHeader
      title="Plans"
      description={canManage ? 'Your current plan and credits, and the plans you can change to.' : 'Your workspace’s plan and credits. Owners and admins change the plan.'}
    />
  );

  if (plans.isPending || subscription.isPending) {
    return (
      <>
        {header}
        <Stack gap="xl" aria-busy="true" aria-label="Loading plans">
          <Skeleton height={140} radius="md" />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={260} radius="md" />
            ))}
          </SimpleGrid>
        </Stack>
      </>
    );
  }
  if (plans.isError || subscription.isError) {
    return (
      <>
        {header}
        <RetryAlert
          title="The plans could not be loaded"
          error={plans.error ?? subscription.error}
          onRetry={() => void Promise.all([plans.refetch(), subscription.refetch()])}
        />
      </>
    );
  }

  const sub = subscription.data;
  const shown = interval ?? (sub.plan === 'free' ? 'month' : sub.interval);
  const cards = paymentMethods.data?.data ?? [];
  const card = cards.find((c) => c.isDefault) ?? cards[0];
  const provider = paymentMethods.data?.provider ?? sub.provider;

  return (
    <>
      {header}
      <Stack gap="xl">
        <SubscriptionSummary subscription={sub} plans={plans.data.data} canManage={canManage} availableCredits={credits.data?.available ?? null} />

        <Stack gap="md" component="section" aria-labelledby="plans-heading">
          <Group justify="space-between" align="center">
            <Title order={2} fz="h4" id="plans-heading">
              Compare plans
            </Title>
            <SegmentedControl
              aria-label="Billing interval"
              value={shown}
              onChange={(v) => setInterval(v as BillingInterval)}
              data={[
                { value: 'month', label: 'Monthly' },
                { value: 'year', label: 'Annual (2 months free)' },
              ]}
            />
          </Group>
          <PlanCards
            plans={plans.data.data}
            subscription={sub}
            interval={shown}
            canManage={canManage}
            onChoose={(plan: SelfServePlanId) => setTarget({ plan, interval: shown })}
            onContactSales={() => setContacting(true)}
          />
          <PlanComparison plans={plans.data.data} interval={shown} />
        </Stack>

        {canManage && (
          <Stack gap="md" component="section" aria-labelledby="packs-heading">
            <Stack gap={2}>
              <Title order={2} fz="h4" id="packs-heading">
                Extra credits
              </Title>
              <Text size="sm" c="dimmed">
                Running low before the month ends? Credit packs never expire.
              </Text>
            </Stack>
            <CreditPacks
              cardLabel={card ? `${brandName(card.brand)} •••• ${card.last4}` : null}
              onNeedsConfirmation={setPending}
            />
          </Stack>
        )}
      </Stack>

      {canManage && (
        <>
          <PlanChangeModal
            target={target}
            plans={plans.data.data}
            paymentMethods={paymentMethods.data}
            onClose={() => setTarget(null)}
            onNeedsConfirmation={setPending}
            onChanged={(result) => {
              const name = plans.data.data.find((p) => p.id === result.subscription.plan)?.name ?? result.subscription.plan;
              if (result.invoice) {
                notifications.show({
                  color: 'green',
                  title: `You are on ${name}`,
                  message: `Invoice ${result.invoice.number} paid. ${formatCount(result.subscription.monthlyCredits)} credits and ${result.subscription.seats.limit} seats are yours.`,
                });
              } else if (result.subscription.pendingChange || result.subscription.cancelAtPeriodEnd) {
                notifications.show({ color: 'green', message: 'The change is scheduled for the end of this period' });
              } else {
                notifications.show({ color: 'green', message: `You stay on ${name}` });
              }
            }}
          />
          <ConfirmPaymentModal
            pending={pending}
            provider={provider}
            publishableKey={paymentMethods.data?.publishableKey ?? null}
            onClose={() => setPending(null)}
            onPaid={(invoice) => {
              setPending(null);
              notifications.show({ color: 'green', message: `Payment confirmed: invoice ${invoice.number} paid` });
            }}
          />
          <EnterpriseInquiryModal
            opened={contacting}
            onClose={() => setContacting(false)}
            defaults={{ name: me.user.name, email: me.user.email, company: me.workspace.name }}
          />
        </>
      )}
    </>
  );
}
