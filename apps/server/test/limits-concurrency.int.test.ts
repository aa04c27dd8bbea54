import type { CreditsSummary, RevealJob } from '@leadtrail/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTestProspects } from '../src/modules/prospects/cli/prospects-fixture.js';
import { createTestApp, signUp, uniqueEmail, type TestContext } from './helpers.js';
import { addTeammate } from './team-helpers.js';

/**
 * Limits held under concurrent requests (issue 27, the pen test's races): a member's monthly
 * credit limit, a bulk reveal's reserve against reveals beside it, and the plan's seats
 * taken at once by invitations and reactivations. prospects-reveal.routes.test.ts holds the
 * workspace balance and the same person revealed twice at once.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await ensureTestProspects(t.db.pool);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Who = { request: Awaited<ReturnType<typeof signUp>>['request'] };
let keys = 0;
const reveal = (who: Who, ids: string[]) =>
  who.request({
    method: 'POST',
    url: '/api/v1/prospects/reveal',
    payload: { ids, fields: 'email' },
    headers: { 'idempotency-key': `limits-${process.pid}-${++keys}` },
  });
const credits = async (who: Who) =>
  (await who.request({ method: 'GET', url: '/api/v1/credits' })).json() as CreditsSummary;

let taken = 0;
/** People with an email and no phone (one credit each) that no other test here used. */
async function people(n: number) {
  const r = await t.db.pool.query<{ id: string }>(
    "select id from prospect_people where email is not null and email_status = 'valid' and phone is null order by id desc offset $1 limit $2",
    [taken, n],
  );
  taken += n;
  expect(r.rows).toHaveLength(n);
  return r.rows.map((p) => p.id);
}

describe('credits under concurrent reveals', () => {
  it("12 reveals at once by a member with a limit of 3: exactly 3 charged, the rest 402 'member_limit'", async () => {
    const owner = await signUp(t.app);
    const mate = await addTeammate(t, owner.request, 'member');
    const limit = await owner.request({
      method: 'PUT',
      url: `/api/v1/members/${mate.memberId}/credit-limit`,
      payload: { limit: 3 },
    });
    expect(limit.statusCode, limit.body).toBe(200);
    const ids = await people(12);
    const answers = await Promise.all(ids.map((id) => reveal(mate, [id])));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 402)).toHaveLength(9);
    for (const r of answers.filter((x) => x.statusCode === 402))
      expect(r.json()).toMatchObject({ code: 'insufficient_credits', shortfallReason: 'member_limit' });
    expect(await credits(mate)).toMatchObject({ memberUsedThisPeriod: 3, memberRemaining: 0, balance: 47 });
    expect(await t.container.credits.audit(owner.me.workspace.id)).toEqual({ ledgerSum: 47, balance: 47 });
  });

  it('reveals beside a running bulk reveal spend only what its reserve leaves; the job still gets all it held', async () => {
    const owner = await signUp(t.app);
    const ws = owner.me.workspace.id;
    await credits(owner);
    // 50 from the plan + 56: the job's 101 and 5 more
    await t.container.credits.adjust(ws, 56, 'bulk beside singles');
    const bulk = await reveal(owner, await people(101));
    expect(bulk.statusCode, bulk.body).toBe(202);
    const job = bulk.json() as RevealJob;
    const singles = await Promise.all((await people(20)).map((id) => reveal(owner, [id])));
    const codes = singles.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 402)).toHaveLength(15);
    let now = job;
    for (let i = 0; i < 300 && now.status !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      now = (
        await owner.request({ method: 'GET', url: `/api/v1/prospects/reveal-jobs/${job.id}` })
      ).json() as RevealJob;
    }
    expect(now).toMatchObject({ status: 'completed', done: 101, charged: 101, reserved: 0 });
    expect(await credits(owner)).toMatchObject({ balance: 0, reserved: 0 });
    expect(await t.container.credits.audit(ws)).toEqual({ ledgerSum: 0, balance: 0 });
  }, 60_000);
});

describe('seats under concurrent requests', () => {
  it('two reactivations and four invitations at once for the last seat: exactly one gets it', async () => {
    // the Free plan's 3 seats: the owner, one active member, two deactivated ones (no seat)
    const owner = await signUp(t.app);
    const gone = [
      await addTeammate(t, owner.request, 'member', 'One'),
      await addTeammate(t, owner.request, 'member', 'Two'),
    ];
    for (const g of gone) {
      const off = await owner.request({
        method: 'PATCH',
        url: `/api/v1/members/${g.memberId}`,
        payload: { status: 'deactivated' },
      });
      expect(off.statusCode, off.body).toBe(200);
    }
    await addTeammate(t, owner.request, 'member', 'Three');
    const seats = async () => (await owner.request({ method: 'GET', url: '/api/v1/members' })).json().seats;
    expect(await seats()).toMatchObject({ limit: 3, used: 2 });

    const answers = await Promise.all([
      ...gone.map((g) =>
        owner.request({ method: 'PATCH', url: `/api/v1/members/${g.memberId}`, payload: { status: 'active' } }),
      ),
      ...Array.from({ length: 4 }, () =>
        owner.request({
          method: 'POST',
          url: '/api/v1/invitations',
          payload: { email: uniqueEmail('seat'), role: 'member' },
        }),
      ),
    ]);
    expect(answers.filter((r) => r.statusCode < 300)).toHaveLength(1);
    for (const r of answers.filter((x) => x.statusCode >= 300)) {
      expect(r.statusCode, r.body).toBe(402);
      expect(r.json().code).toBe('seat_limit_reached');
    }
    expect(await seats()).toMatchObject({ limit: 3, used: 3 });
  });
});
