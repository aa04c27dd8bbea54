import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../core/unit-of-work.js';
import {
  apiKeys,
  loginThrottles,
  members,
  passwordResets,
  recoveryCodes,
  registrations,
  sessions,
  trustedDevices,
  users,
  workspaces,
} from '../../db/schema/index.js';

export type Credential = { id: string; userId: string; workspaceId: string; lastUsedAt: Date | null };
export type UserRow = typeof users.$inferSelect;

/**
 * The only file that queries users' sign-in data: users, sessions, API keys as
 * credentials, password resets and second-factor state. Every method takes the
 * caller's transaction; none opens one.
 */
export function createAuthRepository() {
  return {
    findUserByEmail: async (tx: Tx, email: string): Promise<UserRow | null> =>
      (await tx.select().from(users).where(eq(users.email, email)).limit(1))[0] ?? null,

    findUserById: async (tx: Tx, id: string): Promise<UserRow | null> =>
      (await tx.select().from(users).where(eq(users.id, id)).limit(1))[0] ?? null,

    /** Locks the user row (login throttle, password changes): concurrent attempts queue here. */
    lockUser: async (tx: Tx, id: string): Promise<UserRow | null> =>
      (await tx.select().from(users).where(eq(users.id, id)).for('update').limit(1))[0] ?? null,

    /** false when the email got an account meanwhile (a concurrent registration or accept). */
    insertUser: async (tx: Tx, u: { id: string; email: string; name: string; passwordHash: string }) =>
      (await tx.insert(users).values(u).onConflictDoNothing().returning({ id: users.id })).length > 0,

    /** The workspace and its owner: run in the new workspace's scope. */
    insertWorkspaceWithOwner: async (
      tx: Tx,
      w: { workspaceId: string; memberId: string; userId: string; name: string },
    ) => {
      await tx.insert(workspaces).values({ id: w.workspaceId, name: w.name });
      await tx.insert(members).values({ workspaceId: w.workspaceId, id: w.memberId, userId: w.userId, role: 'owner' });
    },

    /** The user's active memberships, most recently active first (scope: the user). */
    listMemberships: (tx: Tx, userId: string) =>
      tx
        .select({
          workspaceId: members.workspaceId,
          memberId: members.id,
          name: workspaces.name,
          role: members.role,
          status: members.status,
        })
        .from(members)
        .innerJoin(workspaces, eq(workspaces.id, members.workspaceId))
        .where(and(eq(members.userId, userId), eq(members.status, 'active')))
        .orderBy(desc(sql`coalesce(${members.lastActiveAt}, ${members.createdAt})`)),

    // ---- credentials: the one place sessions and API keys are looked up by token

    findSessionCredential: async (tx: Tx, tokenHash: string): Promise<Credential | null> =>
      (
        await tx
          .select({
            id: sessions.id,
            userId: sessions.userId,
            workspaceId: sessions.workspaceId,
            lastUsedAt: sessions.lastSeenAt,
          })
          .from(sessions)
          .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
          .limit(1)
      )[0] ?? null,

    /**
     * The credential and its member as one read for uow.readOnce (issue 13: one round trip per
     * request instead of six): the settings put the credential's workspace and user in scope,
     * so the member's row-level security applies as in a transaction. `hash` is an SQL literal.
     */
    credentialWithMemberSql(via: 'session' | 'api-key', hash: string) {
      const [table, where, last, expires] =
        via === 'api-key'
          ? ['api_keys', `key_hash = ${hash} and revoked_at is null`, 'last_used_at', 'null::timestamptz']
          : ['sessions', `token_hash = ${hash} and revoked_at is null and expires_at > now()`, 'last_seen_at', 'k.expires_at'];
      return {
        settings: [
          ['app.workspace_id', `coalesce((select workspace_id::text from ${table} where ${where}), '')`],
          ['app.user_id', `coalesce((select user_id::text from ${table} where ${where}), '')`],
        ] as [string, string][],
        statement: `select k.id, k.user_id as "userId", k.workspace_id as "workspaceId", k.${last} as "lastUsedAt",
            ${expires} as "expiresAt", m.id as "memberId", m.role, m.status
          from ${table} k left join members m on m.workspace_id = k.workspace_id and m.user_id = k.user_id
          where ${where} limit 1`,
      };
    },

    findApiKeyCredential: async (tx: Tx, keyHash: string): Promise<Credential | null> =>
      (
        await tx
          .select({
            id: apiKeys.id,
            userId: apiKeys.userId,
            workspaceId: apiKeys.workspaceId,
            lastUsedAt: apiKeys.lastUsedAt,
          })
          .from(apiKeys)
          .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
          .limit(1)
      )[0] ?? null,

    /** The credential's member (scope: its workspace and user). */
    findMembership: async (tx: Tx, workspaceId: string, userId: string) =>
      (
        await tx
          .select({ id: members.id, role: members.role, status: members.status })
          .from(members)
          .where(and(eq(members.workspaceId, workspaceId), eq(members.userId, userId)))
          .limit(1)
      )[0] ?? null,

    /** A session's idle expiry slides and its member's last activity moves. */
    touchSession: async (
      tx: Tx,
      s: { sessionId: string; workspaceId: string; memberId: string; now: Date; expiresAt: Date },
    ) => {
      // another process may have touched it a moment ago: once a minute is enough
      await tx
        .update(sessions)
        .set({ lastSeenAt: s.now, expiresAt: s.expiresAt })
        .where(and(eq(sessions.id, s.sessionId), lt(sessions.lastSeenAt, new Date(s.now.getTime() - 60_000))));
      await tx
        .update(members)
        .set({ lastActiveAt: s.now })
        .where(and(eq(members.workspaceId, s.workspaceId), eq(members.id, s.memberId)));
    },

    touchApiKey: async (tx: Tx, id: string, now: Date) => {
      await tx.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, id));
    },

    // ---- sessions

    createSession: async (
      tx: Tx,
      s: {
        id: string;
        tokenHash: string;
        userId: string;
        workspaceId: string;
        ip: string;
        userAgent: string | null;
        expiresAt: Date;
      },
    ) => {
      await tx.insert(sessions).values(s);
    },

    revokeSessionByHash: async (tx: Tx, tokenHash: string) => {
      await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, tokenHash));
    },

    /** Revokes one of the user's own sessions; false when it is not theirs or already ended. */
    revokeOwnSession: async (tx: Tx, userId: string, sessionId: string) =>
      (
        await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
          .returning({ id: sessions.id })
      ).length > 0,

    /** A session now acts in another workspace (the caller checked the membership). */
    moveSession: async (tx: Tx, sessionId: string, workspaceId: string) => {
      await tx.update(sessions).set({ workspaceId }).where(eq(sessions.id, sessionId));
    },

    /** Ends a member's sessions in one workspace (deactivation). */
    revokeWorkspaceSessions: async (tx: Tx, userId: string, workspaceId: string, at: Date) => {
      await tx
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.userId, userId), eq(sessions.workspaceId, workspaceId), isNull(sessions.revokedAt)));
    },

    /** Signs a user out everywhere, except the session given; the number ended. */
    revokeUserSessions: async (tx: Tx, userId: string, exceptSessionId: string | null = null) =>
      (
        await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(
            and(
              eq(sessions.userId, userId),
              isNull(sessions.revokedAt),
              exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
            ),
          )
          .returning({ id: sessions.id })
      ).length,

    // ---- passwords and resets

    setPasswordHash: async (tx: Tx, userId: string, passwordHash: string) => {
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    },

    createPasswordReset: async (tx: Tx, r: { tokenHash: string; userId: string; expiresAt: Date }) => {
      await tx.insert(passwordResets).values(r);
    },

    /** Reset links made for the user since `since` (the per-recipient mail cap, decision 0028). */
    countPasswordResetsSince: async (tx: Tx, userId: string, since: Date) =>
      (
        await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(passwordResets)
          .where(and(eq(passwordResets.userId, userId), gt(passwordResets.createdAt, since)))
      )[0]?.n ?? 0,

    /** Whether a reset link is known, unused and unexpired (nothing is spent). */
    passwordResetUsable: async (tx: Tx, tokenHash: string): Promise<boolean> =>
      (
        await tx
          .select({ userId: passwordResets.userId })
          .from(passwordResets)
          .where(
            and(
              eq(passwordResets.tokenHash, tokenHash),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, sql`now()`),
            ),
          )
          .limit(1)
      ).length > 0,

    /** Spends a valid reset link: its user, or null when the link is unknown, used or expired. */
    spendPasswordReset: async (tx: Tx, tokenHash: string): Promise<string | null> =>
      (
        await tx
          .update(passwordResets)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(passwordResets.tokenHash, tokenHash),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, sql`now()`),
            ),
          )
          .returning({ userId: passwordResets.userId })
      )[0]?.userId ?? null,

    /** Every outstanding reset link of the user stops working (one was used, or the password changed). */
    spendAllPasswordResets: async (tx: Tx, userId: string) => {
      await tx
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    },

    // ---- registrations waiting for their emailed link

    createRegistration: async (
      tx: Tx,
      r: { tokenHash: string; email: string; name: string; companyName: string; passwordHash: string; expiresAt: Date },
    ) => {
      await tx.insert(registrations).values(r);
    },

    /** Spends a valid registration link: what was asked for, or null when unknown, used or expired. */
    spendRegistration: async (tx: Tx, tokenHash: string) =>
      (
        await tx
          .update(registrations)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(registrations.tokenHash, tokenHash),
              isNull(registrations.usedAt),
              gt(registrations.expiresAt, sql`now()`),
            ),
          )
          .returning()
      )[0] ?? null,

    // ---- login throttle (per email address, decision 0014)

    /** The address's throttle row, created if new and locked until the unit of work ends. */
    lockThrottle: async (tx: Tx, email: string) => {
      await tx.insert(loginThrottles).values({ email }).onConflictDoNothing();
      return (await tx.select().from(loginThrottles).where(eq(loginThrottles.email, email)).for('update'))[0]!;
    },

    setThrottle: async (tx: Tx, email: string, failures: number, lockedUntil: Date | null) => {
      await tx
        .update(loginThrottles)
        .set({ failures, lockedUntil, updatedAt: new Date() })
        .where(eq(loginThrottles.email, email));
    },

    clearThrottle: async (tx: Tx, email: string) => {
      await tx.delete(loginThrottles).where(eq(loginThrottles.email, email));
    },

    // ---- trusted devices (a browser that signed in; its own throttle, decision 0028)

    /** The account's unexpired device behind a cookie's token hash, locked until the unit of work ends. */
    lockTrustedDevice: async (tx: Tx, tokenHash: string, userId: string) =>
      (
        await tx
          .select()
          .from(trustedDevices)
          .where(
            and(
              eq(trustedDevices.tokenHash, tokenHash),
              eq(trustedDevices.userId, userId),
              gt(trustedDevices.expiresAt, sql`now()`),
            ),
          )
          .for('update')
      )[0] ?? null,

    setDeviceThrottle: async (tx: Tx, tokenHash: string, failures: number, lockedUntil: Date | null) => {
      await tx.update(trustedDevices).set({ failures, lockedUntil }).where(eq(trustedDevices.tokenHash, tokenHash));
    },

    /** A successful sign-in from the device: its count starts again and it is kept longer. */
    touchTrustedDevice: async (tx: Tx, tokenHash: string, expiresAt: Date) => {
      await tx
        .update(trustedDevices)
        .set({ failures: 0, lockedUntil: null, lastUsedAt: new Date(), expiresAt })
        .where(eq(trustedDevices.tokenHash, tokenHash));
    },

    /** A new device of the user; the user's expired ones go. */
    createTrustedDevice: async (tx: Tx, d: { tokenHash: string; userId: string; expiresAt: Date }) => {
      await tx.delete(trustedDevices).where(and(eq(trustedDevices.userId, d.userId), lt(trustedDevices.expiresAt, sql`now()`)));
      await tx.insert(trustedDevices).values(d);
    },

    /** A new password: no browser is trusted until it signs in again. */
    forgetTrustedDevices: async (tx: Tx, userId: string) => {
      await tx.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
    },

    // ---- second factor

    /** Accepts a TOTP time step once: false when this or a later step was already used. */
    spendTotpStep: async (tx: Tx, userId: string, step: number) =>
      (
        await tx
          .update(users)
          .set({ totpLastStep: step, totpFailedAttempts: 0, totpLastFailedAt: null })
          .where(and(eq(users.id, userId), sql`coalesce(${users.totpLastStep}, -1) < ${step}`))
          .returning({ id: users.id })
      ).length > 0,

    spendRecoveryCode: async (tx: Tx, userId: string, codeHash: string) =>
      (
        await tx
          .update(recoveryCodes)
          .set({ usedAt: new Date() })
          .where(
            and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)),
          )
          .returning({ id: recoveryCodes.id })
      ).length > 0,

    clearCodeFailures: async (tx: Tx, userId: string) => {
      await tx.update(users).set({ totpFailedAttempts: 0, totpLastFailedAt: null }).where(eq(users.id, userId));
    },

    /** One more wrong code in the current window (a new window starts after `windowStart`). */
    recordCodeFailure: async (tx: Tx, userId: string, windowStart: Date) => {
      await tx
        .update(users)
        .set({
          totpFailedAttempts: sql`case when ${users.totpLastFailedAt} is null or ${users.totpLastFailedAt} < ${windowStart} then 1 else ${users.totpFailedAttempts} + 1 end`,
          totpLastFailedAt: new Date(),
        })
        .where(eq(users.id, userId));
    },

    replaceRecoveryCodes: async (tx: Tx, userId: string, rows: { id: string; codeHash: string }[]) => {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      if (rows.length > 0) await tx.insert(recoveryCodes).values(rows.map((r) => ({ ...r, userId })));
    },

    countRecoveryCodes: async (tx: Tx, userId: string) =>
      (
        await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(recoveryCodes)
          .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
      )[0]?.n ?? 0,
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
