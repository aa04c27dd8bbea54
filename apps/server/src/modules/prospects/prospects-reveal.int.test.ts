import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditsSummary, RevealJob, RevealReceipt } from '@leadtrail/contracts';
import { jobContext } from '../../core/request-context.js';
import { newUnitTally, unitTally } from '../../core/unit-tally.js';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { ensureTestProspects } from './cli/prospects-fixture.js';
import { createRevealRepository } from './prospects-reveal.repository.js';
import { createRevealService, REVEAL_BATCH, type ProspectContacts, type RevealVerdicts } from './prospects-reveal.service.js';

/**
 * Bulk reveals run by a processor we control: stopped after a batch, crashed in the middle of
 * one (its transaction rolls back), then run again: every person is charged once, credits held
 * for the rest show as reserved until the end, and the ledger sums to the balance.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await ensureTestProspects(t.db.pool);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** A reveal service over the app's own parts whose queue only records (the test runs the jobs). */
function revealService(contacts: ProspectContacts = t.container.recordProspects, verdicts?: RevealVerdicts) {
  const c = t.container;
  return createRevealService({ uow: c.uow, repo: createRevealRepository(), credits: c.credits, prospects: c.prospects, contacts, lists: c.lists, queue: () => async () => {}, verdicts });
}

/** Three batches: one, one crashed then redone, and the rest. */
const N = 2 * REVEAL_BATCH + 20;

describe('bulk reveal', () => {
  it('resumes after a stop and a crash mid-batch without charging anyone twice; reserved until it ends', async () => {
    const a = await signUp(t.app);
    const ws = a.me.workspace.id;
    const credits = async () => (await a.request({ method: 'GET', url: '/api/v1/credits' })).json() as CreditsSummary;
    await credits();
    await t.container.credits.adjust(ws, 950, 'bulk test');
    const people = (await t.db.pool.query<{ id: string }>(`select id from prospect_people where email is not null and email_status = 'valid' order by id desc limit ${N}`)).rows;
    const ids = people.map((p) => p.id);
    expect(ids).toHaveLength(N);
    const ctx = jobContext({ userId: a.me.user.id, workspaceId: ws, memberId: a.me.member.id, role: 'owner' });

    const service = revealService();
    const accepted = await service.reveal(ctx, { ids, fields: 'email' }, 'bulk-1');
    expect(accepted.status).toBe(202);
    const jobId = (accepted as { job: RevealJob }).job.id;
    expect(await credits()).toMatchObject({ balance: 1000, reserved: N, available: 1000 - N });
    // the hold counts against other reveals: one more than what is left would not fit
    const more = (await t.db.pool.query<{ id: string }>(`select id from prospect_people where email is not null and email_status = 'valid' order by id asc limit ${1001 - N}`)).rows.map((r) => r.id);
    const receipt = (await a.request({ method: 'POST', url: '/api/v1/prospects/reveal/preview', payload: { ids: more, fields: 'email' } })).json() as RevealReceipt;
    expect(receipt).toMatchObject({ cost: 1001 - N, reserved: N, shortfall: 1, shortfallReason: 'balance', runsAsJob: true });

    // one batch, then the processor stops
    await service.runJob(ws, jobId, { maxBatches: 1 });
    let job = await service.job(ctx, jobId);
    expect(job).toMatchObject({ status: 'running', done: REVEAL_BATCH, charged: REVEAL_BATCH, reserved: N - REVEAL_BATCH });
    expect(await credits()).toMatchObject({ balance: 1000 - REVEAL_BATCH, reserved: N - REVEAL_BATCH });

    // a crash in the middle of the next batch, after some contacts were written: it all rolls back
    let written = 0;
    const crashing = revealService({
      fillFromProspectIn: t.container.recordProspects.fillFromProspectIn,
      markEmailInvalidIn: t.container.recordProspects.markEmailInvalidIn,
      removeEmailIn: t.container.recordProspects.removeEmailIn,
      createManyFromProspectsIn: async (tx, c, people) => {
        await t.container.recordProspects.createManyFromProspectsIn(tx, c, people);
        written = (await tx.execute<{ n: number }>(sql`select count(*)::int as n from contacts where workspace_id = ${ws}`)).rows[0]!.n;
        throw new Error('simulated crash');
      },
    });
    await expect(crashing.runJob(ws, jobId)).rejects.toThrow('simulated crash');
    // the batch's contacts were written in its transaction before the crash, and went with it
    expect(written).toBe(2 * REVEAL_BATCH);
    expect((await t.db.pool.query(`select count(*)::int as n from contacts where workspace_id = $1`, [ws])).rows[0].n).toBe(REVEAL_BATCH);
    job = await service.job(ctx, jobId);
    expect(job).toMatchObject({ status: 'running', done: REVEAL_BATCH, charged: REVEAL_BATCH });

    // the restart finishes it
    await service.runJob(ws, jobId);
    job = await service.job(ctx, jobId);
    expect(job).toMatchObject({ status: 'completed', done: N, total: N, charged: N, revealed: N, reserved: 0 });
    expect(await credits()).toMatchObject({ balance: 1000 - N, reserved: 0 });

    // one ledger row per committed batch (decision 0035), each person a line of one of them, once
    const spends = await t.db.pool.query<{ rows: string; n: string; people: string }>(
      `select (select count(*) from credit_ledger where workspace_id = $1 and kind = 'spend') as rows,
              count(*) as n, count(distinct reference) as people from credit_ledger_lines where workspace_id = $1`,
      [ws],
    );
    expect(spends.rows[0]).toEqual({ rows: String(Math.ceil(N / REVEAL_BATCH)), n: String(N), people: String(N) });
    const contacts = await t.db.pool.query<{ n: string }>(`select count(*) as n from contacts where workspace_id = $1 and source = 'prospect'`, [ws]);
    expect(Number(contacts.rows[0]!.n)).toBe(N);
    expect(await t.container.credits.audit(ws)).toEqual({ ledgerSum: 1000 - N, balance: 1000 - N });
    // a finished job runs no more
    await service.runJob(ws, jobId);
    expect(await t.container.credits.audit(ws)).toEqual({ ledgerSum: 1000 - N, balance: 1000 - N });
  }, 240_000);

  it('through the API: 202 with the job, progress to the end, and 402 charging nothing when it does not fit', async () => {
    const a = await signUp(t.app);
    const ws = a.me.workspace.id;
    await a.request({ method: 'GET', url: '/api/v1/credits' });
    const ids = (await t.db.pool.query<{ id: string }>(`select id from prospect_people where email is not null and email_status = 'valid' order by id desc offset 600 limit 150`)).rows.map((r) => r.id);
    const refused = await a.request({ method: 'POST', url: '/api/v1/prospects/reveal', payload: { ids, fields: 'email' }, headers: { 'idempotency-key': 'too-big' } });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'insufficient_credits', shortfall: 100 });
    expect((await t.db.pool.query(`select 1 from reveal_jobs where workspace_id = $1`, [ws])).rowCount).toBe(0);

    await t.container.credits.adjust(ws, 100, 'room for the job');
    const res = await a.request({ method: 'POST', url: '/api/v1/prospects/reveal', payload: { ids, fields: 'email' }, headers: { 'idempotency-key': 'bulk-api' } });
    expect(res.statusCode, res.body).toBe(202);
    const job = res.json() as RevealJob;
    expect(job).toMatchObject({ status: 'queued', total: 150, done: 0, reserved: 150 });
    let now = job;
    for (let i = 0; i < 1000 && now.status !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      now = (await a.request({ method: 'GET', url: `/api/v1/prospects/reveal-jobs/${job.id}` })).json() as RevealJob;
    }
    expect(now).toMatchObject({ status: 'completed', done: 150, charged: 150, reserved: 0 });
    // a 150-person job is one batch: one ledger row for all of them, its people as lines (decision 0035)
    const spends = await t.db.pool.query(`select description, amount, reference from credit_ledger where workspace_id = $1 and kind = 'spend'`, [ws]);
    expect(spends.rows).toEqual([{ description: 'Revealed 150 emails', amount: -150, reference: job.id }]);
    const lines = await t.db.pool.query(`select count(distinct reference)::int as n from credit_ledger_lines where workspace_id = $1`, [ws]);
    expect(lines.rows[0]).toEqual({ n: 150 });
    // the same key answers the same job
    const again = await a.request({ method: 'POST', url: '/api/v1/prospects/reveal', payload: { ids, fields: 'email' }, headers: { 'idempotency-key': 'bulk-api' } });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ id: job.id, status: 'completed' });
    expect(await t.container.credits.audit(ws)).toEqual({ ledgerSum: 0, balance: 0 });
  }, 120_000);

  // decision 0039: network I/O holds no transaction, and no unit of work runs inside another
  it("asks the verifier about each batch's addresses before the batch's unit of work, never inside it", async () => {
    const a = await signUp(t.app);
    const ws = a.me.workspace.id;
    await a.request({ method: 'GET', url: '/api/v1/credits' });
    await t.container.credits.adjust(ws, 400, 'room for the job');
    const n = REVEAL_BATCH + 5;
    const ids = (await t.db.pool.query<{ id: string }>(`select id from prospect_people where email is not null and email_status = 'valid' order by id desc offset 800 limit ${n}`)).rows.map((r) => r.id);
    expect(ids).toHaveLength(n);
    const ctx = jobContext({ userId: a.me.user.id, workspaceId: ws, memberId: a.me.member.id, role: 'owner' });
    const asked: string[][] = [];
    // as the verification module's: the look-up opens units of its own (its jobs, its polls);
    // the first address of each batch is found invalid (handed out, not charged)
    const service = revealService(t.container.recordProspects, async (c, emails) => {
      asked.push(emails);
      await t.container.uow.tenant(c, async () => null);
      return new Map([[emails[0]!, { status: 'invalid' as const, reason: 'mailbox_not_found', checkedAt: new Date() }]]);
    });
    const accepted = await service.reveal(ctx, { ids, fields: 'email' }, 'bulk-verdicts');
    expect(accepted.status).toBe(202);
    const jobId = (accepted as { job: RevealJob }).job.id;
    // the job's units counted as a request's are: one inside another would be noted
    const tally = newUnitTally();
    await unitTally.run(tally, () => service.runJob(ws, jobId));
    expect(tally.nested).toBe(0);
    expect(asked.map((e) => e.length)).toEqual([REVEAL_BATCH, 5]);
    expect(await service.job(ctx, jobId)).toMatchObject({ status: 'completed', done: n, revealed: n, charged: n - 2 });
  }, 120_000);
});
