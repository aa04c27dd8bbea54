import { describe, expect, it } from 'vitest';
import { msUntilNextPeriod, periodLabel, periodOf } from './credits-period.js';

describe('credit period', () => {
  it('is the calendar month in UTC, whatever the hour', () => {
    const p = periodOf(new Date('2026-11-30T23:59:59.999Z'));
    expect(p.start.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(p.end.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(periodOf(new Date('2026-12-01T00:00:00.000Z')).start.toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });

  it('rolls over the year', () => {
    const p = periodOf(new Date('2026-12-15T10:00:00Z'));
    expect(p.end.toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(periodLabel(p)).toBe('December 2026');
  });

  it('counts down to the next period', () => {
    expect(msUntilNextPeriod(new Date('2026-11-30T23:00:00Z'))).toBe(3600_000);
  });
});
