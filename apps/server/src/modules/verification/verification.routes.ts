import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  findEmailResultSchema,
  idParamsSchema,
  problemSchema,
  verificationBodySchema,
  verificationJobRefSchema,
  verificationJobSchema,
  verificationResultSchema,
  verificationUsageSchema,
} from '@leadtrail/contracts';
import { ctxOf } from '../../core/route-access.js';
import type { VerificationService } from './verification.service.js';

const jobParamsSchema = z.object({ jobId: z.uuid() });
const quotaProblem = problemSchema.extend({ upgradeUrl: z.string(), included: z.number().int() });

/** Email verification (PRODUCT.md 9): one address, contacts as a job, its progress and cancel, the quota, the finder. */
export async function verificationRoutes(app: FastifyInstance, opts: { service: VerificationService }) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['verification'];

  r.post(
    '/api/v1/verifications',
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary:
          "Verify one address ({email}: the result, waiting up to 20 s for a worker, else 202 with a job id), or contacts ({contactIds}, or {filter, q} for every match: 202 with a job id). 402 verification_quota once the month's included verifications are used",
        body: verificationBodySchema,
        response: { 200: verificationResultSchema, 202: verificationJobRefSchema, 402: quotaProblem },
      },
    },
    async (req, reply) => {
      const a = await service.start(ctxOf(req), req.body);
      if (a.status === 202) return reply.code(202).send({ jobId: a.jobId });
      return a.result;
    },
  );

  r.get(
    '/api/v1/verifications/usage',
    {
      config: { access: 'records:read' },
      schema: { tags, summary: "This month's verifications: included by the plan, used, when the period ends", response: { 200: verificationUsageSchema } },
    },
    async (req) => service.usage(ctxOf(req)),
  );

  r.get(
    '/api/v1/verifications/:jobId',
    {
      config: { access: 'records:read' },
      schema: { tags, summary: "A verification job's status, progress and counts (a one-address job's result)", params: jobParamsSchema, response: { 200: verificationJobSchema } },
    },
    async (req) => service.job(ctxOf(req), req.params.jobId),
  );

  r.post(
    '/api/v1/verifications/:jobId/cancel',
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary: 'Cancel a verification job (the member who started it, an owner or an admin): no batch starts after this, what was verified stays',
        params: jobParamsSchema,
        response: { 200: verificationJobSchema },
      },
    },
    async (req) => service.cancel(ctxOf(req), req.params.jobId),
  );

  r.post(
    '/api/v1/contacts/:id/find-email',
    {
      config: { access: 'prospects:reveal' },
      schema: {
        tags,
        summary:
          "Find a contact's missing email from its name and its company's domain: 1 credit (email_finder) only when an address is found; 202 with a job id when the worker takes longer than 20 s",
        params: idParamsSchema,
        response: { 200: findEmailResultSchema, 202: verificationJobRefSchema, 402: problemSchema.passthrough() },
      },
    },
    async (req, reply) => {
      const a = await service.findEmail(ctxOf(req), req.params.id);
      if (a.status === 202) return reply.code(202).send({ jobId: a.jobId });
      return a.result;
    },
  );

  r.post(
    '/api/v1/contacts/find-emails',
    {
      config: { access: 'prospects:reveal' },
      schema: {
        tags,
        summary: 'Find the missing emails of contacts ({contactIds}, or {filter, q}) as a job (202); 1 credit per address found',
        body: verificationBodySchema,
        response: { 202: verificationJobRefSchema },
      },
    },
    async (req, reply) => {
      const { email: _email, ...rest } = req.body;
      return reply.code(202).send(await service.findEmails(ctxOf(req), rest));
    },
  );
}
