/**
 * The monthly credit period: the calendar month in UTC for every workspace (a plan's grant lasts
 * from its first to its last day); billing's periods start on the 1st too (decision 0021).
 */
export type Period = { start: Date; end: Date };

export function periodOf(at: Date): Period {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { start, end };
}

/** "November 2026", for ledger descriptions. */
export const periodLabel = (p: Period): string =>
  p.start.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Milliseconds until the next period starts (the grant job's next run). */
export const msUntilNextPeriod = (at: Date): number => periodOf(at).end.getTime() - at.getTime();
