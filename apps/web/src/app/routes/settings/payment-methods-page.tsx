import { Button, Modal, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCreditCard, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { RetryAlert } from '../../../components/retry-alert';
import { usePaymentMethods } from '../../../features/billing/api/billing';
import { CardForm } from '../../../features/billing/components/card-form';
import { PaymentMethodsList } from '../../../features/billing/components/payment-methods-list';
import { brandName } from '../../../features/billing/utils/card-input';

/** Settings → Payment methods (owner/admin): saved cards, add one (sandbox form or Stripe Elements). */
export function Component() {
  const methods = usePaymentMethods();
  const [adding, setAdding] = useState(false);

  const header = (
    <PageHeader
      title="Payment methods"
      description="The cards your workspace pays with. Renewals and credit packs are charged to the default card."
      actions={
        <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setAdding(true)} disabled={!methods.data}>
          Add card
        </Button>
      }
    />
  );

  let body;
  if (methods.isPending) {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy="true" aria-label="Loading cards">
        {[0, 1].map((i) => (
          <Skeleton key={i} height={130} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (methods.isError) {
    body = <RetryAlert title="The cards could not be loaded" error={methods.error} onRetry={() => void methods.refetch()} />;
  } else if (methods.data.data.length === 0) {
    body = (
      <EmptyState
        icon={<IconCreditCard size={28} aria-hidden="true" />}
        title="No card on file"
        text="Add a card to upgrade your plan or buy credits. Only its brand, last four digits and expiry are kept."
        action={<Button onClick={() => setAdding(true)}>Add card</Button>}
      />
    );
  } else {
    body = <PaymentMethodsList cards={methods.data.data} />;
  }

  return (
    <>
      {header}
      <Stack gap="md">
        {methods.data?.provider === 'sandbox' && (
          <Text size="sm" c="dimmed">
            This server uses the payment sandbox: no real card is charged.
          </Text>
        )}
        {body}
      </Stack>
      <Modal opened={adding} onClose={() => setAdding(false)} title="Add a card" size="md" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        {methods.data && (
          <CardForm
            provider={methods.data.provider}
            onCancel={() => setAdding(false)}
            onAdded={(card) => {
              setAdding(false);
              notifications.show({ color: 'green', message: `${brandName(card.brand)} •••• ${card.last4} added${card.isDefault ? ' as the default card' : ''}` });
            }}
          />
        )}
      </Modal>
    </>
  );
}
