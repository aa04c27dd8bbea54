import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, importEnrichmentSchema, importEnrichPreviewBodySchema, importEnrichPreviewSchema } from '@leadtrail/contracts';
import { ctxOf } from '../../core/route-access.js';
import type { ImportEnricher } from './import-enrich.service.js';

/** The import's enrich option: the dry run before it starts, and what it charged. */
export async function importEnrichRoutes(app: FastifyInstance, opts: { enricher: ImportEnricher }) {
  const { enricher } = opts;
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
      // another workspace's import answers 404
      return enricher.preview(ctxOf(req), req.params.id, req.body.cap);
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
      return enricher.summary(ctxOf(req), req.params.id);
    },
  );
}
