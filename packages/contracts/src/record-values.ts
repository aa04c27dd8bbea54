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
