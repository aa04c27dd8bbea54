import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DUPLICATE_MERGE_MAX_PAIRS,
  contactMergeListSchema,
  contactMergeUndoResultSchema,
  duplicateDismissBodySchema,
  duplicatesMergeBodySchema,
  duplicatesMergeResultSchema,
  duplicatesPageSchema,
  duplicatesQuerySchema,
  idParamsSchema,
} from '@leadtrail/contracts';
import { ctxOf } from '../../../core/route-access.js';
import type { ContactDuplicatesService } from './contact-duplicates.service.js';

/** The duplicates view of contacts (issue 26, decision 0037). */
export async function contactDuplicatesRoutes(app: FastifyInstance, opts: { service: ContactDuplicatesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { service } = opts;
  const tags = ['contacts'];
  const base = '/api/v1/contacts/duplicates';

  r.get(
    base,
    {
      config: { access: 'records:read' },
      schema: {
        tags,
        summary:
          'Likely duplicate contacts, most certain first: pairs with the same normalised name at the same company, the same phone or the same LinkedIn URL, each with a suggested keeper (the more complete, then the older); total counts every pair',
        querystring: duplicatesQuerySchema,
        response: { 200: duplicatesPageSchema },
      },
    },
    async (req) => service.list(ctxOf(req), req.query),
  );

  r.post(
    `${base}/merge`,
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary: `Merge up to ${DUPLICATE_MERGE_MAX_PAIRS} pairs (mergeId into keepId, the keeper's values first, blanks filled from the other) in one unit of work; pairs the caller may not merge (members: only their own) or that are gone are skipped and counted; dryRun previews and changes nothing; the answer's id undoes it`,
        body: duplicatesMergeBodySchema,
        response: { 200: duplicatesMergeResultSchema },
      },
    },
    async (req) => service.merge(ctxOf(req), req.body),
  );

  r.post(
    `${base}/dismiss`,
    {
      config: { access: 'records:write' },
      schema: { tags, summary: 'Mark two contacts as not duplicates: the pair leaves the duplicates view', body: duplicateDismissBodySchema, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await service.dismiss(ctxOf(req), req.body);
      return reply.code(204).send(null);
    },
  );

  r.get(
    `${base}/merges`,
    {
      config: { access: 'records:read' },
      schema: { tags, summary: 'The latest merges of duplicate contacts, newest first (undoable once each)', response: { 200: contactMergeListSchema } },
    },
    async (req) => service.history(ctxOf(req)),
  );

  r.post(
    `${base}/merges/:id/undo`,
    {
      config: { access: 'records:write' },
      schema: {
        tags,
        summary:
          'Undo a merge of duplicates: the merged contacts come back with their notes, timeline, list memberships and reveals, the keepers get their fields back (once: 409 after; its author, or an owner or admin)',
        params: idParamsSchema,
        response: { 200: contactMergeUndoResultSchema },
      },
    },
    async (req) => service.undo(ctxOf(req), req.params.id),
  );
}
