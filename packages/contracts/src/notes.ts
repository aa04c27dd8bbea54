import { z } from 'zod';

/**
 * Notes on a contact or a company:
 * GET/POST /api/v1/{contacts|companies}/{id}/notes, PATCH/DELETE …/notes/{noteId}.
 * Anyone who can write records adds notes; the author edits and deletes theirs, admins any.
 */
export const noteSchema = z.object({
  id: z.uuid(),
  body: z.string(),
  /** Member id of the author (null when the author left the workspace). */
  authorId: z.uuid().nullable(),
  authorName: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Note = z.infer<typeof noteSchema>;

export const noteBodySchema = z.object({
  body: z.string().trim().min(1, 'Write something first').max(20_000, 'Keep notes under 20,000 characters'),
});
export type NoteBody = z.infer<typeof noteBodySchema>;

export const recordNoteParamsSchema = z.object({ id: z.uuid(), noteId: z.uuid() });
export const noteListSchema = z.object({ data: z.array(noteSchema) });
