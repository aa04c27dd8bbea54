import { describe, expect, it } from 'vitest';
import { statisticsSchedule } from './import-statistics.js';

describe('statisticsSchedule', () => {
  it('analyzes a table the workspace had none of after 2,000 rows, then each time they quadruple', () => {
    const s = statisticsSchedule(new Map([['contacts', 0]]));
    expect(s.due(1_999)).toEqual([]);
    expect(s.due(2_000)).toEqual(['contacts']);
    expect(s.due(7_999)).toEqual([]);
    expect(s.due(8_000)).toEqual(['contacts']);
    expect(s.due(31_000)).toEqual([]);
    expect(s.due(32_000)).toEqual(['contacts']);
  });

  it('leaves a large workspace alone until the import doubled it, while its companies grow from none', () => {
    const s = statisticsSchedule(new Map([['contacts', 1_000_000], ['companies', 0]]));
    expect(s.due(2_000)).toEqual(['companies']);
    expect(s.due(500_000)).toEqual(['companies']);
    expect(s.due(999_999)).toEqual([]);
    expect(s.due(1_000_000)).toEqual(['contacts']);
    expect(s.due(2_000_000)).toEqual(['companies']);
  });
});
