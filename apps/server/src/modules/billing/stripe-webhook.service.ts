import type Stripe from 'stripe';
import { jobContext } from '../../core/request-context.js';
import type { UnitOfWork } from '../../core/unit-of-work.js';
import { AppError } from '../../lib/errors.js';
import type { BillingRepository } from './billing.repository.js';
import type { BillingService } from './billing.service.js';
import type { Invoicing } from './invoicing.js';
import { cardErrorCodeOf } from './stripe-provider.js';

export type WebhookOutcome = { received: true; duplicate: boolean };

/**
 * Stripe's webhooks: verified by signature (STRIPE_WEBHOOK_SECRET), processed once per event
 * id (billing_webhook_events, written in the same transaction as the effect). A payment
 * confirmed in the browser completes its open invoice here even when the browser never
 * comes back to POST …/pay; a failed one records its reason.
 */
export function createStripeWebhook(deps: {
  uow: UnitOfWork;
  repo: BillingRepository;
  billing: BillingService;
  invoicing: Invoicing;
  stripe: Stripe;
  secret: string;
}) {
  const { uow, repo, invoicing } = deps;
  return async function handle(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
    let event: Stripe.Event;
    try {
      event = deps.stripe.webhooks.constructEvent(rawBody, signature ?? '', deps.secret);
    } catch {
      throw new AppError(400, 'invalid_signature', 'The webhook signature does not match');
    }
    let duplicate = false;
    await uow.resolve(
      async (tx) => {
        if (!(await repo.recordWebhookEvent(tx, event.id, event.type))) {
          duplicate = true;
          return null;
        }
        if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') return null;
        const found = await repo.invoiceByPayment(tx, event.data.object.id);
        return found ? { workspaceId: found.workspaceId, invoiceId: found.invoiceId } : null;
      },
      async (tx, scope) => {
        const s = await deps.billing.lockIn(tx, scope.workspaceId);
        const invoice = await repo.invoice(tx, scope.workspaceId, scope.invoiceId, true);
        if (!invoice || invoice.status !== 'open') return;
        const pi = event.data.object as Stripe.PaymentIntent;
        if (event.type === 'payment_intent.payment_failed') {
          const err = pi.last_payment_error;
          await invoicing.recordIn(tx, scope.workspaceId, invoice, null, { status: 'failed', paymentId: pi.id, code: cardErrorCodeOf(err?.code, err?.decline_code), message: err?.message ?? '' });
          return;
        }
        const owner = await repo.ownerMember(tx, scope.workspaceId);
        if (!owner) return;
        await invoicing.recordIn(tx, scope.workspaceId, invoice, null, { status: 'succeeded', paymentId: pi.id });
        // the owner stands for the payer: what the invoice buys is applied as if confirmed by them
        await deps.billing.settledIn(tx, jobContext({ ...owner, workspaceId: scope.workspaceId, role: 'owner' }), s, invoice);
      },
    );
    return { received: true, duplicate };
  };
}

export type StripeWebhook = ReturnType<typeof createStripeWebhook>;
