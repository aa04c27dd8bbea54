import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entities, idParamsSchema, noteBodySchema, noteListSchema, noteSchema, recordNoteParamsSchema } from '@leadtrail/contracts';
import { ctxOf } from '../../core/route-access.js';
import type { NotesService } from './notes.service.js';

/** Notes on a contact or company; the service answers 404 for a record not in the caller's workspace. */
export async function notesRoutes(app: FastifyInstance, opts: { service: NotesService }) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const entity of entities) {
    const tags = [entity];
    const noun = entity === 'contacts' ? 'contact' : 'company';

    r.get(
      `/api/v1/${entity}/:id/notes`,
      {
        config: { access: 'records:read' },
        schema: { tags, summary: `Notes on a ${noun}, oldest first`, params: idParamsSchema, response: { 200: noteListSchema } },
      },
      async (req) => {
        const ctx = ctxOf(req);
        return service.list(ctx, entity, req.params.id);
      },
    );

    r.post(
      `/api/v1/${entity}/:id/notes`,
      {
        config: { access: 'records:write' },
        schema: { tags, summary: `Add a note to a ${noun}`, params: idParamsSchema, body: noteBodySchema, response: { 201: noteSchema } },
      },
      async (req, reply) => {
        const ctx = ctxOf(req);
        return reply.code(201).send(await service.create(ctx, entity, req.params.id, req.body.body));
      },
    );

    r.patch(
      `/api/v1/${entity}/:id/notes/:noteId`,
      {
        config: { access: 'records:write' },
        schema: {
          tags,
          summary: 'Edit a note (its author, or an admin)',
          params: recordNoteParamsSchema,
          body: noteBodySchema,
          response: { 200: noteSchema },
        },
      },
      async (req) => {
        const ctx = ctxOf(req);
        return service.update(ctx, entity, req.params.id, req.params.noteId, req.body.body);
      },
    );

    r.delete(
      `/api/v1/${entity}/:id/notes/:noteId`,
      {
        config: { access: 'records:write' },
        schema: { tags, summary: 'Delete a note (its author, or an admin)', params: recordNoteParamsSchema, response: { 204: z.null() } },
      },
      async (req, reply) => {
        const ctx = ctxOf(req);
        await service.delete(ctx, entity, req.params.id, req.params.noteId);
        return reply.code(204).send(null);
      },
    );
  }
}
