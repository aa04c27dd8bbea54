import { REQUIRES_ACTION, type Invoice, type PaymentProviderName } from '@leadtrail/contracts';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { usePayInvoice } from '../api/billing';

/** A charge the card's bank wants confirmed (3-D Secure): the 402 requires_action's invoice and secret. */
export type PendingConfirmation = { invoiceId: string; clientSecret: string; what: string };

type Props = {
  pending: PendingConfirmation | null;
  provider: PaymentProviderName;
  publishableKey: string | null;
  onClose: () => void;
  onPaid: (invoice: Invoice) => void;
};

/** Stripe's payment intent id is the client secret's part before "_secret_". */
const paymentIntentOf = (clientSecret: string): string => clientSecret.split('_secret_')[0] ?? clientSecret;

/**
 * The confirmation step a 3-D Secure card asks for. With the sandbox the holder's bank is this
 * dialog; with Stripe, Stripe.js shows the bank's own challenge, then the invoice is settled.
 */
export function ConfirmPaymentModal({ pending, provider, publishableKey, onClose, onPaid }: Props) {
  const pay = usePayInvoice();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setError(null);
    onClose();
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      let paymentIntentId: string | undefined;
      if (provider === 'stripe' && publishableKey) {
        const { stripeFor } = await import('./stripe-card-form');
        const stripe = await stripeFor(publishableKey);
        const result = await stripe?.confirmCardPayment(pending.clientSecret);
        if (!result || result.error) {
          setError(result?.error?.message ?? 'The payment was not confirmed.');
          return;
        }
        paymentIntentId = result.paymentIntent?.id ?? paymentIntentOf(pending.clientSecret);
      }
      const invoice = await pay.mutateAsync({ id: pending.invoiceId, paymentIntentId });
      setError(null);
      onPaid(invoice);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={!!pending} onClose={close} title="Confirm this payment" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconShieldCheck size={28} aria-hidden="true" />
          <Text size="sm">
            Your card&apos;s bank asks you to confirm {pending?.what ?? 'this payment'}. Nothing is charged until you confirm; the
            invoice stays open if you don&apos;t.
          </Text>
        </Group>
        {provider === 'sandbox' && (
          <Text size="sm" c="dimmed">
            Sandbox: this dialog stands in for the bank&apos;s 3-D Secure page.
          </Text>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert" title="Not paid">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Not now
          </Button>
          <Button onClick={() => void confirm()} loading={busy} data-autofocus>
            Confirm payment
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The requires_action problem's invoice and secret, when the error is one. */
export function confirmationOf(error: unknown, what: string): PendingConfirmation | null {
  if (!isApiError(error) || error.code !== REQUIRES_ACTION) return null;
  const { invoiceId, clientSecret } = error.problem as { invoiceId?: unknown; clientSecret?: unknown };
  if (typeof invoiceId !== 'string' || typeof clientSecret !== 'string') return null;
  return { invoiceId, clientSecret, what };
}
