import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { can, rolePermissions, type Permission, type Role } from '@leadtrail/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { apiKeys, members, sessions } from '../db/schema/index.js';
import { AppError, forbidden, unauthorized } from '../lib/errors.js';
import { hashToken } from '../lib/tokens.js';

export const SESSION_COOKIE = 'lt_session';
export const SESSION_IDLE_DAYS = 14;

/**
 * The access rule every /api route declares next to itself:
 * 'public' (no session), 'signed-in' (any active member) or a permission.
 */
export type Access = 'public' | 'signed-in' | Permission;

/** Who is calling, resolved once per request from the session cookie or API key. */
export type RequestContext = {
  userId: string;
  workspaceId: string;
  memberId: string;
  role: Role;
  permissions: readonly Permission[];
  via: 'session' | 'api-key';
  sessionId: string | null;
};

declare module 'fastify' {
  // module augmentation needs interfaces
  /* eslint-disable @typescript-eslint/consistent-type-definitions */
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    ctx: RequestContext | null;
  }
  /* eslint-enable @typescript-eslint/consistent-type-definitions */
}

/** The caller's context on a route that requires one (never null past the auth hook). */
export function ctxOf(request: FastifyRequest): RequestContext {
  if (!request.ctx) throw unauthorized();
  return request.ctx;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

async function resolveSession(db: Db, token: string) {
  const hash = hashToken(token);
  const [row] = await db.run({}, (tx) =>
    tx
      .select()
      .from(sessions)
      .where(and(eq(sessions.tokenHash, hash), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
      .limit(1),
  );
  return row ?? null;
}

async function resolveApiKey(db: Db, key: string) {
  const hash = hashToken(key);
  const [row] = await db.run({}, (tx) =>
    tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)))
      .limit(1),
  );
  return row ?? null;
}

async function loadMember(db: Db, workspaceId: string, userId: string) {
  const [row] = await db.tenant(
    workspaceId,
    (tx) =>
      tx
        .select({ id: members.id, role: members.role, status: members.status })
        .from(members)
        .where(and(eq(members.workspaceId, workspaceId), eq(members.userId, userId)))
        .limit(1),
    userId,
  );
  return row && row.status === 'active' ? row : null;
}

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

    if (bearer) {
      const key = await resolveApiKey(db, bearer);
      if (key) {
        const member = await loadMember(db, key.workspaceId, key.userId);
        if (member) {
          request.ctx = {
            userId: key.userId,
            workspaceId: key.workspaceId,
            memberId: member.id,
            role: member.role,
            permissions: rolePermissions[member.role],
            via: 'api-key',
            sessionId: null,
          };
          void db
            .run({}, (tx) => tx.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, key.id)))
            .catch(() => {});
        }
      }
    } else if (cookie) {
      const session = await resolveSession(db, cookie);
      if (session) {
        const member = await loadMember(db, session.workspaceId, session.userId);
        if (member) {
          request.ctx = {
            userId: session.userId,
            workspaceId: session.workspaceId,
            memberId: member.id,
            role: member.role,
            permissions: rolePermissions[member.role],
            via: 'session',
            sessionId: session.id,
          };
          touchSession(db, session.id, session.lastSeenAt, session.workspaceId, member.id);
        } else {
          reply.clearCookie(SESSION_COOKIE, { path: '/' });
        }
      }
    }

    if (access === 'public') return;
    if (!request.ctx) throw unauthorized();
    if (access !== 'signed-in' && !can(request.ctx.role, access)) throw forbidden();
  });
});

/** Slides the idle expiry and records activity, at most once a minute per session. */
function touchSession(db: Db, sessionId: string, lastSeen: Date, workspaceId: string, memberId: string) {
  if (Date.now() - lastSeen.getTime() < 60_000) return;
  const expires = new Date(Date.now() + SESSION_IDLE_DAYS * 86_400_000);
  void db
    .run({}, (tx) =>
      tx.update(sessions).set({ lastSeenAt: new Date(), expiresAt: expires }).where(eq(sessions.id, sessionId)),
    )
    .then(() =>
      db.tenant(workspaceId, (tx) =>
        tx
          .update(members)
          .set({ lastActiveAt: new Date() })
          .where(and(eq(members.workspaceId, workspaceId), eq(members.id, memberId))),
      ),
    )
    .catch(() => {});
}
