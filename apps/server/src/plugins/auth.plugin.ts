import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { can, rolePermissions } from '@leadtrail/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { apiKeys, members, sessions } from '../db/schema/index.js';
import { AppError, forbidden, unauthorized } from '../lib/errors.js';
import { SESSION_COOKIE, SESSION_IDLE_DAYS } from '../core/route-access.js';
import { hashToken } from '../lib/tokens.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type Credential = { id: string; userId: string; workspaceId: string; lastUsedAt: Date | null };

const findSession = (tx: Tx, hash: string) =>
  tx
    .select({
      id: sessions.id,
      userId: sessions.userId,
      workspaceId: sessions.workspaceId,
      lastUsedAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hash), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);

const findApiKey = (tx: Tx, hash: string) =>
  tx
    .select({
      id: apiKeys.id,
      userId: apiKeys.userId,
      workspaceId: apiKeys.workspaceId,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)))
    .limit(1);

/**
 * The credential behind a token and its membership, in one transaction: the credential
 * tables are read before any workspace is known, then the scope is set for the member row.
 */
function resolveCaller(db: Db, find: (tx: Tx) => Promise<Credential[]>) {
  return db.run({}, async (tx) => {
    const [credential] = await find(tx);
    if (!credential) return null;
    await tx.execute(
      sql`select set_config('app.workspace_id', ${credential.workspaceId}, true), set_config('app.user_id', ${credential.userId}, true)`,
    );
    const [member] = await tx
      .select({ id: members.id, role: members.role, status: members.status })
      .from(members)
      .where(and(eq(members.workspaceId, credential.workspaceId), eq(members.userId, credential.userId)))
      .limit(1);
    return { credential, member: member?.status === 'active' ? member : null };
  });
}

/** Whether a credential's last use is old enough to record again (at most once a minute). */
const stale = (lastUsedAt: Date | null) => !lastUsedAt || Date.now() - lastUsedAt.getTime() >= 60_000;

function sameOrigin(request: FastifyRequest, appUrl: string): boolean {
  const origin = request.headers.origin ?? request.headers.referer;
  if (!origin) return false;
  let o: URL;
  try {
    o = new URL(origin);
  } catch {
    return false;
  }
  if (o.origin === new URL(appUrl).origin) return true;
  const host = request.headers.host;
  return !!host && o.host === host;
}

/**
 * Deny by default: a route under /api without a declared access rule fails at
 * start-up; every request is checked against its route's rule.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; appUrl: string }) => {
  const { db } = opts;
  app.decorateRequest('ctx', null);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    }
  });

  // onRequest, before the body is parsed or validated: a caller without the right
  // gets 401/403, never a validation answer about a body they may not send
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (!request.url.startsWith('/api/') || !access) return;

    const bearer = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    const cookie = request.cookies[SESSION_COOKIE];
    const unsafe = !SAFE_METHODS.has(request.method);

    // cookie-authenticated writes must come from our own pages (CSRF)
    if (unsafe && !bearer && (cookie || request.headers.origin) && !sameOrigin(request, opts.appUrl)) {
      throw new AppError(403, 'csrf_rejected', 'Cross-site request refused');
    }

    const via = bearer ? 'api-key' : cookie ? 'session' : null;
    const found =
      via === 'api-key'
        ? await resolveCaller(db, (tx) => findApiKey(tx, hashToken(bearer!)))
        : via === 'session'
          ? await resolveCaller(db, (tx) => findSession(tx, hashToken(cookie!)))
          : null;
    if (found?.member && via) {
      const { credential, member } = found;
      request.ctx = {
        userId: credential.userId,
        workspaceId: credential.workspaceId,
        memberId: member.id,
        role: member.role,
        permissions: rolePermissions[member.role],
        via,
        sessionId: via === 'session' ? credential.id : null,
      };
      if (stale(credential.lastUsedAt)) recordUse(db, via, credential, member.id);
    } else if (found && via === 'session') {
      // the member was deactivated or removed: the browser's cookie is dead
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
    }

    if (access === 'public') return;
    if (!request.ctx) throw unauthorized();
    if (access !== 'signed-in' && !can(request.ctx.role, access)) throw forbidden();
  });
});

/**
 * Records a use in the background: a session's idle expiry slides and its member's last
 * activity moves; an API key's last use is noted. Called at most once a minute per credential.
 */
function recordUse(db: Db, via: 'session' | 'api-key', credential: Credential, memberId: string) {
  const now = new Date();
  const credentialWrite =
    via === 'session'
      ? db.run({}, (tx) =>
          tx
            .update(sessions)
            .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_IDLE_DAYS * 86_400_000) })
            .where(eq(sessions.id, credential.id)),
        )
      : db.run({}, (tx) => tx.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, credential.id)));
  void credentialWrite
    .then(() =>
      via === 'api-key'
        ? undefined
        : db.tenant(credential.workspaceId, (tx) =>
            tx
              .update(members)
              .set({ lastActiveAt: now })
              .where(and(eq(members.workspaceId, credential.workspaceId), eq(members.id, memberId))),
          ),
    )
    .catch(() => {});
}
