import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  savedViewCreateSchema,
  savedViewListQuerySchema,
  savedViewListSchema,
  savedViewParamsSchema,
  savedViewSchema,
  savedViewUpdateSchema,
} from '@leadtrail/contracts';
import { ctxOf } from '../../core/route-access.js';
import type { SavedViewsService } from './saved-views.service.js';

export async function savedViewsRoutes(app: FastifyInstance, opts: { service: SavedViewsService }) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['saved views'];

  r.get(
    '/api/v1/saved-views',
    {
      config: { access: 'records:read' },
      schema: { tags, summary: "My saved views of a grid and the workspace's shared ones", querystring: savedViewListQuerySchema, response: { 200: savedViewListSchema } },
    },
    async (req) => ({ data: await service.list(ctxOf(req), req.query.grid) }),
  );

  r.post(
    '/api/v1/saved-views',
    {
      config: { access: 'records:read' },
      schema: { tags, summary: 'Save a view of a grid (search, filter, sort, columns), private or shared with the workspace', body: savedViewCreateSchema, response: { 201: savedViewSchema } },
    },
    async (req, reply) => reply.code(201).send(await service.create(ctxOf(req), req.body)),
  );

  r.patch(
    '/api/v1/saved-views/:id',
    {
      config: { access: 'records:read' },
      schema: { tags, summary: 'Rename, share or change a saved view (its creator only)', params: savedViewParamsSchema, body: savedViewUpdateSchema, response: { 200: savedViewSchema } },
    },
    async (req) => service.update(ctxOf(req), req.params.id, req.body),
  );

  r.delete(
    '/api/v1/saved-views/:id',
    {
      config: { access: 'records:read' },
      schema: { tags, summary: 'Delete a saved view (its creator only)', params: savedViewParamsSchema, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await service.remove(ctxOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );
}
