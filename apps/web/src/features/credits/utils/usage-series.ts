import type { CreditFeature, CreditUsage } from '@leadtrail/contracts';

export type UsageDay = { day: string; total: number; byFeature: Partial<Record<CreditFeature, number>> };

const DAY_MS = 86_400_000;
/** Most days one chart draws (a longer range shows its last days). */
export const MAX_CHART_DAYS = 92;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Every UTC day from `from` to `to` (inclusive) with the credits spent that day per feature;
 * days without use are there with 0, so the bars keep the calendar's rhythm.
 */
export function usageByDay(usage: CreditUsage['data'], from: string, to: string): UsageDay[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return [];
  const first = Math.max(start, end - (MAX_CHART_DAYS - 1) * DAY_MS);
  const days = new Map<string, UsageDay>();
  for (let t = first; t <= end; t += DAY_MS) days.set(isoDay(t), { day: isoDay(t), total: 0, byFeature: {} });
  for (const row of usage) {
    const d = days.get(row.day);
    if (!d) continue;
    d.byFeature[row.feature] = (d.byFeature[row.feature] ?? 0) + row.credits;
    d.total += row.credits;
  }
  return [...days.values()];
}

/** The features that appear in the series, in the order given. */
export const featuresIn = (days: UsageDay[], order: readonly CreditFeature[]): CreditFeature[] =>
  order.filter((f) => days.some((d) => (d.byFeature[f] ?? 0) !== 0));

/** A round top for the y axis: 1, 2, 5, 10, 20, 50… at or above the highest bar. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** "+50" / "−1": credits with their sign (a real minus sign). */
export const signedCredits = (credits: number, format: (n: number) => string = (n) => new Intl.NumberFormat().format(n)): string =>
  credits > 0 ? `+${format(credits)}` : credits < 0 ? `−${format(-credits)}` : '0';
