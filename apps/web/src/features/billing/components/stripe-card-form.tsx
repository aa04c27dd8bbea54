import type { PaymentMethod } from '@leadtrail/contracts';
import { Alert, Button, Group, Input, Paper, Skeleton, Stack, Text, TextInput, useComputedColorScheme } from '@mantine/core';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { createSetupIntent, useAddPaymentMethod } from '../api/billing';

type Props = { onAdded: (card: PaymentMethod) => void; onCancel?: () => void; submitLabel?: string };

const stripes = new Map<string, Promise<Stripe | null>>();
/** Stripe.js is loaded once per publishable key, and only when this form is shown. */
export const stripeFor = (key: string): Promise<Stripe | null> => {
  if (!stripes.has(key)) stripes.set(key, loadStripe(key));
  return stripes.get(key)!;
};

/**
 * With Stripe configured: a SetupIntent confirmed by Stripe Elements in the browser, so the card
 * number goes to Stripe only; the server gets the SetupIntent's id.
 */
export default function StripeCardForm(props: Props) {
  const intent = useQuery({ queryKey: ['stripe-setup-intent'], queryFn: createSetupIntent, gcTime: 0, staleTime: Infinity, retry: false });
  if (intent.isPending) return <Skeleton height={120} radius="md" />;
  if (intent.isError || !intent.data.publishableKey) {
    return (
      <Alert color="red" role="alert" title="The secure card form could not start">
        {intent.isError ? errorMessage(intent.error) : 'Stripe has no publishable key configured.'}
      </Alert>
    );
  }
  return (
    <Elements stripe={stripeFor(intent.data.publishableKey)}>
      <StripeCardFields {...props} clientSecret={intent.data.clientSecret} setupIntentId={intent.data.setupIntentId} />
    </Elements>
  );
}

function StripeCardFields({ onAdded, onCancel, submitLabel = 'Add card', clientSecret, setupIntentId }: Props & { clientSecret: string; setupIntentId: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const add = useAddPaymentMethod();
  const dark = useComputedColorScheme('light') === 'dark';
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setBusy(true);
    setError(null);
    try {
      const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card, billing_details: { name: name.trim() || undefined } } });
      if (result.error) {
        setError(result.error.message ?? 'The card was not accepted.');
        return;
      }
      onAdded(await add.mutateAsync({ setupIntentId: result.setupIntent?.id ?? setupIntentId }));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Card details">
      <Stack gap="md">
        <Input.Wrapper label="Card" description="Entered on Stripe's secure form: the number never reaches Leadtrail.">
          <Paper withBorder p="sm" radius="sm" mt={4}>
            <CardElement options={{ hidePostalCode: true, style: { base: { fontSize: '15px', color: dark ? '#e9ecef' : '#1a1b1e' } } }} />
          </Paper>
        </Input.Wrapper>
        <TextInput label="Name on card" autoComplete="cc-name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        {error && (
          <Alert color="red" variant="light" role="alert" title="The card was not added">
            <Text size="sm">{error}</Text>
          </Alert>
        )}
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={busy} disabled={!stripe}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
