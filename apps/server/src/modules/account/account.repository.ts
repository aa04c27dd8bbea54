import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { apiKeys, emailChanges, sessions, users } from '../../db/schema/index.js';
import { newId } from '../../lib/ids.js';

export type UserRow = typeof users.$inferSelect;
export type ProfilePatch = Partial<Pick<UserRow, 'name' | 'jobTitle' | 'phone' | 'timeZone'>>;

/**
 * The only file that queries a user's own settings: profile columns, password,
 * email changes, TOTP state, their sessions and API keys. (Credentials are not
 * under row-level security: they are found before any workspace is known.)
 */
export function createAccountRepository(db: Db) {
  return {
    findUser: (userId: string) =>
      db.run({ userId }, async (tx) => (await tx.select().from(users).where(eq(users.id, userId)).limit(1))[0] ?? null),

    emailTaken: (email: string) =>
      db.run(
        {},
        async (tx) => (await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)).length > 0,
      ),

    updateProfile: (userId: string, patch: ProfilePatch) =>
      db.run({ userId }, async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ ...patch, updatedAt: new Date() })
          .where(eq(users.id, userId))
          .returning();
        return row ?? null;
      }),

    /** Sets the password and ends every other session of the user, atomically. */
    setPassword: (userId: string, passwordHash: string, keepSessionId: string | null) =>
      db.run({ userId }, async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
        await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(
            and(
              eq(sessions.userId, userId),
              isNull(sessions.revokedAt),
              keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
            ),
          );
      }),

    createEmailChange: (c: { tokenHash: string; userId: string; newEmail: string; expiresAt: Date }) =>
      db.run({ userId: c.userId }, async (tx) => {
        // only the latest link of a user works
        await tx
          .update(emailChanges)
          .set({ usedAt: new Date() })
          .where(and(eq(emailChanges.userId, c.userId), isNull(emailChanges.usedAt)));
        await tx.insert(emailChanges).values(c);
      }),

    pendingEmail: (userId: string) =>
      db.run({ userId }, async (tx) => {
        const [row] = await tx
          .select({ newEmail: emailChanges.newEmail })
          .from(emailChanges)
          .where(
            and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, sql`now()`)),
          )
          .orderBy(desc(emailChanges.createdAt))
          .limit(1);
        return row?.newEmail ?? null;
      }),

    /**
     * Spends a valid link and sets the new email in one transaction.
     * 'invalid' for an unknown, used or expired link; 'taken' when the address got an account meanwhile.
     */
    consumeEmailChange: (tokenHash: string) =>
      db.run({}, async (tx) => {
        const [change] = await tx
          .update(emailChanges)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(emailChanges.tokenHash, tokenHash),
              isNull(emailChanges.usedAt),
              gt(emailChanges.expiresAt, sql`now()`),
            ),
          )
          .returning();
        if (!change) return { outcome: 'invalid' as const };
        const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, change.newEmail)).limit(1);
        if (taken) return { outcome: 'taken' as const };
        const [before] = await tx
          .select({ email: users.email, name: users.name })
          .from(users)
          .where(eq(users.id, change.userId));
        await tx
          .update(users)
          .set({ email: change.newEmail, updatedAt: new Date() })
          .where(eq(users.id, change.userId));
        return {
          outcome: 'changed' as const,
          userId: change.userId,
          oldEmail: before?.email ?? null,
          name: before?.name ?? '',
          newEmail: change.newEmail,
        };
      }),

    setPendingTotpSecret: (userId: string, secret: string) =>
      db.run({ userId }, async (tx) => {
        const rows = await tx
          .update(users)
          .set({ totpSecret: secret, updatedAt: new Date() })
          .where(and(eq(users.id, userId), eq(users.totpEnabled, false)))
          .returning({ id: users.id });
        return rows.length > 0;
      }),

    enableTotp: (userId: string, step: number) =>
      db.run({ userId }, async (tx) => {
        const rows = await tx
          .update(users)
          .set({
            totpEnabled: true,
            totpLastStep: step,
            totpFailedAttempts: 0,
            totpLastFailedAt: null,
            updatedAt: new Date(),
          })
          .where(and(eq(users.id, userId), eq(users.totpEnabled, false)))
          .returning({ id: users.id });
        return rows.length > 0;
      }),

    disableTotp: (userId: string) =>
      db.run({ userId }, (tx) =>
        tx
          .update(users)
          .set({ totpEnabled: false, totpSecret: null, totpLastStep: null, updatedAt: new Date() })
          .where(eq(users.id, userId)),
      ),

    listSessions: (userId: string) =>
      db.run({ userId }, (tx) =>
        tx
          .select()
          .from(sessions)
          .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
          .orderBy(desc(sessions.lastSeenAt)),
      ),

    /** Revokes one of the user's own sessions; false when it is not theirs or already ended. */
    revokeSession: (userId: string, sessionId: string) =>
      db.run({ userId }, async (tx) => {
        const rows = await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
          .returning({ id: sessions.id });
        return rows.length > 0;
      }),

    revokeOtherSessions: (userId: string, keepSessionId: string | null) =>
      db.run({ userId }, async (tx) => {
        const rows = await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(
            and(
              eq(sessions.userId, userId),
              isNull(sessions.revokedAt),
              keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
            ),
          )
          .returning({ id: sessions.id });
        return rows.length;
      }),

    /** A session now acts in another workspace (the caller checked the membership). */
    moveSession: (sessionId: string, workspaceId: string) =>
      db.run({}, (tx) => tx.update(sessions).set({ workspaceId }).where(eq(sessions.id, sessionId))),

    /** Ends a member's sessions and API keys in one workspace (deactivation). */
    revokeWorkspaceCredentials: (userId: string, workspaceId: string) =>
      db.run({ userId }, async (tx) => {
        const now = new Date();
        await tx
          .update(sessions)
          .set({ revokedAt: now })
          .where(and(eq(sessions.userId, userId), eq(sessions.workspaceId, workspaceId), isNull(sessions.revokedAt)));
        await tx
          .update(apiKeys)
          .set({ revokedAt: now })
          .where(and(eq(apiKeys.userId, userId), eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)));
      }),

    listApiKeys: (userId: string, workspaceId: string) =>
      db.run({ userId }, (tx) =>
        tx
          .select()
          .from(apiKeys)
          .where(and(eq(apiKeys.userId, userId), eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)))
          .orderBy(desc(apiKeys.createdAt)),
      ),

    createApiKey: (k: { userId: string; workspaceId: string; name: string; prefix: string; keyHash: string }) =>
      db.run({ userId: k.userId }, async (tx) => {
        const [row] = await tx
          .insert(apiKeys)
          .values({ id: newId(), ...k })
          .returning();
        return row!;
      }),

    revokeApiKey: (userId: string, workspaceId: string, id: string) =>
      db.run({ userId }, async (tx) => {
        const rows = await tx
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
          .returning({ id: apiKeys.id });
        return rows.length > 0;
      }),
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
