import type { PlanId, SubscriptionPreview } from '@leadtrail/contracts';
import { formatCount } from './money';

const rank: Record<PlanId, number> = { free: 0, starter: 1, professional: 2, enterprise: 3 };

/** Whether going from one plan to another is an upgrade (charged now) or a downgrade (at renewal). */
export const changeKind = (from: PlanId, to: PlanId): 'upgrade' | 'downgrade' | 'none' =>
  rank[to] > rank[from] ? 'upgrade' : rank[to] < rank[from] ? 'downgrade' : 'none';

/** "Remove 2 members or invitations" for the seat refusal of a downgrade. */
export const seatsToRemoveText = (n: number, planName: string, seats: number): string =>
  `${planName} includes ${seats} ${seats === 1 ? 'seat' : 'seats'}: remove ${n} ${n === 1 ? 'member or invitation' : 'members or invitations'} in Settings → Users before switching.`;

/**
 * What an upgrade does to credits, from its preview: the new plan's credits pro rata to the
 * days left of the month, less a paid current plan's for the same days (their price is
 * credited back on the invoice); the credits the workspace has stay.
 */
export function upgradeCreditsText(p: Pick<SubscriptionPreview, 'creditsGranted' | 'creditProration'>, planName: string, locale?: string): string {
  const c = p.creditProration;
  const keep = 'The credits you have stay until they expire.';
  if (!c || p.creditsGranted === 0) return `No credits are added now. ${keep}`;
  const days = `the ${c.daysLeft} ${c.daysLeft === 1 ? 'day' : 'days'} left of ${c.daysTotal} this month`;
  const n = (x: number) => formatCount(x, locale);
  const less = c.currentPlanCredits > 0 ? `${planName}'s ${n(c.newPlanCredits)} for ${days}, less your current plan's ${n(c.currentPlanCredits)} for the same days, whose price is credited back` : `pro rata for ${days}`;
  return `Grants ${n(p.creditsGranted)} credits now (${less}). ${keep}`;
}
