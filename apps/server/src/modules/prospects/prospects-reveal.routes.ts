import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamsSchema,
  problemSchema,
  reportInvalidEmailResultSchema,
  revealBodySchema,
  revealJobSchema,
  revealReceiptSchema,
  revealResultSchema,
} from '@leadtrail/contracts';
import { ctxOf } from '../../core/route-access.js';
import type { RevealService } from './prospects-reveal.service.js';

const idempotencyHeaders = z.object({
  'idempotency-key': z.string().max(200).optional(),
});

/** Reveal preview (the receipt), the reveal, bulk reveal jobs (progress, cancel) and the invalid-email refund. */
export async function revealRoutes(app: FastifyInstance, opts: { service: RevealService }) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['prospects'];

  r.post(
    '/api/v1/prospects/reveal/preview',
    {
      config: { access: 'prospects:reveal' },
      schema: {
        tags,
        summary: 'What a reveal would cost: charged items, free (already revealed), skipped (suppressed, no data), balance after, shortfall',
        body: revealBodySchema,
        response: { 200: revealReceiptSchema },
      },
    },
    async (req) => service.preview(ctxOf(req), req.body),
  );

  r.post(
    '/api/v1/prospects/reveal',
    {
      config: { access: 'prospects:reveal' },
      schema: {
        tags,
        summary:
          'Reveal emails and/or phones (1 credit per email, 5 per phone, once per workspace and person); up to 100 people at once, more (up to 10,000) as a job (202). Requires an Idempotency-Key header; 402 insufficient_credits with the shortfall charges nothing',
        headers: idempotencyHeaders,
        body: revealBodySchema,
        response: { 200: revealResultSchema, 202: revealJobSchema, 402: problemSchema.extend({ shortfall: z.number().int(), shortfallReason: z.enum(['balance', 'member_limit']).nullable() }) },
      },
    },
    async (req, reply) => {
      const answer = await service.reveal(ctxOf(req), req.body, req.headers['idempotency-key'] ?? '');
      if (answer.status === 202) return reply.code(202).send(answer.job);
      return answer.result;
    },
  );

  r.get(
    '/api/v1/prospects/reveal-jobs/:id',
    {
      config: { access: 'prospects:reveal' },
      schema: { tags, summary: "A bulk reveal's progress", params: idParamsSchema, response: { 200: revealJobSchema } },
    },
    async (req) => service.job(ctxOf(req), req.params.id),
  );

  r.post(
    '/api/v1/prospects/reveal-jobs/:id/cancel',
    {
      config: { access: 'prospects:reveal' },
      schema: {
        tags,
        summary:
          'Cancel a bulk reveal (the member who started it, an owner or an admin): no batch starts after this, the credits it held are released, what it revealed stays',
        params: idParamsSchema,
        response: { 200: revealJobSchema },
      },
    },
    async (req) => service.cancel(ctxOf(req), req.params.id),
  );

  r.post(
    '/api/v1/contacts/:id/report-invalid-email',
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary: "Report a revealed contact's email as invalid: its credit is refunded once",
        params: idParamsSchema,
        response: { 200: reportInvalidEmailResultSchema },
      },
    },
    async (req) => service.reportInvalidEmail(ctxOf(req), req.params.id),
  );
}
