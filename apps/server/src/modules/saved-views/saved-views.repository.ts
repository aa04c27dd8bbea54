import { randomUUID } from 'node:crypto';
import { and, asc, eq, or } from 'drizzle-orm';
import type { Tx } from '../../core/unit-of-work.js';
import { savedViews } from '../../db/schema/saved-views.js';

export type SavedViewRow = typeof savedViews.$inferSelect;
export type SavedViewChanges = Partial<Pick<SavedViewRow, 'name' | 'q' | 'filter' | 'sort' | 'columns' | 'shared'>>;

/** The only file that queries saved_views. Every method runs in the caller's `tx`. */
export function createSavedViewsRepository() {
  /** what a member may see: their own views and the workspace's shared ones */
  const visible = (workspaceId: string, memberId: string) =>
    and(eq(savedViews.workspaceId, workspaceId), or(eq(savedViews.memberId, memberId), eq(savedViews.shared, true)));

  return {
    async listVisible(tx: Tx, workspaceId: string, memberId: string, grid: string): Promise<SavedViewRow[]> {
      return tx
        .select()
        .from(savedViews)
        .where(and(visible(workspaceId, memberId), eq(savedViews.grid, grid)))
        .orderBy(asc(savedViews.createdAt), asc(savedViews.id));
    },

    async findVisible(tx: Tx, workspaceId: string, memberId: string, id: string): Promise<SavedViewRow | null> {
      const [row] = await tx.select().from(savedViews).where(and(visible(workspaceId, memberId), eq(savedViews.id, id))).limit(1);
      return row ?? null;
    },

    async insert(tx: Tx, row: Omit<typeof savedViews.$inferInsert, 'id'>): Promise<SavedViewRow> {
      const [saved] = await tx.insert(savedViews).values({ ...row, id: randomUUID() }).returning();
      return saved!;
    },

    async update(tx: Tx, workspaceId: string, id: string, changes: SavedViewChanges): Promise<SavedViewRow> {
      const [saved] = await tx
        .update(savedViews)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(savedViews.workspaceId, workspaceId), eq(savedViews.id, id)))
        .returning();
      return saved!;
    },

    async delete(tx: Tx, workspaceId: string, id: string): Promise<void> {
      await tx.delete(savedViews).where(and(eq(savedViews.workspaceId, workspaceId), eq(savedViews.id, id)));
    },
  };
}

export type SavedViewsRepository = ReturnType<typeof createSavedViewsRepository>;
