import type { Tx } from '../../core/unit-of-work.js';
import type { BillingRepository } from './billing.repository.js';
import { PLANS, termsOf } from './plans.js';

/**
 * The plan whose monthly credits a credit period at `at` gets (a change due at the period's end
 * counts), read from the subscription in the caller's unit of work. The container hands it to
 * credits before billing is built: billing calls credits, credits never calls billing back.
 */
export function planCreditsReader(repo: Pick<BillingRepository, 'findSubscription'>) {
  return async (tx: Tx, workspaceId: string, at: Date): Promise<{ name: string; credits: number }> => {
    const s = await repo.findSubscription(tx, workspaceId);
    if (!s) return { name: PLANS.free.name, credits: PLANS.free.monthlyCredits };
    if (at >= s.currentPeriodEnd && s.plan !== 'free') {
      if (s.cancelAtPeriodEnd) return { name: PLANS.free.name, credits: PLANS.free.monthlyCredits };
      if (s.pendingPlan) return { name: PLANS[s.pendingPlan].name, credits: PLANS[s.pendingPlan].monthlyCredits };
    }
    return { name: termsOf(s.plan).name, credits: s.monthlyCredits };
  };
}
