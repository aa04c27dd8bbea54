import { z } from 'zod';

/**
 * Credits and the ledger (PRODUCT.md section 7). A workspace's balance is made of grants
 * (buckets) with an expiry; every change is an append-only ledger row.
 */

export const creditKinds = ['grant', 'spend', 'refund', 'expiry', 'adjustment'] as const;
export type CreditKind = (typeof creditKinds)[number];
export const creditKindLabels: Record<CreditKind, string> = {
  grant: 'Grant',
  spend: 'Spend',
  refund: 'Refund',
  expiry: 'Expired',
  adjustment: 'Adjustment',
};

/** What a row is for: a spend's feature, or where granted credits came from. */
export const creditFeatures = ['prospect_email', 'prospect_phone', 'import_enrich', 'email_finder', 'plan', 'purchase', 'adjustment'] as const;
export type CreditFeature = (typeof creditFeatures)[number];
export const creditFeatureLabels: Record<CreditFeature, string> = {
  prospect_email: 'Email reveal',
  prospect_phone: 'Phone reveal',
  import_enrich: 'Import enrichment',
  email_finder: 'Email finder',
  plan: 'Plan credits',
  purchase: 'Credit pack',
  adjustment: 'Adjustment',
};

/** Cost of revealing one person's data that exists (nothing for data that doesn't). */
export const creditCosts = { email: 1, phone: 5 } as const;

/** The Free plan's monthly grant (a paid plan's comes from billing: decision 0021). */
export const FREE_PLAN_MONTHLY_CREDITS = 50;

const isoDateTime = z.iso.datetime({ offset: true });

/** GET /api/v1/credits */
export const creditsSummarySchema = z.object({
  /** Unexpired credits the workspace holds (reserved ones included). */
  balance: z.number().int(),
  /** Credits running bulk reveals will still spend; not available to other reveals. */
  reserved: z.number().int(),
  /** balance − reserved: what a new reveal can spend. */
  available: z.number().int(),
  /** Buckets that expire, soonest first: amount left and when it goes. */
  expiring: z.array(z.object({ amount: z.number().int(), at: isoDateTime })),
  /** The current monthly period (the calendar month, UTC, whatever the plan: decision 0021). */
  periodStart: isoDateTime,
  periodEnd: isoDateTime,
  /** Credits the whole workspace spent this period (refunds deducted). */
  usedThisPeriod: z.number().int(),
  /** The caller's monthly limit; null = unlimited. */
  memberLimit: z.number().int().nullable(),
  memberUsedThisPeriod: z.number().int(),
  /** What the caller can still spend this period under their limit; null = unlimited. */
  memberRemaining: z.number().int().nullable(),
});
export type CreditsSummary = z.infer<typeof creditsSummarySchema>;

/** One ledger row (the transactions log). `credits` is signed: + granted/refunded, − spent/expired. */
export const creditTransactionSchema = z.object({
  id: z.uuid(),
  createdAt: isoDateTime,
  kind: z.enum(creditKinds),
  feature: z.enum(creditFeatures),
  description: z.string(),
  credits: z.number().int(),
  balanceAfter: z.number().int(),
  memberId: z.uuid().nullable(),
  memberName: z.string().nullable(),
  /** What it concerns: a prospect id, an import id, an invoice id, a reveal job id. */
  reference: z.string().nullable(),
  /** What was asked for, e.g. "email" or "phone". */
  dataRequested: z.string().nullable(),
});
export type CreditTransaction = z.infer<typeof creditTransactionSchema>;

/**
 * GET /api/v1/credit-transactions/{id}: the row, and for a reveal's row (one per reveal action
 * and feature, decision 0035) the people it paid for, in the order charged; empty otherwise.
 */
export const creditTransactionDetailSchema = creditTransactionSchema.extend({
  /** contactId and name: the contact the person became, while the workspace still has it. */
  people: z.array(z.object({ prospectId: z.string(), credits: z.number().int(), contactId: z.string().nullable(), name: z.string().nullable() })),
});
export type CreditTransactionDetail = z.infer<typeof creditTransactionDetailSchema>;

const boolParam = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

/** GET /api/v1/credit-transactions (and …/export without limit/cursor). Dates inclusive (UTC days or ISO times). */
export const creditTransactionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  cursor: z.string().max(200).optional(),
  from: z.union([z.iso.date(), isoDateTime]).optional(),
  to: z.union([z.iso.date(), isoDateTime]).optional(),
  memberId: z.uuid().optional(),
  kind: z.enum(creditKinds).optional(),
  feature: z.enum(creditFeatures).optional(),
  /** false hides refunds (the log's toggle). */
  includeRefunds: boolParam,
});
export type CreditTransactionsQuery = z.input<typeof creditTransactionsQuerySchema>;

export const creditTransactionPageSchema = z.object({
  data: z.array(creditTransactionSchema),
  nextCursor: z.string().nullable(),
});
export type CreditTransactionPage = z.infer<typeof creditTransactionPageSchema>;

/** GET /api/v1/credit-transactions/usage?from&to: credits spent per UTC day and feature (refunds deducted). */
export const creditUsageQuerySchema = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  memberId: z.uuid().optional(),
});
export type CreditUsageQuery = z.infer<typeof creditUsageQuerySchema>;
export const creditUsageSchema = z.object({
  data: z.array(z.object({ day: z.iso.date(), feature: z.enum(creditFeatures), credits: z.number().int() })),
});
export type CreditUsage = z.infer<typeof creditUsageSchema>;

/** PUT /api/v1/members/{id}/credit-limit (owner/admin): null = unlimited. */
export const memberCreditLimitBodySchema = z.object({
  limit: z.number().int().min(0, 'A limit is 0 or more credits').max(10_000_000).nullable(),
});
export type MemberCreditLimitBody = z.infer<typeof memberCreditLimitBodySchema>;

export const memberCreditLimitSchema = z.object({
  memberId: z.uuid(),
  limit: z.number().int().nullable(),
  usedThisPeriod: z.number().int(),
  remaining: z.number().int().nullable(),
});
export type MemberCreditLimit = z.infer<typeof memberCreditLimitSchema>;

/** GET /api/v1/credits/member-usage (owner/admin): every member's limit and use this period, for the Users page. */
export const memberCreditLimitListSchema = z.object({ data: z.array(memberCreditLimitSchema) });
export type MemberCreditLimitList = z.infer<typeof memberCreditLimitListSchema>;
