import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  creditTransactionPageSchema,
  creditTransactionDetailSchema,
  creditTransactionsQuerySchema,
  creditUsageQuerySchema,
  creditUsageSchema,
  creditsSummarySchema,
  idParamsSchema,
  memberCreditLimitBodySchema,
  memberCreditLimitListSchema,
  memberCreditLimitSchema,
} from '@leadtrail/contracts';
import { ctxOf } from '../../core/route-access.js';
import { sendCsv } from '../../lib/filters/csv.js';
import { CREDIT_CSV_HEADER, type CreditsService } from './credits.service.js';

/** Balance, the transactions log (members: their own rows) and per-member monthly limits. */
export async function creditsRoutes(app: FastifyInstance, opts: { service: CreditsService }) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['credits'];

  r.get(
    '/api/v1/credits',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "The workspace's balance, credits held by running bulk reveals, what expires next, use this period and the caller's own limit",
        response: { 200: creditsSummarySchema },
      },
    },
    async (req) => service.summary(ctxOf(req)),
  );

  r.get(
    '/api/v1/credit-transactions',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'The credit ledger, newest first (owner/admin: every row; a member: their own)',
        querystring: creditTransactionsQuerySchema,
        response: { 200: creditTransactionPageSchema },
      },
    },
    async (req) => service.transactions(ctxOf(req), req.query),
  );

  r.get(
    '/api/v1/credit-transactions/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'One ledger row (a member: their own); a reveal\'s row lists the people it paid for', params: idParamsSchema, response: { 200: creditTransactionDetailSchema } },
    },
    async (req) => service.transaction(ctxOf(req), req.params.id),
  );

  r.get(
    '/api/v1/credit-transactions/export',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'The credit ledger as CSV (the same filters; a member: their own rows)',
        querystring: creditTransactionsQuerySchema.omit({ limit: true, cursor: true }),
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      return sendCsv(reply, `credit-transactions-${new Date().toISOString().slice(0, 10)}.csv`, CREDIT_CSV_HEADER, (write) =>
        service.exportCsv(ctx, req.query, write),
      );
    },
  );

  r.get(
    '/api/v1/credit-transactions/usage',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Credits spent per UTC day and feature (refunds deducted), this period unless from/to say otherwise',
        querystring: creditUsageQuerySchema,
        response: { 200: creditUsageSchema },
      },
    },
    async (req) => service.usage(ctxOf(req), req.query),
  );

  r.get(
    '/api/v1/credits/member-limits',
    {
      config: { access: 'settings:manage' },
      schema: { tags, summary: "Every member's monthly credit limit and use this period (Users page)", response: { 200: memberCreditLimitListSchema } },
    },
    async (req) => service.memberLimits(ctxOf(req)),
  );

  r.put(
    '/api/v1/members/:id/credit-limit',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags,
        summary: "Set a member's monthly credit limit (null: unlimited)",
        params: idParamsSchema,
        body: memberCreditLimitBodySchema,
        response: { 200: memberCreditLimitSchema },
      },
    },
    async (req) => service.setMemberLimit(ctxOf(req), req.params.id, req.body.limit),
  );
}
