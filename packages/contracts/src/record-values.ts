import { z } from 'zod';
import { bulkSelectionSchema } from './grid.js';

/**
 * The values a low-cardinality field takes among the records matching the grid, with counts
 * (issue 14): GET /api/v1/{contacts|companies}/values?field=country&q=…&filter=…
 */
export const fieldValuesQuerySchema = z.object({
  field: z.string().min(1).max(130),
  q: z.string().trim().max(200).optional(),
  /** URL-encoded JSON of a FilterNode: the grid's other conditions. */
  filter: z.string().max(20_000).optional(),
  /** only values containing this text */
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const fieldValueSchema = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export type FieldValue = z.infer<typeof fieldValueSchema>;
export const fieldValuesSchema = z.object({ field: z.string(), data: z.array(fieldValueSchema) });
export type FieldValues = z.infer<typeof fieldValuesSchema>;

/**
 * Bulk "edit field": POST /api/v1/{contacts|companies}/bulk-update sets one standard or custom
 * field (`custom:<key>`) on the selection in one transaction; null clears it. The answer's
 * editId undoes it: POST /api/v1/{contacts|companies}/bulk-update/{editId}/undo.
 */
export const bulkUpdateBodySchema = z.object({
  selection: bulkSelectionSchema,
  field: z.string().min(1).max(130),
  value: z.union([z.string().max(5000), z.number(), z.boolean(), z.array(z.string().max(200)).max(200), z.null()]),
});
export type BulkUpdateBody = z.infer<typeof bulkUpdateBodySchema>;
export const bulkUpdateResultSchema = z.object({ editId: z.uuid(), affected: z.number().int() });
export type BulkUpdateResult = z.infer<typeof bulkUpdateResultSchema>;
export const bulkUndoParamsSchema = z.object({ editId: z.uuid() });
/** restored: records given their previous value back; notRestored: edited records since deleted or merged away. */
export const bulkUndoResultSchema = z.object({ restored: z.number().int(), notRestored: z.number().int() });
export type BulkUndoResult = z.infer<typeof bulkUndoResultSchema>;

/**
 * A bulk edit or delete of every record matching a filter runs as a job (issue 27, decision
 * 0029): POST …/bulk-update or …/bulk/delete with a `matching` selection answers 202 with it;
 * GET /api/v1/{contacts|companies}/bulk-jobs/{id} follows it. A selection of ids still answers at once.
 */
export const recordBulkJobStatuses = ['queued', 'running', 'completed', 'failed'] as const;
export const recordBulkJobSchema = z.object({
  id: z.uuid(),
  entity: z.enum(['contacts', 'companies']),
  kind: z.enum(['update', 'delete']),
  status: z.enum(recordBulkJobStatuses),
  /** an update's field */
  field: z.string().nullable(),
  /** records matching when the job started (null until then) */
  total: z.number().int().nullable(),
  /** records gone through so far */
  done: z.number().int(),
  /** records changed (an update: those whose value differed) or deleted */
  affected: z.number().int(),
  /** a member's delete: matching records of others, left alone */
  skipped: z.number().int(),
  /** an update's undo: POST …/bulk-update/{editId}/undo once it completed */
  editId: z.uuid().nullable(),
  error: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type RecordBulkJob = z.infer<typeof recordBulkJobSchema>;
export const recordBulkJobAcceptedSchema = z.object({ job: recordBulkJobSchema });
export type RecordBulkJobAccepted = z.infer<typeof recordBulkJobAcceptedSchema>;
