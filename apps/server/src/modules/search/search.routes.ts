import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchQuerySchema, searchResultSchema } from '@leadtrail/contracts';
import { ctxOf } from '../../core/route-access.js';
import type { SearchService } from './search.service.js';

export async function searchRoutes(app: FastifyInstance, opts: { service: SearchService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/search',
    {
      config: { access: 'records:read' },
      schema: {
        tags: ['search'],
        summary: 'The command palette: contacts (name, email), companies (name, domain), lists (name) and imports (file name) matching every word of q, a few of each',
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema },
      },
    },
    async (req) => opts.service.search(ctxOf(req), req.query.q, req.query.limit),
  );
}
