import { z } from 'zod';

/**
 * The activity timeline of a contact or a company:
 * GET /api/v1/{contacts|companies}/{id}/activity?limit&cursor (newest first).
 *
 * `data` by type:
 * - created: { source }
 * - edited: { field, label, from, to } (one entry per changed field; custom fields as custom:<key>)
 * - note_added / note_edited / note_deleted: { noteId, excerpt }
 * - exported: { format: 'csv', rows }
 * - merged: { mergedId, mergedName }
 * - imported: { importId, fileName } · revealed: { fields } · added_to_list / removed_from_list: { listId, listName }
 *   (written by the import, prospect and list modules)
 */
export const activityTypes = [
  'created',
  'edited',
  'note_added',
  'note_edited',
  'note_deleted',
  'exported',
  'merged',
  'imported',
  'revealed',
  'added_to_list',
  'removed_from_list',
] as const;
export type ActivityType = (typeof activityTypes)[number];

export const activitySchema = z.object({
  id: z.uuid(),
  type: z.enum(activityTypes),
  /** Member who did it (null for the system or a member who left). */
  actorId: z.uuid().nullable(),
  actorName: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime(),
});
export type Activity = z.infer<typeof activitySchema>;

export const activityPageSchema = z.object({ data: z.array(activitySchema), nextCursor: z.string().nullable() });
