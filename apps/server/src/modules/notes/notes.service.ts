import type { Entity, Note } from '@leadtrail/contracts';
import { forbidden, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { RequestContext } from '../../core/request-context.js';
import type { ActivityService } from '../activity/activity.service.js';
import type { NotesRepository } from './notes.repository.js';

type NoteRow = NonNullable<Awaited<ReturnType<NotesRepository['find']>>>;

const toNote = (r: NoteRow): Note => ({
  id: r.id,
  body: r.body,
  authorId: r.authorId,
  authorName: r.authorName ?? null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const excerpt = (body: string) => (body.length > 140 ? `${body.slice(0, 139)}…` : body);

/**
 * Notes on contacts and companies. The routes check that the record exists in the
 * caller's workspace first; the author edits and deletes a note, admins any note.
 */
export function createNotesService(deps: { repo: NotesRepository; activity: ActivityService }) {
  const { repo, activity } = deps;

  const own = async (ctx: RequestContext, entity: Entity, recordId: string, noteId: string) => {
    const note = await repo.find(ctx.workspaceId, entity, recordId, noteId);
    if (!note) throw notFound('Note');
    if (note.authorId !== ctx.memberId && !ctx.permissions.includes('records:delete-any')) {
      throw forbidden('Only its author or an admin can change this note');
    }
    return note;
  };

  return {
    async list(ctx: RequestContext, entity: Entity, recordId: string) {
      return { data: (await repo.list(ctx.workspaceId, entity, recordId)).map(toNote) };
    },

    async create(ctx: RequestContext, entity: Entity, recordId: string, body: string) {
      const id = newId();
      await repo.insert(ctx.workspaceId, { id, entity, recordId, body, authorId: ctx.memberId });
      await activity.record(ctx.workspaceId, [
        { entity, recordId, type: 'note_added', actorId: ctx.memberId, data: { noteId: id, excerpt: excerpt(body) } },
      ]);
      const note = await repo.find(ctx.workspaceId, entity, recordId, id);
      if (!note) throw notFound('Note');
      return toNote(note);
    },

    async update(ctx: RequestContext, entity: Entity, recordId: string, noteId: string, body: string) {
      const before = await own(ctx, entity, recordId, noteId);
      if (before.body !== body) {
        await repo.update(ctx.workspaceId, noteId, body);
        await activity.record(ctx.workspaceId, [
          { entity, recordId, type: 'note_edited', actorId: ctx.memberId, data: { noteId, excerpt: excerpt(body) } },
        ]);
      }
      const note = await repo.find(ctx.workspaceId, entity, recordId, noteId);
      if (!note) throw notFound('Note');
      return toNote(note);
    },

    async delete(ctx: RequestContext, entity: Entity, recordId: string, noteId: string) {
      const before = await own(ctx, entity, recordId, noteId);
      await repo.delete(ctx.workspaceId, noteId);
      await activity.record(ctx.workspaceId, [
        { entity, recordId, type: 'note_deleted', actorId: ctx.memberId, data: { noteId, excerpt: excerpt(before.body) } },
      ]);
    },

    moveAll: (workspaceId: string, entity: Entity, fromId: string, toId: string) =>
      repo.moveAll(workspaceId, entity, fromId, toId),
  };
}

export type NotesService = ReturnType<typeof createNotesService>;
