import type { Plan } from '@leadtrail/contracts';

/** Integer cents as money in the browser's locale (or the one given), with the currency. */
export function formatMoney(cents: number, currency = 'usd', locale?: string): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/** Integer cents with both decimals always (invoice lines and totals). */
export function formatAmount(cents: number, currency = 'usd', locale?: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/** What paying annually saves against twelve monthly payments (0 for Free and Enterprise). */
export function annualSavingCents(plan: Pick<Plan, 'monthlyPriceCents' | 'annualPriceCents'>): number {
  if (plan.monthlyPriceCents === null || plan.annualPriceCents === null) return 0;
  return Math.max(0, plan.monthlyPriceCents * 12 - plan.annualPriceCents);
}

/** Whole numbers in the browser's locale (credits, seats). */
export const formatCount = (n: number, locale?: string): string => new Intl.NumberFormat(locale).format(n);
