import { creditCosts, type RevealFields } from '@leadtrail/contracts';

/** A person as a reveal sees them: what exists, whether suppressed, what this workspace revealed. */
export type RevealCandidate = {
  id: string;
  hasEmail: boolean;
  hasPhone: boolean;
  suppressed: boolean;
  emailRevealed: boolean;
  phoneRevealed: boolean;
};

/** What happens to each person: paid items, free (already revealed), or skipped and never charged. */
export type RevealDecision =
  | { id: string; outcome: 'charge'; email: boolean; phone: boolean }
  | { id: string; outcome: 'free' }
  | { id: string; outcome: 'suppressed' }
  | { id: string; outcome: 'no_data' };

export type RevealPlan = {
  decisions: RevealDecision[];
  emails: number;
  phones: number;
  cost: number;
  free: number;
  suppressed: number;
  noData: number;
};

export const wantsEmail = (f: RevealFields) => f === 'email' || f === 'both';
export const wantsPhone = (f: RevealFields) => f === 'phone' || f === 'both';

/**
 * The receipt's arithmetic (PRODUCT.md section 4): 1 credit per email and 5 per phone, only for
 * data that exists and this workspace has not revealed yet; suppressed people and people with
 * none of the asked-for data are skipped and never charged. Ids not found count as no data.
 */
export function planReveal(ids: string[], found: Map<string, RevealCandidate>, fields: RevealFields): RevealPlan {
  const plan: RevealPlan = { decisions: [], emails: 0, phones: 0, cost: 0, free: 0, suppressed: 0, noData: 0 };
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) continue;
    seen.add(id);
    const p = found.get(id);
    if (p?.suppressed) {
      plan.suppressed++;
      plan.decisions.push({ id, outcome: 'suppressed' });
      continue;
    }
    const email = !!p && wantsEmail(fields) && p.hasEmail;
    const phone = !!p && wantsPhone(fields) && p.hasPhone;
    if (!email && !phone) {
      plan.noData++;
      plan.decisions.push({ id, outcome: 'no_data' });
      continue;
    }
    const payEmail = email && !p!.emailRevealed;
    const payPhone = phone && !p!.phoneRevealed;
    if (!payEmail && !payPhone) {
      plan.free++;
      plan.decisions.push({ id, outcome: 'free' });
      continue;
    }
    if (payEmail) plan.emails++;
    if (payPhone) plan.phones++;
    plan.decisions.push({ id, outcome: 'charge', email: payEmail, phone: payPhone });
  }
  plan.cost = plan.emails * creditCosts.email + plan.phones * creditCosts.phone;
  return plan;
}
