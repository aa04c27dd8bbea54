import type { CardBrand, CardErrorCode, PaymentProviderName } from '@leadtrail/contracts';

/** What is kept of a card: the provider's reference, brand, last four and expiry. Never the number. */
export type CardDetails = { providerRef: string; brand: CardBrand; last4: string; expMonth: number; expYear: number };

/** The sandbox's form (card numbers never reach the server with Stripe: there a SetupIntent id). */
export type CardInput =
  | { number: string; expMonth: number; expYear: number; cvc: string; name?: string | null }
  | { setupIntentId: string };

export type ChargeRequest = {
  customerId: string | null;
  paymentMethodRef: string;
  amountCents: number;
  currency: 'usd';
  description: string;
  /** The invoice id: a retried request never charges twice at the provider. */
  idempotencyKey: string;
  /** true for renewals and retries (nobody is there to confirm a step). */
  offSession: boolean;
};

export type ChargeResult =
  | { status: 'succeeded'; paymentId: string }
  | { status: 'requires_action'; paymentId: string; clientSecret: string }
  | { status: 'failed'; paymentId: string | null; code: CardErrorCode; message: string };

/** A card refused when it is added (402 with its reason; nothing is saved). */
export class CardError extends Error {
  constructor(
    readonly code: CardErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Where cards are kept and charged: the built-in sandbox (default) or Stripe (STRIPE_SECRET_KEY).
 * Calls happen inside the use case's unit of work; charges carry the invoice id as idempotency key.
 */
export type PaymentProvider = {
  readonly name: PaymentProviderName;
  readonly publishableKey: string | null;
  /** The provider's customer for a workspace (created once, kept on the subscription row). */
  createCustomer(workspace: { id: string; name: string }): Promise<string | null>;
  /** Stripe only: a SetupIntent whose client secret Elements confirms in the browser. */
  createSetupIntent(customerId: string | null): Promise<{ setupIntentId: string; clientSecret: string }>;
  /** Checks and saves a card; throws CardError when it is refused. */
  attachCard(customerId: string | null, input: CardInput): Promise<CardDetails>;
  detachCard(providerRef: string): Promise<void>;
  charge(req: ChargeRequest): Promise<ChargeResult>;
  /** A payment's state after the holder's confirmation step (3-D Secure). */
  paymentStatus(paymentId: string): Promise<ChargeResult>;
};
