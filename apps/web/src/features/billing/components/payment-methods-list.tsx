import { LAST_PAYMENT_METHOD, type PaymentMethod } from '@leadtrail/contracts';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCreditCard } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { errorMessage, isApiErrorWith } from '../../../lib/api-client';
import { useMakeDefaultPaymentMethod, useRemovePaymentMethod } from '../api/billing';
import { brandName } from '../utils/card-input';

const expiry = (c: PaymentMethod) => `${String(c.expMonth).padStart(2, '0')} / ${String(c.expYear).slice(-2)}`;
/** A card stops working after the last day of its expiry month. */
const expiresSoon = (c: PaymentMethod) => dayjs(new Date(c.expYear, c.expMonth, 1)).diff(dayjs(), 'day') < 45;

/** The saved cards: brand, last four, expiry, the default one marked; make default, remove (confirmed). */
export function PaymentMethodsList({ cards }: { cards: PaymentMethod[] }) {
  const makeDefault = useMakeDefaultPaymentMethod();
  const remove = useRemovePaymentMethod();

  const label = (c: PaymentMethod) => `${brandName(c.brand)} •••• ${c.last4}`;

  const setDefault = (c: PaymentMethod) =>
    makeDefault.mutate(c.id, {
      onSuccess: () => notifications.show({ color: 'green', message: `${label(c)} is now the default card` }),
      onError: (error) => notifications.show({ color: 'red', title: 'Not changed', message: errorMessage(error) }),
    });

  const confirmRemove = (c: PaymentMethod) =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Close' },
      title: `Remove ${label(c)}?`,
      children: (
        <Text size="sm">
          {c.isDefault && cards.length > 1
            ? 'It is the default card: renewals and purchases will be charged to another saved card.'
            : 'Renewals and purchases can no longer be charged to it.'}{' '}
          You can add it again later.
        </Text>
      ),
      labels: { confirm: 'Remove card', cancel: 'Keep card' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(c.id, {
          onSuccess: () => notifications.show({ color: 'green', message: `${label(c)} removed` }),
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: isApiErrorWith(error, 409, LAST_PAYMENT_METHOD) ? 'This card is needed' : 'Not removed',
              message: errorMessage(error),
              autoClose: 8000,
            }),
        }),
    });

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {cards.map((c) => (
        <Card key={c.id} withBorder radius="md" padding="lg" data-testid={`card-${c.last4}`} aria-label={label(c)} component="article">
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                <IconCreditCard size={22} aria-hidden="true" />
                <Text fw={600}>{label(c)}</Text>
              </Group>
              {c.isDefault && <Badge variant="light">Default</Badge>}
            </Group>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                Expires {expiry(c)}
                {c.name ? ` · ${c.name}` : ''}
              </Text>
              {expiresSoon(c) && (
                <Badge color="orange" variant="light" tt="none">
                  Expires soon
                </Badge>
              )}
            </Group>
            <Group gap="xs">
              {!c.isDefault && (
                <Button size="xs" variant="light" onClick={() => setDefault(c)} loading={makeDefault.isPending && makeDefault.variables === c.id} aria-label={`Make ${label(c)} the default`}>
                  Make default
                </Button>
              )}
              <Button size="xs" variant="subtle" color="red" onClick={() => confirmRemove(c)} aria-label={`Remove ${label(c)}`}>
                Remove
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
