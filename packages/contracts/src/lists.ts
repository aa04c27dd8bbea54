import { z } from 'zod';
import { entitySchema } from './custom-fields.js';
import { filterNodeSchema, type FilterNode } from './grid.js';

/**
 * Static lists of contacts or of companies (PRODUCT.md sections 1 and 9). A list's page is the
 * contacts (or companies) grid scoped to its members: GET /api/v1/lists/{id}/members takes the
 * grid's querystring (limit, cursor, q, sort, filter, count) and answers the grid's page shape.
 */

export const LIST_NAME_MAX = 100;
export const LIST_DESCRIPTION_MAX = 1000;

export const listSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  entity: entitySchema,
  description: z.string().nullable(),
  /** The member who owns the list (its creator unless changed); members may delete only their own lists. */
  ownerId: z.uuid().nullable(),
  ownerName: z.string().nullable(),
  memberCount: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type List = z.infer<typeof listSchema>;

export const listSorts = ['name', '-name', 'createdAt', '-createdAt', 'updatedAt', '-updatedAt', 'memberCount', '-memberCount'] as const;
export type ListSort = (typeof listSorts)[number];

export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  cursor: z.string().max(200).optional(),
  /** Part of the name or description. */
  q: z.string().trim().max(200).optional(),
  entity: entitySchema.optional(),
  sort: z.enum(listSorts).default('-updatedAt'),
  count: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type ListQuery = z.input<typeof listQuerySchema>;

export const listPageSchema = z.object({
  data: z.array(listSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int().optional(),
});
export type ListPage = z.infer<typeof listPageSchema>;

const listName = z
  .string()
  .trim()
  .min(1, 'Enter a name for the list')
  .max(LIST_NAME_MAX, `Keep the name under ${LIST_NAME_MAX} characters`);
const listDescription = z
  .string()
  .trim()
  .max(LIST_DESCRIPTION_MAX, `Keep the description under ${LIST_DESCRIPTION_MAX} characters`);

export const createListBodySchema = z.object({
  name: listName,
  entity: entitySchema,
  description: listDescription.nullable().optional(),
});
export type CreateListBody = z.infer<typeof createListBodySchema>;

export const updateListBodySchema = z
  .object({
    name: listName.optional(),
    description: listDescription.nullable().optional(),
    /** Hand the list to another member (owners and admins, or the list's owner). */
    ownerId: z.uuid().nullable().optional(),
  })
  .refine((b) => b.name !== undefined || b.description !== undefined || b.ownerId !== undefined, {
    message: 'Give a name, a description or an owner to change',
  });
export type UpdateListBody = z.infer<typeof updateListBodySchema>;

/** 409 when another list of the workspace has the name (case-insensitive). */
export const listNameTakenSchema = z.object({ existingId: z.uuid() });

/**
 * Members to add or remove: ids, or every record matching the grid's q and filter.
 * Adding by filter is one set-based statement; removing by filter applies within the list.
 */
export const listMembersBodySchema = z
  .object({
    ids: z.array(z.uuid()).min(1, 'Select at least one record').max(10_000).optional(),
    /** null: every record (matching q). */
    filter: filterNodeSchema.nullable().optional(),
    q: z.string().trim().max(200).optional(),
  })
  .strict()
  // one object rather than a union of two, so that a problem names its field (a union's is nameless)
  .superRefine((v, ctx) => {
    if (v.ids !== undefined && (v.filter !== undefined || v.q !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['ids'], message: 'Send ids, or a filter and q, not both' });
    } else if (v.ids === undefined && v.filter === undefined) {
      ctx.addIssue({ code: 'custom', path: ['filter'], message: 'Send ids, or a filter (null for every record) and q' });
    }
  })
  .transform((v): { ids: string[] } | { filter: FilterNode | null; q?: string } =>
    v.ids !== undefined ? { ids: v.ids } : { filter: v.filter ?? null, ...(v.q !== undefined ? { q: v.q } : {}) },
  );
export type ListMembersBody = z.infer<typeof listMembersBodySchema>;

export const addListMembersResultSchema = z.object({
  /** Newly in the list. */
  added: z.number().int(),
  /** Matched but already members: never doubled. */
  alreadyPresent: z.number().int(),
});
export type AddListMembersResult = z.infer<typeof addListMembersResultSchema>;

export const removeListMembersResultSchema = z.object({ removed: z.number().int() });
export type RemoveListMembersResult = z.infer<typeof removeListMembersResultSchema>;

/** A record's lists (the detail page's "Lists" section). */
export const recordListSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  addedAt: z.iso.datetime(),
});
export const recordListsSchema = z.object({ data: z.array(recordListSchema) });
export type RecordList = z.infer<typeof recordListSchema>;
