import { z } from 'zod';
import { verifiedEmailStatuses, seniorities } from './contacts.js';
import { employeeRanges, revenueRanges } from './companies.js';
import { filterNodeSchema, sortSchema, type FieldKind } from './grid.js';

/**
 * The prospect database (PRODUCT.md sections 4 and 9): people shared by every workspace,
 * searched with the grid's filter language, email and phone masked until revealed.
 *
 * GET /api/v1/prospects?limit&cursor&q&sort&filter&scope=all|net_new|mine&includeSuppressed=true
 * GET /api/v1/prospects/facets?q&filter&scope&includeSuppressed
 */

/** Apollo's departments (stored as these keys; contacts take the same keys or free text). */
export const prospectDepartments = [
  'c_suite',
  'product',
  'engineering',
  'design',
  'education',
  'finance',
  'human_resources',
  'it',
  'legal',
  'marketing',
  'medical',
  'operations',
  'sales',
  'consulting',
] as const;
export type ProspectDepartment = (typeof prospectDepartments)[number];
export const prospectDepartmentLabels: Record<ProspectDepartment, string> = {
  c_suite: 'C-suite',
  product: 'Product',
  engineering: 'Engineering',
  design: 'Design',
  education: 'Education',
  finance: 'Finance',
  human_resources: 'Human resources',
  it: 'IT',
  legal: 'Legal',
  marketing: 'Marketing',
  medical: 'Medical',
  operations: 'Operations',
  sales: 'Sales',
  consulting: 'Consulting',
};

/** all: every match · net_new: not in my contacts · mine: already in my contacts (or revealed here). */
export const prospectScopes = ['all', 'net_new', 'mine'] as const;
export type ProspectScope = (typeof prospectScopes)[number];
export const prospectScopeLabels: Record<ProspectScope, string> = { all: 'All', net_new: 'Net new', mine: 'Already mine' };

/**
 * Fields the `filter` tree may name, with their kind (operators as `operatorsByKind`).
 * Special: `jobTitle` with `contains` matches from the start of a word of the title (`eng` finds
 * "Engineering Manager", `gineer` does not) and also takes a list (titles containing any of them).
 * text fields compare case-insensitively.
 */
export const prospectFilterFields = {
  jobTitle: { label: 'Job title', kind: 'text' },
  seniority: { label: 'Seniority', kind: 'enum' },
  department: { label: 'Department', kind: 'enum' },
  companyName: { label: 'Company name', kind: 'text' },
  companyDomain: { label: 'Company domain', kind: 'text' },
  industry: { label: 'Industry', kind: 'text' },
  employeeRange: { label: 'Employees', kind: 'enum' },
  revenueRange: { label: 'Annual revenue', kind: 'enum' },
  country: { label: 'Country', kind: 'text' },
  region: { label: 'Region', kind: 'text' },
  city: { label: 'City', kind: 'text' },
  emailStatus: { label: 'Email status', kind: 'enum' },
  hasEmail: { label: 'Has email', kind: 'boolean' },
  hasPhone: { label: 'Has phone', kind: 'boolean' },
} as const satisfies Record<string, { label: string; kind: FieldKind }>;
export type ProspectFilterField = keyof typeof prospectFilterFields;

/** Sorts (`-` in front for descending). Default: `relevance` (a stable order, fastest to page). */
export const prospectSortFields = ['relevance', 'lastName', 'firstName', 'jobTitle', 'companyName', 'country'] as const;
export type ProspectSortField = (typeof prospectSortFields)[number];

const booleanParam = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

/** What both the search and its facets take: the current search. */
export const prospectSearchParamsSchema = z.object({
  /** Keywords: every word must match the start of a word of the name, title or company name. */
  q: z.string().trim().max(200).optional(),
  /** URL-encoded JSON of a FilterNode over prospectFilterFields. */
  filter: z.string().max(20_000).optional(),
  scope: z.enum(prospectScopes).default('all'),
  /** Suppressed people are left out unless true. */
  includeSuppressed: booleanParam,
});

/** GET /api/v1/prospects. */
export const prospectSearchQuerySchema = prospectSearchParamsSchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(2000).optional(),
  sort: sortSchema.optional(),
});
export type ProspectSearchQuery = z.input<typeof prospectSearchQuerySchema>;

/** GET /api/v1/prospects/facets. */
export const prospectFacetsQuerySchema = prospectSearchParamsSchema;
export type ProspectFacetsQuery = z.input<typeof prospectFacetsQuerySchema>;

/** A search as a JSON body (filter as an object): what a reveal of "all matching" or a saved search holds. */
export const prospectSearchBodySchema = z.object({
  q: z.string().trim().max(200).optional(),
  filter: filterNodeSchema.nullable().optional(),
  scope: z.enum(prospectScopes).default('all'),
  includeSuppressed: z.boolean().optional(),
});
export type ProspectSearchBody = z.input<typeof prospectSearchBodySchema>;

/** One person of the search. Email and phone are masked unless this workspace revealed them. */
export const prospectSchema = z.object({
  id: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  jobTitle: z.string().nullable(),
  seniority: z.enum(seniorities).nullable(),
  department: z.enum(prospectDepartments).nullable(),
  companyName: z.string().nullable(),
  companyDomain: z.string().nullable(),
  industry: z.string().nullable(),
  employeeRange: z.enum(employeeRanges).nullable(),
  revenueRange: z.enum(revenueRanges).nullable(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  /** `j•••@acme-robotics.example`, or the address itself once revealed here; null without an email. */
  emailMasked: z.string().nullable(),
  /** `+1 415 ••• ••12`, or the number itself once revealed here; null without a phone. */
  phoneMasked: z.string().nullable(),
  hasEmail: z.boolean(),
  hasPhone: z.boolean(),
  /** null without an email. */
  emailStatus: z.enum(verifiedEmailStatuses).nullable(),
  /** Set when already in my contacts (same email or LinkedIn URL, or revealed here into this contact). */
  contactId: z.uuid().nullable(),
  /** In my contacts or revealed here (scope `mine`). */
  alreadyMine: z.boolean(),
  revealed: z.object({ email: z.boolean(), phone: z.boolean() }),
  /** On this workspace's suppression list (by email, domain or hash): can't be revealed. */
  suppressed: z.boolean(),
});
export type Prospect = z.infer<typeof prospectSchema>;

export const prospectPageSchema = z.object({ data: z.array(prospectSchema), nextCursor: z.string().nullable() });

/** A person's company in the prospect database, with how many of its people the database holds. */
export const prospectCompanySchema = z.object({
  name: z.string(),
  domain: z.string().nullable(),
  industry: z.string().nullable(),
  employeeRange: z.enum(employeeRanges).nullable(),
  revenueRange: z.enum(revenueRanges).nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string().nullable(),
  /** People at this company in the prospect database (the "find people here" link's count). */
  peopleCount: z.number().int(),
});
export type ProspectCompany = z.infer<typeof prospectCompanySchema>;

/** GET /api/v1/prospects/{id}: the profile drawer (the person as the search shows them, and their company). */
export const prospectProfileSchema = z.object({
  person: prospectSchema,
  company: prospectCompanySchema.nullable(),
});
export type ProspectProfile = z.infer<typeof prospectProfileSchema>;
export type ProspectPage = z.infer<typeof prospectPageSchema>;

/** The facets counted for every search. hasEmail/hasPhone values are 'true' and 'false'. */
export const prospectFacetNames = [
  'seniority',
  'department',
  'industry',
  'employeeRange',
  'revenueRange',
  'country',
  'emailStatus',
  'hasEmail',
  'hasPhone',
] as const;
export type ProspectFacetName = (typeof prospectFacetNames)[number];

export const facetBucketSchema = z.object({ value: z.string(), count: z.number().int() });
export type FacetBucket = z.infer<typeof facetBucketSchema>;

/**
 * GET /api/v1/prospects/facets. Each facet counts its values over the current search with
 * every other condition applied but its own (top-level) conditions left out, so a panel shows
 * what choosing another value would add; values with no match are left out, biggest first
 * (enums in their own order). Totals ignore `scope`:
 * all = matches (suppressed ones only with includeSuppressed), netNew + mine = all,
 * suppressed = matches on the suppression list (counted even when hidden).
 */
export const prospectFacetsSchema = z.object({
  facets: z.object({
    seniority: z.array(facetBucketSchema),
    department: z.array(facetBucketSchema),
    industry: z.array(facetBucketSchema),
    employeeRange: z.array(facetBucketSchema),
    revenueRange: z.array(facetBucketSchema),
    country: z.array(facetBucketSchema),
    emailStatus: z.array(facetBucketSchema),
    hasEmail: z.array(facetBucketSchema),
    hasPhone: z.array(facetBucketSchema),
  }),
  totals: z.object({
    all: z.number().int(),
    netNew: z.number().int(),
    mine: z.number().int(),
    suppressed: z.number().int(),
  }),
});
export type ProspectFacets = z.infer<typeof prospectFacetsSchema>;
