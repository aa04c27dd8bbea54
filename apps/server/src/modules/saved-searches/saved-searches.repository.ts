import { randomUUID } from 'node:crypto';
import { and, asc, eq, or } from 'drizzle-orm';
import type { Tx } from '../../core/unit-of-work.js';
import { savedSearches } from '../../db/schema/index.js';

export type SavedSearchRow = typeof savedSearches.$inferSelect;
export type SavedSearchChanges = Partial<Pick<SavedSearchRow, 'name' | 'query' | 'shared' | 'lastOpenedAt' | 'lastSeenTotal'>>;

/** The only file that queries saved_searches. Every method runs in the caller's `tx`. */
export function createSavedSearchesRepository() {
  /** what a member may see: their own searches and the workspace's shared ones */
  const visible = (workspaceId: string, memberId: string) =>
    and(eq(savedSearches.workspaceId, workspaceId), or(eq(savedSearches.memberId, memberId), eq(savedSearches.shared, true)));

  return {
    async listVisible(tx: Tx, workspaceId: string, memberId: string): Promise<SavedSearchRow[]> {
      return tx.select().from(savedSearches).where(visible(workspaceId, memberId)).orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
    },

    async findVisible(tx: Tx, workspaceId: string, memberId: string, id: string): Promise<SavedSearchRow | null> {
      const [row] = await tx.select().from(savedSearches).where(and(visible(workspaceId, memberId), eq(savedSearches.id, id))).limit(1);
      return row ?? null;
    },

    async insert(tx: Tx, row: Omit<typeof savedSearches.$inferInsert, 'id'>): Promise<SavedSearchRow> {
      const [saved] = await tx.insert(savedSearches).values({ ...row, id: randomUUID() }).returning();
      return saved!;
    },

    async update(tx: Tx, workspaceId: string, id: string, changes: SavedSearchChanges): Promise<SavedSearchRow> {
      const [saved] = await tx.update(savedSearches).set(changes).where(and(eq(savedSearches.workspaceId, workspaceId), eq(savedSearches.id, id))).returning();
      return saved!;
    },

    async delete(tx: Tx, workspaceId: string, id: string): Promise<void> {
      await tx.delete(savedSearches).where(and(eq(savedSearches.workspaceId, workspaceId), eq(savedSearches.id, id)));
    },
  };
}

export type SavedSearchesRepository = ReturnType<typeof createSavedSearchesRepository>;
