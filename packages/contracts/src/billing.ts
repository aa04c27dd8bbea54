import { z } from 'zod';
import { emailSchema, pageOf, pageQuerySchema } from './common.js';

/**
 * Billing (PRODUCT.md sections 7 and 9): plans, the subscription, payment methods, invoices and
 * credit packs. Amounts are integer cents (USD); dates are ISO strings.
 */

/** The API paths of billing (the server's routes and the web's calls share them). */
export const billingPaths = {
  plans: '/api/v1/plans',
  enterpriseInquiry: '/api/v1/plans/enterprise-inquiry',
  subscription: '/api/v1/subscription',
  subscriptionPreview: '/api/v1/subscription/preview',
  subscriptionCancel: '/api/v1/subscription/cancel',
  subscriptionResume: '/api/v1/subscription/resume',
  /** Drops a scheduled downgrade (DELETE). */
  subscriptionPendingChange: '/api/v1/subscription/pending-change',
  paymentMethods: '/api/v1/payment-methods',
  paymentMethodSetupIntent: '/api/v1/payment-methods/setup-intent',
  paymentMethod: (id: string) => `/api/v1/payment-methods/${id}`,
  paymentMethodDefault: (id: string) => `/api/v1/payment-methods/${id}/default`,
  invoices: '/api/v1/invoices',
  invoice: (id: string) => `/api/v1/invoices/${id}`,
  invoicePdf: (id: string) => `/api/v1/invoices/${id}/pdf`,
  /** Completes a payment that asked for a confirmation step (3-D Secure), or retries an open invoice. */
  invoicePay: (id: string) => `/api/v1/invoices/${id}/pay`,
  creditPacks: '/api/v1/credit-packs',
  creditPackPurchase: (id: string) => `/api/v1/credit-packs/${id}/purchase`,
  stripeWebhook: '/api/v1/billing/stripe-webhook',
} as const;

export const planIds = ['free', 'starter', 'professional', 'enterprise'] as const;
export type PlanId = (typeof planIds)[number];
/** The plans a workspace can choose itself (Enterprise is a contact form). */
export const selfServePlanIds = ['free', 'starter', 'professional'] as const;
export type SelfServePlanId = (typeof selfServePlanIds)[number];

export const billingIntervals = ['month', 'year'] as const;
export type BillingInterval = (typeof billingIntervals)[number];

const isoDateTime = z.iso.datetime({ offset: true });

/** One plan of the catalogue. Enterprise has no price, seats or credits (on request). */
export const planSchema = z.object({
  id: z.enum(planIds),
  name: z.string(),
  monthlyPriceCents: z.number().int().nullable(),
  /** 10 × monthly (two months free). */
  annualPriceCents: z.number().int().nullable(),
  seats: z.number().int().nullable(),
  monthlyCredits: z.number().int().nullable(),
  /** Email verifications included each month (a cached result is free); null: agreed with sales. */
  monthlyVerifications: z.number().int().nullable(),
  /** True for Enterprise: a contact form instead of a button. */
  contactSales: z.boolean(),
});
export type Plan = z.infer<typeof planSchema>;

/** GET /api/v1/plans */
export const planListSchema = z.object({ data: z.array(planSchema) });
export type PlanList = z.infer<typeof planListSchema>;

/** POST /api/v1/plans/enterprise-inquiry → 202 {ok} */
export const enterpriseInquiryBodySchema = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(120),
  email: emailSchema,
  company: z.string().trim().min(1, 'Enter the company name').max(120),
  seats: z.number().int().min(1).max(100_000).nullable().optional(),
  message: z.string().trim().max(4000).default(''),
});
export type EnterpriseInquiryBody = z.input<typeof enterpriseInquiryBodySchema>;

export const subscriptionStatuses = ['active', 'past_due'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export const paymentProviders = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

/** GET /api/v1/subscription (members may read it too). */
export const subscriptionSchema = z.object({
  plan: z.enum(planIds),
  interval: z.enum(billingIntervals),
  status: z.enum(subscriptionStatuses),
  /** A renewal charge failed: paid features stay on while it is retried (show a banner). */
  pastDue: z.boolean(),
  /** When the next retry of a failed renewal runs (null when not past due or retries are over). */
  nextRetryAt: isoDateTime.nullable(),
  currentPeriodStart: isoDateTime,
  currentPeriodEnd: isoDateTime,
  /** Cancelled: moves to Free at the period's end unless resumed. */
  cancelAtPeriodEnd: z.boolean(),
  /** A downgrade (or interval change) waiting for the period's end; cancellable until then. */
  pendingChange: z.object({ plan: z.enum(planIds), interval: z.enum(billingIntervals), at: isoDateTime }).nullable(),
  seats: z.object({ used: z.number().int(), limit: z.number().int() }),
  monthlyCredits: z.number().int(),
  /** Which payment provider charges the cards ('sandbox' is said on screen). */
  provider: z.enum(paymentProviders),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** POST /api/v1/subscription/preview and PUT /api/v1/subscription */
export const subscriptionChangeBodySchema = z.object({
  plan: z.enum(selfServePlanIds),
  interval: z.enum(billingIntervals),
});
export type SubscriptionChangeBody = z.infer<typeof subscriptionChangeBodySchema>;

export const invoiceLineKinds = ['plan', 'proration_credit', 'proration_charge', 'credit_pack'] as const;
export type InvoiceLineKind = (typeof invoiceLineKinds)[number];

export const invoiceLineSchema = z.object({
  kind: z.enum(invoiceLineKinds),
  description: z.string(),
  quantity: z.number().int(),
  /** Signed: a proration credit is negative. */
  amountCents: z.number().int(),
  periodStart: isoDateTime.nullable(),
  periodEnd: isoDateTime.nullable(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** What a change would do, line by line, before confirming it. */
export const subscriptionPreviewSchema = z.object({
  plan: z.enum(selfServePlanIds),
  interval: z.enum(billingIntervals),
  /** upgrade: now, charged at once; downgrade: at the period's end; none: already on it. */
  change: z.enum(['upgrade', 'downgrade', 'none']),
  effectiveAt: isoDateTime,
  currency: z.literal('usd'),
  lines: z.array(invoiceLineSchema),
  subtotalCents: z.number().int(),
  taxRateBps: z.number().int(),
  taxCents: z.number().int(),
  /** Charged at once for an upgrade; 0 for a downgrade. */
  totalCents: z.number().int(),
  /**
   * Credits granted at once: an upgrade gives the new plan's monthly credits pro rata to the
   * days left of this month, less a paid current plan's for the same days (their price is
   * credited back too); the credits the workspace has stay. 0 for a downgrade.
   */
  creditsGranted: z.number().int(),
  /** How an upgrade's creditsGranted is made up; null for a downgrade or no change. */
  creditProration: z
    .object({
      /** Whole UTC days left of the credit month, today included, and the month's length. */
      daysLeft: z.number().int(),
      daysTotal: z.number().int(),
      /** The new plan's monthly credits for the days left. */
      newPlanCredits: z.number().int(),
      /** The current plan's for the same days (0 on Free), deducted. */
      currentPlanCredits: z.number().int(),
    })
    .nullable(),
  seatsUsed: z.number().int(),
  seatsLimit: z.number().int(),
  /** Members or invitations to remove before this downgrade can be chosen (0 = none). */
  seatsToRemove: z.number().int(),
});
export type SubscriptionPreview = z.infer<typeof subscriptionPreviewSchema>;

export const invoiceStatuses = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  open: 'Open',
  paid: 'Paid',
  void: 'Void',
  uncollectible: 'Uncollectible',
};

export const invoiceReasons = ['subscription_upgrade', 'renewal', 'credit_pack'] as const;
export type InvoiceReason = (typeof invoiceReasons)[number];

export const invoiceSchema = z.object({
  id: z.uuid(),
  /** LT-<workspace short>-0001, gapless per workspace. */
  number: z.string(),
  status: z.enum(invoiceStatuses),
  reason: z.enum(invoiceReasons),
  currency: z.literal('usd'),
  subtotalCents: z.number().int(),
  /** Basis points: 2000 = 20 %. */
  taxRateBps: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  lines: z.array(invoiceLineSchema),
  companyName: z.string(),
  companyAddress: z.string().nullable(),
  companyTaxId: z.string().nullable(),
  issuedAt: isoDateTime,
  paidAt: isoDateTime.nullable(),
  /** The last failed charge's reason (card_declined, insufficient_funds, …). */
  failureCode: z.string().nullable(),
  pdfUrl: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoicePageSchema = pageOf(invoiceSchema);
export type InvoicePage = z.infer<typeof invoicePageSchema>;
export const invoiceListQuerySchema = pageQuerySchema.extend({ status: z.enum(invoiceStatuses).optional() });

/** PUT /api/v1/subscription → the subscription, and the invoice an upgrade charged. */
export const subscriptionChangeResultSchema = z.object({
  subscription: subscriptionSchema,
  invoice: invoiceSchema.nullable(),
});
export type SubscriptionChangeResult = z.infer<typeof subscriptionChangeResultSchema>;

export const cardBrands = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay', 'unknown'] as const;
export type CardBrand = (typeof cardBrands)[number];

/** A saved card: never its number, only brand, last four and expiry. */
export const paymentMethodSchema = z.object({
  id: z.uuid(),
  brand: z.enum(cardBrands),
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int(),
  name: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: isoDateTime,
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** GET /api/v1/payment-methods: the cards, and how to add one (sandbox form or Stripe Elements). */
export const paymentMethodListSchema = z.object({
  data: z.array(paymentMethodSchema),
  provider: z.enum(paymentProviders),
  /** Stripe's publishable key for Elements (null with the sandbox). */
  publishableKey: z.string().nullable(),
});
export type PaymentMethodList = z.infer<typeof paymentMethodListSchema>;

/** The sandbox's card form (PRODUCT.md section 9). Spaces in the number are allowed. */
export const sandboxCardBodySchema = z.object({
  number: z
    .string()
    .trim()
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Enter the card number')),
  expMonth: z.number().int().min(1, 'Enter the expiry month').max(12, 'Enter the expiry month'),
  expYear: z.number().int().min(2000, 'Enter the expiry year').max(2100, 'Enter the expiry year'),
  cvc: z.string().trim().regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code'),
  name: z.string().trim().max(120).nullable().optional(),
});
/** With Stripe: the SetupIntent Elements confirmed in the browser. */
export const stripeCardBodySchema = z.object({ setupIntentId: z.string().trim().min(1).max(255) });
/** POST /api/v1/payment-methods → 201 PaymentMethod, or 402 with the decline code. */
export const paymentMethodCreateBodySchema = z.union([sandboxCardBodySchema, stripeCardBodySchema]);
export type PaymentMethodCreateBody = z.input<typeof paymentMethodCreateBodySchema>;

/** POST /api/v1/payment-methods/setup-intent (Stripe only; 409 with the sandbox). */
export const setupIntentSchema = z.object({ setupIntentId: z.string(), clientSecret: z.string(), publishableKey: z.string().nullable() });
export type SetupIntent = z.infer<typeof setupIntentSchema>;

export const creditPackIds = ['pack_1000', 'pack_5000', 'pack_20000'] as const;
export type CreditPackId = (typeof creditPackIds)[number];
export const creditPackSchema = z.object({
  id: z.enum(creditPackIds),
  credits: z.number().int(),
  priceCents: z.number().int(),
});
export type CreditPack = z.infer<typeof creditPackSchema>;
export const creditPackListSchema = z.object({ data: z.array(creditPackSchema) });
export type CreditPackList = z.infer<typeof creditPackListSchema>;
export const creditPackParamsSchema = z.object({ id: z.enum(creditPackIds) });

/** POST /api/v1/credit-packs/{id}/purchase (Idempotency-Key honoured) → 201 */
export const creditPackPurchaseResultSchema = z.object({ invoice: invoiceSchema, credits: z.number().int(), balance: z.number().int() });
export type CreditPackPurchaseResult = z.infer<typeof creditPackPurchaseResultSchema>;

/** POST /api/v1/invoices/{id}/pay: after the browser's confirmation step (3-D Secure), or to retry. */
export const invoicePayBodySchema = z.object({ paymentIntentId: z.string().max(255).optional() });

/**
 * Problem codes of billing refusals. Card failures answer 402 with the card's reason as code;
 * a charge needing confirmation answers 402 `requires_action` with `invoiceId` and
 * `clientSecret` (confirm, then POST …/invoices/{id}/pay).
 */
export const cardErrorCodes = [
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'incorrect_number',
  'invalid_expiry',
  'processing_error',
  'authentication_required',
] as const;
export type CardErrorCode = (typeof cardErrorCodes)[number];
export const cardErrorMessages: Record<CardErrorCode, string> = {
  card_declined: 'The card was declined.',
  insufficient_funds: 'The card has insufficient funds.',
  expired_card: 'The card has expired.',
  incorrect_cvc: "The card's security code is incorrect.",
  incorrect_number: 'The card number is incorrect.',
  invalid_expiry: "The card's expiry date is not valid.",
  processing_error: 'The card could not be charged. Try again.',
  authentication_required: 'The card needs a confirmation step by its holder.',
};
export const REQUIRES_ACTION = 'requires_action';
export const PAYMENT_METHOD_REQUIRED = 'payment_method_required';
export const SEATS_OVER_LIMIT = 'seats_over_limit';
export const LAST_PAYMENT_METHOD = 'last_payment_method';
