import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { stringify } from 'csv-stringify';
import { z } from 'zod';
import {
  entitySchema,
  idParamsSchema,
  importDetailSchema,
  importErrorPageSchema,
  importListQuerySchema,
  importPreflightBodySchema,
  importPreflightSchema,
  importPageSchema,
  importSuppressedPageSchema,
  importUndoResultSchema,
  pageQuerySchema,
  updateImportBodySchema,
  type Entity,
} from '@leadtrail/contracts';
import { badRequest } from '../../lib/errors.js';
import { ctxOf } from '../../core/route-access.js';
import type { ImportsService } from './imports.service.js';

/** `attachment` with the name as given (RFC 6266 filename*) and an ASCII fallback. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

const uploadQuerySchema = z.object({ entity: entitySchema.optional() });

export async function importsRoutes(app: FastifyInstance, opts: { service: ImportsService }) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['imports'];

  r.post(
    '/api/v1/imports',
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary:
          'Upload a CSV or XLSX file (multipart field `file`); answers the import in status mapping with suggested targets',
        consumes: ['multipart/form-data'],
        querystring: uploadQuerySchema,
        response: { 201: importDetailSchema },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart())
        throw badRequest('not_multipart', 'Send the file as multipart/form-data in the field "file"');
      const data = await req.file();
      if (!data) throw badRequest('no_file', 'Attach the file in the multipart field "file"');
      if (data.fieldname !== 'file') {
        data.file.resume();
        throw badRequest('no_file', 'Attach the file in the multipart field "file"');
      }
      const field = data.fields.entity;
      const fromForm = field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : undefined;
      const parsed = entitySchema.safeParse(fromForm ?? req.query.entity ?? 'contacts');
      if (!parsed.success) {
        data.file.resume();
        throw badRequest('validation_failed', 'entity is contacts or companies', {
          errors: [{ path: 'entity', message: 'Choose contacts or companies' }],
        });
      }
      const result = await service.upload(ctxOf(req), {
        fileName: data.filename,
        stream: data.file,
        entity: parsed.data as Entity,
      });
      return reply.code(201).send(result);
    },
  );

  r.get(
    '/api/v1/imports',
    {
      config: { access: 'records:read' },
      schema: {
        tags,
        summary: 'Import history, newest first (filter by status)',
        querystring: importListQuerySchema,
        response: { 200: importPageSchema },
      },
    },
    async (req) => service.list(ctxOf(req), req.query),
  );

  r.get(
    '/api/v1/imports/:id',
    {
      config: { access: 'records:read' },
      schema: {
        tags,
        summary: 'An import with its preview',
        params: idParamsSchema,
        response: { 200: importDetailSchema },
      },
    },
    async (req) => service.get(ctxOf(req), req.params.id),
  );

  r.patch(
    '/api/v1/imports/:id',
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary:
          'Set the entity, file settings (encoding, delimiter, header row, sheet), mapping and options before starting',
        params: idParamsSchema,
        body: updateImportBodySchema,
        response: { 200: importDetailSchema },
      },
    },
    async (req) => service.update(ctxOf(req), req.params.id, req.body),
  );

  r.post(
    '/api/v1/imports/:id/preflight',
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary: 'Try the first 1,000 rows with a mapping: what the import would do (nothing is written)',
        params: idParamsSchema,
        body: importPreflightBodySchema,
        response: { 200: importPreflightSchema },
      },
    },
    async (req) => service.preflight(ctxOf(req), req.params.id, req.body),
  );

  for (const [action, summary] of [
    ['start', 'Queue the import'],
    ['cancel', 'Stop the import (records already written stay, and are counted)'],
  ] as const) {
    r.post(
      `/api/v1/imports/:id/${action}`,
      {
        config: { access: 'records:write' },
        schema: { tags, summary, params: idParamsSchema, response: { 200: importDetailSchema } },
      },
      async (req) => service[action](ctxOf(req), req.params.id),
    );
  }

  r.post(
    '/api/v1/imports/:id/undo',
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary: 'Remove the records the import created (not those it only updated)',
        params: idParamsSchema,
        response: { 200: importUndoResultSchema },
      },
    },
    async (req) => service.undo(ctxOf(req), req.params.id),
  );

  r.delete(
    '/api/v1/imports/:id',
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary: 'Discard an upload that was never started (the import and its file go)',
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await service.discard(ctxOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/v1/imports/:id/errors',
    {
      config: { access: 'records:read' },
      schema: {
        tags,
        summary: 'Row errors, in file order',
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: importErrorPageSchema },
      },
    },
    async (req) => service.errors(ctxOf(req), req.params.id, req.query),
  );

  r.get(
    '/api/v1/imports/:id/suppressed',
    {
      config: { access: 'records:read' },
      schema: {
        tags,
        summary: 'Rows left out as suppressed, in file order, with the suppression entry that matched',
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: importSuppressedPageSchema },
      },
    },
    async (req) => service.suppressed(ctxOf(req), req.params.id, req.query),
  );

  r.get(
    '/api/v1/imports/:id/error-report',
    {
      config: { access: 'records:read' },
      schema: {
        tags,
        summary: 'CSV of the failed rows as uploaded, plus a reason column',
        params: idParamsSchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const report = await service.errorReport(ctxOf(req), req.params.id);
      const csv = stringify({ bom: true, header: true, columns: report.header, record_delimiter: 'windows' });
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(report.fileName))
        .header('cache-control', 'no-store');
      void pump(reply, csv, report.rows());
      return reply.send(csv);
    },
  );

  r.get(
    '/api/v1/imports/:id/file',
    {
      config: { access: 'records:read' },
      schema: { tags, summary: 'The original file as uploaded', params: idParamsSchema },
    },
    async (req, reply) => {
      const file = await service.file(ctxOf(req), req.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', attachment(file.fileName))
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  );
}

/** Writes rows into the CSV stream with backpressure; a failure mid-way ends the download early. */
async function pump(reply: FastifyReply, csv: ReturnType<typeof stringify>, rows: AsyncGenerator<string[]>) {
  try {
    for await (const row of rows) {
      if (csv.destroyed) return;
      if (!csv.write(row)) await new Promise((resolve) => csv.once('drain', resolve));
    }
    csv.end();
  } catch (err) {
    reply.log.error({ err }, 'error report failed mid-stream');
    csv.destroy(err as Error);
  }
}
