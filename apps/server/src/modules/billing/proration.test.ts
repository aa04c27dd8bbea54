import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BillingInterval, SelfServePlanId } from '@leadtrail/contracts';
import { addMonths, daysBetween, dayStart, monthStart } from './billing-period.js';
import { isUpgrade, priceOf } from './plans.js';
import { mulDivRound, totalsOf, upgradeLines } from './proration.js';

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
