import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  firstLinkIn,
  ORIGIN,
  requester,
  sessionCookie,
  signUp,
  STRONG_PASSWORD,
  type TestContext,
} from '../../../test/helpers.js';
import { addTeammate, bearer, createApiKey, totpCode } from '../../../test/team-helpers.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, totpCode?: string, userAgent?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { ...ORIGIN, ...(userAgent ? { 'user-agent': userAgent } : {}) },
    payload: { email, password, ...(totpCode ? { totpCode } : {}) },
  });

async function enable2fa(request: ReturnType<typeof requester>) {
  const setup = await request({ method: 'POST', url: '/api/v1/me/totp/setup' });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const res = await request({ method: 'POST', url: '/api/v1/me/totp/enable', payload: { code: totpCode(secret) } });
  expect(res.statusCode, res.body).toBe(200);
  return { secret, recoveryCodes: res.json().recoveryCodes as string[] };
}

describe('profile', () => {
  it('changes name, job title, phone (stored as E.164 with the workspace region) and time zone', async () => {
    const u = await signUp(t.app);
    await u.request({ method: 'PATCH', url: '/api/v1/workspace', payload: { defaultPhoneRegion: 'FR' } });
    const res = await u.request({
      method: 'PATCH',
      url: '/api/v1/me/profile',
      payload: { name: 'Paula Profile', jobTitle: 'Head of Sales', phone: '06 12 34 56 78', timeZone: 'Europe/Paris' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Paula Profile',
      jobTitle: 'Head of Sales',
      phone: '+33612345678',
      timeZone: 'Europe/Paris',
      totpEnabled: false,
    });
    const bad = await u.request({
      method: 'PATCH',
      url: '/api/v1/me/profile',
      payload: { phone: 'call me maybe', timeZone: 'Nowhere/City' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('timeZone');
    const badPhone = await u.request({ method: 'PATCH', url: '/api/v1/me/profile', payload: { phone: '12' } });
    expect(badPhone.json().errors[0].path).toBe('phone');
    expect((await u.request({ method: 'GET', url: '/api/v1/me/profile' })).json().phone).toBe('+33612345678');
  });
});

describe('email change', () => {
  it('needs the password and a link sent to the new address; tells the old one', async () => {
    const u = await signUp(t.app);
    const newEmail = `changed-${Date.now()}@test.example`;
    const wrong = await u.request({
      method: 'POST',
      url: '/api/v1/me/email',
      payload: { newEmail, password: 'nope nope nope' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].path).toBe('password');

    const res = await u.request({
      method: 'POST',
      url: '/api/v1/me/email',
      payload: { newEmail, password: STRONG_PASSWORD },
    });
    expect(res.statusCode).toBe(202);
    expect((await u.request({ method: 'GET', url: '/api/v1/me/profile' })).json()).toMatchObject({
      email: u.email,
      pendingEmail: newEmail,
    });
    const link = firstLinkIn(await t.mail.waitFor(newEmail))!;
    expect(link).toMatch(/\/settings\/my-account\?confirm-email=/);
    const token = new URL(link).searchParams.get('confirm-email')!;

    const confirm = () =>
      t.app.inject({ method: 'POST', url: '/api/v1/me/email/confirm', headers: ORIGIN, payload: { token } });
    const ok = await confirm();
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe(newEmail);
    expect(await t.mail.waitFor(u.email)).toContain(newEmail);
    expect((await confirm()).statusCode).toBe(400);
    expect((await login(newEmail, STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await login(u.email, STRONG_PASSWORD)).statusCode).toBe(401);
  });

  it("refuses another account's address", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const res = await a.request({
      method: 'POST',
      url: '/api/v1/me/email',
      payload: { newEmail: b.email, password: STRONG_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('newEmail');
  });
});

describe('password change', () => {
  it('requires the current password and signs out the other sessions only', async () => {
    const u = await signUp(t.app);
    const other = requester(t.app, sessionCookie(await login(u.email, STRONG_PASSWORD)));
    const wrong = await u.request({
      method: 'POST',
      url: '/api/v1/me/password',
      payload: { currentPassword: 'wrong one!!', newPassword: 'a fresh long passphrase' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].path).toBe('currentPassword');
    const weak = await u.request({
      method: 'POST',
      url: '/api/v1/me/password',
      payload: { currentPassword: STRONG_PASSWORD, newPassword: 'password123' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0].path).toBe('newPassword');

    const res = await u.request({
      method: 'POST',
      url: '/api/v1/me/password',
      payload: { currentPassword: STRONG_PASSWORD, newPassword: 'a fresh long passphrase' },
    });
    expect(res.statusCode).toBe(200);
    expect((await u.request({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(200);
    expect((await other({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(401);
    expect((await login(u.email, 'a fresh long passphrase')).statusCode).toBe(200);
  });
});

describe('two-factor authentication', () => {
  it('setup gives a secret, an otpauth URL and a QR code; enabling gives ten recovery codes once', async () => {
    const u = await signUp(t.app);
    const setup = (await u.request({ method: 'POST', url: '/api/v1/me/totp/setup' })).json();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Leadtrail:.*secret=/);
    expect(setup.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const wrong = await u.request({ method: 'POST', url: '/api/v1/me/totp/enable', payload: { code: '000000' } });
    expect(wrong.statusCode).toBe(400);
    const res = await u.request({
      method: 'POST',
      url: '/api/v1/me/totp/enable',
      payload: { code: totpCode(setup.secret) },
    });
    const { recoveryCodes } = res.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await t.db.pool.query('select code_hash from recovery_codes where user_id = $1', [u.me.user.id]);
    expect(stored.rowCount).toBe(10);
    expect(stored.rows.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]);
    expect((await u.request({ method: 'GET', url: '/api/v1/me/profile' })).json()).toMatchObject({
      totpEnabled: true,
      recoveryCodesRemaining: 10,
    });
    expect((await u.request({ method: 'POST', url: '/api/v1/me/totp/setup' })).statusCode).toBe(409);
  });

  it('login then asks for the code, accepts a valid one once, and never a replay', async () => {
    const u = await signUp(t.app);
    const { secret } = await enable2fa(u.request);
    const required = await login(u.email, STRONG_PASSWORD);
    expect(required.statusCode).toBe(401);
    expect(required.json().code).toBe('totp_required');
    const code = totpCode(secret, 1);
    expect((await login(u.email, STRONG_PASSWORD, code)).statusCode).toBe(200);
    const replay = await login(u.email, STRONG_PASSWORD, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('totp_invalid');
  });

  it('answers 429 after repeated wrong codes, even to a right one, until the window passes', async () => {
    const u = await signUp(t.app);
    const { secret } = await enable2fa(u.request);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(u.email, STRONG_PASSWORD, '123456')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const locked = await login(u.email, STRONG_PASSWORD, totpCode(secret, 1));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('too_many_attempts');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    await t.db.pool.query(`update users set totp_last_failed_at = now() - interval '16 minutes' where id = $1`, [
      u.me.user.id,
    ]);
    expect((await login(u.email, STRONG_PASSWORD, totpCode(secret, 1))).statusCode).toBe(200);
  });

  it('a recovery code works once', async () => {
    const u = await signUp(t.app);
    const { recoveryCodes } = await enable2fa(u.request);
    const code = recoveryCodes[3]!;
    expect((await login(u.email, STRONG_PASSWORD, code.toUpperCase())).statusCode).toBe(200);
    const again = await login(u.email, STRONG_PASSWORD, code);
    expect(again.statusCode).toBe(401);
    expect((await u.request({ method: 'GET', url: '/api/v1/me/profile' })).json().recoveryCodesRemaining).toBe(9);
  });

  it('new recovery codes replace the old ones', async () => {
    const u = await signUp(t.app);
    const { secret, recoveryCodes } = await enable2fa(u.request);
    const res = await u.request({
      method: 'POST',
      url: '/api/v1/me/totp/recovery-codes',
      payload: { password: STRONG_PASSWORD, code: totpCode(secret, 1) },
    });
    expect(res.statusCode).toBe(200);
    expect((await login(u.email, STRONG_PASSWORD, recoveryCodes[0])).statusCode).toBe(401);
    expect((await login(u.email, STRONG_PASSWORD, res.json().recoveryCodes[0])).statusCode).toBe(200);
  });

  it('disabling needs the password and a code', async () => {
    const u = await signUp(t.app);
    const { secret } = await enable2fa(u.request);
    const noPwd = await u.request({
      method: 'POST',
      url: '/api/v1/me/totp/disable',
      payload: { password: 'wrong wrong', code: totpCode(secret, 1) },
    });
    expect(noPwd.statusCode).toBe(400);
    expect(noPwd.json().errors[0].path).toBe('password');
    const noCode = await u.request({
      method: 'POST',
      url: '/api/v1/me/totp/disable',
      payload: { password: STRONG_PASSWORD, code: '111111' },
    });
    expect(noCode.json().errors[0].path).toBe('code');
    const ok = await u.request({
      method: 'POST',
      url: '/api/v1/me/totp/disable',
      payload: { password: STRONG_PASSWORD, code: totpCode(secret, 1) },
    });
    expect(ok.statusCode).toBe(200);
    expect((await login(u.email, STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await t.db.pool.query('select 1 from recovery_codes where user_id = $1', [u.me.user.id])).rowCount).toBe(0);
  });
});

describe('second-factor limiter under concurrency (issue 27, finding 10)', () => {
  it('30 concurrent wrong codes to turn 2FA off: at most 5 are evaluated, the rest 429', async () => {
    const u = await signUp(t.app);
    await enable2fa(u.request);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        u.request({
          method: 'POST',
          url: '/api/v1/me/totp/disable',
          payload: { password: STRONG_PASSWORD, code: String(100000 + i) },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    // 400: the code was checked and wrong; 429: refused unchecked by the limiter
    expect(codes.filter((c) => c === 400).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(25);
    const row = await t.db.pool.query('select totp_enabled, totp_failed_attempts from users where id = $1', [u.me.user.id]);
    expect(row.rows[0]).toMatchObject({ totp_enabled: true, totp_failed_attempts: 5 });
  });
});

describe('sessions', () => {
  const chrome =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

  it('lists sessions with browser, OS, IP and the current one; revokes one or all others', async () => {
    const u = await signUp(t.app);
    const second = requester(t.app, sessionCookie(await login(u.email, STRONG_PASSWORD, undefined, chrome)));
    const third = requester(t.app, sessionCookie(await login(u.email, STRONG_PASSWORD)));
    const list = (await u.request({ method: 'GET', url: '/api/v1/me/sessions' })).json().data;
    expect(list).toHaveLength(3);
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const win = list.find((s: { browser: string }) => s.browser === 'Chrome 124');
    expect(win).toMatchObject({ os: 'Windows', device: 'desktop', ip: '127.0.0.1', current: false });

    expect((await u.request({ method: 'DELETE', url: `/api/v1/me/sessions/${win.id}` })).statusCode).toBe(204);
    expect((await second({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(401);
    const others = await u.request({ method: 'POST', url: '/api/v1/me/sessions/revoke-others' });
    expect(others.json()).toEqual({ revoked: 1 });
    expect((await third({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(401);
    expect((await u.request({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(200);
  });

  it("another user's session answers 404 and stays", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const bSession = (await b.request({ method: 'GET', url: '/api/v1/me/sessions' })).json().data[0].id;
    expect((await a.request({ method: 'DELETE', url: `/api/v1/me/sessions/${bSession}` })).statusCode).toBe(404);
    expect((await b.request({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(200);
  });
});

describe('API keys', () => {
  it('shows the key once, stores its hash, authenticates with the owner role, records use, and stops when revoked', async () => {
    const owner = await signUp(t.app);
    const member = await addTeammate(t, owner.request, 'member');
    const res = await member.request({ method: 'POST', url: '/api/v1/me/api-keys', payload: { name: 'CRM sync' } });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.key).toMatch(/^lt_[\w-]{40,}$/);
    expect(created.prefix).toBe(created.key.slice(0, 11));
    const stored = await t.db.pool.query('select key_hash from api_keys where id = $1', [created.id]);
    expect(stored.rows[0].key_hash).not.toContain(created.key.slice(3));

    const call = bearer(t.app, created.key);
    const me = await call({ method: 'GET', url: '/api/v1/me' });
    expect(me.json()).toMatchObject({ role: 'member', workspace: { id: member.me.workspace.id } });
    expect((await call({ method: 'GET', url: '/api/v1/members' })).statusCode).toBe(403);
    await new Promise((r) => setTimeout(r, 100));
    const listed = (await member.request({ method: 'GET', url: '/api/v1/me/api-keys' })).json().data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty('key');
    expect(listed[0].lastUsedAt).not.toBeNull();

    expect((await member.request({ method: 'DELETE', url: `/api/v1/me/api-keys/${created.id}` })).statusCode).toBe(204);
    expect((await call({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(401);
    expect((await member.request({ method: 'GET', url: '/api/v1/me/api-keys' })).json().data).toEqual([]);
  });

  it('cannot change the password, 2FA, sessions or mint keys', async () => {
    const u = await signUp(t.app);
    const call = bearer(t.app, await createApiKey(u.request));
    const attempts = [
      call({ method: 'POST', url: '/api/v1/me/api-keys', payload: { name: 'x' } }),
      call({
        method: 'POST',
        url: '/api/v1/me/password',
        payload: { currentPassword: STRONG_PASSWORD, newPassword: 'another passphrase!' },
      }),
      call({ method: 'POST', url: '/api/v1/me/totp/setup' }),
      call({ method: 'POST', url: '/api/v1/me/sessions/revoke-others' }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('session_required');
    }
  });

  it("another user's key answers 404 to revoke", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await createApiKey(b.request);
    const id = (await b.request({ method: 'GET', url: '/api/v1/me/api-keys' })).json().data[0].id;
    expect((await a.request({ method: 'DELETE', url: `/api/v1/me/api-keys/${id}` })).statusCode).toBe(404);
    expect((await b.request({ method: 'GET', url: '/api/v1/me/api-keys' })).json().data).toHaveLength(1);
  });
});

describe('workspace switch', () => {
  it('answers 404 for a workspace the user does not belong to', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const res = await a.request({
      method: 'POST',
      url: '/api/v1/me/workspace',
      payload: { workspaceId: b.me.workspace.id },
    });
    expect(res.statusCode).toBe(404);
    expect((await a.request({ method: 'GET', url: '/api/v1/me' })).json().workspace.id).toBe(a.me.workspace.id);
  });
});
