import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activityPageSchema, entities, idParamsSchema, pageQuerySchema } from '@leadtrail/contracts';
import { ctxOf } from '../../core/route-access.js';
import type { ActivityService } from './activity.service.js';

export async function activityRoutes(
  app: FastifyInstance,
  opts: { service: ActivityService },
) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const entity of entities) {
    r.get(
      `/api/v1/${entity}/:id/activity`,
      {
        config: { access: 'records:read' },
        schema: {
          tags: [entity],
          summary: `The ${entity === 'contacts' ? "contact's" : "company's"} activity timeline, newest first`,
          params: idParamsSchema,
          querystring: pageQuerySchema,
          response: { 200: activityPageSchema },
        },
      },
      async (req) => {
        const ctx = ctxOf(req);
        return service.timeline(ctx.workspaceId, entity, req.params.id, { limit: req.query.limit, cursor: req.query.cursor });
      },
    );
  }
}
