import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { can } from '@leadtrail/contracts';
import { AppError, forbidden, unauthorized } from '../lib/errors.js';
import { SESSION_COOKIE } from '../core/route-access.js';
import type { AuthService } from '../modules/auth/auth.service.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a write comes from our own pages: its Origin (else Referer) is APP_URL's origin exactly. */
function sameOrigin(request: FastifyRequest, appOrigin: string): boolean {
  const origin = request.headers.origin || request.headers.referer;
  if (!origin) return false;
  try {
    // scheme, host and port: the Host header is the caller's to choose, so it proves nothing
    return new URL(origin).origin === appOrigin;
  } catch {
    return false;
  }
}

/**
 * Deny by default: a route under /api without a declared access rule fails at
 * start-up; every request is checked against its route's rule. Who the caller is
 * comes from the auth service (the one place credentials are looked up).
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { auth: AuthService; appUrl: string }) => {
  const appOrigin = new URL(opts.appUrl).origin;
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
    if (unsafe && !bearer && (cookie || request.headers.origin) && !sameOrigin(request, appOrigin)) {
      throw new AppError(403, 'csrf_rejected', 'Cross-site request refused');
    }

    // where the request comes from: the audit log's IP and user agent
    const client = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
    const found = bearer
      ? await opts.auth.authenticate('api-key', bearer, client)
      : cookie
        ? await opts.auth.authenticate('session', cookie, client)
        : null;
    if (found && 'ctx' in found) request.ctx = found.ctx;
    // the member was deactivated or removed: the browser's cookie is dead
    else if (found && !bearer) reply.clearCookie(SESSION_COOKIE, { path: '/' });

    if (access === 'public') return;
    if (!request.ctx) throw unauthorized();
    if (access !== 'signed-in' && !can(request.ctx.role, access)) throw forbidden();
  });

  // what an API answers is the caller's own (their contacts, keys, sessions): no browser
  // or proxy keeps it, unless a route chose its caching (the versioned logo)
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
});
