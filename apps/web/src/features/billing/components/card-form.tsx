import type { PaymentMethod, PaymentProviderName } from '@leadtrail/contracts';
import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { SandboxCardForm } from './sandbox-card-form';

const StripeCardForm = lazy(() => import('./stripe-card-form'));

type Props = {
  provider: PaymentProviderName;
  onAdded: (card: PaymentMethod) => void;
  onCancel?: () => void;
  submitLabel?: string;
};

/** The sandbox's own form, or Stripe Elements (its code loaded only with Stripe configured). */
export function CardForm({ provider, ...rest }: Props) {
  if (provider === 'stripe') {
    return (
      <Suspense fallback={<Skeleton height={120} radius="md" />}>
        <StripeCardForm {...rest} />
      </Suspense>
    );
  }
  return <SandboxCardForm {...rest} />;
}
