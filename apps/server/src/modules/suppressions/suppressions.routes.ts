import { once } from 'node:events';
import { stringify } from 'csv-stringify';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamsSchema,
  suppressionBulkDeleteBodySchema,
  suppressionBulkDeleteResultSchema,
  suppressionCheckBodySchema,
  suppressionCheckResultSchema,
  suppressionCreateBodySchema,
  suppressionCreateResultSchema,
  suppressionExportQuerySchema,
  suppressionListQuerySchema,
  suppressionPageSchema,
  suppressionReasonLabels,
  suppressionSchema,
  suppressionUploadQuerySchema,
  suppressionKindLabels,
} from '@leadtrail/contracts';
import { badRequest } from '../../lib/errors.js';
import { ctxOf } from '../../core/route-access.js';
import type { SuppressionsService } from './suppressions.service.js';

/** A text cell a spreadsheet would run as a formula gets a leading apostrophe (CSV injection). */
const safeCell = (v: string | null | undefined) => (v ? (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v) : '');

const actorOf = (ctx: ReturnType<typeof ctxOf>) => ({ workspaceId: ctx.workspaceId, userId: ctx.userId, memberId: ctx.memberId });

export async function suppressionsRoutes(app: FastifyInstance, opts: { service: SuppressionsService }) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['suppressions'];

  r.get(
    '/api/v1/suppressions',
    {
      config: { access: 'records:read' },
      schema: { tags, summary: 'The suppression list: search, filter by kind and reason, cursor paging', querystring: suppressionListQuerySchema, response: { 200: suppressionPageSchema } },
    },
    async (req) => service.list(ctxOf(req).workspaceId, req.query),
  );

  r.post(
    '/api/v1/suppressions',
    {
      // pasted lists can be long
      bodyLimit: 8 * 1024 * 1024,
      config: { access: 'suppressions:write' },
      schema: {
        tags,
        summary: 'Add entries ({entries} or {text}, one per line); invalid lines are reported, duplicates ignored',
        body: suppressionCreateBodySchema,
        response: { 200: suppressionCreateResultSchema },
      },
    },
    async (req) => service.create(actorOf(ctxOf(req)), req.body),
  );

  r.post(
    '/api/v1/suppressions/upload',
    {
      config: { access: 'suppressions:write' },
      schema: {
        tags,
        summary: 'Upload a CSV of entries (multipart field `file`), streamed; same report as adding',
        consumes: ['multipart/form-data'],
        querystring: suppressionUploadQuerySchema,
        response: { 200: suppressionCreateResultSchema },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw badRequest('file_required', 'Send the CSV as multipart/form-data in the field "file"');
      const part = await req.file();
      if (!part || part.fieldname !== 'file') throw badRequest('file_required', 'Send the CSV in the field "file"');
      return service.upload(actorOf(ctxOf(req)), part.file, req.query);
    },
  );

  r.get(
    '/api/v1/suppressions/export',
    {
      config: { access: 'records:export' },
      schema: { tags, summary: 'The suppression list as CSV (UTF-8 with BOM), with the current search and filters', querystring: suppressionExportQuerySchema, produces: ['text/csv'] },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const { workspaceId } = ctx;
      await service.recordExport(ctx, req.query);
      const csv = stringify({
        bom: true,
        header: true,
        columns: ['value', 'kind', 'reason', 'note', 'added_by', 'added_at'],
        record_delimiter: 'windows',
      });
      const date = new Date().toISOString().slice(0, 10);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="suppression-list-${date}.csv"`)
        .header('cache-control', 'no-store');
      void (async () => {
        for await (const batch of service.exportBatches(workspaceId, req.query)) {
          for (const s of batch) {
            const ok = csv.write([
              safeCell(s.value),
              suppressionKindLabels[s.kind],
              suppressionReasonLabels[s.reason],
              safeCell(s.note),
              safeCell(s.addedBy?.name),
              s.createdAt,
            ]);
            if (!ok) await once(csv, 'drain');
          }
        }
        csv.end();
      })().catch((err: Error) => csv.destroy(err));
      return reply.send(csv);
    },
  );

  r.post(
    '/api/v1/suppressions/check',
    {
      config: { access: 'records:read' },
      schema: { tags, summary: 'Which of these emails are suppressed, and by which entry', body: suppressionCheckBodySchema, response: { 200: suppressionCheckResultSchema } },
    },
    async (req) => service.check(ctxOf(req).workspaceId, req.body.emails),
  );

  r.get(
    '/api/v1/suppressions/:id',
    {
      config: { access: 'records:read' },
      schema: { tags, summary: 'One entry', params: idParamsSchema, response: { 200: suppressionSchema } },
    },
    async (req) => service.get(ctxOf(req).workspaceId, req.params.id),
  );

  r.delete(
    '/api/v1/suppressions/:id',
    {
      config: { access: 'suppressions:remove' },
      schema: { tags, summary: 'Remove an entry (owner and admins)', params: idParamsSchema, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await service.remove(ctxOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  r.delete(
    '/api/v1/suppressions',
    {
      config: { access: 'suppressions:remove' },
      schema: { tags, summary: 'Remove several entries (owner and admins)', body: suppressionBulkDeleteBodySchema, response: { 200: suppressionBulkDeleteResultSchema } },
    },
    async (req) => service.removeMany(ctxOf(req), req.body.ids),
  );
}
