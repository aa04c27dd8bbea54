import { z } from 'zod';

/**
 * The suppression list (PRODUCT.md section 6): emails, whole domains (with their subdomains,
 * see docs/decisions/0005-suppression-matching.md) and SHA-256 hashes of normalised emails.
 */

export const suppressionKinds = ['email', 'domain', 'hash'] as const;
export type SuppressionKind = (typeof suppressionKinds)[number];
export const suppressionKindLabels: Record<SuppressionKind, string> = {
  email: 'Email',
  domain: 'Domain',
  hash: 'Hashed email',
};

export const suppressionReasons = ['requested_opt_out', 'bounced', 'customer', 'competitor', 'legal', 'other', 'erasure_request'] as const;
export type SuppressionReason = (typeof suppressionReasons)[number];
export const suppressionReasonLabels: Record<SuppressionReason, string> = {
  requested_opt_out: 'Requested opt-out',
  bounced: 'Bounced',
  customer: 'Customer',
  competitor: 'Competitor',
  legal: 'Legal',
  other: 'Other',
  erasure_request: 'Erasure request',
};

export const suppressionSchema = z.object({
  id: z.uuid(),
  kind: z.enum(suppressionKinds),
  /** Normalised: a lower-case email, a bare domain (IDN as punycode) or 64 lower-case hex digits. */
  value: z.string(),
  reason: z.enum(suppressionReasons),
  note: z.string().nullable(),
  addedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Suppression = z.infer<typeof suppressionSchema>;

/** What a suppressed record carries: the entry that matched it. */
export const suppressionMatchSchema = z.object({
  id: z.uuid(),
  kind: z.enum(suppressionKinds),
  value: z.string(),
  reason: z.enum(suppressionReasons),
});
export type SuppressionMatch = z.infer<typeof suppressionMatchSchema>;

export const suppressionListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  cursor: z.string().max(200).optional(),
  /** Part of the value or note; a full email also finds the entries that suppress it (its domain, its hash). */
  q: z.string().trim().max(254).optional(),
  kind: z.enum(suppressionKinds).optional(),
  reason: z.enum(suppressionReasons).optional(),
  /** When true the page also carries `total`. */
  count: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type SuppressionListQuery = z.input<typeof suppressionListQuerySchema>;

export const suppressionPageSchema = z.object({
  data: z.array(suppressionSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int().optional(),
});
export type SuppressionPage = z.infer<typeof suppressionPageSchema>;

export const SUPPRESSION_NOTE_MAX = 500;
export const SUPPRESSION_BATCH_MAX = 50_000;
/** Longest pasted text, in characters (a CSV upload takes more). */
export const SUPPRESSION_TEXT_MAX = 4_000_000;

const noteSchema = z.string().trim().max(SUPPRESSION_NOTE_MAX, `Keep the note under ${SUPPRESSION_NOTE_MAX} characters`);

export const suppressionEntryInputSchema = z.object({
  value: z.string().max(1000),
  /** Detected from the value when absent. */
  kind: z.enum(suppressionKinds).optional(),
  reason: z.enum(suppressionReasons).optional(),
  note: noteSchema.optional(),
});
export type SuppressionEntryInput = z.infer<typeof suppressionEntryInputSchema>;

/**
 * Either entries, or text with one entry per line (kinds detected). `reason` and `note` at the
 * top level apply to every entry that does not carry its own.
 */
export const suppressionCreateBodySchema = z.union([
  z
    .object({
      entries: z.array(suppressionEntryInputSchema).min(1, 'Give at least one entry').max(SUPPRESSION_BATCH_MAX),
      reason: z.enum(suppressionReasons).optional(),
      note: noteSchema.optional(),
    })
    .strict(),
  z
    .object({
      text: z.string().max(SUPPRESSION_TEXT_MAX),
      reason: z.enum(suppressionReasons).optional(),
      note: noteSchema.optional(),
    })
    .strict(),
]);
export type SuppressionCreateBody = z.infer<typeof suppressionCreateBodySchema>;

/** The querystring of the CSV upload (the file is the multipart field `file`). */
export const suppressionUploadQuerySchema = z.object({
  reason: z.enum(suppressionReasons).optional(),
  note: noteSchema.optional(),
});

export const suppressionInvalidSchema = z.object({
  /** 1-based: the line of the text, the row of the CSV file, or the position in `entries`. */
  line: z.number().int(),
  value: z.string(),
  message: z.string(),
});
export type SuppressionInvalid = z.infer<typeof suppressionInvalidSchema>;

/** The first 1,000 invalid lines are listed; `invalidCount` counts them all. */
export const SUPPRESSION_INVALID_LISTED = 1000;

export const suppressionCreateResultSchema = z.object({
  added: z.number().int(),
  /** Already on the list, or repeated in what was sent: ignored. */
  duplicates: z.number().int(),
  invalid: z.array(suppressionInvalidSchema),
  invalidCount: z.number().int(),
});
export type SuppressionCreateResult = z.infer<typeof suppressionCreateResultSchema>;

export const suppressionExportQuerySchema = z.object({
  q: z.string().trim().max(254).optional(),
  kind: z.enum(suppressionKinds).optional(),
  reason: z.enum(suppressionReasons).optional(),
});

export const suppressionBulkDeleteBodySchema = z.object({
  ids: z.array(z.uuid()).min(1, 'Select at least one entry').max(10_000),
});
export const suppressionBulkDeleteResultSchema = z.object({ removed: z.number().int() });

/** POST /api/v1/suppressions/check: is any of these emails suppressed, and by which entry? */
export const suppressionCheckBodySchema = z.object({
  emails: z.array(z.string().max(320)).min(1).max(1000),
});
export const suppressionCheckResultSchema = z.object({
  results: z.array(
    z.object({
      email: z.string(),
      suppressed: z.boolean(),
      match: suppressionMatchSchema.nullable(),
    }),
  ),
});
export type SuppressionCheckResult = z.infer<typeof suppressionCheckResultSchema>;
