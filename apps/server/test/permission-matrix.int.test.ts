import type { RouteOptions } from 'fastify';
import { can, permissions, type Permission, type Role } from '@leadtrail/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashToken, newToken } from '../src/lib/tokens.js';
import { createTestApp, ORIGIN, signUp, type TestContext } from './helpers.js';
import { addTeammate, createApiKey } from './team-helpers.js';

/**
 * Walks every registered /api route and calls it as each kind of caller, checking
 * the answer against the route's declared access rule (config.access):
 * 401 without a (valid) session, 403 when the role lacks the permission, and
 * neither 401 nor 403 otherwise (a 400 or 404 from an empty body or unknown id is fine).
 */

// every route, as registered: Fastify is wrapped so an onRoute hook sees them all
const registered = vi.hoisted(() => [] as RouteOptions[]);
vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<typeof import('fastify')>();
  const wrapped = ((opts?: Parameters<typeof mod.default>[0]) => {
    const app = mod.default(opts);
    app.addHook('onRoute', (route) => {
      registered.push(route);
    });
    return app;
  }) as typeof mod.default;
  return { ...mod, default: wrapped, fastify: wrapped };
});

type Access = 'public' | 'signed-in' | Permission;
type Route = { method: string; url: string; access: Access; sessionOnly: boolean };
type Caller = {
  name: string;
  /** a fresh credential per request, so a route that signs out doesn't affect the next one */
  headers: () => Promise<Record<string, string>>;
  role: Role | null;
  via: 'session' | 'api-key' | null;
};

let t: TestContext;
let routes: Route[] = [];
const callers: Caller[] = [];

/** A new session row for a member: cheaper than signing in, and independent per request. */
async function freshSession(userId: string, workspaceId: string) {
  const token = newToken();
  await t.db.pool.query(
    `insert into sessions (token_hash, user_id, workspace_id, expires_at) values ($1, $2, $3, now() + interval '1 day')`,
    [hashToken(token), userId, workspaceId],
  );
  return `lt_session=${token}`;
}

beforeAll(async () => {
  t = await createTestApp();
  const owner = await signUp(t.app, { companyName: 'Matrix' });
  const ws = owner.me.workspace.id;
  // a deactivated member first (their seat is freed), then an admin and a member
  const gone = await addTeammate(t, owner.request, 'member', 'Gone');
  const off = await owner.request({
    method: 'PATCH',
    url: `/api/v1/members/${gone.memberId}`,
    payload: { status: 'deactivated' },
  });
  expect(off.statusCode).toBe(200);
  const admin = await addTeammate(t, owner.request, 'admin', 'Admin');
  const member = await addTeammate(t, owner.request, 'member', 'Member');
  const adminKey = await createApiKey(admin.request);
  const memberKey = await createApiKey(member.request);

  const session = (userId: string) => async () => ({ ...ORIGIN, cookie: await freshSession(userId, ws) });
  callers.push(
    { name: 'no session', headers: async () => ({ ...ORIGIN }), role: null, via: null },
    { name: 'deactivated member', headers: session(gone.userId), role: null, via: null },
    { name: 'owner', headers: session(owner.me.user.id), role: 'owner', via: 'session' },
    { name: 'admin', headers: session(admin.userId), role: 'admin', via: 'session' },
    { name: 'member', headers: session(member.userId), role: 'member', via: 'session' },
    {
      name: 'admin API key',
      headers: async () => ({ authorization: `Bearer ${adminKey}` }),
      role: 'admin',
      via: 'api-key',
    },
    {
      name: 'member API key',
      headers: async () => ({ authorization: `Bearer ${memberKey}` }),
      role: 'member',
      via: 'api-key',
    },
  );

  const seen = new Set<string>();
  for (const r of registered) {
    const methods = (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
    const access = (r.config as { access?: Access } | undefined)?.access;
    if (!r.url.startsWith('/api/') || r.url.startsWith('/api/docs')) continue;
    for (const method of methods) {
      const key = `${method} ${r.url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      routes.push({
        method,
        url: r.url,
        access: access!,
        sessionOnly: !!(r.config as { sessionOnly?: boolean }).sessionOnly,
      });
    }
  }
  routes = routes.sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
});
afterAll(() => t.close());

/** The status a caller must get (exact), or 'allowed' (anything but 401 and 403). */
function expected(route: Route, caller: Caller): 401 | 403 | 'allowed' {
  if (route.access === 'public') return 'allowed';
  if (!caller.role) return 401;
  if (route.access !== 'signed-in' && !can(caller.role, route.access)) return 403;
  if (route.sessionOnly && caller.via !== 'session') return 403;
  return 'allowed';
}

const concrete = (url: string) =>
  url
    .replace(/:token\b/g, 'not-a-real-invitation-token-0123456789abcdef')
    .replace(/:[A-Za-z]+/g, '00000000-0000-7000-8000-000000000000')
    .replace(/\*/g, 'x');

describe('permission matrix', () => {
  it('finds the routes of every module, each with an access rule', () => {
    expect(routes.length).toBeGreaterThan(30);
    const rules: string[] = ['public', 'signed-in', ...permissions];
    expect(routes.filter((r) => !rules.includes(r.access)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const urls = new Set(routes.map((r) => r.url));
    for (const u of [
      '/api/v1/members',
      '/api/v1/invitations',
      '/api/v1/workspace',
      '/api/v1/me/api-keys',
      '/api/v1/me/workspace',
    ]) {
      expect(urls).toContain(u);
    }
  });

  it('answers each caller on each route as its declared rule says', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      for (const caller of callers) {
        const headers = await caller.headers();
        const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: hasBody ? { ...headers, 'content-type': 'application/json' } : headers,
          ...(hasBody ? { payload: '{}' } : {}),
        });
        const want = expected(route, caller);
        const ok = want === 'allowed' ? res.statusCode !== 401 && res.statusCode !== 403 : res.statusCode === want;
        if (!ok) {
          failures.push(
            `${route.method} ${route.url} [${route.access}${route.sessionOnly ? ', session only' : ''}] as ${caller.name}: got ${res.statusCode}, expected ${want} — ${res.body.slice(0, 160)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    // every route × every caller, one after the other: well over the default 30 s on a busy machine
  }, 180_000);
});

describe('permission matrix: record ownership (issue 16, finding 6)', () => {
  it('members change the owner only of the contacts and companies they own; owners and admins of any', async () => {
    const as = (name: string) => {
      const caller = callers.find((c) => c.name === name)!;
      return async (method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) =>
        t.app.inject({
          method,
          url,
          headers: { ...(await caller.headers()), 'content-type': 'application/json' },
          payload,
        });
    };
    const tag = crypto.randomUUID().slice(0, 8);
    for (const [entity, body] of [
      ['contacts', (n: string) => ({ email: `${n}-${tag}@matrix.example` })],
      ['companies', (n: string) => ({ name: n, domain: `${n}-${tag}.matrix.example` })],
    ] as const) {
      const mine = (await as('member')('POST', `/api/v1/${entity}`, body('mine'))).json() as {
        id: string;
        ownerId: string;
      };
      for (const who of ['owner', 'admin']) {
        const theirs = (await as(who)('POST', `/api/v1/${entity}`, body(`of-${who}`))).json() as { id: string };
        const patch = await as('member')('PATCH', `/api/v1/${entity}/${theirs.id}`, { ownerId: mine.ownerId });
        expect(patch.statusCode, `${entity} PATCH ownerId as member on the ${who}'s: ${patch.body}`).toBe(403);
        const bulk = await as('member')('POST', `/api/v1/${entity}/bulk/assign-owner`, {
          selection: { ids: [theirs.id] },
          ownerId: mine.ownerId,
        });
        expect(bulk.statusCode, `${entity} bulk assign as member on the ${who}'s: ${bulk.body}`).toBe(403);
        const given = await as(who === 'owner' ? 'admin' : 'owner')('PATCH', `/api/v1/${entity}/${theirs.id}`, {
          ownerId: mine.ownerId,
        });
        expect(given.statusCode, `${entity} PATCH ownerId as an admin or owner: ${given.body}`).toBe(200);
      }
      const own = await as('member')('PATCH', `/api/v1/${entity}/${mine.id}`, { ownerId: null });
      expect(own.statusCode, `${entity} PATCH ownerId as member on their own: ${own.body}`).toBe(200);
    }
  });
});
