import { z } from 'zod';

/** The import's enrichment so far (the import detail's "Enrichment" line). */
export const importEnrichmentSchema = z.object({
  enabled: z.boolean(),
  cap: z.number().int().nullable(),
  creditsCharged: z.number().int(),
  emailsFilled: z.number().int(),
  phonesFilled: z.number().int(),
  /**
   * Why it stopped before the end: the cap, the credits (balance or the member's limit), or
   * the member who started it was deactivated or lost the role to run it.
   */
  stopped: z.enum(['cap', 'credits', 'starter_deactivated', 'starter_role']).nullable(),
  note: z.string().nullable(),
});
export type ImportEnrichment = z.infer<typeof importEnrichmentSchema>;

export const importEnrichPreviewBodySchema = z.object({
  /** The cap to check against (defaults to the import's option). */
  cap: z.number().int().min(1).max(100_000_000).nullable().optional(),
});

/** The dry run: expected matches by key and their cost, before the import starts. */
export const importEnrichPreviewSchema = z.object({
  /** Data rows looked at (the file's first rows, as previewed) and the file's rows. */
  sampleRows: z.number().int(),
  rows: z.number().int(),
  /** True when the sample is the whole file; otherwise the figures are extrapolated. */
  exact: z.boolean(),
  /** Rows missing an email or a phone, which enrichment would try. */
  lacking: z.number().int(),
  matches: z.object({ linkedin: z.number().int(), email: z.number().int(), nameDomain: z.number().int() }),
  emails: z.number().int(),
  phones: z.number().int(),
  cost: z.number().int(),
  balance: z.number().int(),
  available: z.number().int(),
  memberRemaining: z.number().int().nullable(),
  cap: z.number().int().nullable(),
  /** What the run would charge at most: the cost limited by the cap and the credits available. */
  expectedCharge: z.number().int(),
});
export type ImportEnrichPreview = z.infer<typeof importEnrichPreviewSchema>;
