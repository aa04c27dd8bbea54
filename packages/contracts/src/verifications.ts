import { z } from 'zod';
import { emailStatusReasons, verifiedEmailStatuses } from './contacts.js';
import { filterNodeSchema } from './grid.js';

/**
 * Email verification and the finder (PRODUCT.md 4a and 9, issue 24).
 * POST /api/v1/verifications · GET /{jobId} · POST /{jobId}/cancel · GET /usage ·
 * POST /api/v1/contacts/{id}/find-email
 */

/** One address's result (POST /api/v1/verifications {email}, or a one-address job's). */
export const verificationResultSchema = z.object({
  email: z.string(),
  status: z.enum(verifiedEmailStatuses),
  reason: z.enum(emailStatusReasons).nullable(),
  /** null: never looked up (an address on `.example`, the synthetic prospect data: its status is the data's) */
  checkedAt: z.iso.datetime().nullable(),
  /** false for an address on `.example` (RFC 2606): nothing was asked of DNS or SMTP */
  lookedUp: z.boolean(),
  domain: z.object({
    /** the mail exchangers' names by priority */
    mx: z.array(z.string()),
    /** null: not known */
    acceptAll: z.boolean().nullable(),
    disposable: z.boolean(),
    webmail: z.boolean(),
  }),
  role: z.boolean(),
});
export type VerificationResult = z.infer<typeof verificationResultSchema>;

/** POST /api/v1/verifications: one address, some contacts, or every contact matching a filter and q. */
export const verificationBodySchema = z
  .object({
    email: z.string().trim().min(1, 'Enter an email address').max(320).optional(),
    contactIds: z.array(z.uuid()).min(1, 'Select at least one contact').max(10_000).optional(),
    /** null: every contact (matching q) */
    filter: filterNodeSchema.nullable().optional(),
    q: z.string().trim().max(200).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const given = [v.email !== undefined, v.contactIds !== undefined, v.filter !== undefined || v.q !== undefined].filter(Boolean).length;
    if (given === 0) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Send an email, contactIds, or a filter and q' });
    if (given > 1) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Send one of email, contactIds, or a filter and q' });
  });
export type VerificationBody = z.infer<typeof verificationBodySchema>;

export const verificationJobStatuses = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export const verificationStopReasons = ['cancelled', 'quota', 'starter_deactivated', 'starter_role'] as const;
export type VerificationStopReason = (typeof verificationStopReasons)[number];

/** 202 of POST /api/v1/verifications (and of find-email for many). */
export const verificationJobRefSchema = z.object({ jobId: z.uuid() });
export type VerificationJobRef = z.infer<typeof verificationJobRefSchema>;

/** GET /api/v1/verifications/{jobId} */
export const verificationJobSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['address', 'contacts', 'find']),
  status: z.enum(verificationJobStatuses),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  counts: z.object({
    valid: z.number().int(),
    risky: z.number().int(),
    invalid: z.number().int(),
    unknown: z.number().int(),
    /** contacts without an address, or on `.example` (kept as they are) */
    skipped: z.number().int(),
  }),
  /** why it stopped before the end (quota: the plan's monthly verifications are used up) */
  stopReason: z.enum(verificationStopReasons).nullable(),
  /** what to tell the user when it stopped or failed */
  message: z.string().nullable(),
  /** where to get more verifications, when the quota stopped it */
  upgradeUrl: z.string().nullable(),
  /** a one-address job's result */
  result: verificationResultSchema.nullable(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type VerificationJob = z.infer<typeof verificationJobSchema>;

/** GET /api/v1/verifications/usage: this month's verifications against the plan's. */
export const verificationUsageSchema = z.object({
  included: z.number().int(),
  used: z.number().int(),
  periodEnd: z.iso.datetime(),
});
export type VerificationUsage = z.infer<typeof verificationUsageSchema>;

/** POST /api/v1/contacts/{id}/find-email */
export const findEmailResultSchema = z.object({
  found: z.boolean(),
  email: z.string().optional(),
  status: z.enum(verifiedEmailStatuses).optional(),
  /** credits charged: 1 when an address was found, else 0 */
  charged: z.number().int(),
});
export type FindEmailResult = z.infer<typeof findEmailResultSchema>;

/** The upgrade page a quota stop points to. */
export const VERIFICATION_UPGRADE_PATH = '/settings/plans';
