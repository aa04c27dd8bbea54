import type { PlanId } from '@leadtrail/contracts';

const rank: Record<PlanId, number> = { free: 0, starter: 1, professional: 2, enterprise: 3 };

/** Whether going from one plan to another is an upgrade (charged now) or a downgrade (at renewal). */
export const changeKind = (from: PlanId, to: PlanId): 'upgrade' | 'downgrade' | 'none' =>
  rank[to] > rank[from] ? 'upgrade' : rank[to] < rank[from] ? 'downgrade' : 'none';

/** "Remove 2 members or invitations" for the seat refusal of a downgrade. */
export const seatsToRemoveText = (n: number, planName: string, seats: number): string =>
  `${planName} includes ${seats} ${seats === 1 ? 'seat' : 'seats'}: remove ${n} ${n === 1 ? 'member or invitation' : 'members or invitations'} in Settings → Users before switching.`;
