import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deleteWorkspaceResultSchema,
  deleteWorkspaceSchema,
  erasureFilesDeletedSchema,
  erasureFilesDeleteSchema,
  erasureRequestSchema,
  erasureResultSchema,
  idParamsSchema,
  privacySettingsSchema,
  workspaceExportListSchema,
  workspaceExportSchema,
  workspaceExportStartedSchema,
} from '@leadtrail/contracts';
import { ctxOf, SESSION_COOKIE } from '../../core/route-access.js';
import { AppError } from '../../lib/errors.js';
import type { PrivacyService } from './privacy.service.js';

/** Privacy (PRODUCT.md 7a): erasure, workspace export, retention (owner/admin); delete the workspace (owner). */
export async function privacyRoutes(app: FastifyInstance, opts: { service: PrivacyService; rateLimit: number }) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['privacy'];

  // deleting the workspace checks a re-entered password: limited, and refused to API keys (a leaked
  // key must not be able to try passwords or delete everything)
  app.addHook('onRequest', async (req) => {
    if (req.routeOptions.config.sessionOnly && req.ctx && req.ctx.via !== 'session') {
      throw new AppError(
        403,
        'session_required',
        'This can only be done while signed in from a browser, not with an API key',
      );
    }
  });

  r.post(
    '/api/v1/privacy/erasures',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags,
        summary:
          'Erase a person: their contacts, notes, timeline, list memberships, reveal records, import staging and error rows, in one transaction; their hashed email is suppressed',
        body: erasureRequestSchema,
        response: { 200: erasureResultSchema },
      },
    },
    async (req) => service.erase(ctxOf(req), req.body),
  );

  r.post(
    '/api/v1/privacy/erasures/files',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags,
        summary: 'Delete original uploaded files an erasure listed (the imports keep their counts)',
        body: erasureFilesDeleteSchema,
        response: { 200: erasureFilesDeletedSchema },
      },
    },
    async (req) => service.deleteImportFiles(ctxOf(req), req.body.importIds),
  );

  r.get(
    '/api/v1/privacy/settings',
    {
      config: { access: 'settings:manage' },
      schema: { tags, summary: 'How long uploaded files are kept', response: { 200: privacySettingsSchema } },
    },
    async (req) => service.settings(ctxOf(req)),
  );

  r.put(
    '/api/v1/privacy/settings',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags,
        summary: 'Set how long uploaded files and their error reports are kept',
        body: privacySettingsSchema,
        response: { 200: privacySettingsSchema },
      },
    },
    async (req) => service.updateSettings(ctxOf(req), req.body),
  );

  r.post(
    '/api/v1/privacy/exports',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags,
        summary: 'Start a workspace export (a ZIP of CSV and JSON files, built in the background; one at a time)',
        response: { 202: workspaceExportStartedSchema },
      },
    },
    async (req, reply) => reply.code(202).send(await service.startExport(ctxOf(req))),
  );

  r.get(
    '/api/v1/privacy/exports',
    {
      config: { access: 'settings:manage' },
      schema: { tags, summary: 'The latest workspace exports', response: { 200: workspaceExportListSchema } },
    },
    async (req) => ({ data: await service.listExports(ctxOf(req)) }),
  );

  r.get(
    '/api/v1/privacy/exports/:id',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags,
        summary: "A workspace export's status, progress and download link",
        params: idParamsSchema,
        response: { 200: workspaceExportSchema },
      },
    },
    async (req) => service.getExport(ctxOf(req), req.params.id),
  );

  r.get(
    '/api/v1/privacy/exports/:id/download',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags,
        summary: 'The ZIP of a ready export (valid 24 hours)',
        params: idParamsSchema,
        produces: ['application/zip'],
      },
    },
    async (req, reply) => {
      const file = await service.download(ctxOf(req), req.params.id);
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store');
      if (file.size !== null) reply.header('content-length', String(file.size));
      return reply.send(file.stream);
    },
  );

  r.delete(
    '/api/v1/workspace',
    {
      config: {
        access: 'workspace:own',
        sessionOnly: true,
        rateLimit: { max: opts.rateLimit, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        summary:
          "Delete the workspace and everything in it, files included (owner; password and the workspace's name typed)",
        body: deleteWorkspaceSchema,
        response: { 200: deleteWorkspaceResultSchema },
      },
    },
    async (req, reply) => {
      const result = await service.deleteWorkspace(ctxOf(req), req.body);
      // the session went with the workspace
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return result;
    },
  );
}
