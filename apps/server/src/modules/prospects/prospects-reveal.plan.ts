import { creditCosts, type RevealFields } from '@leadtrail/contracts';

/** An email's status in the prospect database (null: never checked, counted as unknown). */
export type ProspectEmailStatus = 'valid' | 'risky' | 'invalid' | 'unknown';
export type EmailStatusMix = Record<ProspectEmailStatus, number>;

/** A person as a reveal sees them: what exists, whether suppressed, what this workspace revealed. */
export type RevealCandidate = {
  id: string;
  hasEmail: boolean;
  hasPhone: boolean;
  /** The database's status of the email (null: unknown). */
  emailStatus?: ProspectEmailStatus | null;
  suppressed: boolean;
  emailRevealed: boolean;
  phoneRevealed: boolean;
};

/**
 * What happens to each person: paid items, free (already revealed), or skipped and never
 * charged (suppressed, no data, or an email not charged: invalid, or not valid with validOnly).
 */
export type RevealDecision =
  | { id: string; outcome: 'charge'; email: boolean; phone: boolean; cost: number }
  | { id: string; outcome: 'free' }
  | { id: string; outcome: 'suppressed' }
  | { id: string; outcome: 'no_data' }
  | { id: string; outcome: 'email_skipped'; status: ProspectEmailStatus };

export type RevealPlan = {
  decisions: RevealDecision[];
  emails: number;
  phones: number;
  cost: number;
  free: number;
  suppressed: number;
  noData: number;
  /** The status mix of the emails charged. */
  emailStatus: EmailStatusMix;
  /** Emails left out and never charged, by status (invalid always; risky/unknown with validOnly). */
  skippedEmails: EmailStatusMix;
};

export type RevealOptions = {
  /** Only emails the database marks valid are charged and revealed. */
  validOnly?: boolean;
};

export const wantsEmail = (f: RevealFields) => f === 'email' || f === 'both';
export const wantsPhone = (f: RevealFields) => f === 'phone' || f === 'both';
export const emptyMix = (): EmailStatusMix => ({ valid: 0, risky: 0, unknown: 0, invalid: 0 });

/** Whether an email of this status may be charged (decision 0035): never an invalid one. */
export const chargeableEmail = (status: ProspectEmailStatus | null | undefined, validOnly: boolean) =>
  validOnly ? status === 'valid' : status !== 'invalid';

/**
 * The receipt's arithmetic (PRODUCT.md section 4): 1 credit per email and 5 per phone, only for
 * data that exists and this workspace has not revealed yet; suppressed people and people with
 * none of the asked-for data are skipped and never charged. Ids not found count as no data. An
 * email the database marks invalid is never charged nor handed out; with `validOnly`, neither is
 * a risky or unknown one (decision 0035). Decisions keep the selection's order.
 */
export function planReveal(ids: string[], found: Map<string, RevealCandidate>, fields: RevealFields, opts: RevealOptions = {}): RevealPlan {
  const plan: RevealPlan = {
    decisions: [], emails: 0, phones: 0, cost: 0, free: 0, suppressed: 0, noData: 0, emailStatus: emptyMix(), skippedEmails: emptyMix(),
  };
  const validOnly = opts.validOnly ?? false;
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
    const status: ProspectEmailStatus = p!.emailStatus ?? 'unknown';
    let payEmail = email && !p!.emailRevealed;
    let skippedEmail = false;
    if (payEmail && !chargeableEmail(status, validOnly)) {
      payEmail = false;
      skippedEmail = true;
      plan.skippedEmails[status]++;
    }
    const payPhone = phone && !p!.phoneRevealed;
    if (!payEmail && !payPhone) {
      // nothing new to hand out: free when something asked for is already revealed
      if (skippedEmail && !(phone && p!.phoneRevealed)) plan.decisions.push({ id, outcome: 'email_skipped', status });
      else {
        plan.free++;
        plan.decisions.push({ id, outcome: 'free' });
      }
      continue;
    }
    if (payEmail) {
      plan.emails++;
      plan.emailStatus[status]++;
    }
    if (payPhone) plan.phones++;
    const cost = (payEmail ? creditCosts.email : 0) + (payPhone ? creditCosts.phone : 0);
    plan.cost += cost;
    plan.decisions.push({ id, outcome: 'charge', email: payEmail, phone: payPhone, cost });
  }
  return plan;
}

/**
 * "As many as my balance covers": the longest start of the selection (in its order) whose
 * charges fit in `budget`. Answers how many ids that start takes, the people charged in it and
 * its cost; the people after the first one who does not fit are left out.
 */
export function affordablePrefix(plan: RevealPlan, budget: number): { take: number; charged: number; cost: number } {
  let cost = 0;
  let charged = 0;
  let take = 0;
  for (const d of plan.decisions) {
    if (d.outcome === 'charge') {
      if (cost + d.cost > budget) break;
      cost += d.cost;
      charged++;
    }
    take++;
  }
  return { take, charged, cost };
}

/** The transactions log's line of a reveal action (decision 0035): "Revealed 1,000 emails". */
export const revealLedgerText = (feature: 'prospect_email' | 'prospect_phone', count: number) =>
  `Revealed ${count.toLocaleString('en-US')} ${feature === 'prospect_phone' ? (count === 1 ? 'phone' : 'phones') : count === 1 ? 'email' : 'emails'}`;
