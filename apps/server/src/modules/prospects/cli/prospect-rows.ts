/**
 * The rows the generator and the loader write, their table columns (COPY order) and the flat
 * CSV the loader reads: one line per person with the company's columns prefixed `company_`
 * (what the generator writes with --csv, and what a licensed data set is mapped to).
 */

export type ProspectCompanyRow = {
  id: string;
  name: string;
  domain: string;
  industry: string | null;
  employeeCount: number | null;
  employeeRange: string | null;
  revenue: number | null;
  revenueRange: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
};

export type ProspectPersonRow = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  title: string | null;
  seniority: string | null;
  department: string | null;
  email: string | null;
  emailStatus: string | null;
  phone: string | null;
  linkedinUrl: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  companyId: string | null;
  companyName: string | null;
  companyDomain: string | null;
  industry: string | null;
  employeeRange: string | null;
  revenueRange: string | null;
};

export const COMPANY_COLUMNS = [
  ['id', 'id'], ['name', 'name'], ['domain', 'domain'], ['industry', 'industry'], ['employeeCount', 'employee_count'],
  ['employeeRange', 'employee_range'], ['revenue', 'revenue'], ['revenueRange', 'revenue_range'], ['city', 'city'],
  ['region', 'region'], ['country', 'country'],
] as const satisfies readonly (readonly [keyof ProspectCompanyRow, string])[];

export const PERSON_COLUMNS = [
  ['id', 'id'], ['firstName', 'first_name'], ['lastName', 'last_name'], ['title', 'title'], ['seniority', 'seniority'],
  ['department', 'department'], ['email', 'email'], ['emailStatus', 'email_status'], ['phone', 'phone'],
  ['linkedinUrl', 'linkedin_url'], ['city', 'city'], ['region', 'region'], ['country', 'country'],
  ['companyId', 'company_id'], ['companyName', 'company_name'], ['companyDomain', 'company_domain'],
  ['industry', 'industry'], ['employeeRange', 'employee_range'], ['revenueRange', 'revenue_range'],
] as const satisfies readonly (readonly [keyof ProspectPersonRow, string])[];

/** The CSV header: the person's columns, then the company's as company_<column>. */
export const CSV_HEADER: readonly string[] = [
  'id', 'first_name', 'last_name', 'title', 'seniority', 'department', 'email', 'email_status', 'phone', 'linkedin_url',
  'city', 'region', 'country', 'company_id', 'company_name', 'company_domain', 'company_industry',
  'company_employee_count', 'company_employee_range', 'company_revenue', 'company_revenue_range', 'company_city',
  'company_region', 'company_country',
];

// COPY text format: \N is null; backslash, tab and line breaks are escaped
const SPECIAL = /[\\\t\n\r]/;
const copyValue = (v: string | number | null): string =>
  v === null
    ? '\\N'
    : typeof v === 'number'
      ? String(v)
      : // most values need no escaping: the test is much cheaper than a replace with a callback
        !SPECIAL.test(v)
        ? v
        : v.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));

export const companyCopyLine = (c: ProspectCompanyRow): string => COMPANY_COLUMNS.map(([k]) => copyValue(c[k])).join('\t') + '\n';

const PERSON_KEYS = PERSON_COLUMNS.map(([k]) => k);
/** A person's COPY line; `pos` (its position in the load) goes last. Built by concatenation: a million of them per load. */
export function personCopyLine(p: ProspectPersonRow, pos: number): string {
  let line = '';
  for (const k of PERSON_KEYS) line += copyValue(p[k]) + '\t';
  return `${line}${pos}\n`;
}

const csvValue = (v: string | number | null): string => {
  if (v === null) return '';
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export const csvLine = (p: ProspectPersonRow, c: ProspectCompanyRow): string =>
  [
    p.id, p.firstName, p.lastName, p.title, p.seniority, p.department, p.email, p.emailStatus, p.phone, p.linkedinUrl,
    p.city, p.region, p.country, c.id, c.name, c.domain, c.industry, c.employeeCount, c.employeeRange, c.revenue,
    c.revenueRange, c.city, c.region, c.country,
  ].map(csvValue).join(',') + '\r\n';
