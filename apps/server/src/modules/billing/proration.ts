import type { BillingInterval, InvoiceLine, PlanId, SelfServePlanId } from '@leadtrail/contracts';
import { daysBetween, dayStart, periodFrom, shortDate, type BillingPeriod } from './billing-period.js';
import { planLabel, priceOf, termsOf } from './plans.js';

/** a × b / c rounded half up, in integers (amounts in cents stay exact). */
export function mulDivRound(a: number, b: number, c: number): number {
  if (c <= 0) throw new Error('divide by a positive number');
  const neg = a * b < 0;
  const q = Math.floor((Math.abs(a * b) * 2 + c) / (2 * c));
  return neg && q > 0 ? -q : q;
}

/** Tax on a subtotal at a rate in basis points, rounded half up. */
export const taxOf = (subtotalCents: number, rateBps: number) => mulDivRound(subtotalCents, rateBps, 10_000);

/** Subtotal, tax and total of lines (the total is always the lines' sum plus the tax). */
export function totalsOf(lines: { amountCents: number }[], rateBps: number) {
  const subtotalCents = lines.reduce((s, l) => s + l.amountCents, 0);
  const taxCents = taxOf(subtotalCents, rateBps);
  return { subtotalCents, taxRateBps: rateBps, taxCents, totalCents: subtotalCents + taxCents };
}

export type Current = { plan: PlanId; interval: BillingInterval; period: BillingPeriod };
export type Target = { plan: SelfServePlanId; interval: BillingInterval };

/**
 * An upgrade at `at`: the days left of the current period are credited at the old price and
 * charged at the new one, by whole UTC days counting today (docs/decisions/0021-billing.md).
 * The new period starts where the current one did (the 1st of a month) and lasts the new
 * interval, so a switch to annual charges the rest of twelve months. Answers the lines and
 * the new period; the charge is their sum.
 */
export function upgradeLines(current: Current, target: Target, at: Date): { lines: InvoiceLine[]; period: BillingPeriod } {
  const today = dayStart(at);
  const period = periodFrom(current.period.start, target.interval);
  const lines: InvoiceLine[] = [];
  const oldPrice = current.plan === 'free' || current.plan === 'enterprise' ? 0 : priceOf(current.plan, current.interval);
  if (oldPrice > 0) {
    const left = daysBetween(today, current.period.end);
    const total = daysBetween(current.period.start, current.period.end);
    lines.push({
      kind: 'proration_credit',
      description: `Unused time on ${planLabel(current.plan, current.interval)} from ${shortDate(today)} to ${shortDate(current.period.end)} (${left} of ${total} days)`,
      quantity: 1,
      amountCents: -mulDivRound(oldPrice, left, total),
      periodStart: today.toISOString(),
      periodEnd: current.period.end.toISOString(),
    });
  }
  const left = daysBetween(today, period.end);
  const total = daysBetween(period.start, period.end);
  lines.push({
    kind: 'proration_charge',
    description: `${planLabel(target.plan, target.interval)} from ${shortDate(today)} to ${shortDate(period.end)} (${left} of ${total} days)`,
    quantity: 1,
    amountCents: mulDivRound(priceOf(target.plan, target.interval), left, total),
    periodStart: today.toISOString(),
    periodEnd: period.end.toISOString(),
  });
  return { lines, period };
}

/** The renewal's one line: the whole next period at the plan's price. */
export function renewalLine(plan: SelfServePlanId, interval: BillingInterval, period: BillingPeriod): InvoiceLine {
  return {
    kind: 'plan',
    description: `${planLabel(plan, interval)}, ${shortDate(period.start)} to ${shortDate(period.end)}`,
    quantity: 1,
    amountCents: priceOf(plan, interval),
    periodStart: period.start.toISOString(),
    periodEnd: period.end.toISOString(),
  };
}

export const planCreditsOf = (plan: PlanId) => termsOf(plan).monthlyCredits;
