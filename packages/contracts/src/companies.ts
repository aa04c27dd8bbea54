import { z } from 'zod';
import { recordSources } from './contacts.js';
import { customFieldValuesSchema } from './custom-fields.js';

/** Companies (accounts) of the workspace (PRODUCT.md sections 3 and 11). */

export const employeeRanges = [
  '1-10',
  '11-50',
  '51-200',
  '201-500',
  '501-1000',
  '1001-5000',
  '5001-10000',
  '10001+',
] as const;
export type EmployeeRange = (typeof employeeRanges)[number];

export const revenueRanges = [
  '<1M',
  '1M-10M',
  '10M-50M',
  '50M-100M',
  '100M-500M',
  '500M-1B',
  '1B+',
] as const;
export type RevenueRange = (typeof revenueRanges)[number];
export const revenueRangeLabels: Record<RevenueRange, string> = {
  '<1M': 'Under $1M',
  '1M-10M': '$1M–$10M',
  '10M-50M': '$10M–$50M',
  '50M-100M': '$50M–$100M',
  '100M-500M': '$100M–$500M',
  '500M-1B': '$500M–$1B',
  '1B+': 'Over $1B',
};

export const companySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Normalised: no scheme, no www., lower-case, punycode. Unique in the workspace. */
  domain: z.string().nullable(),
  website: z.string().nullable(),
  industry: z.string().nullable(),
  employeeRange: z.enum(employeeRanges).nullable(),
  revenueRange: z.enum(revenueRanges).nullable(),
  phone: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string().nullable(),
  description: z.string().nullable(),
  foundedYear: z.number().int().nullable(),
  ownerId: z.uuid().nullable(),
  /** The owner's name (members can't list members; this saves the grid a lookup). */
  ownerName: z.string().nullable(),
  source: z.enum(recordSources),
  importId: z.uuid().nullable(),
  customFields: customFieldValuesSchema,
  /** How many contacts link to it. */
  contactCount: z.number().int(),
  createdBy: z.uuid().nullable(),
  updatedBy: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Company = z.infer<typeof companySchema>;

const text = (max: number) => z.string().trim().max(max).nullable().optional();

const companyWritable = {
  name: z.string().trim().min(1, 'Enter the company name').max(200),
  /** Any form (https://www.Example.com/about) is normalised; taken from website when empty. */
  domain: text(253),
  website: text(500),
  industry: text(100),
  employeeRange: z.enum(employeeRanges).nullable().optional(),
  revenueRange: z.enum(revenueRanges).nullable().optional(),
  phone: z.string().trim().max(40).nullable().optional(),
  linkedinUrl: text(500),
  city: text(100),
  region: text(100),
  country: text(100),
  description: text(5000),
  foundedYear: z.number().int().min(1600, 'Enter a year after 1600').max(2100, 'Enter a real year').nullable().optional(),
  ownerId: z.uuid().nullable().optional(),
  customFields: customFieldValuesSchema.optional(),
};

export const createCompanyBodySchema = z.object(companyWritable);
export type CreateCompanyBody = z.infer<typeof createCompanyBodySchema>;
export const updateCompanyBodySchema = z.object({ ...companyWritable, name: companyWritable.name.optional() });
export type UpdateCompanyBody = z.infer<typeof updateCompanyBodySchema>;

export const companyFields = [
  'name',
  'domain',
  'website',
  'industry',
  'employeeRange',
  'revenueRange',
  'phone',
  'linkedinUrl',
  'city',
  'region',
  'country',
  'description',
  'foundedYear',
  'ownerId',
  'source',
  'contactCount',
  'createdAt',
  'updatedAt',
] as const;
export type CompanyField = (typeof companyFields)[number];

export const companyFieldLabels: Record<CompanyField, string> = {
  name: 'Name',
  domain: 'Domain',
  website: 'Website',
  industry: 'Industry',
  employeeRange: 'Employees',
  revenueRange: 'Annual revenue',
  phone: 'Phone',
  linkedinUrl: 'LinkedIn URL',
  city: 'City',
  region: 'Region',
  country: 'Country',
  description: 'Description',
  foundedYear: 'Founded',
  ownerId: 'Owner',
  source: 'Source',
  contactCount: 'Contacts',
  createdAt: 'Created',
  updatedAt: 'Updated',
};

export const defaultCompanyColumns = ['name', 'domain', 'industry', 'employeeRange', 'country', 'contactCount', 'ownerId', 'createdAt'];
