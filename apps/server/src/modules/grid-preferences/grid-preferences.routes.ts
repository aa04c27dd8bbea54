import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { gridPreferencesBodySchema, gridPreferencesParamsSchema, gridPreferencesSchema } from '@leadtrail/contracts';
import { ctxOf } from '../../core/route-access.js';
import type { GridPreferencesService } from './grid-preferences.service.js';

export async function gridPreferencesRoutes(app: FastifyInstance, opts: { service: GridPreferencesService }) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['grid preferences'];

  r.get(
    '/api/v1/grid-preferences/:grid',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "The signed-in member's columns, widths and page size of a grid (null when never saved)",
        params: gridPreferencesParamsSchema,
        response: { 200: gridPreferencesSchema },
      },
    },
    async (req) => service.get(ctxOf(req), req.params.grid),
  );

  r.put(
    '/api/v1/grid-preferences/:grid',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Save the columns (in order), widths and page size of a grid for the signed-in member',
        params: gridPreferencesParamsSchema,
        body: gridPreferencesBodySchema,
        response: { 200: gridPreferencesSchema },
      },
    },
    async (req) => service.put(ctxOf(req), req.params.grid, req.body),
  );

  r.delete(
    '/api/v1/grid-preferences/:grid',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: "Back to the grid's default columns", params: gridPreferencesParamsSchema, response: { 200: gridPreferencesSchema } },
    },
    async (req) => service.reset(ctxOf(req), req.params.grid),
  );
}
