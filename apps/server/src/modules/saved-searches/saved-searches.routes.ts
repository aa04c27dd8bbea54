import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  savedSearchCreateSchema,
  savedSearchListSchema,
  savedSearchParamsSchema,
  savedSearchSchema,
  savedSearchUpdateSchema,
} from '@leadtrail/contracts';
import { ctxOf } from '../../core/route-access.js';
import type { SavedSearchesService } from './saved-searches.service.js';

export async function savedSearchesRoutes(app: FastifyInstance, opts: { service: SavedSearchesService }) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['saved searches'];

  r.get(
    '/api/v1/saved-searches',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "My saved prospect searches and the workspace's shared ones, each with how many people are new since last opened",
        response: { 200: savedSearchListSchema },
      },
    },
    async (req) => ({ data: await service.list(ctxOf(req)) }),
  );

  r.post(
    '/api/v1/saved-searches',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'Save a prospect search, private or shared with the workspace', body: savedSearchCreateSchema, response: { 201: savedSearchSchema } },
    },
    async (req, reply) => reply.code(201).send(await service.create(ctxOf(req), req.body)),
  );

  r.patch(
    '/api/v1/saved-searches/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Rename, share or change a saved search (its creator; an owner or admin for a shared one)',
        params: savedSearchParamsSchema,
        body: savedSearchUpdateSchema,
        response: { 200: savedSearchSchema },
      },
    },
    async (req) => service.update(ctxOf(req), req.params.id, req.body),
  );

  r.delete(
    '/api/v1/saved-searches/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Delete a saved search (its creator; an owner or admin for a shared one)',
        params: savedSearchParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await service.remove(ctxOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/v1/saved-searches/:id/open',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Open a saved search: what it finds now counts as seen ("N new" back to 0)',
        params: savedSearchParamsSchema,
        response: { 200: savedSearchSchema },
      },
    },
    async (req) => service.open(ctxOf(req), req.params.id),
  );
}
