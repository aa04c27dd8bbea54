import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../core/unit-of-work.js';
import { gridPreferences } from '../../db/schema/index.js';

/** The only file that queries grid_preferences. Every method runs in the caller's `tx`. */
export function createGridPreferencesRepository() {
  return {
    async find(tx: Tx, workspaceId: string, memberId: string, grid: string) {
      const [row] = await tx
        .select()
        .from(gridPreferences)
        .where(and(eq(gridPreferences.workspaceId, workspaceId), eq(gridPreferences.memberId, memberId), eq(gridPreferences.grid, grid)))
        .limit(1);
      return row ?? null;
    },

    async upsert(tx: Tx, row: typeof gridPreferences.$inferInsert) {
      const [saved] = await tx
        .insert(gridPreferences)
        .values(row)
        .onConflictDoUpdate({
          target: [gridPreferences.workspaceId, gridPreferences.memberId, gridPreferences.grid],
          set: { columns: row.columns, widths: row.widths, pageSize: row.pageSize, updatedAt: new Date() },
        })
        .returning();
      return saved!;
    },

    async delete(tx: Tx, workspaceId: string, memberId: string, grid: string) {
      await tx
        .delete(gridPreferences)
        .where(and(eq(gridPreferences.workspaceId, workspaceId), eq(gridPreferences.memberId, memberId), eq(gridPreferences.grid, grid)));
    },
  };
}

export type GridPreferencesRepository = ReturnType<typeof createGridPreferencesRepository>;
