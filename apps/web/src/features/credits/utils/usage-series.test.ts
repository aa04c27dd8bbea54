import { describe, expect, it } from 'vitest';
import { featuresIn, MAX_CHART_DAYS, niceMax, signedCredits, usageByDay } from './usage-series';

describe('usage by day', () => {
  it('has every day of the range, empty days at 0, features summed per day', () => {
    const days = usageByDay(
      [
        { day: '2026-11-02', feature: 'prospect_email', credits: 3 },
        { day: '2026-11-02', feature: 'prospect_phone', credits: 10 },
        { day: '2026-11-04', feature: 'prospect_email', credits: 1 },
        { day: '2026-12-01', feature: 'prospect_email', credits: 99 },
      ],
      '2026-11-01',
      '2026-11-04',
    );
    expect(days.map((d) => [d.day, d.total])).toEqual([
      ['2026-11-01', 0],
      ['2026-11-02', 13],
      ['2026-11-03', 0],
      ['2026-11-04', 1],
    ]);
    expect(days[1]!.byFeature).toEqual({ prospect_email: 3, prospect_phone: 10 });
    expect(featuresIn(days, ['import_enrich', 'prospect_phone', 'prospect_email'])).toEqual(['prospect_phone', 'prospect_email']);
  });

  it('keeps the last days of a long range, and nothing for a reversed one', () => {
    const days = usageByDay([], '2020-01-01', '2026-11-30');
    expect(days).toHaveLength(MAX_CHART_DAYS);
    expect(days.at(-1)!.day).toBe('2026-11-30');
    expect(usageByDay([], '2026-11-05', '2026-11-01')).toEqual([]);
  });

  it('rounds the axis up and signs credits', () => {
    expect([0, 1, 3, 7, 12, 50, 51].map(niceMax)).toEqual([1, 1, 5, 10, 20, 50, 100]);
    expect(signedCredits(50, String)).toBe('+50');
    expect(signedCredits(-5, String)).toBe('−5');
    expect(signedCredits(0, String)).toBe('0');
  });
});
