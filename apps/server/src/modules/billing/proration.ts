import type { BillingInterval, InvoiceLine, PlanId, SelfServePlanId } from '@leadtrail/contracts';
import { daysBetween, dayStart, monthStart, periodFrom, shortDate, type BillingPeriod } from './billing-period.js';
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
 * Whole UTC days of `period` left from `today` (today counted) and its length. Clamped to
 * [0, length]: at or after the end (before the renewal job moves the period) nothing is
 * left, so a prorated amount is 0, never negative.
 */
export function daysLeftOf(today: Date, period: BillingPeriod): { left: number; total: number } {
  const total = daysBetween(period.start, period.end);
  return { left: Math.min(total, Math.max(0, daysBetween(today, period.end))), total };
}

/** A paid plan's price for an interval; Free and Enterprise (set by sales) are credited nothing. */
const paidPrice = (plan: PlanId, interval: BillingInterval) => (plan === 'free' || plan === 'enterprise' ? 0 : priceOf(plan, interval));

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
  const oldPrice = paidPrice(current.plan, current.interval);
  if (oldPrice > 0) {
    const { left, total } = daysLeftOf(today, current.period);
    const from = today < current.period.end ? today : current.period.end;
    lines.push({
      kind: 'proration_credit',
      description: `Unused time on ${planLabel(current.plan, current.interval)} from ${shortDate(from)} to ${shortDate(current.period.end)} (${left} of ${total} days)`,
      quantity: 1,
      // 0 − x, not −x: no −0 in the stored amounts when nothing is left
      amountCents: 0 - mulDivRound(oldPrice, left, total),
      periodStart: from.toISOString(),
      periodEnd: current.period.end.toISOString(),
    });
  }
  const { left, total } = daysLeftOf(today, period);
  const from = today < period.end ? today : period.end;
  lines.push({
    kind: 'proration_charge',
    description: `${planLabel(target.plan, target.interval)} from ${shortDate(from)} to ${shortDate(period.end)} (${left} of ${total} days)`,
    quantity: 1,
    amountCents: mulDivRound(priceOf(target.plan, target.interval), left, total),
    periodStart: from.toISOString(),
    periodEnd: period.end.toISOString(),
  });
  return { lines, period };
}

/** What an upgrade grants at once (docs/decisions/0026-credits-on-plan-changes.md). */
export type UpgradeCredits = {
  /** Granted now: newPlanCredits − currentPlanCredits, never below 0. */
  credits: number;
  /** The new plan's monthly credits pro rata to the days left. */
  newPlanCredits: number;
  /** A paid current plan's monthly credits for the same days (its price for them is credited back). */
  currentPlanCredits: number;
  daysLeft: number;
  daysTotal: number;
};

/**
 * The credits an upgrade at `at` grants, pro rata like its price and mirroring its lines:
 * the charge line's days give the new plan's monthly credits for them, the credit line's
 * days take a paid current plan's back (Free's are not paid for, so nothing is taken).
 * Credits are monthly even on an annual plan, so the days are those left of the calendar
 * month of `at` (a billing period covers whole months); none once the billing period has
 * ended. Each share is rounded half up, like each invoice line.
 */
export function upgradeCredits(current: Current, target: Target, at: Date): UpgradeCredits {
  const today = dayStart(at);
  const month = periodFrom(monthStart(at), 'month');
  const newPeriod = periodFrom(current.period.start, target.interval);
  const { left, total } = daysLeftOf(today, month);
  const newLeft = today < newPeriod.end ? left : 0;
  const oldLeft = today < current.period.end && paidPrice(current.plan, current.interval) > 0 ? left : 0;
  const newPlanCredits = mulDivRound(termsOf(target.plan).monthlyCredits, newLeft, total);
  const currentPlanCredits = mulDivRound(termsOf(current.plan).monthlyCredits, oldLeft, total);
  return { credits: Math.max(0, newPlanCredits - currentPlanCredits), newPlanCredits, currentPlanCredits, daysLeft: newLeft, daysTotal: total };
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
