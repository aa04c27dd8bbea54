import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  ORIGIN,
  signUp,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestContext,
} from '../../../test/helpers.js';
import { addTeammate, bearer, createApiKey } from '../../../test/team-helpers.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An owner with an admin and a member (the Free plan's 3 seats). */
async function team() {
  const owner = await signUp(t.app, { name: 'Olga Owner' });
  const admin = await addTeammate(t, owner.request, 'admin', 'Adam Admin');
  const member = await addTeammate(t, owner.request, 'member', 'Mia Member');
  return { owner, admin, member };
}

describe('listing', () => {
  it('shows members with role, status, last active and credits used, and the seats', async () => {
    const { owner, admin, member } = await team();
    const res = await owner.request({ method: 'GET', url: '/api/v1/members' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
      ['Olga Owner', 'owner'],
      ['Adam Admin', 'admin'],
      ['Mia Member', 'member'],
    ]);
    expect(body.data[0]).toMatchObject({ email: owner.email, status: 'active', creditsUsedThisPeriod: 0, isYou: true });
    expect(body.data[2]).toMatchObject({ id: member.memberId, userId: member.userId, isYou: false });
    expect(body.data[2].lastActiveAt).not.toBeNull();
    expect(body.seats).toEqual({ limit: 3, used: 3, activeMembers: 3, pendingInvitations: 0 });
    expect((await admin.request({ method: 'GET', url: `/api/v1/members/${member.memberId}` })).json().name).toBe(
      'Mia Member',
    );
  });

  it('is for owners and admins only', async () => {
    const { member } = await team();
    expect((await member.request({ method: 'GET', url: '/api/v1/members' })).statusCode).toBe(403);
  });

  it('gives every member the directory of names for owner pickers, without emails', async () => {
    const { member, owner } = await team();
    const res = await member.request({ method: 'GET', url: '/api/v1/members/directory' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((m: { name: string }) => m.name)).toEqual(['Olga Owner', 'Adam Admin', 'Mia Member']);
    expect(res.body).not.toContain(owner.email);
    const other = await signUp(t.app);
    const theirs = (await other.request({ method: 'GET', url: '/api/v1/members/directory' })).json();
    expect(theirs.data).toHaveLength(1);
  });
});

describe('changing roles', () => {
  it('an admin can raise a member to admin, but not to owner, and cannot touch the owner or other admins', async () => {
    const { owner, admin, member } = await team();
    const ownerId = owner.me.member.id;
    const toOwner = await admin.request({
      method: 'PATCH',
      url: `/api/v1/members/${member.memberId}`,
      payload: { role: 'owner' },
    });
    expect(toOwner.statusCode).toBe(400);
    expect(toOwner.json().code).toBe('ownership_transfer_required');
    const onOwner = await admin.request({
      method: 'PATCH',
      url: `/api/v1/members/${ownerId}`,
      payload: { role: 'member' },
    });
    expect(onOwner.statusCode).toBe(409);
    expect(onOwner.json().code).toBe('owner_protected');

    const up = await admin.request({
      method: 'PATCH',
      url: `/api/v1/members/${member.memberId}`,
      payload: { role: 'admin' },
    });
    expect(up.statusCode).toBe(200);
    expect(up.json().role).toBe('admin');
    // it takes effect at once
    expect((await member.request({ method: 'GET', url: '/api/v1/members' })).statusCode).toBe(200);

    const down = await admin.request({
      method: 'PATCH',
      url: `/api/v1/members/${member.memberId}`,
      payload: { role: 'member' },
    });
    expect(down.statusCode).toBe(403);
    expect(
      (await admin.request({ method: 'PATCH', url: `/api/v1/members/${admin.memberId}`, payload: { role: 'member' } }))
        .statusCode,
    ).toBe(409);

    const byOwner = await owner.request({
      method: 'PATCH',
      url: `/api/v1/members/${member.memberId}`,
      payload: { role: 'member' },
    });
    expect(byOwner.json().role).toBe('member');
    expect((await member.request({ method: 'GET', url: '/api/v1/members' })).statusCode).toBe(403);
  });

  it('the owner cannot demote or deactivate themselves', async () => {
    const owner = await signUp(t.app);
    const id = owner.me.member.id;
    expect(
      (await owner.request({ method: 'PATCH', url: `/api/v1/members/${id}`, payload: { role: 'admin' } })).statusCode,
    ).toBe(409);
    expect(
      (await owner.request({ method: 'PATCH', url: `/api/v1/members/${id}`, payload: { status: 'deactivated' } }))
        .statusCode,
    ).toBe(409);
    const rows = await t.db.pool.query('select role, status from members where id = $1', [id]);
    expect(rows.rows[0]).toEqual({ role: 'owner', status: 'active' });
  });

  it('refuses an empty or invalid change', async () => {
    const { owner, member } = await team();
    const empty = await owner.request({ method: 'PATCH', url: `/api/v1/members/${member.memberId}`, payload: {} });
    expect(empty.statusCode).toBe(400);
    const bad = await owner.request({
      method: 'PATCH',
      url: `/api/v1/members/${member.memberId}`,
      payload: { role: 'king' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('role');
  });
});

describe('deactivating', () => {
  it("stops the member's sessions and API keys at once, keeps the record, and reactivation needs a free seat", async () => {
    const { owner, member } = await team();
    const key = await createApiKey(member.request);
    expect((await bearer(t.app, key)({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(200);

    const off = await owner.request({
      method: 'PATCH',
      url: `/api/v1/members/${member.memberId}`,
      payload: { status: 'deactivated' },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().status).toBe('deactivated');
    expect((await member.request({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(401);
    expect((await bearer(t.app, key)({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: ORIGIN,
      payload: { email: member.email, password: STRONG_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    const list = (await owner.request({ method: 'GET', url: '/api/v1/members' })).json();
    expect(list.data).toHaveLength(3);
    expect(list.seats.used).toBe(2);

    // the freed seat goes to an invitation; reactivating now would exceed the plan
    expect(
      (
        await owner.request({
          method: 'POST',
          url: '/api/v1/invitations',
          payload: { email: uniqueEmail(), role: 'member' },
        })
      ).statusCode,
    ).toBe(201);
    const back = await owner.request({
      method: 'PATCH',
      url: `/api/v1/members/${member.memberId}`,
      payload: { status: 'active' },
    });
    expect(back.statusCode).toBe(402);
    expect(back.json().code).toBe('seat_limit_reached');

    const inv = (await owner.request({ method: 'GET', url: '/api/v1/invitations' })).json().data[0];
    await owner.request({ method: 'DELETE', url: `/api/v1/invitations/${inv.id}` });
    const again = await owner.request({
      method: 'PATCH',
      url: `/api/v1/members/${member.memberId}`,
      payload: { status: 'active' },
    });
    expect(again.statusCode).toBe(200);
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: ORIGIN,
      payload: { email: member.email, password: STRONG_PASSWORD },
    });
    expect(relogin.statusCode).toBe(200);
    // keys revoked at deactivation stay revoked
    expect((await bearer(t.app, key)({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(401);
  });

  it('an admin cannot deactivate another admin; the owner can', async () => {
    const owner = await signUp(t.app);
    const a1 = await addTeammate(t, owner.request, 'admin');
    const a2 = await addTeammate(t, owner.request, 'admin');
    expect(
      (await a1.request({ method: 'PATCH', url: `/api/v1/members/${a2.memberId}`, payload: { status: 'deactivated' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await owner.request({
          method: 'PATCH',
          url: `/api/v1/members/${a2.memberId}`,
          payload: { status: 'deactivated' },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('transferring ownership', () => {
  it('owner only, with the password; the previous owner becomes an admin', async () => {
    const { owner, admin, member } = await team();
    const path = `/api/v1/members/${member.memberId}/transfer-ownership`;
    expect(
      (await admin.request({ method: 'POST', url: path, payload: { password: STRONG_PASSWORD } })).statusCode,
    ).toBe(403);
    const wrong = await owner.request({ method: 'POST', url: path, payload: { password: 'not my password' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].path).toBe('password');

    const res = await owner.request({ method: 'POST', url: path, payload: { password: STRONG_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('owner');
    expect((await owner.request({ method: 'GET', url: '/api/v1/me' })).json().role).toBe('admin');
    expect((await member.request({ method: 'GET', url: '/api/v1/me' })).json().role).toBe('owner');
    const owners = await t.db.pool.query(
      `select count(*)::int as n from members where workspace_id = $1 and role = 'owner'`,
      [owner.me.workspace.id],
    );
    expect(owners.rows[0].n).toBe(1);
  });

  it('not to a deactivated member', async () => {
    const { owner, member } = await team();
    await owner.request({
      method: 'PATCH',
      url: `/api/v1/members/${member.memberId}`,
      payload: { status: 'deactivated' },
    });
    const res = await owner.request({
      method: 'POST',
      url: `/api/v1/members/${member.memberId}/transfer-ownership`,
      payload: { password: STRONG_PASSWORD },
    });
    expect(res.statusCode).toBe(409);
    expect((await owner.request({ method: 'GET', url: '/api/v1/me' })).json().role).toBe('owner');
  });
});

describe('reassigning records', () => {
  it("hands a deactivated member's contacts and companies to an active member", async () => {
    const { owner, admin, member } = await team();
    const made = await Promise.all([
      member.request({ method: 'POST', url: '/api/v1/contacts', payload: { firstName: 'Ann' } }),
      member.request({ method: 'POST', url: '/api/v1/contacts', payload: { firstName: 'Bob' } }),
      member.request({ method: 'POST', url: '/api/v1/companies', payload: { name: 'Globex' } }),
      owner.request({ method: 'POST', url: '/api/v1/contacts', payload: { firstName: 'Owned by owner' } }),
    ]);
    for (const r of made) expect(r.statusCode, r.body).toBe(201);
    const [ann, , globex, ownersOwn] = made.map((r) => r.json());
    expect(ann.ownerId).toBe(member.memberId);
    await owner.request({
      method: 'PATCH',
      url: `/api/v1/members/${member.memberId}`,
      payload: { status: 'deactivated' },
    });

    const path = `/api/v1/members/${member.memberId}/reassign-records`;
    const toInactive = await owner.request({ method: 'POST', url: path, payload: { toMemberId: member.memberId } });
    expect(toInactive.statusCode).toBe(400);
    expect(toInactive.json().errors[0].path).toBe('toMemberId');

    const res = await admin.request({ method: 'POST', url: path, payload: { toMemberId: admin.memberId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ contacts: 2, companies: 1 });
    expect((await owner.request({ method: 'GET', url: `/api/v1/contacts/${ann.id}` })).json().ownerId).toBe(
      admin.memberId,
    );
    expect((await owner.request({ method: 'GET', url: `/api/v1/companies/${globex.id}` })).json().ownerId).toBe(
      admin.memberId,
    );
    expect((await owner.request({ method: 'GET', url: `/api/v1/contacts/${ownersOwn.id}` })).json().ownerId).toBe(
      owner.me.member.id,
    );
    expect(
      (await admin.request({ method: 'POST', url: path, payload: { toMemberId: admin.memberId } })).json(),
    ).toEqual({ contacts: 0, companies: 0 });
  });
});

describe('tenancy', () => {
  it("another workspace's member answers 404 on every route with an id", async () => {
    const { member } = await team();
    const other = await signUp(t.app);
    const id = member.memberId;
    expect((await other.request({ method: 'GET', url: `/api/v1/members/${id}` })).statusCode).toBe(404);
    expect(
      (await other.request({ method: 'PATCH', url: `/api/v1/members/${id}`, payload: { role: 'admin' } })).statusCode,
    ).toBe(404);
    expect(
      (
        await other.request({
          method: 'POST',
          url: `/api/v1/members/${id}/transfer-ownership`,
          payload: { password: STRONG_PASSWORD },
        })
      ).statusCode,
    ).toBe(404);
    const reassign = (as: typeof other, from: string, to: string) =>
      as.request({ method: 'POST', url: `/api/v1/members/${from}/reassign-records`, payload: { toMemberId: to } });
    expect((await reassign(other, id, other.me.member.id)).statusCode).toBe(404);
    // nor is another workspace's member a valid new owner
    const toForeign = await reassign(other, other.me.member.id, id);
    expect(toForeign.statusCode).toBe(400);
    expect(toForeign.json().errors[0].path).toBe('toMemberId');
    expect((await member.request({ method: 'GET', url: '/api/v1/me' })).json().role).toBe('member');
  });
});
