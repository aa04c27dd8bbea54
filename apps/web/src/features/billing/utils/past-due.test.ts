import { describe, expect, it } from 'vitest';
import { pastDueMessage } from './past-due';

describe('past-due banner text', () => {
  const end = '2026-12-01T12:00:00.000Z';
  it('says nothing while the plan is paid', () => {
    expect(pastDueMessage({ pastDue: false, nextRetryAt: null, currentPeriodEnd: end })).toBeNull();
  });
  it('names the next retry while retries remain', () => {
    expect(pastDueMessage({ pastDue: true, nextRetryAt: '2026-11-26T12:00:00.000Z', currentPeriodEnd: end })).toBe(
      'We try again on 26 November; your plan stays on until then.',
    );
  });
  it('after the last retry, says when the workspace moves to Free', () => {
    expect(pastDueMessage({ pastDue: true, nextRetryAt: null, currentPeriodEnd: end })).toBe('Your workspace moves to Free on 1 December unless it is paid.');
  });
});
