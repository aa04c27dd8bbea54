import type { FastifyInstance } from 'fastify';
import { billingPaths } from '@leadtrail/contracts';
import { AppError } from '../../lib/errors.js';
import type { StripeWebhook } from './stripe-webhook.service.js';

/**
 * POST /api/v1/billing/stripe-webhook: the raw body is kept for the signature check (its own
 * plugin scope, so only this route parses bodies as bytes). 404 unless Stripe is configured.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, opts: { handle: StripeWebhook | null }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
  app.post(
    billingPaths.stripeWebhook,
    { config: { access: 'public' }, schema: { tags: ['billing'], summary: 'Stripe webhook (signed; each event processed once)' } },
    async (req) => {
      if (!opts.handle) throw new AppError(404, 'not_found', 'Stripe is not configured');
      const sig = req.headers['stripe-signature'];
      return opts.handle(req.body as Buffer, Array.isArray(sig) ? sig[0] : sig);
    },
  );
}
