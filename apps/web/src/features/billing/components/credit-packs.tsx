import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { cardErrorMessages, type CardErrorCode, type CreditPack } from '@leadtrail/contracts';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { RetryAlert } from '../../../components/retry-alert';
import { newIdempotencyKey, useBuyCreditPack, useCreditPacks } from '../api/billing';
import { formatAmount, formatCount, formatMoney } from '../utils/money';
import { confirmationOf, type PendingConfirmation } from './confirm-payment-modal';

type Props = {
  /** Default card as "Visa •••• 4242" (null: none on file). */
  cardLabel: string | null;
  onNeedsConfirmation: (pending: PendingConfirmation) => void;
};

/** 1,000 / 5,000 / 20,000 credits, never expiring, bought on a one-off invoice after a confirmation. */
export function CreditPacks({ cardLabel, onNeedsConfirmation }: Props) {
  const packs = useCreditPacks(true);
  const buy = useBuyCreditPack();

  const purchase = (pack: CreditPack) => {
    const credits = formatCount(pack.credits);
    buy.mutate(
      { id: pack.id, key: newIdempotencyKey() },
      {
        onSuccess: (result) => {
          notifications.show({ color: 'green', message: `${credits} credits added. Invoice ${result.invoice.number} paid.` });
        },
        onError: (error) => {
          const pending = confirmationOf(error, `the ${credits} credits invoice`);
          if (pending) return onNeedsConfirmation(pending);
          const reason = isApiError(error) && error.status === 402 ? (cardErrorMessages[error.code as CardErrorCode] ?? errorMessage(error)) : errorMessage(error);
          notifications.show({ color: 'red', title: 'Credits not bought', message: reason });
        },
      },
    );
  };

  const confirm = (pack: CreditPack) =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Close' },
      title: `Buy ${formatCount(pack.credits)} credits?`,
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {formatAmount(pack.priceCents)} is charged {cardLabel ? `to ${cardLabel}` : 'to your default card'} at once, on its own invoice.
            Bought credits never expire; plan credits are spent first.
          </Text>
        </Stack>
      ),
      labels: { confirm: `Pay ${formatAmount(pack.priceCents)}`, cancel: 'Cancel' },
      onConfirm: () => purchase(pack),
    });

  if (packs.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={120} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (packs.isError) return <RetryAlert title="The credit packs could not be loaded" error={packs.error} onRetry={() => void packs.refetch()} />;

  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {packs.data.data.map((pack) => (
        <Card key={pack.id} withBorder radius="md" padding="lg" data-testid={`pack-${pack.credits}`}>
          <Stack gap="xs">
            <Text fw={700} fz="lg">
              {formatCount(pack.credits)} credits
            </Text>
            <Group gap={6} align="baseline">
              <Text fw={600}>{formatMoney(pack.priceCents)}</Text>
              <Text size="xs" c="dimmed">
                one-off, never expire
              </Text>
            </Group>
            <Button
              variant="light"
              onClick={() => (cardLabel ? confirm(pack) : notifications.show({ color: 'orange', title: 'No card on file', message: 'Add a card in Settings → Payment methods first.' }))}
              loading={buy.isPending && buy.variables?.id === pack.id}
              aria-label={`Buy ${formatCount(pack.credits)} credits for ${formatMoney(pack.priceCents)}`}
            >
              Buy
            </Button>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
