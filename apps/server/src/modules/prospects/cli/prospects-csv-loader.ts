import fs from 'node:fs';
import { createHash } from 'node:crypto';
import Papa from 'papaparse';
import type pg from 'pg';
import { verifiedEmailStatuses, employeeRanges, prospectDepartments, revenueRanges, seniorities } from '@leadtrail/contracts';
import { normalizeDomain, normalizeEmail, normalizePhone } from '../../../lib/normalize.js';
import { revenueRangeOf, EMPLOYEE_RANGES } from './prospect-pools.js';
import { CSV_HEADER, type ProspectCompanyRow, type ProspectPersonRow } from './prospect-rows.js';
import { replaceProspects, type LoadResult } from './prospects-store.js';

/**
 * Loads a licensed prospect data set from a CSV with the generator's columns (CSV_HEADER;
 * extra columns are ignored, missing optional ones are empty), streamed: papaparse reads,
 * COPY writes, memory holds only the companies. Values outside the known sets become empty
 * rather than failing the load; a row with neither a name nor an email is skipped. The data
 * set replaces the current one.
 */

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const oneOf = <T extends string>(values: readonly T[], v: string | undefined): T | null => {
  const x = v?.trim().toLowerCase().replace(/[\s-]+/g, '_');
  return x && (values as readonly string[]).includes(x) ? (x as T) : null;
};
const range = <T extends string>(values: readonly T[], v: string | undefined): T | null => {
  const x = v?.trim().replace(/\s+/g, '');
  return x && (values as readonly string[]).includes(x) ? (x as T) : null;
};
const text = (v: string | undefined, max = 300): string | null => {
  const x = v?.trim();
  return x ? x.slice(0, max) : null;
};
const int = (v: string | undefined): number | null => {
  const n = Number(v?.trim().replace(/[, _]/g, ''));
  return v && v.trim() && Number.isFinite(n) && n >= 0 ? Math.round(n) : null;
};
/** A stable id from a natural key when the file has none, so a reload keeps ids (and reveals). */
const derivedId = (key: string): string => {
  const h = createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${'89ab'[parseInt(h[16]!, 16) & 3]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
/** E.164 as given (licensed sets carry it; numbering plans change faster than validators), else parsed. */
const phoneOf = (v: string | undefined): string | null => {
  const compact = v?.replace(/[\s().-]/g, '') ?? '';
  if (!compact) return null;
  return /^\+[1-9]\d{6,14}$/.test(compact) ? compact : normalizePhone(v, 'US');
};
const employeeRangeOf = (n: number) => EMPLOYEE_RANGES.find((s) => n >= s.min && n <= s.max)?.range ?? '10001+';

export type CsvLoadResult = LoadResult & { skipped: number };

export async function loadProspectsCsv(pool: pg.Pool, file: string, log: (msg: string) => void = () => {}): Promise<CsvLoadResult> {
  if (!fs.existsSync(file)) throw new Error(`No such file: ${file}`);
  let skipped = 0;
  const result = await replaceProspects(
    pool,
    async (sink) => {
      const companies = new Map<string, ProspectCompanyRow>();
      const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { header: true, skipEmptyLines: 'greedy', transformHeader: (h) => h.replace(/^\uFEFF/, '').trim().toLowerCase() });
      const input = fs.createReadStream(file);
      input.on('error', (err) => parser.destroy(err));
      input.pipe(parser);
      let checked = false;
      for await (const row of parser as AsyncIterable<Record<string, string | undefined>>) {
        if (!checked) {
          checked = true;
          const missing = ['first_name', 'last_name', 'email'].filter((c) => !(c in row));
          if (missing.length === 3) throw new Error(`Not a prospect file: expected the columns ${CSV_HEADER.join(', ')}`);
        }
        const email = normalizeEmail(row.email);
        const validEmail = email && EMAIL_RE.test(email) ? email : null;
        const firstName = text(row.first_name, 100);
        const lastName = text(row.last_name, 100);
        if (!firstName && !lastName && !validEmail) {
          skipped++;
          continue;
        }
        const domain = normalizeDomain(row.company_domain);
        let company: ProspectCompanyRow | null = null;
        if (domain) {
          company = companies.get(domain) ?? null;
          if (!company) {
            const employeeCount = int(row.company_employee_count);
            const revenue = int(row.company_revenue);
            company = {
              id: row.company_id && UUID_RE.test(row.company_id.trim()) ? row.company_id.trim().toLowerCase() : derivedId(`company:${domain}`),
              name: text(row.company_name, 200) ?? domain,
              domain,
              industry: text(row.company_industry, 100),
              employeeCount,
              employeeRange: range(employeeRanges, row.company_employee_range) ?? (employeeCount ? employeeRangeOf(employeeCount) : null),
              revenue,
              revenueRange: range(revenueRanges, row.company_revenue_range) ?? (revenue !== null ? revenueRangeOf(revenue) : null),
              city: text(row.company_city, 100),
              region: text(row.company_region, 100),
              country: text(row.company_country, 100),
            };
            companies.set(domain, company);
            sink.company(company);
          }
        }
        const linkedinUrl = text(row.linkedin_url, 500);
        const person: ProspectPersonRow = {
          id: row.id && UUID_RE.test(row.id.trim())
            ? row.id.trim().toLowerCase()
            : derivedId(`person:${linkedinUrl ?? validEmail ?? `${firstName} ${lastName} ${domain ?? ''}`}`),
          firstName,
          lastName,
          title: text(row.title, 200),
          seniority: oneOf(seniorities, row.seniority),
          department: oneOf(prospectDepartments, row.department),
          email: validEmail,
          emailStatus: validEmail ? (oneOf(verifiedEmailStatuses, row.email_status) ?? 'unknown') : null,
          phone: phoneOf(row.phone),
          linkedinUrl,
          city: text(row.city, 100),
          region: text(row.region, 100),
          country: text(row.country, 100),
          companyId: company?.id ?? null,
          companyName: company?.name ?? null,
          companyDomain: company?.domain ?? null,
          industry: company?.industry ?? null,
          employeeRange: company?.employeeRange ?? null,
          revenueRange: company?.revenueRange ?? null,
        };
        await sink.person(person);
      }
    },
    log,
  );
  return { ...result, skipped };
}
