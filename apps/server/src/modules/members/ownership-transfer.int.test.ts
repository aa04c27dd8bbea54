import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, STRONG_PASSWORD, type TestContext } from '../../../test/helpers.js';
import { addTeammate } from '../../../test/team-helpers.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const roles = async (workspaceId: string) =>
  Object.fromEntries(
    (await t.db.pool.query('select id, role from members where workspace_id = $1', [workspaceId])).rows.map(
      (r: { id: string; role: string }) => [r.id, r.role],
    ),
  );

describe('transferring ownership is one unit of work', () => {
  it('fails half-way (after the owner is demoted) and leaves every role as before', async () => {
    const owner = await signUp(t.app);
    const member = await addTeammate(t, owner.request, 'member');
    const ws = owner.me.workspace.id;
    const before = await roles(ws);
    expect(before[owner.me.member.id]).toBe('owner');

    // the fault: promoting the new owner fails, after the demotion ran in the same transaction
    const fn = `test_fail_promotion_${process.pid}_${Date.now()}`;
    await t.db.pool.query(`
      create function ${fn}() returns trigger language plpgsql as $$
      begin
        if new.workspace_id = '${ws}' and new.role = 'owner' then
          raise exception 'injected fault during the transfer';
        end if;
        return new;
      end $$;
      create trigger ${fn} before update on members for each row execute function ${fn}();`);
    let status: number;
    try {
      const res = await owner.request({
        method: 'POST',
        url: `/api/v1/members/${member.memberId}/transfer-ownership`,
        payload: { password: STRONG_PASSWORD },
      });
      status = res.statusCode;
    } finally {
      await t.db.pool.query(`drop trigger ${fn} on members; drop function ${fn}();`);
    }
    expect(status).toBe(500);
    expect(await roles(ws)).toEqual(before);

    // and the owner can still transfer once the fault is gone
    const ok = await owner.request({
      method: 'POST',
      url: `/api/v1/members/${member.memberId}/transfer-ownership`,
      payload: { password: STRONG_PASSWORD },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await roles(ws)).toEqual({ ...before, [owner.me.member.id]: 'admin', [member.memberId]: 'owner' });
  });
});

describe('reassigning records is one unit of work', () => {
  it('fails at the companies step and leaves the contacts with their owner', async () => {
    const owner = await signUp(t.app);
    const member = await addTeammate(t, owner.request, 'member');
    const contact = await member.request({ method: 'POST', url: '/api/v1/contacts', payload: { firstName: 'Kept' } });
    const company = await member.request({ method: 'POST', url: '/api/v1/companies', payload: { name: 'Kept Co' } });
    expect(contact.statusCode, contact.body).toBe(201);
    expect(company.statusCode, company.body).toBe(201);

    // the fault: handing the companies over fails, after the contacts were handed over
    const fn = `test_fail_reassign_${process.pid}_${Date.now()}`;
    await t.db.pool.query(`
      create function ${fn}() returns trigger language plpgsql as $$
      begin
        if new.workspace_id = '${owner.me.workspace.id}' and new.owner_id = '${owner.me.member.id}' then
          raise exception 'injected fault while reassigning companies';
        end if;
        return new;
      end $$;
      create trigger ${fn} before update on companies for each row execute function ${fn}();`);
    let status: number;
    try {
      const res = await owner.request({
        method: 'POST',
        url: `/api/v1/members/${member.memberId}/reassign-records`,
        payload: { toMemberId: owner.me.member.id },
      });
      status = res.statusCode;
    } finally {
      await t.db.pool.query(`drop trigger ${fn} on companies; drop function ${fn}();`);
    }
    expect(status).toBe(500);
    const ownerOf = async (url: string) => (await owner.request({ method: 'GET', url })).json().ownerId;
    expect(await ownerOf(`/api/v1/contacts/${contact.json().id}`)).toBe(member.memberId);
    expect(await ownerOf(`/api/v1/companies/${company.json().id}`)).toBe(member.memberId);
  });
});
