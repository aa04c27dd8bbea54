import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, signUp, type TestContext } from './helpers.js';
import { ownerContext } from './records-kit.js';
import { createCreditsRepository } from '../src/modules/credits/credits.repository.js';
import { createCreditsService } from '../src/modules/credits/credits.service.js';
import { createBilling, type Billing } from '../src/modules/billing/billing.module.js';
import { RETRY_DAYS } from '../src/modules/billing/billing-renewal.service.js';

/**
 * Renewal and dunning with an injected clock: the billing and credits services of the app's
 * database, both reading the same `clock`, driven month by month.
 */
let t: TestContext;
let clock = new Date('2031-01-10T12:00:00Z');
let billing: Billing;
let periodCredits: ReturnType<typeof createCreditsService>;
const now = () => clock;
const at = (iso: string) => {
  clock = new Date(iso);
};

beforeAll(async () => {
  t = await createTestApp();
  const credits = createCreditsService({ uow: t.container.uow, repo: createCreditsRepository(), now, planCredits: (tx, id, when) => billing.service.planCreditsIn(tx, id, when) });
  periodCredits = credits;
  billing = createBilling({ uow: t.container.uow, credits, mailer: t.container.mailer, audit: t.container.audit, config: { salesEmail: 'sales@test.example', invoiceSeller: { name: 'Leadtrail Inc.', address: '1 Test Street', taxId: null }, appUrl: 'http://localhost:3000', stripe: null }, now });
});
afterAll(async () => {
  await t?.close();
});

const card = (number: string) => ({ number, expMonth: 12, expYear: 2040, cvc: '123' });
type Account = Awaited<ReturnType<typeof signUp>>;

async function invoicesOf(ws: string) {
  const r = await t.db.orm.execute(sql`select number, status, reason, total_cents, failure_code, attempt_count from invoices where workspace_id = ${ws} order by number`);
  return r.rows as { number: string; status: string; reason: string; total_cents: number; failure_code: string | null; attempt_count: number }[];
}
async function ledgerOf(ws: string) {
  const r = await t.db.orm.execute(sql`select kind, feature, amount, description from credit_ledger where workspace_id = ${ws} order by id`);
  return r.rows as { kind: string; feature: string; amount: number; description: string }[];
}
const credits = (a: Account) => t.container.credits.audit(a.me.workspace.id);
const run = (a: Account) => billing.renewal.renewDue({ only: [a.me.workspace.id] });
const sub = (a: Account) => billing.service.subscription(ownerContext(a));

describe('renewal and dunning over 14 months', () => {
  it('a card that starts failing (0341): past due, retries after 1, 3 and 5 days, Free at the period’s end, recovery with a new card', async () => {
    at('2031-01-10T12:00:00Z');
    const a = await signUp(t.app, { companyName: 'Renew Co' });
    const ctx = ownerContext(a);
    const ws = a.me.workspace.id;
    const good = await billing.paymentMethods.add(ctx, card('4242424242424242'));
    const up = await billing.service.change(ctx, { plan: 'starter', interval: 'month' });
    expect(up.invoice).toMatchObject({ number: 'LT-RENEWC-0001', status: 'paid' });
    expect(up.subscription).toMatchObject({ currentPeriodStart: '2031-01-01T00:00:00.000Z', currentPeriodEnd: '2031-02-01T00:00:00.000Z' });
    // 22 of 31 days of January at 49 USD
    expect(up.invoice!.totalCents).toBe(Math.floor((4900 * 22 * 2 + 31) / 62));

    // four seats in use: more than Free's three
    for (let i = 0; i < 3; i++) {
      const inv = await a.request({ method: 'POST', url: '/api/v1/invitations', payload: { email: `seat-${i}-${ws}@test.example`, role: 'member' } });
      expect(inv.statusCode, inv.body).toBe(201);
    }

    // the card starts failing
    const failing = await billing.paymentMethods.add(ctx, card('4000000000000341'));
    await billing.paymentMethods.makeDefault(ctx, failing.id);
    await billing.paymentMethods.remove(ctx, good.id);

    // nothing due before the period's end
    at('2031-01-31T23:00:00Z');
    await run(a);
    expect((await invoicesOf(ws)).length).toBe(1);

    at('2031-02-01T00:30:00Z');
    await run(a);
    let s = await sub(a);
    expect(s).toMatchObject({ plan: 'starter', status: 'past_due', pastDue: true, nextRetryAt: '2031-02-02T00:30:00.000Z', currentPeriodEnd: '2031-03-01T00:00:00.000Z' });
    expect((await invoicesOf(ws))[1]).toMatchObject({ number: 'LT-RENEWC-0002', status: 'open', reason: 'renewal', total_cents: 4900, failure_code: 'card_declined', attempt_count: 1 });
    expect(await t.mail.waitFor(a.email)).toContain('LT-RENEWC-0002');
    // paid features stay on: February's 1,000 credits, January's expired
    expect((await credits(a)).balance).toBe(1000);

    // retries: day 1 and day 3 fail and schedule the next
    at('2031-02-02T01:00:00Z');
    await run(a);
    expect((await sub(a)).nextRetryAt).toBe(`2031-02-0${1 + RETRY_DAYS[1]}T00:30:00.000Z`);
    at('2031-02-03T12:00:00Z');
    await run(a);
    expect((await invoicesOf(ws))[1]!.attempt_count).toBe(2);
    at('2031-02-04T01:00:00Z');
    await run(a);
    expect((await sub(a)).nextRetryAt).toBe('2031-02-06T00:30:00.000Z');
    // the last retry fails: uncollectible, Free at the period's end, the owner told
    at('2031-02-06T01:00:00Z');
    await run(a);
    s = await sub(a);
    expect(s).toMatchObject({ plan: 'starter', pastDue: true, nextRetryAt: null, cancelAtPeriodEnd: true });
    expect((await invoicesOf(ws))[1]).toMatchObject({ status: 'uncollectible', attempt_count: 4 });
    expect(await t.mail.waitFor(a.email)).toContain('moves to the Free plan');

    // the period ends: Free, 3 seats, 50 credits
    at('2031-03-01T00:30:00Z');
    await run(a);
    s = await sub(a);
    expect(s).toMatchObject({ plan: 'free', status: 'active', pastDue: false, seats: { limit: 3 }, monthlyCredits: 50, currentPeriodEnd: '2031-04-01T00:00:00.000Z' });
    expect((await credits(a)).balance).toBe(50);
    // the people already in stay, but a fifth seat needs an upgrade
    const fifth = await a.request({ method: 'POST', url: '/api/v1/invitations', payload: { email: `seat-5-${ws}@test.example`, role: 'member' } });
    expect(fifth.statusCode).toBe(402);
    expect(fifth.json()).toMatchObject({ code: 'seat_limit_reached', seatLimit: 3, seatsUsed: 4 });

    // months on Free: nothing is charged
    for (const month of ['04', '05']) {
      at(`2031-${month}-01T02:00:00Z`);
      await run(a);
    }
    expect((await invoicesOf(ws)).length).toBe(2);

    // recovery: a new card, upgrade again, then renewals succeed for the rest of the 14 months
    at('2031-06-15T10:00:00Z');
    const fresh = await billing.paymentMethods.add(ctx, card('4242424242424242'));
    await billing.paymentMethods.makeDefault(ctx, fresh.id);
    const again = await billing.service.change(ctx, { plan: 'starter', interval: 'month' });
    expect(again.invoice).toMatchObject({ number: 'LT-RENEWC-0003', status: 'paid' });
    expect(again.subscription.seats).toEqual({ used: 4, limit: 5 });
    const months = ['2031-07', '2031-08', '2031-09', '2031-10', '2031-11', '2031-12', '2032-01', '2032-02', '2032-03'];
    for (const m of months) {
      at(`${m}-01T01:00:00Z`);
      await run(a);
      // a second run in the same hour changes nothing
      await run(a);
      expect((await sub(a)).currentPeriodStart).toBe(`${m}-01T00:00:00.000Z`);
      expect((await credits(a)).balance).toBe(1000);
    }
    const all = await invoicesOf(ws);
    expect(all.map((i) => i.number)).toEqual(Array.from({ length: 3 + months.length }, (_, i) => `LT-RENEWC-${String(i + 1).padStart(4, '0')}`));
    expect(all.slice(3).every((i) => i.status === 'paid' && i.total_cents === 4900 && i.reason === 'renewal')).toBe(true);

    // every credit is accounted for: one plan grant per month, each expired at its end
    const ledger = await ledgerOf(ws);
    const sums = await credits(a);
    expect(sums.ledgerSum).toBe(sums.balance);
    const planGrants = ledger.filter((r) => r.kind === 'grant' && r.feature === 'plan').map((r) => r.amount);
    expect(planGrants.filter((x) => x === 1000).length).toBe(1 + months.length);
    // each upgrade granted Starter's credits for the days left, like its price: 22 of 31 days, then 16 of 30;
    // Free's 50 of the month stayed
    expect(ledger.filter((r) => r.kind === 'grant' && r.description.includes('upgrade')).map((r) => r.amount)).toEqual([710, 533]);
    expect(ledger.some((r) => r.description.startsWith('Unused plan credits replaced'))).toBe(false);
    expect(ledger.filter((r) => r.kind === 'expiry').length).toBeGreaterThanOrEqual(12);
  });

  it('a new card during the retries pays the open renewal at once and ends past due', async () => {
    at('2032-05-03T12:00:00Z');
    const a = await signUp(t.app, { companyName: 'Quick Fix' });
    const ctx = ownerContext(a);
    const ws = a.me.workspace.id;
    await billing.paymentMethods.add(ctx, card('4242424242424242'));
    await billing.service.change(ctx, { plan: 'professional', interval: 'month' });
    const failing = await billing.paymentMethods.add(ctx, card('4000000000000341'));
    await billing.paymentMethods.makeDefault(ctx, failing.id);
    at('2032-06-01T00:30:00Z');
    await run(a);
    expect((await sub(a)).pastDue).toBe(true);
    at('2032-06-01T15:00:00Z');
    await billing.paymentMethods.add(ctx, card('5555555555554444'));
    const s = await sub(a);
    expect(s).toMatchObject({ plan: 'professional', pastDue: false, nextRetryAt: null });
    expect((await invoicesOf(ws))[1]).toMatchObject({ status: 'paid', attempt_count: 2, total_cents: 9900 });
    // the retry job finds nothing left to do
    at('2032-06-02T01:00:00Z');
    await run(a);
    expect((await invoicesOf(ws)).length).toBe(2);
  });

  it('paying the open renewal invoice by hand ends past due', async () => {
    at('2032-07-03T12:00:00Z');
    const a = await signUp(t.app, { companyName: 'By Hand' });
    const ctx = ownerContext(a);
    const good = await billing.paymentMethods.add(ctx, card('4242424242424242'));
    await billing.service.change(ctx, { plan: 'starter', interval: 'month' });
    const failing = await billing.paymentMethods.add(ctx, card('4000000000000341'));
    await billing.paymentMethods.makeDefault(ctx, failing.id);
    at('2032-08-01T00:30:00Z');
    await run(a);
    const open = (await billing.service.invoices(ctx, { limit: 10 })).data.find((i) => i.status === 'open')!;
    await expect(billing.service.pay(ctx, open.id)).rejects.toMatchObject({ status: 402, code: 'card_declined' });
    // making the good card the default retries at once
    await billing.paymentMethods.makeDefault(ctx, good.id);
    expect(await sub(a)).toMatchObject({ pastDue: false });
    expect((await billing.service.invoice(ctx, open.id)).status).toBe('paid');
    await expect(billing.service.pay(ctx, open.id)).rejects.toMatchObject({ status: 409 });
  });

  it('a waiting downgrade takes effect at the period’s end with the new plan’s price and credits', async () => {
    at('2032-08-20T12:00:00Z');
    const a = await signUp(t.app, { companyName: 'Down Co' });
    const ctx = ownerContext(a);
    await billing.paymentMethods.add(ctx, card('4242424242424242'));
    await billing.service.change(ctx, { plan: 'professional', interval: 'year' });
    expect((await sub(a)).currentPeriodEnd).toBe('2033-08-01T00:00:00.000Z');
    await billing.service.change(ctx, { plan: 'starter', interval: 'month' });
    // August: Professional's 5,000 for 12 of 31 days
    expect((await credits(a)).balance).toBe(50 + 1935);
    // monthly credits keep coming during the annual period (the hourly credit period job)
    at('2032-09-01T01:00:00Z');
    await run(a);
    await periodCredits.settleDue({ only: [a.me.workspace.id] });
    expect((await credits(a)).balance).toBe(5000);
    at('2033-08-01T01:00:00Z');
    await run(a);
    const s = await sub(a);
    expect(s).toMatchObject({ plan: 'starter', interval: 'month', pendingChange: null, seats: { limit: 5 }, currentPeriodEnd: '2033-09-01T00:00:00.000Z' });
    expect((await invoicesOf(a.me.workspace.id)).at(-1)).toMatchObject({ status: 'paid', total_cents: 4900 });
    expect((await credits(a)).balance).toBe(1000);
  });
});

describe('credits on plan changes', () => {
  it('an upgrade on the 28th of a 30-day month grants the 3 days’ credits it charges for; cancelling keeps them to the period’s end only', async () => {
    at('2031-04-28T10:00:00Z');
    const a = await signUp(t.app, { companyName: 'Late Up' });
    const ctx = ownerContext(a);
    await billing.paymentMethods.add(ctx, card('4242424242424242'));
    const pro = { plan: 'professional', interval: 'month' } as const;
    // Free → Professional: 990 cents bought 5,000 credits before (a 5,000-credit pack is 19,900)
    expect(await billing.service.preview(ctx, pro)).toMatchObject({
      totalCents: 990,
      creditsGranted: 500,
      creditProration: { daysLeft: 3, daysTotal: 30, newPlanCredits: 500, currentPlanCredits: 0 },
    });
    const up = await billing.service.change(ctx, pro);
    expect(up.invoice!.totalCents).toBe(990);
    expect((await credits(a)).balance).toBe(50 + 500);
    // cancelled at once: the credits stay until the period's end, then expire with it
    await billing.service.cancel(ctx);
    expect((await credits(a)).balance).toBe(550);
    at('2031-05-01T00:30:00Z');
    await run(a);
    expect(await sub(a)).toMatchObject({ plan: 'free' });
    expect((await credits(a)).balance).toBe(50);

    // by way of Starter the same day: the same 990 cents, the same 500 credits
    at('2031-04-28T11:00:00Z');
    const b = await signUp(t.app, { companyName: 'Two Steps' });
    const bctx = ownerContext(b);
    await billing.paymentMethods.add(bctx, card('4242424242424242'));
    expect((await billing.service.change(bctx, { plan: 'starter', interval: 'month' })).invoice!.totalCents).toBe(490);
    expect((await credits(b)).balance).toBe(50 + 100);
    at('2031-04-28T11:05:00Z');
    const second = await billing.service.preview(bctx, pro);
    expect(second).toMatchObject({ totalCents: 500, creditsGranted: 400, creditProration: { newPlanCredits: 500, currentPlanCredits: 100 } });
    expect((await billing.service.change(bctx, pro)).invoice!.lines.map((l) => l.amountCents)).toEqual([-490, 990]);
    expect((await credits(b)).balance).toBe(50 + 100 + 400);
    const sums = await credits(b);
    expect(sums.ledgerSum).toBe(sums.balance);
  });
});

describe('invoice numbers', () => {
  it('are gapless and unique under concurrent purchases, declined ones included', async () => {
    at('2034-01-05T12:00:00Z');
    const a = await signUp(t.app, { companyName: 'Many Packs' });
    const ctx = ownerContext(a);
    await billing.paymentMethods.add(ctx, card('4242424242424242'));
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => billing.service.purchasePack(ctx, 'pack_1000')));
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    // a declining default card in between: its invoices roll back with their numbers
    const bad = await billing.paymentMethods.add(ctx, card('4000000000000341'));
    await billing.paymentMethods.makeDefault(ctx, bad.id);
    const declined = await Promise.allSettled(Array.from({ length: 4 }, () => billing.service.purchasePack(ctx, 'pack_1000')));
    expect(declined.every((r) => r.status === 'rejected')).toBe(true);
    const numbers = (await invoicesOf(a.me.workspace.id)).map((i) => i.number);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => `LT-MANYPA-${String(i + 1).padStart(4, '0')}`));
    expect((await credits(a)).balance).toBe(50 + 12 * 1000);
  });
});
