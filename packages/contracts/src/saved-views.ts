import { z } from 'zod';
import { filterNodeSchema, gridNameSchema, sortSchema } from './grid.js';

/**
 * Saved views of a records grid (issue 14): tabs above the contacts and companies grids, each
 * a filter, a sort and columns, private to its creator or shared with the workspace.
 *
 * GET /api/v1/saved-views?grid=contacts · POST · PATCH /{id} · DELETE /{id}
 */
export const savedViewNameSchema = z.string().trim().min(1, 'Name the view').max(100);

const viewState = {
  q: z.string().trim().max(200).nullable().optional(),
  filter: filterNodeSchema.nullable().optional(),
  sort: sortSchema.nullable().optional(),
  columns: z.array(z.string().min(1).max(130)).max(200).nullable().optional(),
};

export const savedViewSchema = z.object({
  id: z.uuid(),
  grid: z.string(),
  name: z.string(),
  q: z.string().nullable(),
  filter: z.unknown().nullable(),
  sort: z.string().nullable(),
  columns: z.array(z.string()).nullable(),
  shared: z.boolean(),
  ownerId: z.uuid(),
  /** true when the signed-in member created it (only then may they change it) */
  mine: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewListQuerySchema = z.object({ grid: gridNameSchema });
export const savedViewListSchema = z.object({ data: z.array(savedViewSchema) });

export const savedViewCreateSchema = z.object({
  grid: gridNameSchema,
  name: savedViewNameSchema,
  shared: z.boolean().default(false),
  ...viewState,
});
export type SavedViewCreate = z.infer<typeof savedViewCreateSchema>;

export const savedViewUpdateSchema = z.object({ name: savedViewNameSchema.optional(), shared: z.boolean().optional(), ...viewState });
export type SavedViewUpdate = z.infer<typeof savedViewUpdateSchema>;

export const savedViewParamsSchema = z.object({ id: z.uuid() });
