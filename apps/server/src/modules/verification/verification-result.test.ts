import { describe, expect, it } from 'vitest';
import { acceptedVerdict, DEFAULT_GREYLIST, greylistRetryAt } from './verification-result.js';

describe('acceptedVerdict', () => {
  it('accept-all before role before webmail; a plain mailbox is valid', () => {
    expect(acceptedVerdict({ acceptAll: true, role: true, webmail: true })).toEqual({
      status: 'risky',
      reason: 'accept_all',
    });
    expect(acceptedVerdict({ acceptAll: false, role: true, webmail: true })).toEqual({
      status: 'risky',
      reason: 'role',
    });
    expect(acceptedVerdict({ acceptAll: false, role: false, webmail: true })).toEqual({
      status: 'valid',
      reason: 'webmail',
    });
    expect(acceptedVerdict({ acceptAll: false, role: false, webmail: false })).toEqual({
      status: 'valid',
      reason: null,
    });
  });
});

describe('greylistRetryAt', () => {
  const since = new Date('2026-01-01T00:00:00Z');
  const at = (ms: number) => new Date(since.getTime() + ms);
  const min = 60_000;

  it('backs off exponentially from five minutes', () => {
    expect(greylistRetryAt(DEFAULT_GREYLIST, since, 1, since)).toEqual(at(5 * min));
    expect(greylistRetryAt(DEFAULT_GREYLIST, since, 2, at(5 * min))).toEqual(at(15 * min));
    expect(greylistRetryAt(DEFAULT_GREYLIST, since, 3, at(15 * min))).toEqual(at(35 * min));
  });

  it('retries last at the end of the day, then gives up', () => {
    const day = 24 * 60 * min;
    expect(greylistRetryAt(DEFAULT_GREYLIST, since, 9, at(day - 10 * min))).toEqual(at(day));
    expect(greylistRetryAt(DEFAULT_GREYLIST, since, 10, at(day))).toBeNull();
  });
});
