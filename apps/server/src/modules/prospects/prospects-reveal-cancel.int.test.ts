import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditsSummary, RevealJob } from '@leadtrail/contracts';
import { jobContext } from '../../core/request-context.js';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { addTeammate } from '../../../test/team-helpers.js';
import { ensureTestProspects } from './cli/prospects-fixture.js';
import { createRevealRepository } from './prospects-reveal.repository.js';
import { createRevealService, REVEAL_BATCH } from './prospects-reveal.service.js';

/**
 * Bulk reveals are stopped (issue 27): cancelled through the API by their starter or an
 * owner (not another member, not another workspace), or at their next batch once their
 * starter is deactivated. The reserve goes with them; what was revealed stays. The jobs run
 * on a processor the test controls (its queue only records).
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await ensureTestProspects(t.db.pool);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const service = () => {
  const c = t.container;
  return createRevealService({ uow: c.uow, repo: createRevealRepository(), credits: c.credits, prospects: c.prospects, contacts: c.recordProspects, lists: c.lists, queue: () => async () => {} });
};

let taken = 0;
async function emails(n: number): Promise<string[]> {
  const r = await t.db.pool.query<{ id: string }>(`select id from prospect_people where email is not null and email_status = 'valid' order by id offset $1 limit $2`, [taken, n]);
  taken += n;
  return r.rows.map((x) => x.id);
}

type Req = Awaited<ReturnType<typeof signUp>>['request'];
const credits = async (r: Req) => (await r({ method: 'GET', url: '/api/v1/credits' })).json() as CreditsSummary;
const cancel = (r: Req, id: string) => r({ method: 'POST', url: `/api/v1/prospects/reveal-jobs/${id}/cancel` });

/** An owner with `balance` credits and two members; jobs are started by the first member. */
async function team(balance: number) {
  const owner = await signUp(t.app);
  const ws = owner.me.workspace.id;
  await credits(owner.request);
  await t.container.credits.adjust(ws, balance - 50, 'cancel test');
  const starter = await addTeammate(t, owner.request, 'member', 'Starter');
  const other = await addTeammate(t, owner.request, 'member', 'Other');
  const ctx = jobContext({ userId: starter.userId, workspaceId: ws, memberId: starter.memberId, role: 'member' });
  const start = async (n: number, key: string) => {
    const res = await service().reveal(ctx, { ids: await emails(n), fields: 'email' }, key);
    expect(res.status).toBe(202);
    return (res as { job: RevealJob }).job;
  };
  return { owner, ws, starter, other, start };
}

describe('cancelling a bulk reveal', () => {
  it('its starter and an owner cancel; another member gets 403 and another workspace 404; the reserve is released', async () => {
    const { owner, ws, starter, other, start } = await team(1000);
    const mine = await start(101, 'c-1');
    const theirs = await start(101, 'c-2');
    expect(await credits(owner.request)).toMatchObject({ balance: 1000, reserved: 202 });

    const refused = await cancel(other.request, mine.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/started this reveal/);
    const stranger = await signUp(t.app);
    expect((await cancel(stranger.request, mine.id)).statusCode).toBe(404);

    const res = await cancel(starter.request, mine.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', stopReason: 'cancelled', cancelledBy: starter.memberId, reserved: 0, charged: 0 });
    const byOwner = await cancel(owner.request, theirs.id);
    expect(byOwner.json()).toMatchObject({ status: 'cancelled', cancelledBy: owner.me.member.id });
    const seen = await starter.request({ method: 'GET', url: `/api/v1/prospects/reveal-jobs/${theirs.id}` });
    expect(seen.json()).toMatchObject({ status: 'cancelled', stopReason: 'cancelled' });
    // again: the same answer; nothing runs after a cancel
    expect((await cancel(starter.request, mine.id)).json()).toMatchObject({ status: 'cancelled', cancelledBy: starter.memberId });
    await service().runJob(ws, mine.id);
    expect(await credits(owner.request)).toMatchObject({ balance: 1000, reserved: 0 });
    expect(await t.container.credits.audit(ws)).toEqual({ ledgerSum: 1000, balance: 1000 });
    // a job that ended can't be cancelled: 409, nothing changes
    const ended = await start(101, 'c-3');
    await service().runJob(ws, ended.id);
    const late = await cancel(owner.request, ended.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toMatch(/already ended/);
    expect((await starter.request({ method: 'GET', url: `/api/v1/prospects/reveal-jobs/${ended.id}` })).json()).toMatchObject({ status: 'completed', charged: 101 });
  }, 120_000);

  it('a job whose starter is deactivated mid-way stops at its next batch; its unspent reserve is released', async () => {
    const { owner, ws, starter, start } = await team(1000);
    const job = await start(REVEAL_BATCH + 30, 'd-1');
    await service().runJob(ws, job.id, { maxBatches: 1 });
    expect(await credits(owner.request)).toMatchObject({ balance: 1000 - REVEAL_BATCH, reserved: 30 });

    const off = await owner.request({ method: 'PATCH', url: `/api/v1/members/${starter.memberId}`, payload: { status: 'deactivated' } });
    expect(off.statusCode, off.body).toBe(200);
    await service().runJob(ws, job.id);
    const now = (await owner.request({ method: 'GET', url: `/api/v1/prospects/reveal-jobs/${job.id}` })).json() as RevealJob;
    expect(now).toMatchObject({ status: 'cancelled', stopReason: 'starter_deactivated', done: REVEAL_BATCH, charged: REVEAL_BATCH, reserved: 0 });
    expect(now.error).toMatch(/deactivated/);
    expect(await credits(owner.request)).toMatchObject({ balance: 1000 - REVEAL_BATCH, reserved: 0, available: 1000 - REVEAL_BATCH });
    // a stopped job can't be cancelled into anything else, and runs no more
    expect((await cancel(owner.request, job.id)).json()).toMatchObject({ status: 'cancelled', stopReason: 'starter_deactivated' });
    expect(await t.container.credits.audit(ws)).toEqual({ ledgerSum: 1000 - REVEAL_BATCH, balance: 1000 - REVEAL_BATCH });
  }, 120_000);
});
