import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  ORIGIN,
  signUp,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestContext,
} from '../../../test/helpers.js';
import { invitationTokenFor } from '../../../test/team-helpers.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function invite(owner: Awaited<ReturnType<typeof signUp>>, email: string) {
  const res = await owner.request({ method: 'POST', url: '/api/v1/invitations', payload: { email, role: 'member' } });
  expect(res.statusCode, res.body).toBe(201);
  return invitationTokenFor(t, email);
}

const accept = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/invitations/${token}/accept`,
    headers: ORIGIN,
    payload: { name: 'New Person', password: STRONG_PASSWORD },
  });

const count = async (sql: string, params: unknown[]) => Number((await t.db.pool.query(sql, params)).rows[0].n);

describe('accepting an invitation is one unit of work', () => {
  it('fails after the user insert and leaves no user, no member and the invitation unused', async () => {
    const owner = await signUp(t.app);
    const email = uniqueEmail('fault-accept');
    const token = await invite(owner, email);
    // the fault: adding the member fails once the user row exists (same transaction)
    const fn = `test_fail_member_${process.pid}_${Date.now()}`;
    await t.db.pool.query(`
      create function ${fn}() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from users where id = new.user_id and email = '${email}') then
          raise exception 'injected fault after the user insert';
        end if;
        return new;
      end $$;
      create trigger ${fn} before insert on members for each row execute function ${fn}();`);
    try {
      const res = await accept(token);
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.pool.query(`drop trigger ${fn} on members; drop function ${fn}();`);
    }
    expect(await count('select count(*) as n from users where email = $1', [email])).toBe(0);
    expect(
      await count(
        'select count(*) as n from members m join users u on u.id = m.user_id where m.workspace_id = $1 and u.email = $2',
        [owner.me.workspace.id, email],
      ),
    ).toBe(0);
    const preview = await t.app.inject({ method: 'GET', url: `/api/v1/invitations/${token}` });
    expect(preview.json()).toMatchObject({ state: 'pending', accountExists: false });

    // nothing half-made stands in the way: the same link works once the fault is gone
    const retried = await accept(token);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json().workspace.id).toBe(owner.me.workspace.id);
  });

  it('10 parallel accepts of one link: exactly one member, the others a clear 409/410, the app keeps answering', async () => {
    const owner = await signUp(t.app);
    const email = uniqueEmail('race');
    const token = await invite(owner, email);

    const accepts = Array.from({ length: 10 }, () => accept(token));
    // other requests meanwhile, for another workspace and this one
    const other = await signUp(t.app);
    const started = Date.now();
    const others = Array.from({ length: 10 }, (_, i) =>
      (i % 2 ? other : owner).request({ method: 'GET', url: '/api/v1/me' }),
    );
    const [results, answered] = await Promise.all([Promise.all(accepts), Promise.all(others)]);
    expect(answered.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(Date.now() - started).toBeLessThan(15_000);

    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 201)) {
      expect([409, 410], r.body).toContain(r.statusCode);
      expect(['invitation_used', 'account_exists']).toContain(r.json().code);
    }
    expect(await count('select count(*) as n from users where email = $1', [email])).toBe(1);
    expect(
      await count(
        'select count(*) as n from members m join users u on u.id = m.user_id where m.workspace_id = $1 and u.email = $2',
        [owner.me.workspace.id, email],
      ),
    ).toBe(1);

    // the invitee can sign in, into the workspace joined
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: ORIGIN,
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().workspace.id).toBe(owner.me.workspace.id);
  });
});
