import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { createUnitOfWork } from '../src/core/unit-of-work.js';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/client.js';
import { members } from '../src/db/schema/index.js';
import { createTestApp, ORIGIN, requester, sessionCookie, signUp, STRONG_PASSWORD, type TestContext } from './helpers.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const expectProblem = (res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }, status: number, code: string) => {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(res.json()).toMatchObject({ status, code, title: expect.any(String), type: expect.stringContaining('http') });
};

describe('problem details', () => {
  it('401 without a session', async () => {
    expectProblem(await t.app.inject({ method: 'GET', url: '/api/v1/me' }), 401, 'unauthorized');
  });

  it('404 for an unknown API path', async () => {
    expectProblem(await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' }), 404, 'not_found');
  });

  it('413 for a body over the limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { ...ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.example', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expectProblem(res, 413, 'payload_too_large');
  });

  it('415 for an unsupported content type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { ...ORIGIN, 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expectProblem(res, 415, 'unsupported_media_type');
  });

  it('400 for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { ...ORIGIN, 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });
});

describe('errors, roles and deny-by-default on routes added for the test', () => {
  it('403 for a role without the permission, 500 without leaking details', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: 'http://localhost:3000', AUTH_RATE_LIMIT: '1000' });
    const db = createDb(inject('databaseUrl'), { max: 2 });
    const app = await buildApp(config, { db });
    app.get('/api/v1/test-boom', { config: { access: 'public' } }, async () => {
      throw new Error('secret internal detail');
    });
    app.get('/api/v1/test-admin', { config: { access: 'settings:manage' } }, async () => ({ ok: true }));
    await app.ready();
    try {
      const boom = await app.inject({ method: 'GET', url: '/api/v1/test-boom' });
      expectProblem(boom, 500, 'internal_error');
      expect(boom.body).not.toContain('secret internal detail');
      expect(boom.body).not.toContain('at ');

      const owner = await signUp(app);
      expect((await owner.request({ method: 'GET', url: '/api/v1/test-admin' })).statusCode).toBe(200);
      // a second user made a plain member of the owner's workspace
      const other = await signUp(app);
      await createUnitOfWork(db).tenant({ workspaceId: owner.me.workspace.id }, (tx) =>
        tx.insert(members).values({ workspaceId: owner.me.workspace.id, id: crypto.randomUUID(), userId: other.me.user.id, role: 'member' }),
      );
      const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: ORIGIN, payload: { email: other.email, password: STRONG_PASSWORD } });
      const asMember = requester(app, sessionCookie(login));
      const me = (await asMember({ method: 'GET', url: '/api/v1/me' })).json();
      expect(me.workspace.id).toBe(owner.me.workspace.id);
      expect(me.role).toBe('member');
      expectProblem(await asMember({ method: 'GET', url: '/api/v1/test-admin' }), 403, 'forbidden');
    } finally {
      await app.close();
      await db.close();
    }
  });

  it('refuses to start with an API route that declares no access rule', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const db = createDb(inject('databaseUrl'), { max: 1 });
    const app = await buildApp(config, { db });
    expect(() => app.get('/api/v1/undeclared', async () => ({}))).toThrow(/declares no access rule/);
    await app.close();
    await db.close();
  });
});

describe('documents and probes', () => {
  it('serves OpenAPI 3.1 describing the auth routes, and the reference page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/auth/login', '/api/v1/auth/register', '/api/v1/me']));
    expect(doc.paths['/api/v1/auth/register'].post.requestBody).toBeDefined();
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });

  it('healthz and readyz answer; readyz fails while a migration is pending', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
    const last = (await t.db.pool.query('select name from schema_migrations order by name desc limit 1')).rows[0].name;
    await t.db.pool.query('delete from schema_migrations where name = $1', [last]);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().pending).toEqual([last]);
    } finally {
      await t.db.pool.query('insert into schema_migrations (name) values ($1)', [last]);
    }
  });

  it('readyz fails when the database is unreachable', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const db = createDb('postgres://postgres@127.0.0.1:1/none', { max: 1 });
    const app = await buildApp(config, { db });
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    await app.close();
    await db.close().catch(() => {});
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('echoes a given x-request-id and makes one otherwise', async () => {
    const given = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(String(made.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('serving the web app', () => {
  it('serves the built app for any non-API path and problem+json for API paths', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>');
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST: dist });
    const db = createDb(inject('databaseUrl'), { max: 1 });
    const app = await buildApp(config, { db });
    await app.ready();
    try {
      for (const url of ['/', '/my-contacts/contacts/123', '/no/such/page']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).toContain('<div id="root">');
      }
      const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      const api = await app.inject({ method: 'GET', url: '/api/v1/unknown' });
      expect(api.statusCode).toBe(404);
      expect(api.headers['content-type']).toContain('application/problem+json');
    } finally {
      await app.close();
      await db.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
