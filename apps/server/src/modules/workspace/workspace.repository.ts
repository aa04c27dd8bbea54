import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../core/unit-of-work.js';
import { workspaceLogos, workspaces } from '../../db/schema/index.js';

export type WorkspaceRow = typeof workspaces.$inferSelect;
export type WorkspacePatch = Partial<
  Pick<
    WorkspaceRow,
    'name' | 'website' | 'domain' | 'address' | 'taxId' | 'taxRateBps' | 'timeZone' | 'defaultPhoneRegion' | 'restrictInvitesToDomain'
  >
>;

/** The only file that queries workspaces' settings and logos. Every method takes the caller's transaction. */
export function createWorkspaceRepository() {
  return {
    /** Seats the plan allows (the subscription's, Free's 3 without one: migration 0660). */
    async seatLimit(tx: Tx, workspaceId: string): Promise<number> {
      const r = await tx.execute<{ seats: number }>(sql`select workspace_seat_limit(${workspaceId}::uuid) as seats`);
      return Number(r.rows[0]?.seats ?? 3);
    },

    find: async (tx: Tx, workspaceId: string): Promise<WorkspaceRow | null> =>
      (await tx.select().from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1))[0] ?? null,

    update: async (tx: Tx, workspaceId: string, patch: WorkspacePatch) =>
      (
        await tx
          .update(workspaces)
          .set({ ...patch, updatedAt: new Date() })
          .where(eq(workspaces.id, workspaceId))
          .returning()
      )[0] ?? null,

    findLogo: async (tx: Tx, workspaceId: string) =>
      (await tx.select().from(workspaceLogos).where(eq(workspaceLogos.workspaceId, workspaceId)).limit(1))[0] ?? null,

    putLogo: async (tx: Tx, workspaceId: string, logo: { contentType: 'image/png' | 'image/jpeg'; data: Buffer }) => {
      const now = new Date();
      const values = { contentType: logo.contentType, data: logo.data, byteSize: logo.data.length, updatedAt: now };
      await tx
        .insert(workspaceLogos)
        .values({ workspaceId, ...values })
        .onConflictDoUpdate({ target: workspaceLogos.workspaceId, set: values });
      const [row] = await tx
        .update(workspaces)
        .set({ logoUpdatedAt: now, updatedAt: now })
        .where(eq(workspaces.id, workspaceId))
        .returning();
      return row ?? null;
    },

    deleteLogo: async (tx: Tx, workspaceId: string) => {
      await tx.delete(workspaceLogos).where(eq(workspaceLogos.workspaceId, workspaceId));
      const [row] = await tx
        .update(workspaces)
        .set({ logoUpdatedAt: null, updatedAt: sql`now()` })
        .where(eq(workspaces.id, workspaceId))
        .returning();
      return row ?? null;
    },
  };
}

export type WorkspaceRepository = ReturnType<typeof createWorkspaceRepository>;
