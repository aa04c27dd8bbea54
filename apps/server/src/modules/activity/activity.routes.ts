import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activityPageSchema, entities, idParamsSchema, pageQuerySchema, type Entity } from '@leadtrail/contracts';
import type { RequestContext } from '../../core/request-context.js';
import { ctxOf } from '../../core/route-access.js';
import type { ActivityService } from './activity.service.js';

export async function activityRoutes(
  app: FastifyInstance,
  opts: { service: ActivityService; guard: (ctx: RequestContext, entity: Entity, id: string) => Promise<void> },
) {
  const { service, guard } = opts;
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
        await guard(ctx, entity, req.params.id);
        return service.timeline(ctx.workspaceId, entity, req.params.id, { limit: req.query.limit, cursor: req.query.cursor });
      },
    );
  }
}
