import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, importEnrichmentSchema, importEnrichPreviewBodySchema, importEnrichPreviewSchema } from '@leadtrail/contracts';
import { ctxOf } from '../../core/route-access.js';
import type { ImportEnricher } from './import-enrich.js';
import type { ImportsService } from './imports.service.js';

/** The import's enrich option: the dry run before it starts, and what it charged. */
export async function importEnrichRoutes(app: FastifyInstance, opts: { imports: ImportsService; enricher: ImportEnricher }) {
  const { imports, enricher } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['imports'];

  r.post(
    '/api/v1/imports/:id/enrich-preview',
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary: "Dry run of the enrich option: expected matches by key, their cost, the balance and the cap (nothing is charged)",
        params: idParamsSchema,
        body: importEnrichPreviewBodySchema,
        response: { 200: importEnrichPreviewSchema },
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      // another workspace's import answers 404 here
      const imp = await imports.get(ctx, req.params.id);
      return enricher.preview(ctx, imp, req.body.cap);
    },
  );

  r.get(
    '/api/v1/imports/:id/enrichment',
    {
      config: { access: 'records:read' },
      schema: {
        tags,
        summary: "What the import's enrichment charged (from the credit ledger) and filled, and why it stopped early",
        params: idParamsSchema,
        response: { 200: importEnrichmentSchema },
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const imp = await imports.get(ctx, req.params.id);
      return enricher.summary(ctx, { id: imp.id, options: imp.options });
    },
  );
}
