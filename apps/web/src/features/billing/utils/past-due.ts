import type { Subscription } from '@leadtrail/contracts';
import dayjs from 'dayjs';

/**
 * What the past-due banner says: when the failed renewal is tried again (paid features stay on
 * meanwhile), or, once the retries are over, when the workspace moves to Free. Null when paid up.
 */
export function pastDueMessage(s: Pick<Subscription, 'pastDue' | 'nextRetryAt' | 'currentPeriodEnd'>): string | null {
  if (!s.pastDue) return null;
  if (s.nextRetryAt) return `We try again on ${dayjs(s.nextRetryAt).format('D MMMM')}; your plan stays on until then.`;
  return `Your workspace moves to Free on ${dayjs(s.currentPeriodEnd).format('D MMMM')} unless it is paid.`;
}
