import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryPageSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookParamsSchema,
  webhookSchema,
  webhookUpdateSchema,
} from '@leadtrail/contracts';
import { ctxOf } from '../../core/route-access.js';
import type { WebhooksService } from './webhooks.service.js';

/** Webhooks (issue 17): owners and admins only (settings:manage); members get 403. */
export async function webhooksRoutes(app: FastifyInstance, opts: { service: WebhooksService }) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['webhooks'];
  const config = { access: 'settings:manage' as const };

  r.get(
    '/api/v1/webhooks',
    { config, schema: { tags, summary: "The workspace's webhook endpoints (never their secrets)", response: { 200: webhookListSchema } } },
    async (req) => service.list(ctxOf(req)),
  );

  r.post(
    '/api/v1/webhooks',
    {
      config,
      schema: {
        tags,
       
        summary: 'Register a webhook endpoint',
        description:
          'The URL must resolve to a public address. The answer carries the signing secret, shown only here: every delivery has ' +
          '`Leadtrail-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">` made with it.',
        body: webhookCreateSchema,
        response: { 201: webhookCreatedSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(ctxOf(req), req.body)),
  );

  r.get(
    '/api/v1/webhooks/:id',
    { config, schema: { tags, summary: 'One webhook endpoint', params: webhookParamsSchema, response: { 200: webhookSchema } } },
    async (req) => service.get(ctxOf(req), req.params.id),
  );

  r.patch(
    '/api/v1/webhooks/:id',
    {
      config,
      schema: {
        tags,
       
        summary: "Change a webhook endpoint's URL or events, or disable or enable it",
        params: webhookParamsSchema,
        body: webhookUpdateSchema,
        response: { 200: webhookSchema },
      },
    },
    async (req) => service.update(ctxOf(req), req.params.id, req.body),
  );

  r.delete(
    '/api/v1/webhooks/:id',
    {
      config,
      schema: { tags, summary: 'Delete a webhook endpoint and its deliveries log', params: webhookParamsSchema, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await service.remove(ctxOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/v1/webhooks/:id/deliveries',
    {
      config,
      schema: {
        tags,
       
        summary: "An endpoint's deliveries, newest first: status, response code, duration, attempts, next retry",
        params: webhookParamsSchema,
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: webhookDeliveryPageSchema },
      },
    },
    async (req) => service.deliveries(ctxOf(req), req.params.id, req.query),
  );

  r.post(
    '/api/v1/webhooks/:id/deliveries/:deliveryId/resend',
    {
      config,
      schema: {
        tags,
       
        summary: 'Send a delivery again: the same event (same id and body) as a new delivery, due now',
        params: webhookDeliveryParamsSchema,
        response: { 201: webhookDeliverySchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.resend(ctxOf(req), req.params.id, req.params.deliveryId)),
  );

  r.post(
    '/api/v1/webhooks/:id/test',
    {
      config,
      schema: {
        tags,
       
        summary: 'Send a signed sample event (type webhook.test) to this endpoint now; answers the delivery as it ended',
        params: webhookParamsSchema,
        response: { 200: webhookDeliverySchema },
      },
    },
    async (req) => service.test(ctxOf(req), req.params.id),
  );
}
