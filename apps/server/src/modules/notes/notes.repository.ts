import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../core/unit-of-work.js';
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

/** The only file that queries notes (with the author's name from members/users). Every method runs in the caller's `tx`. */
export function createNotesRepository() {
  const select = (tx: Tx, workspaceId: string, entity: EntityName, recordId: string, noteId?: string) =>
    tx
      .select(noteColumns)
      .from(notes)
      .leftJoin(members, and(eq(members.workspaceId, notes.workspaceId), eq(members.id, notes.authorId)))
      .leftJoin(users, eq(users.id, members.userId))
      .where(and(eq(notes.workspaceId, workspaceId), eq(recordColumn(entity), recordId), noteId ? eq(notes.id, noteId) : undefined))
      .orderBy(asc(notes.createdAt), asc(notes.id));

  return {
    list: (tx: Tx, workspaceId: string, entity: EntityName, recordId: string) => select(tx, workspaceId, entity, recordId),

    find: async (tx: Tx, workspaceId: string, entity: EntityName, recordId: string, noteId: string) =>
      (await select(tx, workspaceId, entity, recordId, noteId))[0] ?? null,

    /** The note locked for a change (an edit and a delete of the same note take turns). */
    async lock(tx: Tx, workspaceId: string, noteId: string) {
      await tx
        .select({ id: notes.id })
        .from(notes)
        .where(and(eq(notes.workspaceId, workspaceId), eq(notes.id, noteId)))
        .for('update');
    },

    async insert(tx: Tx, workspaceId: string, row: { id: string; entity: EntityName; recordId: string; body: string; authorId: string }) {
      await tx.insert(notes).values({
        workspaceId,
        id: row.id,
        contactId: row.entity === 'contacts' ? row.recordId : null,
        companyId: row.entity === 'companies' ? row.recordId : null,
        body: row.body,
        authorId: row.authorId,
      });
    },

    async update(tx: Tx, workspaceId: string, noteId: string, body: string) {
      await tx
        .update(notes)
        .set({ body, updatedAt: new Date() })
        .where(and(eq(notes.workspaceId, workspaceId), eq(notes.id, noteId)));
    },

    async delete(tx: Tx, workspaceId: string, noteId: string) {
      await tx.delete(notes).where(and(eq(notes.workspaceId, workspaceId), eq(notes.id, noteId)));
    },

    /** A merge: the merged record's notes go to the kept one. */
    async moveAll(tx: Tx, workspaceId: string, entity: EntityName, fromId: string, toId: string) {
      await tx
        .update(notes)
        .set(entity === 'contacts' ? { contactId: toId } : { companyId: toId })
        .where(and(eq(notes.workspaceId, workspaceId), eq(recordColumn(entity), fromId)));
    },
  };
}

export type NotesRepository = ReturnType<typeof createNotesRepository>;
