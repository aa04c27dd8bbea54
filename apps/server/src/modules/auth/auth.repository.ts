import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { members, passwordResets, sessions, users, workspaces } from '../../db/schema/index.js';
import { newId } from '../../lib/ids.js';

/** The only file that queries users, sessions and password resets. */
export function createAuthRepository(db: Db) {
  return {
    findUserByEmail: (email: string) =>
      db.run({}, async (tx) => (await tx.select().from(users).where(eq(users.email, email)).limit(1))[0] ?? null),

    findUserById: (id: string) =>
      db.run({}, async (tx) => (await tx.select().from(users).where(eq(users.id, id)).limit(1))[0] ?? null),

    /** Creates the user, the workspace and its owner in one transaction. */
    createAccount: (input: { name: string; email: string; passwordHash: string; companyName: string }) => {
      const userId = newId();
      const workspaceId = newId();
      const memberId = newId();
      return db.run({ workspaceId, userId }, async (tx: Tx) => {
        await tx.insert(users).values({ id: userId, email: input.email, name: input.name, passwordHash: input.passwordHash });
        await tx.insert(workspaces).values({ id: workspaceId, name: input.companyName });
        await tx.insert(members).values({ workspaceId, id: memberId, userId, role: 'owner' });
        return { userId, workspaceId, memberId };
      });
    },

    /** A user without a workspace of their own (someone accepting an invitation). */
    createUser: (input: { name: string; email: string; passwordHash: string }) => {
      const userId = newId();
      return db.run({ userId }, async (tx: Tx) => {
        await tx.insert(users).values({ id: userId, email: input.email, name: input.name, passwordHash: input.passwordHash });
        return { userId };
      });
    },

    /** The user's active memberships, most recently active first. */
    listMemberships: (userId: string) =>
      db.run({ userId }, (tx) =>
        tx
          .select({ workspaceId: members.workspaceId, memberId: members.id, name: workspaces.name, role: members.role, status: members.status })
          .from(members)
          .innerJoin(workspaces, eq(workspaces.id, members.workspaceId))
          .where(and(eq(members.userId, userId), eq(members.status, 'active')))
          .orderBy(desc(sql`coalesce(${members.lastActiveAt}, ${members.createdAt})`)),
      ),

    createSession: (s: { tokenHash: string; userId: string; workspaceId: string; ip: string; userAgent: string | null; expiresAt: Date }) =>
      db.run({}, (tx) => tx.insert(sessions).values({ id: newId(), ...s })),

    revokeSessionByHash: (tokenHash: string) =>
      db.run({}, (tx) => tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, tokenHash))),

    revokeSession: (id: string) =>
      db.run({}, (tx) => tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id))),

    /** Signs a user out everywhere, except the session given. */
    revokeUserSessions: (userId: string, exceptSessionId?: string) =>
      db.run({}, (tx) =>
        tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(
            and(
              eq(sessions.userId, userId),
              isNull(sessions.revokedAt),
              exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
            ),
          ),
      ),

    createPasswordReset: (r: { tokenHash: string; userId: string; expiresAt: Date }) =>
      db.run({}, (tx) => tx.insert(passwordResets).values(r)),

    /** Marks a valid reset token used and sets the password, atomically; null when the token is not valid. */
    consumePasswordReset: (tokenHash: string, passwordHash: string) =>
      db.run({}, async (tx) => {
        const [reset] = await tx
          .update(passwordResets)
          .set({ usedAt: new Date() })
          .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
          .returning();
        if (!reset) return null;
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, reset.userId));
        await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.userId, reset.userId), isNull(sessions.revokedAt)));
        return reset.userId;
      }),
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
