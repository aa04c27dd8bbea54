import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BillingInterval, SelfServePlanId } from '@leadtrail/contracts';
import { addMonths, daysBetween, dayStart, monthStart } from './billing-period.js';
import { isUpgrade, PLANS, priceOf } from './plans.js';
import { mulDivRound, totalsOf, upgradeCredits, upgradeLines } from './proration.js';

/** a × b / c rounded half up, computed independently with BigInt. */
function exactRound(a: number, b: number, c: number): number {
  const n = BigInt(a) * BigInt(b);
  const neg = n < 0n;
  const abs = neg ? -n : n;
  const q = (abs * 2n + BigInt(c)) / (2n * BigInt(c));
  return Number(neg ? -q : q);
}

const DAY = 86_400_000;
const instant = fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2035-12-31T23:59:59Z'), noInvalidDate: true });
const paidPlans: SelfServePlanId[] = ['starter', 'professional'];
const plan = fc.constantFrom<SelfServePlanId>('free', 'starter', 'professional');
const interval = fc.constantFrom<BillingInterval>('month', 'year');

describe('proration arithmetic', () => {
  it('mulDivRound rounds half up like exact integer arithmetic', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.integer({ min: 0, max: 400 }), fc.integer({ min: 1, max: 400 }), (a, b, c) => {
        expect(mulDivRound(a, b, c)).toBe(exactRound(a, b, c));
      }),
    );
  });

  it('an upgrade mid-period charges the new price minus the old for the days left, each to the cent', () => {
    fc.assert(
      fc.property(instant, plan, interval, plan, interval, (at, fromPlan, fromInterval, toPlan, toInterval) => {
        const from = { plan: fromPlan, interval: fromInterval };
        const to = { plan: toPlan, interval: toInterval };
        fc.pre(isUpgrade(from, to) && !(fromInterval === 'year' && toInterval === 'month' && fromPlan !== 'free'));
        // the current period: a monthly one is this month; an annual one started up to 11 months ago
        const start = fromInterval === 'month' || fromPlan === 'free' ? monthStart(at) : addMonths(monthStart(at), -(at.getUTCMonth() % 12));
        const current = { ...from, interval: fromPlan === 'free' ? 'month' as const : fromInterval, period: { start, end: addMonths(start, fromPlan === 'free' || fromInterval === 'month' ? 1 : 12) } };
        const { lines, period } = upgradeLines(current, to, at);
        const today = dayStart(at);
        expect(period.start).toEqual(start);
        expect(period.end).toEqual(addMonths(start, toInterval === 'year' ? 12 : 1));

        const charge = lines.find((l) => l.kind === 'proration_charge')!;
        const left = daysBetween(today, period.end);
        const total = daysBetween(period.start, period.end);
        expect(left).toBeGreaterThan(0);
        expect(left).toBeLessThanOrEqual(total);
        expect(charge.amountCents).toBe(exactRound(priceOf(toPlan, toInterval), left, total));

        const credit = lines.find((l) => l.kind === 'proration_credit');
        if (fromPlan === 'free') expect(credit).toBeUndefined();
        else {
          const oldLeft = daysBetween(today, current.period.end);
          const oldTotal = daysBetween(current.period.start, current.period.end);
          expect(credit!.amountCents).toBe(-exactRound(priceOf(fromPlan, current.interval), oldLeft, oldTotal));
        }
        // credits: the new plan's for the days left of this month, less a paid old plan's for them
        const month = { start: monthStart(at), end: addMonths(monthStart(at), 1) };
        const mLeft = daysBetween(today, month.end);
        const mTotal = daysBetween(month.start, month.end);
        const granted = upgradeCredits(current, to, at);
        const newShare = exactRound(PLANS[toPlan].monthlyCredits, mLeft, mTotal);
        const oldShare = fromPlan === 'free' ? 0 : exactRound(PLANS[fromPlan].monthlyCredits, mLeft, mTotal);
        expect(granted).toEqual({ credits: newShare - oldShare, newPlanCredits: newShare, currentPlanCredits: oldShare, daysLeft: mLeft, daysTotal: mTotal });
        expect(granted.credits).toBeGreaterThanOrEqual(0);
        expect(granted.credits).toBeLessThanOrEqual(PLANS[toPlan].monthlyCredits);
        // same interval: exactly the price difference for the days left, give or take the two roundings
        if (fromPlan !== 'free' && fromInterval === toInterval) {
          const diff = lines.reduce((s, l) => s + l.amountCents, 0);
          const exact = ((priceOf(toPlan, toInterval) - priceOf(fromPlan, fromInterval)) * left) / total;
          expect(Math.abs(diff - exact)).toBeLessThanOrEqual(1);
          expect(diff).toBeGreaterThan(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('on the first day an upgrade charges the whole difference; on the last day one day of it', () => {
    const first = new Date('2026-11-01T09:00:00Z');
    const month = { start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-12-01T00:00:00Z') };
    const a = upgradeLines({ plan: 'starter', interval: 'month', period: month }, { plan: 'professional', interval: 'month' }, first);
    expect(a.lines.map((l) => l.amountCents)).toEqual([-4900, 9900]);
    const last = upgradeLines({ plan: 'starter', interval: 'month', period: month }, { plan: 'professional', interval: 'month' }, new Date(month.end.getTime() - DAY / 2));
    expect(last.lines.map((l) => l.amountCents)).toEqual([-exactRound(4900, 1, 30), exactRound(9900, 1, 30)]);
    // Free → Starter on 24 November: 7 of 30 days
    const free = upgradeLines({ plan: 'free', interval: 'month', period: month }, { plan: 'starter', interval: 'month' }, new Date('2026-11-24T15:00:00Z'));
    expect(free.lines).toEqual([expect.objectContaining({ kind: 'proration_charge', amountCents: 1143 })]);
    for (const p of paidPlans) expect(priceOf(p, 'year')).toBe(priceOf(p, 'month') * 10);
  });

  it('on the 28th of a 30-day month an upgrade grants the credits of the 3 days left, like its price', () => {
    const month = { start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-12-01T00:00:00Z') };
    const at = new Date('2026-11-28T10:00:00Z');
    const pro = { plan: 'professional', interval: 'month' } as const;
    // Free → Professional: 990 cents bought 5,000 credits before (a 5,000 pack is 19,900)
    const fromFree = { plan: 'free', interval: 'month', period: month } as const;
    expect(upgradeLines(fromFree, pro, at).lines.map((l) => l.amountCents)).toEqual([990]);
    expect(upgradeCredits(fromFree, pro, at)).toEqual({ credits: 500, newPlanCredits: 500, currentPlanCredits: 0, daysLeft: 3, daysTotal: 30 });
    // Starter → Professional: Starter's 3 days are credited back, and so are its credits for them
    const fromStarter = { plan: 'starter', interval: 'month', period: month } as const;
    expect(upgradeLines(fromStarter, pro, at).lines.map((l) => l.amountCents)).toEqual([-490, 990]);
    expect(upgradeCredits(fromStarter, pro, at)).toMatchObject({ credits: 400, newPlanCredits: 500, currentPlanCredits: 100 });
    // annual plans get monthly credits: the days left of this month, not of the year
    const year = { start: new Date('2026-06-01T00:00:00Z'), end: new Date('2027-06-01T00:00:00Z') };
    expect(upgradeCredits({ plan: 'starter', interval: 'year', period: year }, { plan: 'professional', interval: 'year' }, at)).toMatchObject({ credits: 400, daysLeft: 3, daysTotal: 30 });
    // the same plan, monthly → annual: no more credits a month, none granted
    expect(upgradeCredits(fromStarter, { plan: 'starter', interval: 'year' }, at).credits).toBe(0);
  });

  it('at or after the period’s end (before renewal moves it) the prorated amounts and credits are 0, never negative', () => {
    const month = { start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-12-01T00:00:00Z') };
    const pro = { plan: 'professional', interval: 'month' } as const;
    for (const iso of ['2026-12-01T00:00:00Z', '2026-12-01T05:00:00Z', '2026-12-04T12:00:00Z', '2027-02-10T12:00:00Z']) {
      const at = new Date(iso);
      for (const plan of ['free', 'starter'] as const) {
        const current = { plan, interval: 'month', period: month } as const;
        const { lines } = upgradeLines(current, pro, at);
        expect(lines.map((l) => l.amountCents), iso).toEqual(plan === 'free' ? [0] : [0, 0]);
        expect(totalsOf(lines, 2000).totalCents).toBe(0);
        expect(upgradeCredits(current, pro, at), iso).toMatchObject({ credits: 0, daysLeft: 0 });
      }
    }
    // a switch to annual after the month's end charges the days left of the new twelve months only
    const late = upgradeLines({ plan: 'starter', interval: 'month', period: month }, { plan: 'starter', interval: 'year' }, new Date('2026-12-04T12:00:00Z'));
    expect(late.lines.map((l) => l.amountCents)).toEqual([0, mulDivRound(49_000, 332, 365)]);
  });

  it("an invoice's lines sum to its subtotal, and subtotal + tax (half up) is its total", () => {
    const line = fc.record({ amountCents: fc.integer({ min: -200_000, max: 2_000_000 }) });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 10_000 }), (lines, bps) => {
        fc.pre(lines.reduce((s, l) => s + l.amountCents, 0) >= 0);
        const t = totalsOf(lines, bps);
        expect(t.subtotalCents).toBe(lines.reduce((s, l) => s + l.amountCents, 0));
        expect(t.taxCents).toBe(exactRound(t.subtotalCents, bps, 10_000));
        expect(t.totalCents).toBe(t.subtotalCents + t.taxCents);
        expect(Number.isInteger(t.totalCents)).toBe(true);
      }),
    );
  });
});
