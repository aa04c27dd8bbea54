import type { Entity, Note } from '@leadtrail/contracts';
import { forbidden, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { RequestContext } from '../../core/request-context.js';
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
import type { ActivityService, RecordCheck } from '../activity/activity.service.js';
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
 * Notes on contacts and companies. Each use case checks that the record exists in the
 * caller's workspace (a 404), then works, in one unit of work with the note's timeline entry;
 * the author edits and deletes a note, admins any note.
 */
export function createNotesService(deps: {
  repo: NotesRepository;
  activity: Pick<ActivityService, 'recordIn'>;
  uow: UnitOfWork;
  /** The record's pre-check in the use case's unit of work: a 404 unless it is in the workspace. */
  assertRecordIn: RecordCheck;
}) {
  const { repo, activity, uow, assertRecordIn } = deps;

  const own = async (tx: Tx, ctx: RequestContext, entity: Entity, recordId: string, noteId: string) => {
    await assertRecordIn(tx, ctx.workspaceId, entity, recordId);
    await repo.lock(tx, ctx.workspaceId, noteId);
    const note = await repo.find(tx, ctx.workspaceId, entity, recordId, noteId);
    if (!note) throw notFound('Note');
    if (note.authorId !== ctx.memberId && !ctx.permissions.includes('records:delete-any')) {
      throw forbidden('Only its author or an admin can change this note');
    }
    return note;
  };

  const reload = async (tx: Tx, ctx: RequestContext, entity: Entity, recordId: string, noteId: string) => {
    const note = await repo.find(tx, ctx.workspaceId, entity, recordId, noteId);
    if (!note) throw notFound('Note');
    return toNote(note);
  };

  return {
    list: (ctx: RequestContext, entity: Entity, recordId: string) =>
      uow.tenant(ctx, async (tx) => {
        await assertRecordIn(tx, ctx.workspaceId, entity, recordId);
        return { data: (await repo.list(tx, ctx.workspaceId, entity, recordId)).map(toNote) };
      }),

    create: (ctx: RequestContext, entity: Entity, recordId: string, body: string) =>
      uow.tenant(ctx, async (tx) => {
        await assertRecordIn(tx, ctx.workspaceId, entity, recordId);
        const id = newId();
        await repo.insert(tx, ctx.workspaceId, { id, entity, recordId, body, authorId: ctx.memberId });
        await activity.recordIn(tx, ctx.workspaceId, [
          { entity, recordId, type: 'note_added', actorId: ctx.memberId, data: { noteId: id, excerpt: excerpt(body) } },
        ]);
        return reload(tx, ctx, entity, recordId, id);
      }),

    update: (ctx: RequestContext, entity: Entity, recordId: string, noteId: string, body: string) =>
      uow.tenant(ctx, async (tx) => {
        const before = await own(tx, ctx, entity, recordId, noteId);
        if (before.body !== body) {
          await repo.update(tx, ctx.workspaceId, noteId, body);
          await activity.recordIn(tx, ctx.workspaceId, [
            { entity, recordId, type: 'note_edited', actorId: ctx.memberId, data: { noteId, excerpt: excerpt(body) } },
          ]);
        }
        return reload(tx, ctx, entity, recordId, noteId);
      }),

    delete: (ctx: RequestContext, entity: Entity, recordId: string, noteId: string) =>
      uow.tenant(ctx, async (tx) => {
        const before = await own(tx, ctx, entity, recordId, noteId);
        await repo.delete(tx, ctx.workspaceId, noteId);
        await activity.recordIn(tx, ctx.workspaceId, [
          { entity, recordId, type: 'note_deleted', actorId: ctx.memberId, data: { noteId, excerpt: excerpt(before.body) } },
        ]);
      }),

    /** A merge, inside its unit of work: the merged record's notes go to the kept one. */
    moveAllIn: (tx: Tx, ctx: Pick<RequestContext, 'workspaceId'>, entity: Entity, fromId: string, toId: string) =>
      repo.moveAll(tx, ctx.workspaceId, entity, fromId, toId),
  };
}

export type NotesService = ReturnType<typeof createNotesService>;
