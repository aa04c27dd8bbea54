import { z } from 'zod';

/**
 * The command palette's search (issue 14): GET /api/v1/search?q=… finds contacts (name,
 * email), companies (name, domain), lists (name) and imports (file name), a few of each.
 */
export const searchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type something to search for').max(200),
  /** results per kind */
  limit: z.coerce.number().int().min(1).max(10).default(5),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

export const searchContactHitSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  companyName: z.string().nullable(),
});
export const searchCompanyHitSchema = z.object({ id: z.uuid(), name: z.string(), domain: z.string().nullable() });
export const searchListHitSchema = z.object({ id: z.uuid(), name: z.string(), entity: z.enum(['contacts', 'companies']) });
export const searchImportHitSchema = z.object({ id: z.uuid(), fileName: z.string(), status: z.string(), createdAt: z.string() });

export const searchResultSchema = z.object({
  contacts: z.array(searchContactHitSchema),
  companies: z.array(searchCompanyHitSchema),
  lists: z.array(searchListHitSchema),
  imports: z.array(searchImportHitSchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
export type SearchContactHit = z.infer<typeof searchContactHitSchema>;
export type SearchCompanyHit = z.infer<typeof searchCompanyHitSchema>;
export type SearchListHit = z.infer<typeof searchListHitSchema>;
export type SearchImportHit = z.infer<typeof searchImportHitSchema>;
