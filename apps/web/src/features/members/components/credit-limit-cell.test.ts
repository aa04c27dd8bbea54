import { describe, expect, it } from 'vitest';
import { limitText, parseLimit } from './credit-limit-cell';

describe('member credit limit', () => {
  it('blank is unlimited, a whole number is the limit, anything else is explained', () => {
    expect(parseLimit('')).toEqual({ limit: null });
    expect(parseLimit(0)).toEqual({ limit: 0 });
    expect(parseLimit(250)).toEqual({ limit: 250 });
    expect(parseLimit(-1)).toHaveProperty('error');
    expect(parseLimit(2.5)).toHaveProperty('error');
  });

  it('reads as words', () => {
    expect(limitText(undefined)).toBe('Unlimited');
    expect(limitText({ memberId: 'm', limit: null, usedThisPeriod: 4, remaining: null })).toBe('Unlimited');
    expect(limitText({ memberId: 'm', limit: 200, usedThisPeriod: 50, remaining: 150 })).toBe('200 (150 left)');
  });
});
