import { z } from 'zod';
import { employeeRanges, revenueRanges } from './companies.js';
import { type FieldKind } from './grid.js';
import { facetBucketSchema, prospectScopes } from './prospects.js';

/**
 * The Companies tab of the prospect database (issue 26): the prospect companies themselves,
 * searched with the same filter language as the people (over the fields below), with facet
 * counts and "already mine" (the workspace has a company with the same domain).
 * Design: docs/decisions/0038-prospect-companies-search.md.
 *
 * GET /api/v1/prospects/companies?limit&cursor&q&sort&filter&scope=all|net_new|mine
 * GET /api/v1/prospects/companies/facets?q&filter&scope
 */

/** Fields the companies' `filter` tree may name (text ones compare case-insensitively). */
export const prospectCompanyFilterFields = {
  industry: { label: 'Industry', kind: 'text' },
  employeeRange: { label: 'Employees', kind: 'enum' },
  revenueRange: { label: 'Annual revenue', kind: 'enum' },
  country: { label: 'Country', kind: 'text' },
} as const satisfies Record<string, { label: string; kind: FieldKind }>;
export type ProspectCompanyFilterField = keyof typeof prospectCompanyFilterFields;

/** The facets counted for a company search (each without its own top-level conditions). */
export const prospectCompanyFacetNames = ['industry', 'employeeRange', 'revenueRange', 'country'] as const;
export type ProspectCompanyFacetName = (typeof prospectCompanyFacetNames)[number];

/** Sorts: `-employees` (biggest first, unknown sizes last: the default) or `name`; `-` for descending. */
export const prospectCompanySorts = ['-employees', 'employees', 'name', '-name'] as const;
export type ProspectCompanySort = (typeof prospectCompanySorts)[number];

/** What both the company search and its facets take. */
export const prospectCompanySearchParamsSchema = z.object({
  /** Keywords: every word must match the start of a word of the company's name or domain. */
  q: z.string().trim().max(200).optional(),
  /** URL-encoded JSON of a FilterNode over prospectCompanyFilterFields. */
  filter: z.string().max(20_000).optional(),
  scope: z.enum(prospectScopes).default('all'),
});

/** GET /api/v1/prospects/companies. */
export const prospectCompanySearchQuerySchema = prospectCompanySearchParamsSchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(2000).optional(),
  sort: z.enum(prospectCompanySorts).default('-employees'),
});
export type ProspectCompanySearchQuery = z.input<typeof prospectCompanySearchQuerySchema>;

/** GET /api/v1/prospects/companies/facets. */
export const prospectCompanyFacetsQuerySchema = prospectCompanySearchParamsSchema;
export type ProspectCompanyFacetsQuery = z.input<typeof prospectCompanyFacetsQuerySchema>;

/** One company of the search. */
export const prospectCompanyRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  domain: z.string(),
  industry: z.string().nullable(),
  employeeCount: z.number().int().nullable(),
  employeeRange: z.enum(employeeRanges).nullable(),
  revenueRange: z.enum(revenueRanges).nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string().nullable(),
  /** Its people in the prospect database ("find people at this company"). */
  peopleCount: z.number().int(),
  /** The workspace has a company with this domain. */
  alreadyMine: z.boolean(),
  /** That company (when already mine). */
  companyId: z.uuid().nullable(),
});
export type ProspectCompanyRow = z.infer<typeof prospectCompanyRowSchema>;

export const prospectCompanyPageSchema = z.object({ data: z.array(prospectCompanyRowSchema), nextCursor: z.string().nullable() });
export type ProspectCompanyPage = z.infer<typeof prospectCompanyPageSchema>;

/**
 * GET /api/v1/prospects/companies/facets: each facet's values over the search with every
 * condition but its own (top-level) ones, in the scope; values with no match left out, biggest
 * first (ranges in their own order). Totals ignore `scope`: all = netNew + mine.
 */
export const prospectCompanyFacetsSchema = z.object({
  facets: z.object({
    industry: z.array(facetBucketSchema),
    employeeRange: z.array(facetBucketSchema),
    revenueRange: z.array(facetBucketSchema),
    country: z.array(facetBucketSchema),
  }),
  totals: z.object({ all: z.number().int(), netNew: z.number().int(), mine: z.number().int() }),
});
export type ProspectCompanyFacets = z.infer<typeof prospectCompanyFacetsSchema>;
