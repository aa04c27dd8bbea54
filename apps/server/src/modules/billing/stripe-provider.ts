import Stripe from 'stripe';
import { cardBrands, cardErrorCodes, cardErrorMessages, type CardBrand, type CardErrorCode } from '@leadtrail/contracts';
import { CardError, type CardDetails, type ChargeResult, type PaymentProvider } from './payment-provider.js';

export type StripeOptions = {
  secretKey: string;
  publishableKey: string | null;
  /** For tests: the SDK pointed at a local fake of Stripe's endpoints. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
};

/** The configuration's Stripe settings as SDK options (STRIPE_API_BASE points the SDK at another host, e.g. a test fake). */
export function stripeOptionsOf(c: { secretKey: string; publishableKey: string | null; apiBase?: string | undefined }): StripeOptions {
  const base = c.apiBase ? new URL(c.apiBase) : null;
  return {
    secretKey: c.secretKey,
    publishableKey: c.publishableKey,
    ...(base ? { host: base.hostname, port: Number(base.port || (base.protocol === 'http:' ? 80 : 443)), protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const) } : {}),
  };
}

export const stripeClient = (o: StripeOptions) =>
  new Stripe(o.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(o.host ? { host: o.host } : {}),
    ...(o.port ? { port: o.port } : {}),
    ...(o.protocol ? { protocol: o.protocol } : {}),
  });

const asBrand = (b: string | null | undefined): CardBrand => ((cardBrands as readonly string[]).includes(b ?? '') ? (b as CardBrand) : 'unknown');

/** Stripe's decline code (or error code) as one of ours; anything unknown is a plain decline. */
export function cardErrorCodeOf(code: string | null | undefined, declineCode?: string | null): CardErrorCode {
  for (const c of [declineCode, code]) if (c && (cardErrorCodes as readonly string[]).includes(c)) return c as CardErrorCode;
  return 'card_declined';
}

const failed = (code: CardErrorCode, paymentId: string | null, message?: string): ChargeResult => ({
  status: 'failed',
  paymentId,
  code,
  message: message ?? cardErrorMessages[code],
});

function resultOf(pi: Stripe.PaymentIntent): ChargeResult {
  if (pi.status === 'succeeded') return { status: 'succeeded', paymentId: pi.id };
  if (pi.status === 'requires_action' && pi.client_secret) return { status: 'requires_action', paymentId: pi.id, clientSecret: pi.client_secret };
  const err = pi.last_payment_error;
  return failed(cardErrorCodeOf(err?.code, err?.decline_code), pi.id);
}

/**
 * Stripe: cards are entered with Elements against a SetupIntent, so numbers never reach this
 * server; charges are PaymentIntents confirmed at once with the saved card. The webhook
 * (stripe-webhook.service.ts) completes payments confirmed later in the browser.
 */
export function createStripeProvider(o: StripeOptions): PaymentProvider & { client: Stripe } {
  const stripe = stripeClient(o);
  return {
    name: 'stripe',
    client: stripe,
    publishableKey: o.publishableKey,
    async createCustomer(w) {
      const c = await stripe.customers.create({ name: w.name, metadata: { workspaceId: w.id } }, { idempotencyKey: `customer-${w.id}` });
      return c.id;
    },
    async createSetupIntent(customerId) {
      const si = await stripe.setupIntents.create({ ...(customerId ? { customer: customerId } : {}), usage: 'off_session', automatic_payment_methods: { enabled: true, allow_redirects: 'never' } });
      if (!si.client_secret) throw new CardError('processing_error', 'Stripe did not answer a client secret');
      return { setupIntentId: si.id, clientSecret: si.client_secret };
    },
    async attachCard(customerId, input): Promise<CardDetails> {
      if (!('setupIntentId' in input)) throw new CardError('processing_error', 'With Stripe, cards are added through the secure card form (a setup intent).');
      const si = await stripe.setupIntents.retrieve(input.setupIntentId);
      const siCustomer = typeof si.customer === 'string' ? si.customer : (si.customer?.id ?? null);
      if (customerId && siCustomer !== customerId) throw new CardError('processing_error', 'This card setup belongs to another customer.');
      if (si.status !== 'succeeded') {
        const err = si.last_setup_error;
        const code = err ? cardErrorCodeOf(err.code, err.decline_code) : 'processing_error';
        throw new CardError(code, err?.message ?? 'The card setup was not completed.');
      }
      const pmId = typeof si.payment_method === 'string' ? si.payment_method : si.payment_method?.id;
      if (!pmId) throw new CardError('processing_error', 'The card setup has no card.');
      const pm = await stripe.paymentMethods.retrieve(pmId);
      if (!pm.card) throw new CardError('processing_error', 'Only cards are accepted.');
      return { providerRef: pm.id, brand: asBrand(pm.card.brand), last4: pm.card.last4, expMonth: pm.card.exp_month, expYear: pm.card.exp_year };
    },
    async detachCard(ref) {
      await stripe.paymentMethods.detach(ref);
    },
    async charge(req): Promise<ChargeResult> {
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: req.amountCents,
            currency: req.currency,
            ...(req.customerId ? { customer: req.customerId } : {}),
            payment_method: req.paymentMethodRef,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            confirm: true,
            off_session: req.offSession,
            description: req.description,
            metadata: { invoiceId: req.idempotencyKey },
          },
          { idempotencyKey: `charge-${req.idempotencyKey}` },
        );
        return resultOf(pi);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) {
          const code = cardErrorCodeOf(err.code, err.decline_code);
          // off session, a card asking for authentication fails with authentication_required
          return failed(code, err.payment_intent?.id ?? null, err.message);
        }
        throw err;
      }
    },
    async paymentStatus(paymentId) {
      return resultOf(await stripe.paymentIntents.retrieve(paymentId));
    },
  };
}
