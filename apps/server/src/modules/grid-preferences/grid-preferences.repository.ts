import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { gridPreferences } from '../../db/schema/index.js';

/** The only file that queries grid_preferences. */
export function createGridPreferencesRepository(db: Db) {
  return {
    find: (workspaceId: string, memberId: string, grid: string) =>
      db.tenant(workspaceId, async (tx) => {
        const [row] = await tx
          .select()
          .from(gridPreferences)
          .where(and(eq(gridPreferences.workspaceId, workspaceId), eq(gridPreferences.memberId, memberId), eq(gridPreferences.grid, grid)))
          .limit(1);
        return row ?? null;
      }),

    upsert: (row: typeof gridPreferences.$inferInsert) =>
      db.tenant(row.workspaceId, async (tx) => {
        const [saved] = await tx
          .insert(gridPreferences)
          .values(row)
          .onConflictDoUpdate({
            target: [gridPreferences.workspaceId, gridPreferences.memberId, gridPreferences.grid],
            set: { columns: row.columns, widths: row.widths, pageSize: row.pageSize, updatedAt: new Date() },
          })
          .returning();
        return saved!;
      }),

    delete: (workspaceId: string, memberId: string, grid: string) =>
      db.tenant(workspaceId, async (tx) => {
        await tx
          .delete(gridPreferences)
          .where(and(eq(gridPreferences.workspaceId, workspaceId), eq(gridPreferences.memberId, memberId), eq(gridPreferences.grid, grid)));
      }),
  };
}

export type GridPreferencesRepository = ReturnType<typeof createGridPreferencesRepository>;
