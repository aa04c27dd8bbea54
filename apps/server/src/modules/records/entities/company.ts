import { employeeRanges, revenueRanges, updateCompanyBodySchema, type EmployeeRange, type RevenueRange } from '@leadtrail/contracts';
import { normalizeDomain } from '../../../lib/normalize.js';
import { normalizeUrl } from '../../custom-fields/custom-field-values.js';
import { contactPhone } from './contact.js';
import { checkField, type FieldProblem } from './field-problem.js';

/**
 * What makes a company valid, once: its fields' normalisation and checks, and its identity
 * (a name or a domain; a company with only a domain is named after it). The API
 * (companies.service) and imports (import-company-row) use these.
 */

export const COMPANY_IDENTITY_MESSAGE = 'A company needs a name or a domain';

export const companyTextFields = ['industry', 'city', 'region', 'country', 'description'] as const;

export type CompanyText = Partial<
  Record<(typeof companyTextFields)[number] | 'name' | 'domain' | 'website' | 'employeeRange' | 'revenueRange' | 'phone' | 'linkedinUrl' | 'foundedYear', string>
>;
export type CompanyFields = {
  name?: string;
  domain?: string;
  website?: string;
  industry?: string;
  city?: string;
  region?: string;
  country?: string;
  description?: string;
  employee_range?: EmployeeRange;
  revenue_range?: RevenueRange;
  phone?: string;
  linkedin_url?: string;
  founded_year?: number;
};

/** A domain from any form of it (https://www.Example.com/about), or the reason it is not one. */
export function companyDomain(raw: string): { value: string } | { problem: string } {
  const d = normalizeDomain(raw);
  return d ? { value: d } : { problem: 'Enter a domain like example.com' };
}

/** A website, normalised, or the reason it is not one. */
export function companyWebsite(raw: string): { value: string } | { problem: string } {
  const url = normalizeUrl(raw);
  return url ? { value: url } : { problem: 'Enter a valid website, like example.com' };
}

/** A phone in E.164, or the reason it is not one (the same rule as a contact's). */
export const companyPhone = contactPhone;

/** Field by field by the API's rules: a field that can't be used is left out with its problem. */
export function normalizeCompany(input: CompanyText, region: string): { value: CompanyFields; problems: FieldProblem[]; identified: boolean } {
  const problems: FieldProblem[] = [];
  const value: CompanyFields = {};
  const shape = updateCompanyBodySchema.shape;
  if (input.domain !== undefined) {
    const d = companyDomain(input.domain);
    if ('value' in d) value.domain = d.value;
    else problems.push({ field: 'domain', message: d.problem });
  }
  if (input.website !== undefined) {
    const w = companyWebsite(input.website);
    if ('value' in w) value.website = w.value;
    else problems.push({ field: 'website', message: w.problem });
  }
  // like the API: the website gives the domain when no domain was given
  if (!value.domain && value.website && input.domain === undefined) {
    const d = normalizeDomain(value.website);
    if (d) value.domain = d;
  }
  if (input.name !== undefined) {
    const n = checkField(shape.name, 'name', input.name, problems);
    if (n) value.name = n;
  }
  // a company with a domain but no name is named after its domain
  if (!value.name && value.domain) value.name = value.domain;
  for (const f of companyTextFields) {
    const raw = input[f];
    if (raw === undefined) continue;
    const v = checkField(shape[f], f, raw, problems);
    if (v) value[f] = v;
  }
  if (input.foundedYear !== undefined) {
    const y = Number(input.foundedYear.trim());
    const ok = Number.isInteger(y) ? shape.foundedYear.safeParse(y) : null;
    if (ok?.success && typeof ok.data === 'number') value.founded_year = ok.data;
    else problems.push({ field: 'foundedYear', message: ok ? ok.error!.issues[0]!.message : 'Enter a year, like 2015' });
  }
  if (input.employeeRange !== undefined) {
    if ((employeeRanges as readonly string[]).includes(input.employeeRange)) value.employee_range = input.employeeRange as EmployeeRange;
    else problems.push({ field: 'employeeRange', message: 'Enter a number of employees or a range like 51-200' });
  }
  if (input.revenueRange !== undefined) {
    if ((revenueRanges as readonly string[]).includes(input.revenueRange)) value.revenue_range = input.revenueRange as RevenueRange;
    else problems.push({ field: 'revenueRange', message: 'Enter an amount (12.5M, $12,500,000) or a range like 10M-50M' });
  }
  if (input.phone !== undefined) {
    const p = contactPhone(input.phone, region);
    if ('value' in p) value.phone = p.value;
    else problems.push({ field: 'phone', message: p.problem });
  }
  if (input.linkedinUrl !== undefined) {
    const u = normalizeUrl(input.linkedinUrl);
    if (u && u.length <= 500) value.linkedin_url = u;
    else problems.push({ field: 'linkedinUrl', message: 'Enter a valid URL' });
  }
  return { value, problems, identified: !!value.name };
}
