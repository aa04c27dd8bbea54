import type { BillingInterval, CreditPack, CreditPackId, Plan, PlanId, SelfServePlanId } from '@leadtrail/contracts';

/** What a self-serve plan costs and gives (PRODUCT.md section 7). Annual = 10 × monthly. */
export type PlanTerms = { id: SelfServePlanId; name: string; monthlyPriceCents: number; seats: number; monthlyCredits: number; rank: number };

export const PLANS: Record<SelfServePlanId, PlanTerms> = {
  free: { id: 'free', name: 'Free', monthlyPriceCents: 0, seats: 3, monthlyCredits: 50, rank: 0 },
  starter: { id: 'starter', name: 'Starter', monthlyPriceCents: 4900, seats: 5, monthlyCredits: 1000, rank: 1 },
  professional: { id: 'professional', name: 'Professional', monthlyPriceCents: 9900, seats: 15, monthlyCredits: 5000, rank: 2 },
};

/** Email verifications included per month (PRODUCT.md 4a); a cached result is free. */
export const MONTHLY_VERIFICATIONS: Record<SelfServePlanId, number> = { free: 100, starter: 5_000, professional: 25_000 };

/** The monthly verifications of the plan named so (as planCreditsIn names it); Enterprise has Professional's. */
export const verificationsOfPlanNamed = (name: string): number =>
  MONTHLY_VERIFICATIONS[Object.values(PLANS).find((p) => p.name === name)?.id ?? (name === 'Enterprise' ? 'professional' : 'free')];

/** Annual billing: two months free. */
export const ANNUAL_MONTHS_CHARGED = 10;

export function priceOf(plan: SelfServePlanId, interval: BillingInterval): number {
  const monthly = PLANS[plan].monthlyPriceCents;
  return interval === 'year' ? monthly * ANNUAL_MONTHS_CHARGED : monthly;
}

/** The plan's terms; a stored 'enterprise' (set by sales) reads as Professional's limits at least. */
export function termsOf(plan: PlanId): PlanTerms {
  return plan === 'enterprise' ? { ...PLANS.professional, id: 'professional', name: 'Enterprise', rank: 3 } : PLANS[plan];
}

export const planLabel = (plan: PlanId, interval: BillingInterval) =>
  `${termsOf(plan).name} (${interval === 'year' ? 'annual' : 'monthly'})`;

/** GET /api/v1/plans */
export function planCatalogue(): Plan[] {
  const selfServe = Object.values(PLANS).map((p) => ({
    id: p.id,
    name: p.name,
    monthlyPriceCents: p.monthlyPriceCents,
    annualPriceCents: p.monthlyPriceCents * ANNUAL_MONTHS_CHARGED,
    seats: p.seats,
    monthlyCredits: p.monthlyCredits,
    monthlyVerifications: MONTHLY_VERIFICATIONS[p.id],
    contactSales: false,
  }));
  return [
    ...selfServe,
    { id: 'enterprise', name: 'Enterprise', monthlyPriceCents: null, annualPriceCents: null, seats: null, monthlyCredits: null, monthlyVerifications: null, contactSales: true },
  ];
}

/** Whether going from one plan to another is an upgrade (at once) rather than a downgrade (at the period's end). */
export function isUpgrade(from: { plan: PlanId; interval: BillingInterval }, to: { plan: SelfServePlanId; interval: BillingInterval }): boolean {
  const a = termsOf(from.plan).rank;
  const b = PLANS[to.plan].rank;
  if (b !== a) return b > a;
  return from.interval === 'month' && to.interval === 'year' && to.plan !== 'free';
}

/** One-off credit packs: never-expiring credits, invoiced once. */
export const CREDIT_PACKS: Record<CreditPackId, CreditPack> = {
  pack_1000: { id: 'pack_1000', credits: 1000, priceCents: 4900 },
  pack_5000: { id: 'pack_5000', credits: 5000, priceCents: 19900 },
  pack_20000: { id: 'pack_20000', credits: 20000, priceCents: 59900 },
};
