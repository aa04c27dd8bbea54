import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  ORIGIN,
  requester,
  sessionCookie,
  signUp,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestContext,
} from '../../../test/helpers.js';
import { addTeammate, invitationTokenFor } from '../../../test/team-helpers.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const preview = (token: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/invitations/${token}`, headers: cookie ? { cookie } : {} });
const accept = (token: string, payload: Record<string, unknown> = {}, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/invitations/${token}/accept`,
    headers: { ...ORIGIN, ...(cookie ? { cookie } : {}) },
    payload,
  });

async function invite(request: ReturnType<typeof requester>, email: string, role: 'admin' | 'member' = 'member') {
  const res = await request({ method: 'POST', url: '/api/v1/invitations', payload: { email, role } });
  expect(res.statusCode, res.body).toBe(201);
  return { invitation: res.json().data[0], token: await invitationTokenFor(t, email) };
}

describe('inviting', () => {
  it('emails a link to /user-invite/{token}; only a hash of the token is stored', async () => {
    const owner = await signUp(t.app, { name: 'Olive Owner', companyName: 'Initech' });
    const email = uniqueEmail('new');
    const res = await owner.request({
      method: 'POST',
      url: '/api/v1/invitations',
      payload: { email: email.toUpperCase(), role: 'admin' },
    });
    expect(res.statusCode).toBe(201);
    const [inv] = res.json().data;
    expect(inv).toMatchObject({ email, role: 'admin', state: 'pending', invitedBy: { name: 'Olive Owner' } });
    const expires = new Date(inv.expiresAt).getTime() - Date.now();
    expect(expires).toBeGreaterThan(6.9 * 86_400_000);
    expect(expires).toBeLessThanOrEqual(7 * 86_400_000);

    const mail = await t.mail.waitFor(email);
    expect(mail).toContain('Olive Owner invited you to join Initech');
    const token = mail.match(/http:\/\/localhost:3000\/user-invite\/([\w-]+)/)![1]!;
    const stored = await t.db.pool.query('select token_hash from invitations where id = $1', [inv.id]);
    expect(stored.rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.rows[0].token_hash).not.toContain(token);

    const p = await preview(token);
    expect(p.statusCode).toBe(200);
    expect(p.json()).toMatchObject({
      state: 'pending',
      email,
      role: 'admin',
      workspaceName: 'Initech',
      inviterName: 'Olive Owner',
      accountExists: false,
      signedInAs: null,
    });

    const list = await owner.request({ method: 'GET', url: '/api/v1/invitations' });
    expect(list.json().data.map((i: { email: string }) => i.email)).toEqual([email]);
  });

  it('invites several addresses at once, or none when one of them is refused', async () => {
    const owner = await signUp(t.app);
    const a = uniqueEmail('a');
    const bad = await owner.request({
      method: 'POST',
      url: '/api/v1/invitations',
      payload: { emails: [a, owner.email], role: 'member' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: 'emails.1', message: `${owner.email} is already a member of this workspace` },
    ]);
    expect((await owner.request({ method: 'GET', url: '/api/v1/invitations' })).json().data).toEqual([]);

    const b = uniqueEmail('b');
    const ok = await owner.request({
      method: 'POST',
      url: '/api/v1/invitations',
      payload: { emails: [a, b, a], role: 'member' },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toHaveLength(2);
    await t.mail.waitFor(a);
    await t.mail.waitFor(b);

    const again = await owner.request({
      method: 'POST',
      url: '/api/v1/invitations',
      payload: { email: a, role: 'member' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0]).toEqual({
      path: 'email',
      message: `${a} already has a pending invitation: resend it instead`,
    });
  });

  it('refuses bad input with the field path', async () => {
    const owner = await signUp(t.app);
    const res = await owner.request({
      method: 'POST',
      url: '/api/v1/invitations',
      payload: { emails: ['not-an-email'], role: 'owner' },
    });
    expect(res.statusCode).toBe(400);
    const paths = res
      .json()
      .errors.map((e: { path: string }) => e.path)
      .sort();
    expect(paths).toEqual(['emails.0', 'role']);
  });

  it('counts pending invitations against the 3 seats of the Free plan', async () => {
    const owner = await signUp(t.app);
    const res1 = await owner.request({
      method: 'POST',
      url: '/api/v1/invitations',
      payload: { emails: [uniqueEmail(), uniqueEmail(), uniqueEmail()], role: 'member' },
    });
    expect(res1.statusCode).toBe(402);
    expect(res1.json()).toMatchObject({ code: 'seat_limit_reached', seatLimit: 3, seatsUsed: 1 });
    expect(res1.json().detail).toMatch(/Upgrade your plan/);
    expect(res1.json().detail).toContain('includes 3 seats and 1 is in use (members and pending invitations), so 2 more people can join, not 3');
    expect((await owner.request({ method: 'GET', url: '/api/v1/invitations' })).json().data).toEqual([]);

    const x = uniqueEmail('x');
    expect(
      (
        await owner.request({
          method: 'POST',
          url: '/api/v1/invitations',
          payload: { emails: [x, uniqueEmail()], role: 'member' },
        })
      ).statusCode,
    ).toBe(201);
    const full = await owner.request({
      method: 'POST',
      url: '/api/v1/invitations',
      payload: { email: uniqueEmail(), role: 'member' },
    });
    expect(full.statusCode).toBe(402);
    const seats = (await owner.request({ method: 'GET', url: '/api/v1/members' })).json().seats;
    expect(seats).toEqual({ limit: 3, used: 3, activeMembers: 1, pendingInvitations: 2 });

    // revoking frees the seat
    const pending = (await owner.request({ method: 'GET', url: '/api/v1/invitations' })).json().data;
    expect((await owner.request({ method: 'DELETE', url: `/api/v1/invitations/${pending[0].id}` })).statusCode).toBe(
      204,
    );
    expect(
      (
        await owner.request({
          method: 'POST',
          url: '/api/v1/invitations',
          payload: { email: uniqueEmail(), role: 'member' },
        })
      ).statusCode,
    ).toBe(201);
  });

  it('never gives out more seats than the plan has, even to concurrent requests', async () => {
    const owner = await signUp(t.app);
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        owner.request({
          method: 'POST',
          url: '/api/v1/invitations',
          payload: { email: uniqueEmail(), role: 'member' },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 402, 402]);
  });

  it('restricts invitations to the workspace domain when asked', async () => {
    const owner = await signUp(t.app);
    expect(
      (
        await owner.request({
          method: 'PATCH',
          url: '/api/v1/workspace',
          payload: { domain: 'initech.example', restrictInvitesToDomain: true },
        })
      ).statusCode,
    ).toBe(200);
    const res = await owner.request({
      method: 'POST',
      url: '/api/v1/invitations',
      payload: { emails: ['bob@initech.example', 'eve@other.example'], role: 'member' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'emails.1', message: 'Only addresses at initech.example can be invited to this workspace' },
    ]);
    expect(
      (
        await owner.request({
          method: 'POST',
          url: '/api/v1/invitations',
          payload: { email: 'bob@initech.example', role: 'member' },
        })
      ).statusCode,
    ).toBe(201);
  });

  it('resends with a new link (the old one stops working) and not twice a minute', async () => {
    const owner = await signUp(t.app);
    const email = uniqueEmail();
    const { invitation, token } = await invite(owner.request, email);
    const soon = await owner.request({ method: 'POST', url: `/api/v1/invitations/${invitation.id}/resend` });
    expect(soon.statusCode).toBe(429);
    await t.db.pool.query(
      `update invitations set last_sent_at = now() - interval '2 minutes', expires_at = now() - interval '1 hour' where id = $1`,
      [invitation.id],
    );
    expect((await owner.request({ method: 'GET', url: '/api/v1/invitations' })).json().data[0].state).toBe('expired');
    const res = await owner.request({ method: 'POST', url: `/api/v1/invitations/${invitation.id}/resend` });
    expect(res.statusCode).toBe(200);
    expect(res.json().state).toBe('pending');
    const fresh = await invitationTokenFor(t, email);
    expect(fresh).not.toBe(token);
    expect((await preview(token)).statusCode).toBe(404);
    expect((await preview(fresh)).json().state).toBe('pending');
  });
});

describe('accepting', () => {
  it('a new person sets name and password and lands signed in as a member', async () => {
    const owner = await signUp(t.app, { companyName: 'Hooli' });
    const email = uniqueEmail('newbie');
    const { token } = await invite(owner.request, email, 'member');
    const missing = await accept(token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((e: { path: string }) => e.path)).toEqual(['name', 'password']);
    const weak = await accept(token, { name: 'Nina', password: '1234567890' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0].path).toBe('password');
    expect((await preview(token)).json().state).toBe('pending');

    const res = await accept(token, { name: 'Nina New', password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      workspace: { name: 'Hooli' },
      role: 'member',
      user: { name: 'Nina New', email },
    });
    const me = await requester(t.app, sessionCookie(res))({ method: 'GET', url: '/api/v1/me' });
    expect(me.json().role).toBe('member');
    // and can sign in later
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: ORIGIN,
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().workspace.name).toBe('Hooli');
  });

  it('is single use', async () => {
    const owner = await signUp(t.app);
    const { token } = await invite(owner.request, uniqueEmail());
    const [a, b] = await Promise.all([
      accept(token, { name: 'One', password: STRONG_PASSWORD }),
      accept(token, { name: 'Two', password: STRONG_PASSWORD }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    // the loser finds it used (410) or its address already taken by the winner (409)
    expect(codes[0]).toBe(201);
    expect([409, 410]).toContain(codes[1]);
    const again = await accept(token, { name: 'Three', password: STRONG_PASSWORD });
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('invitation_used');
    expect((await preview(token)).json().state).toBe('accepted');
    const members = (await owner.request({ method: 'GET', url: '/api/v1/members' })).json();
    expect(members.data).toHaveLength(2);
  });

  it('an existing user signed in with the invited email joins with one click and can switch back', async () => {
    const owner = await signUp(t.app, { companyName: 'Pied Piper' });
    const other = await signUp(t.app, { companyName: 'Own Co' });
    const { token } = await invite(owner.request, other.email, 'admin');

    const anonymous = await preview(token);
    expect(anonymous.json()).toMatchObject({ accountExists: true, signedInAs: null });
    const signedOut = await accept(token, { name: 'X', password: STRONG_PASSWORD });
    expect(signedOut.statusCode).toBe(409);
    expect(signedOut.json().code).toBe('account_exists');

    expect((await preview(token, other.cookie)).json().signedInAs).toBe(other.email);
    const res = await accept(token, {}, other.cookie);
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me.workspace.name).toBe('Pied Piper');
    expect(me.role).toBe('admin');
    expect(me.workspaces.map((w: { name: string }) => w.name).sort()).toEqual(['Own Co', 'Pied Piper']);
    // the same session now acts in the new workspace
    expect((await other.request({ method: 'GET', url: '/api/v1/me' })).json().workspace.name).toBe('Pied Piper');

    const back = await other.request({
      method: 'POST',
      url: '/api/v1/me/workspace',
      payload: { workspaceId: other.me.workspace.id },
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().workspace.name).toBe('Own Co');
    expect((await other.request({ method: 'GET', url: '/api/v1/me' })).json().role).toBe('owner');
  });

  it('refuses a signed-in user whose email does not match', async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const email = uniqueEmail('intended');
    const { token } = await invite(owner.request, email);
    const res = await accept(token, {}, stranger.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('email_mismatch');
    expect(res.json().detail).toContain(email);
    expect((await preview(token)).json().state).toBe('pending');
  });

  it('refuses an expired invitation', async () => {
    const owner = await signUp(t.app);
    const { invitation, token } = await invite(owner.request, uniqueEmail());
    await t.db.pool.query(`update invitations set expires_at = now() - interval '1 second' where id = $1`, [
      invitation.id,
    ]);
    expect((await preview(token)).json().state).toBe('expired');
    const res = await accept(token, { name: 'Late', password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe('invitation_expired');
  });

  it('refuses a revoked invitation', async () => {
    const owner = await signUp(t.app);
    const { invitation, token } = await invite(owner.request, uniqueEmail());
    expect((await owner.request({ method: 'DELETE', url: `/api/v1/invitations/${invitation.id}` })).statusCode).toBe(
      204,
    );
    expect((await owner.request({ method: 'DELETE', url: `/api/v1/invitations/${invitation.id}` })).statusCode).toBe(
      404,
    );
    expect((await preview(token)).json().state).toBe('revoked');
    const res = await accept(token, { name: 'Nope', password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe('invitation_revoked');
  });

  it('answers 404 for an unknown token', async () => {
    expect((await preview('x'.repeat(43))).statusCode).toBe(404);
    expect((await accept('x'.repeat(43), { name: 'A', password: STRONG_PASSWORD })).statusCode).toBe(404);
  });
});

describe('permissions and tenancy', () => {
  it('members cannot see or send invitations', async () => {
    const owner = await signUp(t.app);
    const member = await addTeammate(t, owner.request, 'member');
    expect((await member.request({ method: 'GET', url: '/api/v1/invitations' })).statusCode).toBe(403);
    expect(
      (
        await member.request({
          method: 'POST',
          url: '/api/v1/invitations',
          payload: { email: uniqueEmail(), role: 'member' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it("another workspace's invitation answers 404 to resend and revoke", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const { invitation } = await invite(a.request, uniqueEmail());
    await t.db.pool.query(`update invitations set last_sent_at = now() - interval '2 minutes' where id = $1`, [
      invitation.id,
    ]);
    expect((await b.request({ method: 'POST', url: `/api/v1/invitations/${invitation.id}/resend` })).statusCode).toBe(
      404,
    );
    expect((await b.request({ method: 'DELETE', url: `/api/v1/invitations/${invitation.id}` })).statusCode).toBe(404);
    expect((await a.request({ method: 'GET', url: '/api/v1/invitations' })).json().data[0].state).toBe('pending');
  });
});
