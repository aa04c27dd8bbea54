import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../core/unit-of-work.js';
import { lockSeats, seatsUsed } from './seats.sql.js';
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

/** The only file that queries members (with their users' names). Every method takes the caller's transaction. */
export function createMembersRepository() {
  const findBy = async (tx: Tx, workspaceId: string, where: ReturnType<typeof eq>, lock = false) => {
    const q = tx
      .select(memberColumns)
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .where(and(eq(members.workspaceId, workspaceId), where))
      .limit(1);
    const [row] = lock ? await q.for('update', { of: members }) : await q;
    return row ?? null;
  };

  return {
    list: (tx: Tx, workspaceId: string) =>
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

    find: (tx: Tx, workspaceId: string, id: string) => findBy(tx, workspaceId, eq(members.id, id)),
    /** The member row locked until the caller's unit of work ends (role and status changes). */
    lock: (tx: Tx, workspaceId: string, id: string) => findBy(tx, workspaceId, eq(members.id, id), true),
    findByEmail: (tx: Tx, workspaceId: string, email: string) => findBy(tx, workspaceId, eq(users.email, email)),

    seats: async (tx: Tx, workspaceId: string) => {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(members)
        .where(and(eq(members.workspaceId, workspaceId), eq(members.status, 'active')));
      return { used: await seatsUsed(tx, workspaceId), activeMembers: row?.n ?? 0 };
    },

    /** Seats in use, after taking the workspace's seat lock (held until the unit of work ends). */
    lockSeats: async (tx: Tx, workspaceId: string) => {
      await lockSeats(tx, workspaceId);
      return seatsUsed(tx, workspaceId);
    },

    setRole: async (tx: Tx, workspaceId: string, id: string, role: MemberRole) =>
      (
        await tx
          .update(members)
          .set({ role, updatedAt: new Date() })
          .where(and(eq(members.workspaceId, workspaceId), eq(members.id, id)))
          .returning({ id: members.id })
      ).length > 0,

    setStatus: async (tx: Tx, workspaceId: string, id: string, status: 'active' | 'deactivated') => {
      await tx
        .update(members)
        .set({ status, updatedAt: new Date() })
        .where(and(eq(members.workspaceId, workspaceId), eq(members.id, id)));
    },

    /** Adds a user to the workspace (an accepted invitation); null when they already belong to it. */
    add: async (tx: Tx, workspaceId: string, userId: string, role: 'admin' | 'member') =>
      (
        await tx
          .insert(members)
          .values({ workspaceId, id: newId(), userId, role, lastActiveAt: new Date() })
          .onConflictDoNothing()
          .returning({ id: members.id })
      )[0]?.id ?? null,
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
