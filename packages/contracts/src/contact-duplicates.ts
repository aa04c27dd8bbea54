import { z } from 'zod';

/**
 * Likely duplicate contacts (issue 26, decision 0037): pairs found by the same normalised full
 * name at the same company, the same phone, or the same LinkedIn URL, most certain first; merged
 * one by one or up to a page at a time, with a preview and an undo.
 */
export const duplicateReasons = ['same_linkedin', 'same_phone', 'same_name_and_company'] as const;
export type DuplicateReason = (typeof duplicateReasons)[number];

/** The largest bulk merge: one page of pairs, in one unit of work. */
export const DUPLICATE_MERGE_MAX_PAIRS = 100;

/** What the view shows of each contact of a pair. */
export const duplicateContactSchema = z.object({
  id: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  workPhone: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  otherPhone: z.string().nullable(),
  jobTitle: z.string().nullable(),
  companyId: z.uuid().nullable(),
  companyName: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  ownerId: z.uuid().nullable(),
  /** How many of its fields hold a value (the suggested keeper is the more complete one). */
  filled: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type DuplicateContact = z.infer<typeof duplicateContactSchema>;

export const duplicatePairSchema = z.object({
  reasons: z.array(z.enum(duplicateReasons)).min(1),
  /** Higher is more certain: LinkedIn 3, phone 2, name and company 2, summed. */
  score: z.number().int(),
  /** The suggested keeper (more complete, then older) and the one merged into it. */
  keep: duplicateContactSchema,
  merge: duplicateContactSchema,
});
export type DuplicatePair = z.infer<typeof duplicatePairSchema>;

export const duplicatesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(DUPLICATE_MERGE_MAX_PAIRS).default(50),
  cursor: z.string().max(200).optional(),
});
export type DuplicatesQuery = z.infer<typeof duplicatesQuerySchema>;

export const duplicatesPageSchema = z.object({
  data: z.array(duplicatePairSchema),
  nextCursor: z.string().nullable(),
  /** Every likely pair of the workspace (not only this page's). */
  total: z.number().int(),
});
export type DuplicatesPage = z.infer<typeof duplicatesPageSchema>;

export const duplicatePairRefSchema = z.object({ keepId: z.uuid(), mergeId: z.uuid() });
export type DuplicatePairRef = z.infer<typeof duplicatePairRefSchema>;

export const duplicatesMergeBodySchema = z.object({
  pairs: z.array(duplicatePairRefSchema).min(1).max(DUPLICATE_MERGE_MAX_PAIRS),
  /** true: answer what would be merged and what the keepers would hold, change nothing. */
  dryRun: z.boolean().optional(),
});
export type DuplicatesMergeBody = z.infer<typeof duplicatesMergeBodySchema>;

/** A pair left out of a merge, and why (not yours to merge, merged already, gone). */
export const duplicateSkipSchema = duplicatePairRefSchema.extend({ reason: z.string() });

/** A merged pair: the keeper before, and what it holds after the merge. */
export const duplicateMergeItemSchema = z.object({ mergeId: z.uuid(), before: duplicateContactSchema, after: duplicateContactSchema });

export const duplicatesMergeResultSchema = z.object({
  /** The merge to undo (null for a dry run, or when nothing was merged). */
  id: z.uuid().nullable(),
  dryRun: z.boolean(),
  merged: z.number().int(),
  skipped: z.number().int(),
  items: z.array(duplicateMergeItemSchema),
  skippedPairs: z.array(duplicateSkipSchema),
});
export type DuplicatesMergeResult = z.infer<typeof duplicatesMergeResultSchema>;

export const duplicateDismissBodySchema = z.object({ contactIds: z.array(z.uuid()).length(2, 'Name two contacts') });
export type DuplicateDismissBody = z.infer<typeof duplicateDismissBodySchema>;

/** A recorded merge of duplicates, undoable once (by its author, or an owner or admin). */
export const contactMergeSchema = z.object({
  id: z.uuid(),
  merged: z.number().int(),
  skipped: z.number().int(),
  memberId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  undoneAt: z.iso.datetime().nullable(),
});
export type ContactMerge = z.infer<typeof contactMergeSchema>;
export const contactMergeListSchema = z.object({ data: z.array(contactMergeSchema) });

export const contactMergeUndoResultSchema = z.object({ restored: z.number().int() });
export type ContactMergeUndoResult = z.infer<typeof contactMergeUndoResultSchema>;
