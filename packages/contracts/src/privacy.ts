import { z } from 'zod';

/**
 * Privacy (issue 15, PRODUCT.md section 7a): erase a person, export the workspace, keep
 * uploaded files N days, delete the workspace.
 *
 * POST /api/v1/privacy/erasures (owner/admin) · POST /api/v1/privacy/exports → 202 ·
 * GET /api/v1/privacy/exports · GET /api/v1/privacy/exports/{id} · GET …/{id}/download ·
 * GET|PUT /api/v1/privacy/settings · DELETE /api/v1/workspace (owner)
 */

export const erasureRequestSchema = z.object({
  email: z.string().trim().min(3).max(320),
  /** also delete the original uploaded files that contain the address (never rewritten) */
  deleteFiles: z.boolean().default(false),
});
export type ErasureRequest = z.input<typeof erasureRequestSchema>;

/** What an erasure removed, by kind. */
export const erasureRemovedSchema = z.object({
  contacts: z.number().int(),
  notes: z.number().int(),
  activities: z.number().int(),
  listMemberships: z.number().int(),
  /** staging rows of imports not finished yet */
  importRows: z.number().int(),
  /** import error rows (the lines of the error reports) */
  errorRows: z.number().int(),
  /** rows imports left out as suppressed, kept to show which entry matched */
  suppressedRows: z.number().int(),
  /** previews and column samples of uploaded files that showed the address */
  importPreviews: z.number().int(),
  reveals: z.number().int(),
  /** stored answers of retried reveals that carried the address */
  storedResponses: z.number().int(),
  /** suppression entries holding the address itself (replaced by its hash) */
  suppressionEntries: z.number().int(),
  /** searches of the export log that named the address */
  exportSearches: z.number().int(),
  /** webhook events (and their deliveries) whose payload carried the address */
  webhookEvents: z.number().int(),
  /** values a bulk edit kept for its undo */
  undoValues: z.number().int(),
});
export type ErasureRemoved = z.infer<typeof erasureRemovedSchema>;

export const erasureFileSchema = z.object({
  importId: z.uuid(),
  fileName: z.string(),
  /** true when this request deleted the file; false: it is listed for an admin to delete */
  deleted: z.boolean(),
});
export type ErasureFile = z.infer<typeof erasureFileSchema>;

export const erasureResultSchema = z.object({
  /** SHA-256 of the normalised address: the suppression entry and the audit log keep this */
  hash: z.string(),
  removed: erasureRemovedSchema,
  files: z.array(erasureFileSchema),
});
export type ErasureResult = z.infer<typeof erasureResultSchema>;

/** Deletes uploaded files an erasure listed (the admin's choice after reading the list). */
export const erasureFilesDeleteSchema = z.object({ importIds: z.array(z.uuid()).min(1).max(100) });
export type ErasureFilesDelete = z.infer<typeof erasureFilesDeleteSchema>;
export const erasureFilesDeletedSchema = z.object({ files: z.array(erasureFileSchema) });

export const workspaceExportStatuses = ['queued', 'running', 'ready', 'failed'] as const;
export type WorkspaceExportStatus = (typeof workspaceExportStatuses)[number];

export const workspaceExportSchema = z.object({
  id: z.uuid(),
  status: z.enum(workspaceExportStatuses),
  /** 0..1 */
  progress: z.number(),
  rowsDone: z.number().int(),
  rowsTotal: z.number().int(),
  fileSize: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** the download link stops working then (24 h after it was ready) */
  expiresAt: z.string().nullable(),
  /** set while the ZIP can be downloaded (an owner's or admin's session) */
  downloadUrl: z.string().nullable(),
});
export type WorkspaceExport = z.infer<typeof workspaceExportSchema>;

export const workspaceExportStartedSchema = z.object({ id: z.uuid(), status: z.enum(workspaceExportStatuses) });
export const workspaceExportListSchema = z.object({ data: z.array(workspaceExportSchema) });
export type WorkspaceExportList = z.infer<typeof workspaceExportListSchema>;

export const FILE_RETENTION_DEFAULT_DAYS = 90;
export const privacySettingsSchema = z.object({
  /** uploaded files and their error reports are deleted this many days after upload */
  fileRetentionDays: z.number().int().min(1).max(3650),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;

export const deleteWorkspaceSchema = z.object({
  password: z.string().min(1).max(1000),
  /** the workspace's name, typed */
  confirmName: z.string().max(200),
});
export type DeleteWorkspaceBody = z.infer<typeof deleteWorkspaceSchema>;

export const deleteWorkspaceResultSchema = z.object({
  /** false when the owner's account went too (it belonged to no other workspace) */
  accountKept: z.boolean(),
});
export type DeleteWorkspaceResult = z.infer<typeof deleteWorkspaceResultSchema>;
