import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { members, notes, users } from '../../db/schema/index.js';

export type EntityName = 'contacts' | 'companies';

const recordColumn = (entity: EntityName) => (entity === 'contacts' ? notes.contactId : notes.companyId);

const noteColumns = {
  id: notes.id,
  body: notes.body,
  authorId: notes.authorId,
  authorName: users.name,
  createdAt: notes.createdAt,
  updatedAt: notes.updatedAt,
};

/** The only file that queries notes (with the author's name from members/users). */
export function createNotesRepository(db: Db) {
  const select = (workspaceId: string, entity: EntityName, recordId: string, noteId?: string) =>
    db.tenant(workspaceId, (tx) =>
      tx
        .select(noteColumns)
        .from(notes)
        .leftJoin(members, and(eq(members.workspaceId, notes.workspaceId), eq(members.id, notes.authorId)))
        .leftJoin(users, eq(users.id, members.userId))
        .where(
          and(
            eq(notes.workspaceId, workspaceId),
            eq(recordColumn(entity), recordId),
            noteId ? eq(notes.id, noteId) : undefined,
          ),
        )
        .orderBy(asc(notes.createdAt), asc(notes.id)),
    );

  return {
    list: (workspaceId: string, entity: EntityName, recordId: string) => select(workspaceId, entity, recordId),

    find: async (workspaceId: string, entity: EntityName, recordId: string, noteId: string) =>
      (await select(workspaceId, entity, recordId, noteId))[0] ?? null,

    insert: (workspaceId: string, row: { id: string; entity: EntityName; recordId: string; body: string; authorId: string }) =>
      db.tenant(workspaceId, (tx) =>
        tx.insert(notes).values({
          workspaceId,
          id: row.id,
          contactId: row.entity === 'contacts' ? row.recordId : null,
          companyId: row.entity === 'companies' ? row.recordId : null,
          body: row.body,
          authorId: row.authorId,
        }),
      ),

    update: (workspaceId: string, noteId: string, body: string) =>
      db.tenant(workspaceId, (tx) =>
        tx
          .update(notes)
          .set({ body, updatedAt: new Date() })
          .where(and(eq(notes.workspaceId, workspaceId), eq(notes.id, noteId))),
      ),

    delete: (workspaceId: string, noteId: string) =>
      db.tenant(workspaceId, (tx) => tx.delete(notes).where(and(eq(notes.workspaceId, workspaceId), eq(notes.id, noteId)))),

    moveAll: (workspaceId: string, entity: EntityName, fromId: string, toId: string) =>
      db.tenant(workspaceId, (tx) =>
        tx
          .update(notes)
          .set(entity === 'contacts' ? { contactId: toId } : { companyId: toId })
          .where(and(eq(notes.workspaceId, workspaceId), eq(recordColumn(entity), fromId))),
      ),
  };
}

export type NotesRepository = ReturnType<typeof createNotesRepository>;
