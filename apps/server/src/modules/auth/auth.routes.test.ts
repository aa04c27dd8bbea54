import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmRegistration,
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
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: ORIGIN,
      payload: { name: 'A', email, password: STRONG_PASSWORD, companyName: 'B' },
    });
    const res = await confirmRegistration(t.app, email);
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

  it('answers a taken and a new email the same (status, body shape, no cookie); only the holder learns it (finding 8)', async () => {
    const { email } = await signUp(t.app);
    const fresh = uniqueEmail('fresh');
    const ask = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        headers: ORIGIN,
        payload: { name: 'X Person', email: address, password: STRONG_PASSWORD, companyName: 'Y Co' },
      });
    const taken = await ask(email.toUpperCase());
    const created = await ask(fresh);
    for (const res of [taken, created]) {
      expect(res.statusCode).toBe(202);
      expect(Object.keys(res.json())).toEqual(['message']);
      expect(res.cookies).toHaveLength(0);
    }
    expect(taken.json().message.replace(email, '<email>')).toBe(created.json().message.replace(fresh, '<email>'));
    // the holder is told; the new address gets the link that creates the account
    expect(await t.mail.waitFor(email)).toContain('already has one');
    const link = firstLinkIn(await t.mail.waitFor(fresh))!;
    expect(link).toMatch(/^http:\/\/localhost:3000\/register\/confirm\/[\w-]+$/);
    expect((await login(fresh, STRONG_PASSWORD)).statusCode).toBe(401);
    const token = link.split('/').pop()!;
    const confirm = () =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/register/confirm', headers: ORIGIN, payload: { token } });
    const done = await confirm();
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({ user: { email: fresh }, workspace: { name: 'Y Co' }, role: 'owner' });
    expect((await requester(t.app, sessionCookie(done))({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(200);
    // the link works once
    expect((await confirm()).json().code).toBe('invalid_token');
    // the existing account is untouched: its password still works, no second user
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(200);
    const users = await t.db.pool.query('select count(*)::int as n from users where email = $1', [email]);
    expect(users.rows[0].n).toBe(1);
  });

  it('a second link for the same address, followed after the first, creates nothing more', async () => {
    const email = uniqueEmail('twice');
    const payload = { name: 'Twice', email, password: STRONG_PASSWORD, companyName: 'Twice Co' };
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', headers: ORIGIN, payload });
    const first = firstLinkIn(await t.mail.waitFor(email))!
      .split('/')
      .pop()!;
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', headers: ORIGIN, payload });
    const second = firstLinkIn(await t.mail.waitFor(email))!
      .split('/')
      .pop()!;
    const follow = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/register/confirm', headers: ORIGIN, payload: { token } });
    expect((await follow(second)).statusCode).toBe(201);
    const late = await follow(first);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('account_exists');
    const workspaces = await t.db.pool.query(
      "select count(*)::int as n from members m join users u on u.id = m.user_id where u.email = $1 and m.role = 'owner'",
      [email],
    );
    expect(workspaces.rows[0].n).toBe(1);
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
    const check = async (tok: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset/check',
        headers: ORIGIN,
        payload: { token: tok },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().valid as boolean;
    };
    // the page asks first: the link works (and asking spends nothing), a made-up one doesn't
    expect(await check(token)).toBe(true);
    expect(await check(token)).toBe(true);
    expect(await check('not-a-real-reset-token-0000')).toBe(false);
    expect(await check('short')).toBe(false);
    const confirm = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset/confirm',
        headers: ORIGIN,
        payload: { token, password: newPassword },
      });
    expect((await confirm()).statusCode).toBe(200);
    // a used link is reported as such before the form
    expect(await check(token)).toBe(false);
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

describe('reset links (issue 16 finding 10)', () => {
  const askReset = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', headers: ORIGIN, payload: { email } });
  const confirmReset = (token: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      headers: ORIGIN,
      payload: { token, password },
    });
  const tokenIn = async (email: string) =>
    firstLinkIn(await t.mail.waitFor(email))!
      .split('/')
      .pop()!;

  it('using one link ends every other outstanding link', async () => {
    const { email } = await signUp(t.app);
    await askReset(email);
    const first = await tokenIn(email);
    await askReset(email);
    const second = await tokenIn(email);
    expect((await confirmReset(second, 'a brand new passphrase')).statusCode).toBe(200);
    const old = await confirmReset(first, 'an attackers passphrase');
    expect(old.statusCode).toBe(400);
    expect(old.json().code).toBe('invalid_token');
    expect((await login(email, 'a brand new passphrase')).statusCode).toBe(200);
  });

  it('changing the password ends every outstanding link', async () => {
    const { email, request } = await signUp(t.app);
    await askReset(email);
    const token = await tokenIn(email);
    const changed = await request({
      method: 'POST',
      url: '/api/v1/me/password',
      payload: { currentPassword: STRONG_PASSWORD, newPassword: 'another good passphrase' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await confirmReset(token, 'an attackers passphrase')).statusCode).toBe(400);
    expect((await login(email, 'another good passphrase')).statusCode).toBe(200);
  });

  it('answers a reset request without any database work, for an existing and an unknown email alike (finding 9)', async () => {
    const { email } = await signUp(t.app);
    const ghost = uniqueEmail('ghost');
    // hold the users table: a request that looked the address up (or wrote a link) would wait here
    const blocker = await t.db.pool.connect();
    let answers: { status: number; ms: number }[];
    try {
      await blocker.query('begin');
      await blocker.query('lock table users, password_resets in access exclusive mode');
      // a request that waits on the tables counts as failed after 3 s (and lets the lock go)
      const late = new Promise<{ status: number; ms: number }[]>((done) =>
        setTimeout(() => done([{ status: 0, ms: 3000 }]), 3000),
      );
      const answered = Promise.all(
        [email, ghost, email, ghost].map(async (address) => {
          const started = Date.now();
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/v1/auth/password-reset',
            headers: ORIGIN,
            payload: { email: address },
          });
          return { status: res.statusCode, ms: Date.now() - started };
        }),
      );
      answers = await Promise.race([answered, late]);
    } finally {
      await blocker.query('rollback');
      blocker.release();
    }
    // both answered while the tables were held: nothing about the address decides the timing
    for (const a of answers) {
      expect(a.status).toBe(202);
      expect(a.ms).toBeLessThan(2000);
    }
    // the work ran after the answer: the existing address gets its links once the tables are free
    expect(firstLinkIn(await t.mail.waitFor(email, 10_000))).toMatch(/\/reset-password\//);
    expect(firstLinkIn(await t.mail.waitFor(email, 10_000))).toMatch(/\/reset-password\//);
  });
});

describe('per-account login throttle (finding 11)', () => {
  const lockedUntil = async (email: string) =>
    (await t.db.pool.query('select locked_until from login_throttles where email = $1', [email])).rows[0]
      ?.locked_until as Date | undefined;

  it('after 5 wrong passwords the right one is refused until the lock ends; the owner is told', async () => {
    const { email } = await signUp(t.app);
    for (let i = 0; i < 5; i++) expect((await login(email, `wrong password ${i}`)).statusCode).toBe(401);
    const locked = await login(email, STRONG_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('login_throttled');
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await t.mail.waitFor(email)).toMatch(/Sign-in to your Leadtrail account is paused/);

    // the lock ends by time: the right password works, and the count starts again
    await t.db.pool.query(`update login_throttles set locked_until = now() - interval '1 second' where email = $1`, [
      email,
    ]);
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(email, `wrong again ${i}`)).statusCode).toBe(401);
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('backs off exponentially: each further wrong password after a lock doubles it', async () => {
    const { email } = await signUp(t.app);
    for (let i = 0; i < 5; i++) await login(email, `wrong password ${i}`);
    const first = (await lockedUntil(email))!.getTime() - Date.now();
    await t.db.pool.query(`update login_throttles set locked_until = now() - interval '1 second' where email = $1`, [
      email,
    ]);
    expect((await login(email, 'still wrong')).statusCode).toBe(401);
    const second = (await lockedUntil(email))!.getTime() - Date.now();
    expect(first).toBeGreaterThan(50_000);
    expect(first).toBeLessThanOrEqual(60_000);
    expect(second).toBeGreaterThan(110_000);
    expect(second).toBeLessThanOrEqual(120_000);
  });

  it('50 concurrent wrong passwords: at most 5 are evaluated, then the right one is refused', async () => {
    const { email } = await signUp(t.app);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(email, `guess number ${i}`, { 'x-forwarded-for': `10.0.0.${i % 5}` })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(45);
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(429);
  });

  it('a password reset lifts the lock', async () => {
    const { email } = await signUp(t.app);
    for (let i = 0; i < 5; i++) await login(email, `wrong password ${i}`);
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(429);
    await t.mail.waitFor(email); // the "paused" notice
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', headers: ORIGIN, payload: { email } });
    const token = firstLinkIn(await t.mail.waitFor(email))!
      .split('/')
      .pop()!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      headers: ORIGIN,
      payload: { token, password: 'a fresh passphrase here' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(email, 'a fresh passphrase here')).statusCode).toBe(200);
  });

  it('throttles an unknown email the same way (a lock tells nothing about existence)', async () => {
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 5; i++) expect((await login(ghost, `wrong password ${i}`)).statusCode).toBe(401);
    const res = await login(ghost, STRONG_PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('login_throttled');
  });
});

describe('targeted lockout and reset floods (issue 27, finding 11)', () => {
  /** The device cookie a successful sign-in leaves, as a Cookie header. */
  const deviceOf = (res: Awaited<ReturnType<typeof login>>) => {
    const c = res.cookies.find((x) => x.name === 'lt_device');
    expect(c, 'device cookie').toBeDefined();
    return { cookie: `lt_device=${c!.value}`, set: c! };
  };

  it("a stranger's wrong passwords lock out unknown browsers only: the owner's browser still gets in", async () => {
    const { email } = await signUp(t.app);
    const first = await login(email, STRONG_PASSWORD);
    expect(first.statusCode).toBe(200);
    const device = deviceOf(first);
    // long-lived, sent back to the auth routes only, out of scripts' reach
    expect(device.set).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth' });
    expect(new Date(device.set.expires!).getTime() - Date.now()).toBeGreaterThan(150 * 86_400_000);
    const stored = await t.db.pool.query('select 1 from trusted_devices where token_hash = $1', [device.set.value]);
    expect(stored.rowCount).toBe(0); // kept hashed only

    for (let i = 0; i < 5; i++) expect((await login(email, `stranger guess ${i}`)).statusCode).toBe(401);
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(429);
    const owner = await login(email, STRONG_PASSWORD, { cookie: device.cookie });
    expect(owner.statusCode, owner.body).toBe(200);
    // the address stays locked for unknown browsers while the owner signs in
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(429);
    // a cookie of another account, or a made-up one, is an unknown browser
    expect((await login(email, STRONG_PASSWORD, { cookie: 'lt_device=made-up-token-value' })).statusCode).toBe(429);
    const other = await signUp(t.app);
    const otherDevice = deviceOf(await login(other.email, STRONG_PASSWORD));
    expect((await login(email, STRONG_PASSWORD, { cookie: otherDevice.cookie })).statusCode).toBe(429);
  });

  it('a trusted browser has its own count: 5 wrong passwords with it lock it too', async () => {
    const { email } = await signUp(t.app);
    const device = deviceOf(await login(email, STRONG_PASSWORD));
    for (let i = 0; i < 5; i++) expect((await login(email, `wrong ${i}`, { cookie: device.cookie })).statusCode).toBe(401);
    const locked = await login(email, STRONG_PASSWORD, { cookie: device.cookie });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('login_throttled');
    // its guesses did not count against the address
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('a new password forgets every trusted browser', async () => {
    const { email, request } = await signUp(t.app);
    const device = deviceOf(await login(email, STRONG_PASSWORD));
    const changed = await request({
      method: 'POST',
      url: '/api/v1/me/password',
      payload: { currentPassword: STRONG_PASSWORD, newPassword: 'another good passphrase' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    for (let i = 0; i < 5; i++) await login(email, `stranger guess ${i}`);
    expect((await login(email, 'another good passphrase', { cookie: device.cookie })).statusCode).toBe(429);
  });

  it('sends one recipient at most 3 reset mails an hour; every request gets the same answer', async () => {
    const { email, me } = await signUp(t.app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', headers: ORIGIN, payload: { email } }),
      ),
    );
    for (const a of answers) {
      expect(a.statusCode).toBe(202);
      expect(a.body).toBe(answers[0]!.body);
    }
    for (let i = 0; i < 3; i++) expect(firstLinkIn(await t.mail.waitFor(email, 10_000))).toMatch(/\/reset-password\//);
    // the work runs after the answers: give the other 17 time to have (not) mailed
    await new Promise((r) => setTimeout(r, 1000));
    await expect(t.mail.waitFor(email, 500)).rejects.toThrow();
    const links = await t.db.pool.query('select count(*)::int as n from password_resets where user_id = $1', [me.user.id]);
    expect(links.rows[0].n).toBe(3);
  });
});

describe('API answers are not cached (finding 14)', () => {
  it('answers /me, grids, API keys and sign-in with Cache-Control: no-store, by session and by API key', async () => {
    const email = uniqueEmail();
    const { request } = await signUp(t.app, { email });
    for (const url of ['/api/v1/me', '/api/v1/contacts', '/api/v1/me/api-keys', '/api/v1/members']) {
      const res = await request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const created = await request({ method: 'POST', url: '/api/v1/me/api-keys', payload: { name: 'k' } });
    expect(created.headers['cache-control']).toBe('no-store');
    const key = created.json().key as string;
    const byKey = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${key}` } });
    expect(byKey.headers['cache-control']).toBe('no-store');
    expect((await login(email, STRONG_PASSWORD)).headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me' })).headers['cache-control']).toBe('no-store');
  });
});

describe('CSRF origin pinned to APP_URL (finding 15)', () => {
  it("refuses another scheme, port or host, even one matching the request's Host header", async () => {
    const { request } = await signUp(t.app);
    const write = (headers: Record<string, string>) =>
      request({ method: 'PATCH', url: '/api/v1/me/profile', payload: { jobTitle: 'CSRF' }, headers });
    const attacks: Record<string, string>[] = [
      { origin: 'https://localhost:3000' },
      { origin: 'http://localhost:3001' },
      { origin: 'http://127.0.0.1:3000' },
      { origin: 'http://evil.example', host: 'evil.example' },
      { origin: 'null' },
      { origin: '', referer: 'http://evil.example/page' },
    ];
    for (const headers of attacks) {
      const res = await write(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().code).toBe('csrf_rejected');
    }
    expect((await request({ method: 'GET', url: '/api/v1/me/profile' })).json().jobTitle).toBeNull();
    expect((await write({ origin: 'http://localhost:3000' })).statusCode).toBe(200);
    expect((await write({ origin: '', referer: 'http://localhost:3000/settings/my-account' })).statusCode).toBe(200);
  });
});
