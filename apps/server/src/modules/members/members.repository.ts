import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lockSeats, seatsUsed } from '../../db/seats.js';
import { members, users } from '../../db/schema/index.js';
import { newId } from '../../lib/ids.js';

export type MemberRole = 'owner' | 'admin' | 'member';

const memberColumns = {
  id: members.id,
  userId: members.userId,
  name: users.name,
  email: users.email,
  jobTitle: users.jobTitle,
  role: members.role,
  status: members.status,
  lastActiveAt: members.lastActiveAt,
  createdAt: members.createdAt,
};

/** The only file that queries members (with their users' names). */
export function createMembersRepository(db: Db) {
  const findBy = (workspaceId: string, where: ReturnType<typeof eq>) =>
    db.tenant(workspaceId, async (tx) => {
      const [row] = await tx
        .select(memberColumns)
        .from(members)
        .innerJoin(users, eq(users.id, members.userId))
        .where(and(eq(members.workspaceId, workspaceId), where))
        .limit(1);
      return row ?? null;
    });

  return {
    list: (workspaceId: string) =>
      db.tenant(workspaceId, (tx) =>
        tx
          .select(memberColumns)
          .from(members)
          .innerJoin(users, eq(users.id, members.userId))
          .where(eq(members.workspaceId, workspaceId))
          // owner first, then admins, then members; active before deactivated
          .orderBy(
            sql`case ${members.role} when 'owner' then 0 when 'admin' then 1 else 2 end`,
            sql`case ${members.status} when 'active' then 0 else 1 end`,
            asc(users.name),
          ),
      ),

    find: (workspaceId: string, id: string) => findBy(workspaceId, eq(members.id, id)),
    findByEmail: (workspaceId: string, email: string) => findBy(workspaceId, eq(users.email, email)),

    seats: (workspaceId: string) =>
      db.tenant(workspaceId, async (tx) => {
        const [row] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(members)
          .where(and(eq(members.workspaceId, workspaceId), eq(members.status, 'active')));
        return { used: await seatsUsed(tx, workspaceId), activeMembers: row?.n ?? 0 };
      }),

    setRole: (workspaceId: string, id: string, role: 'admin' | 'member') =>
      db.tenant(workspaceId, (tx) =>
        tx
          .update(members)
          .set({ role, updatedAt: new Date() })
          // the owner row is never changed here (ownership is transferred)
          .where(and(eq(members.workspaceId, workspaceId), eq(members.id, id), sql`${members.role} <> 'owner'`)),
      ),

    deactivate: (workspaceId: string, id: string) =>
      db.tenant(workspaceId, (tx) =>
        tx
          .update(members)
          .set({ status: 'deactivated', updatedAt: new Date() })
          .where(and(eq(members.workspaceId, workspaceId), eq(members.id, id), sql`${members.role} <> 'owner'`)),
      ),

    /** Takes a seat back; 'no_seat' when the plan's seats are all in use. */
    reactivate: (workspaceId: string, id: string, seatLimit: number) =>
      db.tenant(workspaceId, async (tx) => {
        await lockSeats(tx, workspaceId);
        const used = await seatsUsed(tx, workspaceId);
        if (used + 1 > seatLimit) return { ok: false as const, used };
        await tx
          .update(members)
          .set({ status: 'active', updatedAt: new Date() })
          .where(and(eq(members.workspaceId, workspaceId), eq(members.id, id)));
        return { ok: true as const, used: used + 1 };
      }),

    /** The owner becomes an admin and the target the owner, in one transaction; false when either changed meanwhile. */
    transferOwnership: async (workspaceId: string, fromId: string, toId: string) => {
      const refused = new Error('ownership transfer refused');
      try {
        return await db.tenant(workspaceId, async (tx) => {
          const demoted = await tx
            .update(members)
            .set({ role: 'admin', updatedAt: new Date() })
            .where(and(eq(members.workspaceId, workspaceId), eq(members.id, fromId), eq(members.role, 'owner')))
            .returning({ id: members.id });
          const promoted =
            demoted.length === 0
              ? []
              : await tx
                  .update(members)
                  .set({ role: 'owner', updatedAt: new Date() })
                  .where(and(eq(members.workspaceId, workspaceId), eq(members.id, toId), eq(members.status, 'active')))
                  .returning({ id: members.id });
          // undo the demotion: a workspace always keeps its owner
          if (promoted.length === 0) throw refused;
          return true;
        });
      } catch (err) {
        if (err === refused) return false;
        throw err;
      }
    },

    /** Adds a user to the workspace (an accepted invitation); null when they already belong to it. */
    add: (workspaceId: string, userId: string, role: 'admin' | 'member') =>
      db.tenant(workspaceId, async (tx) => {
        const id = newId();
        const rows = await tx
          .insert(members)
          .values({ workspaceId, id, userId, role, lastActiveAt: new Date() })
          .onConflictDoNothing()
          .returning({ id: members.id });
        return rows[0]?.id ?? null;
      }),
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
