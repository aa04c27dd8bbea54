import { COMPANY_IDENTITY_MESSAGE, normalizeCompany } from '../records/entities/company.js';
import { customValues, ownerCell, readWord, type ImportIssue, type ImportRowContext, type ImportRowResult, type ImportValues } from './import-row.js';
import { readCountry } from './vocabularies/country.js';
import { readEmployeeRange } from './vocabularies/employee-range.js';
import { readIndustry } from './vocabularies/industry.js';
import { readRevenueRange } from './vocabularies/revenue-range.js';

/**
 * A company import's row: the exporters' words read into the product's, then the company's
 * rules (records/entities/company.ts). A cell that can't be used is a warning; a row with
 * neither a name nor a domain, an error.
 */
export function companyImportRow(values: ImportValues, ctx: ImportRowContext): ImportRowResult {
  const errors: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  const company = normalizeCompany(
    {
      name: values.name,
      domain: values.domain,
      website: values.website,
      industry: values.industry !== undefined ? readIndustry(values.industry) : undefined,
      city: values.city,
      region: values.region,
      country: values.country !== undefined ? readCountry(values.country) : undefined,
      description: values.description,
      foundedYear: values.foundedYear,
      employeeRange: readWord(values.employeeRange, readEmployeeRange, 'employeeRange', () => 'Enter a number of employees or a range like 51-200', warnings),
      revenueRange: readWord(
        values.revenueRange,
        (raw) => readRevenueRange(raw, ctx.revenueScale ?? 1),
        'revenueRange',
        () => 'Enter an amount (12.5M, $12,500,000) or a range like 10M-50M',
        warnings,
      ),
      phone: values.phone,
      linkedinUrl: values.linkedinUrl,
    },
    ctx.phoneRegion,
  );
  for (const p of company.problems) warnings.push({ target: p.field, message: p.message });
  const data: Record<string, string | number> = { ...company.value };
  // a member named by email or name; resolved when written (no member matches: options.unknownOwners)
  ownerCell(values, ctx, data, warnings);
  const custom = customValues(values, ctx, errors, warnings);
  if (!company.identified) {
    // the name's or domain's own problem is the reason the row names nothing: one line says both
    const bad = warnings.findIndex((w) => w.target === 'name' || w.target === 'domain');
    const why = bad >= 0 ? warnings.splice(bad, 1)[0]! : null;
    errors.unshift({
      target: why?.target ?? 'name',
      message: why ? `${why.message} (${COMPANY_IDENTITY_MESSAGE.toLowerCase()})` : 'The row has neither a name nor a domain',
    });
  }
  if (errors.length > 0) return { record: null, errors: [...errors, ...warnings], warnings: [] };
  return {
    record: { key: company.value.domain ?? null, data, custom, companyDomain: null, companyName: null, companyCreate: false, note: values.notes ?? null },
    errors: [],
    warnings,
  };
}
