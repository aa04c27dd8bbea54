import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CreditsSummary, CreditTransaction, CreditTransactionPage, MemberCreditLimit } from '@leadtrail/contracts';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { addTeammate } from '../../../test/team-helpers.js';
import { createCreditsRepository } from './credits.repository.js';
import { createCreditsService } from './credits.service.js';
import { runCreditsCommand } from './credits.cli.js';
import { newId } from '../../lib/ids.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Who = Awaited<ReturnType<typeof signUp>>;
const summary = async (who: Pick<Who, 'request'>) => {
  const res = await who.request({ method: 'GET', url: '/api/v1/credits' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CreditsSummary;
};
const log = async (who: Pick<Who, 'request'>, qs = '') => {
  const res = await who.request({ method: 'GET', url: `/api/v1/credit-transactions${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CreditTransactionPage;
};
/** The ledger's sum and the buckets' balance, straight from the database. */
const audit = (workspaceId: string) => t.container.credits.audit(workspaceId);

describe('balance and the Free plan grant', () => {
  it("gives a new workspace the period's 50 credits on its first read, once, expiring at the period's end", async () => {
    const a = await signUp(t.app);
    const [s1, s2] = await Promise.all([summary(a), summary(a)]);
    expect(s1.balance).toBe(50);
    expect(s2.balance).toBe(50);
    expect(s1.available).toBe(50);
    expect(s1.reserved).toBe(0);
    expect(s1.expiring).toEqual([{ amount: 50, at: s1.periodEnd }]);
    expect(new Date(s1.periodEnd).getUTCDate()).toBe(1);
    const rows = (await log(a)).data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'grant', feature: 'plan', credits: 50, balanceAfter: 50, memberId: null });
    expect(await audit(a.me.workspace.id)).toEqual({ ledgerSum: 50, balance: 50 });
  });
});

describe('operator adjustments (CLI only)', () => {
  it('adds never-expiring credits and takes credits in spending order, each an adjustment row', async () => {
    const a = await signUp(t.app);
    const ws = a.me.workspace.id;
    await summary(a);
    const out: string[] = [];
    expect(await runCreditsCommand(['adjust', '--workspace', ws, '--amount', '25', '--reason', 'goodwill'], t.container.credits, (m) => out.push(m))).toBe(0);
    expect(out.at(-1)).toContain('balance now 75');
    expect(await runCreditsCommand(['adjust', '--workspace', ws, '--amount', '-60', '--reason', 'correction'], t.container.credits, (m) => out.push(m))).toBe(0);
    const s = await summary(a);
    expect(s.balance).toBe(15);
    // the plan's 50 went first (they expire), then 10 of the adjustment's 25
    expect(s.expiring).toEqual([]);
    const rows = (await log(a)).data;
    expect(rows.map((r) => [r.kind, r.credits, r.balanceAfter])).toEqual([
      ['adjustment', -60, 15],
      ['adjustment', 25, 75],
      ['grant', 50, 50],
    ]);
    expect(rows[0]!.description).toBe('Adjustment: correction');
    expect(await audit(ws)).toEqual({ ledgerSum: 15, balance: 15 });
  });

  it('refuses bad arguments and an adjustment below zero, changing nothing', async () => {
    const a = await signUp(t.app);
    const ws = a.me.workspace.id;
    await summary(a);
    const out: string[] = [];
    expect(await runCreditsCommand(['adjust', '--workspace', ws, '--amount', '1.5', '--reason', 'x'], t.container.credits, (m) => out.push(m))).toBe(2);
    expect(await runCreditsCommand(['adjust', '--workspace', ws, '--amount', '5'], t.container.credits, (m) => out.push(m))).toBe(2);
    expect(await runCreditsCommand(['adjust', '--workspace', ws, '--amount', '-51', '--reason', 'x'], t.container.credits, (m) => out.push(m))).toBe(1);
    expect(await runCreditsCommand(['adjust', '--workspace', '00000000-0000-4000-8000-000000000000', '--amount', '5', '--reason', 'x'], t.container.credits, (m) => out.push(m))).toBe(1);
    expect((await summary(a)).balance).toBe(50);
    expect((await log(a)).data).toHaveLength(1);
  });
});

describe('the ledger is append-only', () => {
  it("refuses the app role's update and delete, and the trigger refuses even the owner's", async () => {
    const a = await signUp(t.app);
    const ws = a.me.workspace.id;
    await summary(a);
    // drizzle wraps the database's error: its cause carries PostgreSQL's message
    const asApp = (stmt: string) =>
      t.container.uow.tenant({ workspaceId: ws }, (tx) => tx.execute(sql.raw(stmt))).catch((err: Error & { cause?: Error }) => {
        throw err.cause ?? err;
      });
    await expect(asApp(`update credit_ledger set amount = 500 where workspace_id = '${ws}'`)).rejects.toThrow(/permission denied/);
    await expect(asApp(`delete from credit_ledger where workspace_id = '${ws}'`)).rejects.toThrow(/permission denied/);
    await expect(asApp(`update credit_grants set amount = 500 where workspace_id = '${ws}'`)).rejects.toThrow(/permission denied/);
    await expect(t.db.pool.query(`update credit_ledger set amount = 500 where workspace_id = $1`, [ws])).rejects.toThrow(/append-only/);
    await expect(t.db.pool.query(`delete from credit_ledger where workspace_id = $1`, [ws])).rejects.toThrow(/append-only/);
    expect(await audit(ws)).toEqual({ ledgerSum: 50, balance: 50 });
  });
});

describe('the period job', () => {
  it('with an injected clock grants once per period and expires the last period with an explicit row', async () => {
    const a = await signUp(t.app);
    const ws = a.me.workspace.id;
    let clock = new Date('2031-03-15T10:00:00Z');
    const credits = createCreditsService({ uow: t.container.uow, repo: createCreditsRepository(), now: () => clock });
    expect(await credits.settleDue({ only: [ws] })).toBe(1);
    expect(await credits.settleDue({ only: [ws] })).toBe(0);
    await credits.adjust(ws, -5, 'used some');
    // a second bucket expiring in the period (as a purchase with an end would): both expire at once
    const repo = createCreditsRepository();
    const bought = newId();
    await t.container.uow.tenant({ workspaceId: ws }, async (tx) => {
      await repo.lockAccount(tx, ws);
      await repo.insertGrant(tx, ws, { id: bought, source: 'purchase', amount: 10, periodStart: null, expiresAt: new Date('2031-03-20T00:00:00Z'), reference: 'test', createdAt: clock });
      await repo.insertLedger(tx, ws, [
        { id: newId(), kind: 'grant', feature: 'purchase', amount: 10, grantId: bought, draws: null, memberId: null, reference: 'test', description: 'Bought 10', dataRequested: null, balanceAfter: 55, createdAt: clock },
      ]);
    });
    clock = new Date('2031-04-01T00:00:00Z');
    expect(await credits.settleDue({ only: [ws] })).toBe(1);
    expect(await credits.settleDue({ only: [ws] })).toBe(0);
    const rows = (await log(a, '?limit=10')).data.filter((r) => r.createdAt >= '2031');
    expect(rows.map((r) => [r.kind, r.feature, r.credits, r.balanceAfter])).toEqual([
      ['grant', 'plan', 50, 50],
      ['expiry', 'plan', -45, 0],
      ['expiry', 'purchase', -10, 45],
      ['grant', 'purchase', 10, 55],
      ['adjustment', 'adjustment', -5, 45],
      ['grant', 'plan', 50, 50],
    ]);
    expect(rows[1]!.description).toBe('Unused credits expired (March 2031)');
    expect(rows[0]!.description).toBe('Free plan: 50 credits for April 2031');
    expect(await audit(ws)).toEqual({ ledgerSum: 50, balance: 50 });
  });
});

describe('member limits and the transactions log', () => {
  let owner: Who;
  let mate: Awaited<ReturnType<typeof addTeammate>>;
  beforeAll(async () => {
    owner = await signUp(t.app);
    mate = await addTeammate(t, owner.request, 'member', 'Mia Member');
    await summary(owner);
  });

  it('owner/admin set a limit (null = unlimited); a member sees their own; a member may not set one', async () => {
    const put = (who: Pick<Who, 'request'>, id: string, limit: number | null | string) =>
      who.request({ method: 'PUT', url: `/api/v1/members/${id}/credit-limit`, payload: { limit } });
    const res = await put(owner, mate.memberId, 7);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ memberId: mate.memberId, limit: 7, usedThisPeriod: 0, remaining: 7 } satisfies MemberCreditLimit);
    expect(await summary(mate)).toMatchObject({ memberLimit: 7, memberUsedThisPeriod: 0, memberRemaining: 7, balance: 50 });
    expect((await put(mate, mate.memberId, 100)).statusCode).toBe(403);
    expect((await put(owner, mate.memberId, -1)).statusCode).toBe(400);
    expect((await put(owner, mate.memberId, 'lots')).statusCode).toBe(400);
    const list = await owner.request({ method: 'GET', url: '/api/v1/credits/member-limits' });
    expect(list.json().data).toContainEqual({ memberId: mate.memberId, limit: 7, usedThisPeriod: 0, remaining: 7 });
    expect((await put(owner, mate.memberId, null)).json()).toMatchObject({ limit: null, remaining: null });
    expect(await summary(mate)).toMatchObject({ memberLimit: null, memberRemaining: null });
    // another workspace's member: 404
    const other = await signUp(t.app);
    expect((await put(other, mate.memberId, 5)).statusCode).toBe(404);
  });

  it('a member sees only their own rows (whatever they filter by); owners see all; one row by id', async () => {
    const ownRows = await log(mate);
    expect(ownRows.data).toEqual([]);
    const all = await log(owner);
    expect(all.data.length).toBeGreaterThan(0);
    const asked = await log(mate, `?memberId=${owner.me.member.id}`);
    expect(asked.data).toEqual([]);
    const grant = all.data[0]!;
    expect((await owner.request({ method: 'GET', url: `/api/v1/credit-transactions/${grant.id}` })).json()).toEqual({ ...grant, people: [] });
    // a member can't read a row that isn't theirs; another workspace gets 404 too
    expect((await mate.request({ method: 'GET', url: `/api/v1/credit-transactions/${grant.id}` })).statusCode).toBe(404);
    const other = await signUp(t.app);
    expect((await other.request({ method: 'GET', url: `/api/v1/credit-transactions/${grant.id}` })).statusCode).toBe(404);
    expect((await log(other)).data.every((r: CreditTransaction) => r.id !== grant.id)).toBe(true);
  });

  it('filters, pages by cursor, exports CSV and sums usage per day', async () => {
    const ws = owner.me.workspace.id;
    for (let i = 1; i <= 3; i++) await t.container.credits.adjust(ws, i, `bonus ${i}`);
    const page1 = await log(owner, '?limit=2');
    expect(page1.data).toHaveLength(2);
    expect(page1.nextCursor).toBe(page1.data[1]!.id);
    const page2 = await log(owner, `?limit=2&cursor=${page1.nextCursor}`);
    expect(page2.data.map((r) => r.credits)).toEqual([1, 50]);
    expect(page2.nextCursor).toBeNull();
    expect((await log(owner, '?kind=grant')).data.map((r) => r.credits)).toEqual([50]);
    expect((await log(owner, '?feature=adjustment')).data).toHaveLength(3);
    const today = new Date().toISOString().slice(0, 10);
    expect((await log(owner, `?from=${today}&to=${today}`)).data).toHaveLength(4);
    expect((await log(owner, '?from=2020-01-01&to=2020-01-31')).data).toHaveLength(0);
    expect((await owner.request({ method: 'GET', url: '/api/v1/credit-transactions?from=2026-02-01&to=2026-01-01' })).statusCode).toBe(400);
    expect((await owner.request({ method: 'GET', url: '/api/v1/credit-transactions?cursor=nope' })).statusCode).toBe(400);
    expect((await owner.request({ method: 'GET', url: '/api/v1/credit-transactions?kind=gift' })).statusCode).toBe(400);

    const csv = await owner.request({ method: 'GET', url: '/api/v1/credit-transactions/export?feature=adjustment' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Date,Kind,Feature,Description,Credits,Balance after,Data requested,Member,Reference');
    expect(lines.slice(1).map((l) => l.split(',')[4])).toEqual(['3', '2', '1']);

    const usage = await owner.request({ method: 'GET', url: '/api/v1/credit-transactions/usage' });
    expect(usage.statusCode, usage.body).toBe(200);
    // adjustments and grants are not usage
    expect(usage.json()).toEqual({ data: [] });
  });
});
