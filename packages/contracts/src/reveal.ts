import { z } from 'zod';
import { bulkJobStopReasons } from './bulk-jobs.js';
import { filterNodeSchema } from './grid.js';

/**
 * Revealing prospects (PRODUCT.md sections 4 and 9): 1 credit per email, 5 per phone, only for
 * data that exists, once per workspace and person. The preview is the receipt shown before paying.
 */

export const revealFields = ['email', 'phone', 'both'] as const;
export type RevealFields = (typeof revealFields)[number];

export const revealScopes = ['all', 'net_new', 'mine'] as const;
export type RevealScope = (typeof revealScopes)[number];

/** Most people one reveal may take; above REVEAL_SYNC_LIMIT it runs as a background job. */
export const REVEAL_MAX_PEOPLE = 10_000;
export const REVEAL_SYNC_LIMIT = 100;

const common = {
  fields: z.enum(revealFields),
  /** Add the revealed people's contacts to this contacts list. */
  listId: z.uuid().optional(),
  /**
   * Only emails the prospect database marks valid are charged and revealed (risky and unknown
   * ones are left out, counted in the receipt). Default: true for a search or more than
   * REVEAL_SYNC_LIMIT ids (bulk), false for a few chosen ids. An invalid email is never charged.
   */
  validOnly: z.boolean().optional(),
  /**
   * Reveal as many as the balance (and the member's limit) covers: the first people of the
   * selection, in its order, whose charges fit; the rest are left out. Refused (402) only when
   * not even the first charge fits.
   */
  limitToBalance: z.boolean().optional(),
};

/** Whether a reveal is bulk (a search, or more people than a sync reveal takes): valid emails only by default. */
export const revealValidOnlyDefault = (body: object) => !('ids' in body) || !Array.isArray(body.ids) || body.ids.length > REVEAL_SYNC_LIMIT;

/** Who to reveal: chosen ids, or every person matching a search (as GET /api/v1/prospects takes it). */
export const revealBodySchema = z.union([
  z
    .object({
      ids: z
        .array(z.uuid())
        .min(1, 'Choose at least one person')
        .max(REVEAL_MAX_PEOPLE, `At most ${REVEAL_MAX_PEOPLE} people at once`),
      ...common,
    })
    .strict(),
  z
    .object({
      filter: filterNodeSchema.nullable().optional(),
      q: z.string().trim().max(200).optional(),
      scope: z.enum(revealScopes).default('all'),
      /** How many of the matching people, in the search's order (default and most: 10,000). */
      limit: z.number().int().min(1).max(REVEAL_MAX_PEOPLE).optional(),
      ...common,
    })
    .strict(),
]);
export type RevealBody = z.input<typeof revealBodySchema>;
/** The body after parsing (defaults applied). */
export type RevealRequest = z.infer<typeof revealBodySchema>;

const skippedSchema = z.object({
  /** On the suppression list: never revealed, never charged. */
  suppressed: z.number().int(),
  /** Nothing to reveal (no email and/or no phone as asked): never charged. */
  noData: z.number().int(),
  /** Emails left out and never charged: invalid in the database, or not valid with validOnly. */
  emails: z.number().int(),
});

/** Emails by their status in the prospect database. */
export const emailStatusMixSchema = z.object({
  valid: z.number().int(),
  risky: z.number().int(),
  unknown: z.number().int(),
  invalid: z.number().int(),
});
export type EmailStatusMix = z.infer<typeof emailStatusMixSchema>;

/** POST /api/v1/prospects/reveal/preview: what the reveal would cost, before paying. */
export const revealReceiptSchema = z.object({
  /** People selected. */
  people: z.number().int(),
  /** Items to pay for: emails at 1 credit, phones at 5. */
  charge: z.object({ emails: z.number().int(), phones: z.number().int() }),
  cost: z.number().int(),
  /** People whose asked-for data this workspace already revealed: free. */
  free: z.number().int(),
  skipped: skippedSchema,
  balance: z.number().int(),
  /** Credits held by running bulk reveals (not available). */
  reserved: z.number().int(),
  balanceAfter: z.number().int(),
  /** The caller's remaining monthly limit after this reveal; null = unlimited. */
  memberRemainingAfter: z.number().int().nullable(),
  /** Credits missing to cover it (balance or member limit); 0 when it can go ahead. */
  shortfall: z.number().int(),
  /** Why there is a shortfall, if any. */
  shortfallReason: z.enum(['balance', 'member_limit']).nullable(),
  /** More than REVEAL_SYNC_LIMIT people: the reveal runs as a background job. */
  runsAsJob: z.boolean(),
  /** Whether only valid emails are charged (as asked, or the default for this selection). */
  validOnly: z.boolean(),
  /** The status mix of the emails charged (invalid is always 0: never charged). */
  emailStatus: emailStatusMixSchema,
  /** The emails left out, never charged, by status. */
  skippedEmails: emailStatusMixSchema,
  /**
   * What the balance (and the member's limit) covers, in the selection's order: the people of
   * that start of the selection, those charged among them, and its cost (limitToBalance reveals it).
   */
  affordable: z.object({ people: z.number().int(), charged: z.number().int(), cost: z.number().int() }),
});
export type RevealReceipt = z.infer<typeof revealReceiptSchema>;

export const revealedPersonSchema = z.object({
  prospectId: z.uuid(),
  contactId: z.uuid(),
  /** Revealed email (now or before), null when not asked/none. */
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type RevealedPerson = z.infer<typeof revealedPersonSchema>;

/** POST /api/v1/prospects/reveal (≤ 100 people): done at once. */
export const revealResultSchema = z.object({
  charged: z.number().int(),
  revealed: z.array(revealedPersonSchema),
  skipped: skippedSchema,
  balance: z.number().int(),
});
export type RevealResult = z.infer<typeof revealResultSchema>;

export const revealJobStatuses = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type RevealJobStatus = (typeof revealJobStatuses)[number];

/** A bulk reveal (202 from POST /api/v1/prospects/reveal; GET /api/v1/prospects/reveal-jobs/{id}). */
export const revealJobSchema = z.object({
  id: z.uuid(),
  status: z.enum(revealJobStatuses),
  fields: z.enum(revealFields),
  listId: z.uuid().nullable(),
  total: z.number().int(),
  /** People processed so far. */
  done: z.number().int(),
  charged: z.number().int(),
  /** Credits still held for the rest of the job. */
  reserved: z.number().int(),
  revealed: z.number().int(),
  free: z.number().int(),
  skipped: skippedSchema.extend({
    /** People a batch could not reveal (an error of theirs): never charged, the batch went on. */
    failed: z.number().int(),
  }),
  error: z.string().nullable(),
  /** Why a cancelled job stopped: cancelled by someone, or its starter deactivated or without the role. */
  stopReason: z.enum(bulkJobStopReasons).nullable(),
  /** The member who cancelled it. */
  cancelledBy: z.uuid().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  startedAt: z.iso.datetime({ offset: true }).nullable(),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type RevealJob = z.infer<typeof revealJobSchema>;

/** POST /api/v1/contacts/{id}/report-invalid-email: the email's credit comes back once. */
export const reportInvalidEmailResultSchema = z.object({
  /** Credits refunded by this call (0 when already refunded or never charged). */
  refunded: z.number().int(),
  balance: z.number().int(),
});
export type ReportInvalidEmailResult = z.infer<typeof reportInvalidEmailResultSchema>;

/** 402 `insufficient_credits` carries `shortfall` (and `shortfallReason`) beside the problem fields. */
export const INSUFFICIENT_CREDITS = 'insufficient_credits';
