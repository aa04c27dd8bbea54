import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditLogFilterSchema, auditLogPageSchema, auditLogQuerySchema } from '@leadtrail/contracts';
import { ctxOf } from '../../core/route-access.js';
import { sendCsv } from '../../lib/filters/csv.js';
import { AUDIT_CSV_HEADER, type AuditService } from './audit.service.js';

/** The audit log for owners and admins: the screen's pages and the CSV. */
export async function auditRoutes(app: FastifyInstance, opts: { service: AuditService }) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['audit'];

  r.get(
    '/api/v1/audit-log',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags,
        summary: 'Who did what, newest first: filter by member, action and date range (inclusive); cursor paging',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogPageSchema },
      },
    },
    async (req) => service.list(ctxOf(req), req.query),
  );

  r.get(
    '/api/v1/audit-log/export',
    {
      config: { access: 'settings:manage' },
      schema: { tags, summary: 'The audit log as CSV, with the same filters', querystring: auditLogFilterSchema },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      return sendCsv(reply, `audit-log-${new Date().toISOString().slice(0, 10)}.csv`, AUDIT_CSV_HEADER, (write) =>
        service.exportCsv(ctx, req.query, write),
      );
    },
  );
}
