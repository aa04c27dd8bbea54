import {
  cardErrorMessages,
  PAYMENT_METHOD_REQUIRED,
  type CardErrorCode,
  type Plan,
  type PaymentMethodList,
  type SubscriptionChangeBody,
  type SubscriptionChangeResult,
} from '@leadtrail/contracts';
import { Alert, Button, Divider, Group, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { newIdempotencyKey, useChangePlan, useSubscriptionPreview } from '../api/billing';
import { brandName } from '../utils/card-input';
import { formatAmount, formatCount } from '../utils/money';
import { seatsToRemoveText, upgradeCreditsText } from '../utils/plan-change';
import { CardForm } from './card-form';
import { confirmationOf, type PendingConfirmation } from './confirm-payment-modal';

type Props = {
  target: SubscriptionChangeBody | null;
  plans: Plan[];
  paymentMethods: PaymentMethodList | undefined;
  onClose: () => void;
  onChanged: (result: SubscriptionChangeResult) => void;
  onNeedsConfirmation: (pending: PendingConfirmation) => void;
};

const intervalWord = (i: 'month' | 'year') => (i === 'year' ? 'annual' : 'monthly');

/**
 * The proration preview before any change: the lines, tax and the amount due now for an upgrade,
 * the date a downgrade takes effect, or the seats to remove first; then the change itself.
 */
export function PlanChangeModal({ target, plans, paymentMethods, onClose, onChanged, onNeedsConfirmation }: Props) {
  const preview = useSubscriptionPreview(target);
  const change = useChangePlan();
  const [failure, setFailure] = useState<string | null>(null);
  const [addingCard, setAddingCard] = useState(false);
  const plan = plans.find((p) => p.id === target?.plan);
  const p = preview.data;
  const cards = paymentMethods?.data ?? [];
  const card = cards.find((c) => c.isDefault) ?? cards[0];
  const needsCard = !!p && p.change === 'upgrade' && p.totalCents > 0 && (!card || addingCard);

  const close = () => {
    setFailure(null);
    setAddingCard(false);
    change.reset();
    onClose();
  };

  const confirm = async () => {
    if (!target || !plan) return;
    setFailure(null);
    try {
      const result = await change.mutateAsync({ body: target, key: newIdempotencyKey() });
      close();
      onChanged(result);
    } catch (error) {
      const pending = confirmationOf(error, `the ${plan.name} invoice`);
      if (pending) {
        close();
        onNeedsConfirmation(pending);
        return;
      }
      if (isApiError(error) && error.code === PAYMENT_METHOD_REQUIRED) {
        setAddingCard(true);
        return;
      }
      if (isApiError(error) && error.status === 402) {
        setFailure(`Not upgraded: ${cardErrorMessages[error.code as CardErrorCode] ?? errorMessage(error)} Use another card or try again.`);
        return;
      }
      setFailure(errorMessage(error));
    }
  };

  const title = !plan
    ? 'Change plan'
    : p?.change === 'upgrade'
      ? `Upgrade to ${plan.name}`
      : p?.change === 'downgrade'
        ? `Downgrade to ${plan.name}`
        : `${plan.name}, ${target ? intervalWord(target.interval) : ''}`;

  let body;
  if (preview.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label="Loading the preview">
        <Skeleton height={18} />
        <Skeleton height={18} />
        <Skeleton height={18} width="60%" />
      </Stack>
    );
  } else if (preview.isError) {
    body = (
      <Alert color="red" role="alert" title="This change can't be previewed" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
        {errorMessage(preview.error)}
      </Alert>
    );
  } else if (p && plan) {
    const seatsBlocked = p.seatsToRemove > 0;
    body = (
      <Stack gap="md">
        {p.change === 'upgrade' && (
          <>
            <Text size="sm">
              {plan.name} starts now. You pay the difference for the days left in this period; its {p.seatsLimit} seats come with it at once.
            </Text>
            <Text size="sm" data-testid="upgrade-credits">
              {upgradeCreditsText(p, plan.name)}
              {plan.monthlyCredits !== null && ` From next month: ${formatCount(plan.monthlyCredits)} credits a month.`}
            </Text>
            <Table aria-label="What you pay now" verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Line</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {p.lines.map((line, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>
                      <Text size="sm">{line.description}</Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                      {formatAmount(line.amountCents, p.currency)}
                    </Table.Td>
                  </Table.Tr>
                ))}
                {p.taxRateBps > 0 && (
                  <Table.Tr>
                    <Table.Td>
                      <Text size="sm">Tax ({(p.taxRateBps / 100).toLocaleString()} %)</Text>
                    </Table.Td>
                    <Table.Td ta="right">{formatAmount(p.taxCents, p.currency)}</Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
            <Group justify="space-between" data-testid="amount-due-now">
              <Text fw={700}>Due now</Text>
              <Text fw={700} fz="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatAmount(p.totalCents, p.currency)}
              </Text>
            </Group>
          </>
        )}
        {p.change === 'downgrade' && (
          <Text size="sm">
            {plan.name} ({intervalWord(p.interval)}) takes effect on <strong>{dayjs(p.effectiveAt).format('D MMMM YYYY')}</strong>, at the end of
            this period. Nothing is charged now; until then your current plan, its seats and credits stay as they are. You can undo this
            before that date.
          </Text>
        )}
        {p.change === 'none' && <Text size="sm">You are on this plan already.</Text>}
        {seatsBlocked && (
          <Alert color="orange" role="alert" title="Too many seats in use" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
            {seatsToRemoveText(p.seatsToRemove, plan.name, p.seatsLimit)} ({p.seatsUsed} in use.)
          </Alert>
        )}
        {p.change === 'upgrade' && p.totalCents > 0 && (
          <>
            <Divider />
            {needsCard ? (
              <Stack gap="xs">
                <Text size="sm" fw={600}>
                  {card ? 'Add another card' : 'Add a card to pay with'}
                </Text>
                <CardForm
                  provider={paymentMethods?.provider ?? 'sandbox'}
                  submitLabel="Save card"
                  onAdded={() => {
                    setAddingCard(false);
                    setFailure(null);
                  }}
                  onCancel={card ? () => setAddingCard(false) : undefined}
                />
              </Stack>
            ) : (
              card && (
                <Group justify="space-between">
                  <Text size="sm">
                    Charged to {brandName(card.brand)} •••• {card.last4}
                  </Text>
                  <Button variant="subtle" size="compact-sm" onClick={() => setAddingCard(true)}>
                    Use another card
                  </Button>
                </Group>
              )
            )}
          </>
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          {p.change !== 'none' && (
            <Button onClick={() => void confirm()} loading={change.isPending} disabled={seatsBlocked || needsCard}>
              {p.change === 'upgrade' ? `Pay ${formatAmount(p.totalCents, p.currency)} and upgrade` : `Switch on ${dayjs(p.effectiveAt).format('D MMM')}`}
            </Button>
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <Modal opened={!!target} onClose={close} title={title} size="lg" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {body}
    </Modal>
  );
}
