import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../core/unit-of-work.js';
import { apiKeys, emailChanges, sessions, users } from '../../db/schema/index.js';
import { newId } from '../../lib/ids.js';

export type UserRow = typeof users.$inferSelect;
export type ProfilePatch = Partial<Pick<UserRow, 'name' | 'jobTitle' | 'phone' | 'timeZone'>>;

/**
 * The only file that queries a user's own settings: profile columns, password,
 * email changes, TOTP state, their sessions and API keys as lists. (Credentials are
 * looked up by token in the auth module only.) Every method takes the caller's
 * transaction; none opens one.
 */
export function createAccountRepository() {
  return {
    findUser: async (tx: Tx, userId: string): Promise<UserRow | null> =>
      (await tx.select().from(users).where(eq(users.id, userId)).limit(1))[0] ?? null,

    /**
     * Deletes the user unless they are still a member somewhere (the caller's transaction must
     * see the user's own memberships: app.user_id set). True when the user went.
     */
    deleteIfNoMembership: async (tx: Tx, userId: string): Promise<boolean> => {
      const r = await tx.execute<{ id: string }>(
        sql`delete from users u where u.id = ${userId}::uuid and not exists (select 1 from members m where m.user_id = u.id) returning u.id`,
      );
      return r.rows.length > 0;
    },

    emailTaken: async (tx: Tx, email: string) =>
      (await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)).length > 0,

    updateProfile: async (tx: Tx, userId: string, patch: ProfilePatch) => {
      await tx
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, userId));
    },

    /** Only the latest email-change link of a user works. */
    replaceEmailChange: async (tx: Tx, c: { tokenHash: string; userId: string; newEmail: string; expiresAt: Date }) => {
      await tx
        .update(emailChanges)
        .set({ usedAt: new Date() })
        .where(and(eq(emailChanges.userId, c.userId), isNull(emailChanges.usedAt)));
      await tx.insert(emailChanges).values(c);
    },

    pendingEmail: async (tx: Tx, userId: string) => {
      const [row] = await tx
        .select({ newEmail: emailChanges.newEmail })
        .from(emailChanges)
        .where(
          and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, sql`now()`)),
        )
        .orderBy(desc(emailChanges.createdAt))
        .limit(1);
      return row?.newEmail ?? null;
    },

    /** Spends a valid email-change link: the change, or null for an unknown, used or expired link. */
    spendEmailChange: async (tx: Tx, tokenHash: string) =>
      (
        await tx
          .update(emailChanges)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(emailChanges.tokenHash, tokenHash),
              isNull(emailChanges.usedAt),
              gt(emailChanges.expiresAt, sql`now()`),
            ),
          )
          .returning()
      )[0] ?? null,

    setEmail: async (tx: Tx, userId: string, email: string) => {
      await tx.update(users).set({ email, updatedAt: new Date() }).where(eq(users.id, userId));
    },

    setPendingTotpSecret: async (tx: Tx, userId: string, secret: string) =>
      (
        await tx
          .update(users)
          .set({ totpSecret: secret, updatedAt: new Date() })
          .where(and(eq(users.id, userId), eq(users.totpEnabled, false)))
          .returning({ id: users.id })
      ).length > 0,

    enableTotp: async (tx: Tx, userId: string, step: number) =>
      (
        await tx
          .update(users)
          .set({
            totpEnabled: true,
            totpLastStep: step,
            totpFailedAttempts: 0,
            totpLastFailedAt: null,
            updatedAt: new Date(),
          })
          .where(and(eq(users.id, userId), eq(users.totpEnabled, false)))
          .returning({ id: users.id })
      ).length > 0,

    disableTotp: async (tx: Tx, userId: string) => {
      await tx
        .update(users)
        .set({ totpEnabled: false, totpSecret: null, totpLastStep: null, updatedAt: new Date() })
        .where(eq(users.id, userId));
    },

    listSessions: (tx: Tx, userId: string) =>
      tx
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
        .orderBy(desc(sessions.lastSeenAt)),

    // session writes belong to the auth repository (one writer, issue 25): the service calls auth.sessionsIn

    /** Ends a member's API keys in one workspace (deactivation; their sessions end through auth). */
    revokeWorkspaceApiKeys: async (tx: Tx, userId: string, workspaceId: string, now: Date) => {
      await tx
        .update(apiKeys)
        .set({ revokedAt: now })
        .where(and(eq(apiKeys.userId, userId), eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)));
    },

    listApiKeys: (tx: Tx, userId: string, workspaceId: string) =>
      tx
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)))
        .orderBy(desc(apiKeys.createdAt)),

    createApiKey: async (
      tx: Tx,
      k: { userId: string; workspaceId: string; name: string; prefix: string; keyHash: string },
    ) =>
      (
        await tx
          .insert(apiKeys)
          .values({ id: newId(), ...k })
          .returning()
      )[0]!,

    revokeApiKey: async (tx: Tx, userId: string, workspaceId: string, id: string) =>
      (
        await tx
          .update(apiKeys)
          .set({ revokedAt: new Date() })
          .where(
            and(
              eq(apiKeys.id, id),
              eq(apiKeys.userId, userId),
              eq(apiKeys.workspaceId, workspaceId),
              isNull(apiKeys.revokedAt),
            ),
          )
          .returning({ id: apiKeys.id })
      ).length > 0,
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
