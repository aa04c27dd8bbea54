import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingPaths,
  creditPackListSchema,
  creditPackParamsSchema,
  creditPackPurchaseResultSchema,
  enterpriseInquiryBodySchema,
  invoiceListQuerySchema,
  invoicePageSchema,
  invoicePayBodySchema,
  invoiceSchema,
  okSchema,
  paymentMethodCreateBodySchema,
  paymentMethodListSchema,
  paymentMethodSchema,
  planListSchema,
  setupIntentSchema,
  subscriptionChangeBodySchema,
  subscriptionChangeResultSchema,
  subscriptionPreviewSchema,
  subscriptionSchema,
} from '@leadtrail/contracts';
import { ctxOf } from '../../core/route-access.js';
import type { BillingService } from './billing.service.js';
import type { PaymentMethodsService } from './payment-methods.service.js';

const idempotencyHeaders = z.object({ 'idempotency-key': z.string().max(200).optional() });
const anyId = z.object({ id: z.string().max(100) });

/**
 * Plans, the subscription, credit packs, payment methods and invoices (PRODUCT.md sections 7
 * and 9). Every member reads the plans and the subscription; the rest is owner/admin only.
 */
export async function billingRoutes(app: FastifyInstance, opts: { service: BillingService; paymentMethods: PaymentMethodsService }) {
  const { service, paymentMethods } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['billing'];
  const manage = { access: 'billing:manage' as const };

  r.get(billingPaths.plans, { config: { access: 'signed-in' }, schema: { tags, summary: 'The plan catalogue (Enterprise: contact sales)', response: { 200: planListSchema } } }, async () =>
    service.plans(),
  );

  r.post(
    billingPaths.enterpriseInquiry,
    { config: manage, schema: { tags, summary: 'Asks sales about Enterprise (emailed to the sales address)', body: enterpriseInquiryBodySchema, response: { 202: okSchema } } },
    async (req, reply) => {
      await service.enterpriseInquiry(ctxOf(req), req.body);
      return reply.code(202).send({ ok: true });
    },
  );

  r.get(
    billingPaths.subscription,
    { config: { access: 'signed-in' }, schema: { tags, summary: "The workspace's plan, period, seats, a waiting change and whether a payment is past due", response: { 200: subscriptionSchema } } },
    async (req) => service.subscription(ctxOf(req)),
  );

  r.post(
    billingPaths.subscriptionPreview,
    { config: manage, schema: { tags, summary: 'What a plan change would charge, line by line, and when it takes effect', body: subscriptionChangeBodySchema, response: { 200: subscriptionPreviewSchema } } },
    async (req) => service.preview(ctxOf(req), req.body),
  );

  r.put(
    billingPaths.subscription,
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Change plan: an upgrade is invoiced (prorated) and charged at once (402 with the card’s reason, or requires_action); a downgrade waits for the period’s end (409 seats_over_limit with seatsToRemove). Idempotency-Key honoured',
        headers: idempotencyHeaders,
        body: subscriptionChangeBodySchema,
        response: { 200: subscriptionChangeResultSchema },
      },
    },
    async (req) => service.change(ctxOf(req), req.body, req.headers['idempotency-key']),
  );

  r.post(billingPaths.subscriptionCancel, { config: manage, schema: { tags, summary: 'Cancel: Free at the period’s end', response: { 200: subscriptionSchema } } }, async (req) =>
    service.cancel(ctxOf(req)),
  );

  r.post(billingPaths.subscriptionResume, { config: manage, schema: { tags, summary: 'Keep the plan: drops a cancellation or a waiting downgrade', response: { 200: subscriptionSchema } } }, async (req) =>
    service.resume(ctxOf(req)),
  );

  r.delete(
    billingPaths.subscriptionPendingChange,
    { config: manage, schema: { tags, summary: 'Drop the downgrade or cancellation waiting for the period’s end (the same as resume)', response: { 200: subscriptionSchema } } },
    async (req) => service.resume(ctxOf(req)),
  );

  r.get(billingPaths.creditPacks, { config: manage, schema: { tags, summary: 'Credit packs (never-expiring credits, one-off invoice)', response: { 200: creditPackListSchema } } }, async () =>
    service.creditPacks(),
  );

  r.post(
    '/api/v1/credit-packs/:id/purchase',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Buy a credit pack: invoiced and charged to the default card; the credits are granted on payment. Idempotency-Key honoured',
        params: creditPackParamsSchema,
        headers: idempotencyHeaders,
        response: { 201: creditPackPurchaseResultSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.purchasePack(ctxOf(req), req.params.id, req.headers['idempotency-key'])),
  );

  r.get(billingPaths.paymentMethods, { config: manage, schema: { tags, summary: 'Saved cards (brand, last four, expiry) and the provider', response: { 200: paymentMethodListSchema } } }, async (req) =>
    paymentMethods.list(ctxOf(req)),
  );

  r.post(
    billingPaths.paymentMethodSetupIntent,
    { config: manage, schema: { tags, summary: 'Stripe only: a SetupIntent for Elements (409 with the sandbox)', response: { 200: setupIntentSchema } } },
    async (req) => paymentMethods.setupIntent(ctxOf(req)),
  );

  r.post(
    billingPaths.paymentMethods,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Add a card: the sandbox form {number, expMonth, expYear, cvc, name?} or Stripe’s {setupIntentId}; 402 with the decline reason',
        body: paymentMethodCreateBodySchema,
        response: { 201: paymentMethodSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await paymentMethods.add(ctxOf(req), req.body)),
  );

  r.post(
    '/api/v1/payment-methods/:id/default',
    { config: manage, schema: { tags, summary: 'Make a card the default', params: anyId, response: { 200: paymentMethodSchema } } },
    async (req) => paymentMethods.makeDefault(ctxOf(req), req.params.id),
  );

  r.delete(
    '/api/v1/payment-methods/:id',
    { config: manage, schema: { tags, summary: 'Remove a card (not the last one of a paid plan: 409 last_payment_method)', params: anyId } },
    async (req, reply) => {
      await paymentMethods.remove(ctxOf(req), req.params.id);
      return reply.code(204).send();
    },
  );

  r.get(
    billingPaths.invoices,
    { config: manage, schema: { tags, summary: 'Invoices, newest first', querystring: invoiceListQuerySchema, response: { 200: invoicePageSchema } } },
    async (req) => service.invoices(ctxOf(req), req.query),
  );

  r.get('/api/v1/invoices/:id', { config: manage, schema: { tags, summary: 'One invoice with its lines', params: anyId, response: { 200: invoiceSchema } } }, async (req) =>
    service.invoice(ctxOf(req), req.params.id),
  );

  r.get('/api/v1/invoices/:id/pdf', { config: manage, schema: { tags, summary: 'The invoice as a PDF', params: anyId } }, async (req, reply) => {
    const { number, pdf } = await service.invoicePdf(ctxOf(req), req.params.id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  r.post(
    '/api/v1/invoices/:id/pay',
    {
      config: manage,
      schema: { tags, summary: 'Complete a payment after its confirmation step, or charge an open invoice again with the default card', params: anyId, body: invoicePayBodySchema.optional(), response: { 200: invoiceSchema } },
    },
    async (req) => service.pay(ctxOf(req), req.params.id),
  );
}

