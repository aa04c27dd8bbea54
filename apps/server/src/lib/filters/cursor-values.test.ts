import { describe, expect, it } from 'vitest';
import { isSortValue, isTimestampText } from './cursor-values.js';

describe('cursor values', () => {
  it('accepts timestamps as PostgreSQL prints them and as ISO 8601', () => {
    for (const v of ['2026-11-23 21:15:14.123456+00', '2024-02-29 00:00:00+00', '2026-01-01T00:00:00Z', '0001-01-01 00:00:00+00', '9999-12-31T23:59:59.999+05:30', '2026-01-01 00:00:00+15:59', '2026-01-01 00:00:00-1559', '2026-01-01 00:00:00-12']) {
      expect(isTimestampText(v), v).toBe(true);
    }
  });

  it('refuses what PostgreSQL would refuse: year 0, day 31 of February, hour 24, garbage', () => {
    for (const v of ['0000-01-01 00:00:00+00', '2020-02-31 00:00:00+00', '2023-02-29T00:00:00Z', '2020-01-01 24:00:00+00', '2020-13-01T00:00:00Z', 'yesterday', '']) {
      expect(isTimestampText(v), v).toBe(false);
    }
  });

  it('refuses a time-zone offset PostgreSQL refuses (beyond ±15:59), a 500 before', () => {
    for (const v of ['2026-01-01 00:00:00+99:99', '2026-01-01T00:00:00-20', '2026-01-01 00:00:00+16', '2026-01-01 00:00:00+15:60', '2026-01-01 00:00:00+1560']) {
      expect(isTimestampText(v), v).toBe(false);
    }
  });

  it('checks a sort value against its type', () => {
    expect(isSortValue('integer', '1990')).toBe(true);
    expect(isSortValue('integer', 'nineteen')).toBe(false);
    expect(isSortValue('integer', '99999999999')).toBe(false);
    expect(isSortValue('jsonb', '{"a":1}')).toBe(true);
    expect(isSortValue('jsonb', '{a')).toBe(false);
    expect(isSortValue('text', 'Lovelace')).toBe(true);
    expect(isSortValue('text', 'a\u0000b')).toBe(false);
    expect(isSortValue('date', '2024-02-29')).toBe(true);
    expect(isSortValue('date', '0000-01-01')).toBe(false);
  });
});
