import { describe, expect, it } from 'vitest';
import { linePeriod } from './invoice-pdf.js';

const at = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

describe('invoice line periods', () => {
  it('shows the days a line covers: its end is the next period’s start, so the last day is the one before', () => {
    expect(linePeriod(at('2026-11-28'), at('2026-12-01'))).toBe('Nov 28 – Nov 30, 2026');
    expect(linePeriod(at('2026-11-01'), at('2026-12-01'))).toBe('Nov 1 – Nov 30, 2026');
    expect(linePeriod(at('2026-12-15'), at('2027-12-15'))).toBe('Dec 15, 2026 – Dec 14, 2027');
  });

  it('one day is one date; a line without a period shows none', () => {
    expect(linePeriod(at('2026-11-30'), at('2026-12-01'))).toBe('Nov 30, 2026');
    expect(linePeriod(null, null)).toBe('');
  });
});
