import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LOGO_MAX_BYTES, workspaceSchema, workspaceUpdateBodySchema } from '@leadtrail/contracts';
import { AppError, invalidField } from '../../lib/errors.js';
import { ctxOf } from '../../core/route-access.js';
import type { WorkspaceService } from './workspace.service.js';

const hasVersion = (url: string) => /[?&]v=\d+/.test(url);

export async function workspaceRoutes(app: FastifyInstance, opts: { service: WorkspaceService }) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/workspace',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['workspace'],
        summary: "The current workspace's company settings",
        response: { 200: workspaceSchema },
      },
    },
    async (req) => service.get(ctxOf(req).workspaceId),
  );

  r.patch(
    '/api/v1/workspace',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags: ['workspace'],
        summary: 'Change company settings (name, website, domain, address, tax ID, time zone, phone region)',
        body: workspaceUpdateBodySchema,
        response: { 200: workspaceSchema },
      },
    },
    async (req) => service.update(ctxOf(req).workspaceId, req.body),
  );

  r.put(
    '/api/v1/workspace/logo',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags: ['workspace'],
        summary: 'Upload the company logo (multipart field "file"; PNG or JPEG, at most 1 MB; SVG is refused)',
        consumes: ['multipart/form-data'],
        response: { 200: workspaceSchema },
      },
    },
    async (req) => {
      if (!req.isMultipart())
        throw new AppError(415, 'unsupported_media_type', 'Send the logo as multipart/form-data with a "file" field');
      const file = await req.file({ limits: { fileSize: LOGO_MAX_BYTES, files: 1 } });
      if (!file) throw invalidField('file', 'Choose an image file');
      const data = await file.toBuffer();
      return service.setLogo(ctxOf(req).workspaceId, data);
    },
  );

  r.delete(
    '/api/v1/workspace/logo',
    {
      config: { access: 'settings:manage' },
      schema: { tags: ['workspace'], summary: 'Remove the company logo', response: { 200: workspaceSchema } },
    },
    async (req) => service.removeLogo(ctxOf(req).workspaceId),
  );

  r.get(
    '/api/v1/workspace/logo',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['workspace'], summary: 'The company logo image, with its stored content type' },
    },
    async (req, reply) => {
      const logo = await service.logo(ctxOf(req).workspaceId);
      return (
        reply
          .header('content-type', logo.contentType)
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', `inline; filename="logo.${logo.contentType === 'image/png' ? 'png' : 'jpg'}"`)
          .header('content-security-policy', "default-src 'none'; sandbox")
          // a URL carrying the version (logoUrl) names one image for good
          .header('cache-control', hasVersion(req.url) ? 'private, max-age=31536000, immutable' : 'private, no-cache')
          .header('last-modified', logo.updatedAt.toUTCString())
          .send(logo.data)
      );
    },
  );
}
