import type { BillingInterval } from '@leadtrail/contracts';

/**
 * Billing periods start on the first of a month (UTC), like the credit periods: a monthly
 * plan renews on the 1st, an annual one twelve months after the month it started in.
 * A mid-month start is prorated by days (proration.ts).
 */
export type BillingPeriod = { start: Date; end: Date };

export const DAY_MS = 86_400_000;

export const monthStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
export const addMonths = (d: Date, months: number) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
export const dayStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
export const monthsOf = (interval: BillingInterval) => (interval === 'year' ? 12 : 1);

/** The period of `interval` starting at `start` (a month's first day). */
export const periodFrom = (start: Date, interval: BillingInterval): BillingPeriod => ({ start, end: addMonths(start, monthsOf(interval)) });

/** Whole days from a to b (both day starts in UTC). */
export const daysBetween = (a: Date, b: Date) => Math.round((b.getTime() - a.getTime()) / DAY_MS);

export const shortDate = (d: Date) => d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
