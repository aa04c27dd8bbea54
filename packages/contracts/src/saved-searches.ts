import { z } from 'zod';
import { prospectSearchBodySchema } from './prospects.js';

/**
 * Saved prospect searches (issue 10): tabs above the prospect results, each with "N new"
 * (people the search finds beyond what it found when its owner last opened it).
 *
 * GET /api/v1/saved-searches · POST · PATCH /{id} · DELETE /{id} · POST /{id}/open
 */

export const savedSearchNameSchema = z.string().trim().min(1).max(100);

export const savedSearchSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  query: prospectSearchBodySchema,
  shared: z.boolean(),
  ownerId: z.uuid(),
  /** true when the signed-in member created it */
  mine: z.boolean(),
  lastOpenedAt: z.string().nullable(),
  /** the search's total now minus its total when last opened, never below 0 */
  newCount: z.number().int(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchListSchema = z.object({ data: z.array(savedSearchSchema) });
export type SavedSearchList = z.infer<typeof savedSearchListSchema>;

export const savedSearchCreateSchema = z.object({
  name: savedSearchNameSchema,
  query: prospectSearchBodySchema,
  shared: z.boolean().default(false),
});
export type SavedSearchCreate = z.input<typeof savedSearchCreateSchema>;

export const savedSearchUpdateSchema = z.object({
  name: savedSearchNameSchema.optional(),
  query: prospectSearchBodySchema.optional(),
  shared: z.boolean().optional(),
});
export type SavedSearchUpdate = z.input<typeof savedSearchUpdateSchema>;

export const savedSearchParamsSchema = z.object({ id: z.uuid() });
