import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  firstLinkIn,
  ORIGIN,
  requester,
  sessionCookie,
  signUp,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestContext,
} from '../../../test/helpers.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { ...ORIGIN, ...extra },
    payload: { email, password },
  });

describe('register', () => {
  it('creates the workspace with the user as owner and signs in', async () => {
    const { me, request } = await signUp(t.app, { companyName: 'Globex' });
    const res = await request({ method: 'GET', url: '/api/v1/me' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.workspace.name).toBe('Globex');
    expect(body.role).toBe('owner');
    expect(body.permissions).toContain('settings:manage');
    expect(body.user.id).toBe(me.user.id);
  });

  it('sets an HttpOnly SameSite=Lax cookie holding a token that is stored only hashed', async () => {
    const email = uniqueEmail();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: ORIGIN,
      payload: { name: 'A', email, password: STRONG_PASSWORD, companyName: 'B' },
    });
    const c = res.cookies.find((x) => x.name === 'lt_session')!;
    expect(c.httpOnly).toBe(true);
    expect(c.sameSite).toBe('Lax');
    const rows = await t.db.pool.query('select token_hash from sessions where token_hash = $1', [c.value]);
    expect(rows.rowCount).toBe(0);
  });

  it('refuses short and common passwords with the field path', async () => {
    for (const password of ['short', '1234567890', 'qwertyuiop']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        headers: ORIGIN,
        payload: { name: 'A', email: uniqueEmail(), password, companyName: 'B' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors[0].path).toBe('password');
    }
  });

  it('reports each invalid field with its path', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: ORIGIN,
      payload: { email: 'nope' },
    });
    expect(res.statusCode).toBe(400);
    const paths = res
      .json()
      .errors.map((e: { path: string }) => e.path)
      .sort();
    expect(paths).toEqual(['companyName', 'email', 'name', 'password']);
  });

  it('does not create a second account for a registered email, and tells its holder', async () => {
    const { email } = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: ORIGIN,
      payload: { name: 'X', email: email.toUpperCase(), password: STRONG_PASSWORD, companyName: 'Y' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).not.toMatch(/exists|taken|registered/i);
    const mail = await t.mail.waitFor(email);
    expect(mail).toContain('already has one');
  });
});

describe('login and logout', () => {
  it('signs in with the right password only, rotating the session', async () => {
    const { email, cookie } = await signUp(t.app);
    expect((await login(email, 'wrong password!!')).statusCode).toBe(401);
    const res = await login(email, STRONG_PASSWORD, { cookie });
    expect(res.statusCode).toBe(200);
    const fresh = sessionCookie(res);
    expect(fresh).not.toBe(cookie);
    // the session the browser had before is ended
    expect((await requester(t.app, cookie)({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(401);
    expect((await requester(t.app, fresh)({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(200);
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const { email } = await signUp(t.app);
    const a = await login(email, 'wrong password!!');
    const b = await login(uniqueEmail(), 'wrong password!!');
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.json()).toEqual(b.json());
  });

  it('logout ends the session', async () => {
    const { request } = await signUp(t.app);
    expect((await request({ method: 'POST', url: '/api/v1/auth/logout' })).statusCode).toBe(204);
    const res = await request({ method: 'GET', url: '/api/v1/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
  });

  it('refuses a cookie-authenticated write from another origin (CSRF)', async () => {
    const { request } = await signUp(t.app);
    const res = await request({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('csrf_rejected');
    expect((await request({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it('emails a single-use link that sets the password and signs out other sessions', async () => {
    const { email, request } = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      headers: ORIGIN,
      payload: { email },
    });
    expect(res.statusCode).toBe(202);
    const link = firstLinkIn(await t.mail.waitFor(email));
    expect(link).toMatch(/^http:\/\/localhost:3000\/reset-password\/[\w-]+$/);
    const token = link!.split('/').pop()!;
    const newPassword = 'a brand new passphrase';
    const confirm = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset/confirm',
        headers: ORIGIN,
        payload: { token, password: newPassword },
      });
    expect((await confirm()).statusCode).toBe(200);
    expect((await request({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(401);
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(401);
    expect((await login(email, newPassword)).statusCode).toBe(200);
    const again = await confirm();
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('invalid_token');
  });

  it('refuses an expired link', async () => {
    const { email } = await signUp(t.app);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', headers: ORIGIN, payload: { email } });
    const token = firstLinkIn(await t.mail.waitFor(email))!
      .split('/')
      .pop()!;
    await t.db.pool.query(
      `update password_resets set expires_at = now() - interval '1 second' where expires_at > now()`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      headers: ORIGIN,
      payload: { token, password: 'another good passphrase' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const unknown = uniqueEmail('ghost');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      headers: ORIGIN,
      payload: { email: unknown },
    });
    expect(res.statusCode).toBe(202);
    const { email } = await signUp(t.app);
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      headers: ORIGIN,
      payload: { email },
    });
    expect(known.json()).toEqual(res.json());
    await expect(t.mail.waitFor(unknown, 300)).rejects.toThrow();
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After after too many login attempts', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 5; i++) {
        last = await limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          headers: ORIGIN,
          payload: { email: 'x@test.example', password: 'whatever12345' },
        });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
      expect(last!.json().code).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });
});
