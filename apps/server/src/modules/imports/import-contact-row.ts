import { additionalChannelTargets, CONTACT_CHANNELS_MAX, type ContactChannel, type ContactChannelType } from '@leadtrail/contracts';
import { splitFullName } from '../../lib/person-name.js';
import { emailDomain, FREE_MAIL_DOMAINS } from '../../lib/normalize.js';
import {
  CONTACT_IDENTITY_MESSAGE, contactChannels, contactTextFields, contactPhoneFields, normalizeContact, type ContactText,
} from '../records/entities/contact.js';
import { normalizeCompany } from '../records/entities/company.js';
import { customValues, ownerCell, readWord, type ImportIssue, type ImportRowContext, type ImportRowResult, type ImportValues } from './import-row.js';
import { readCountry } from './vocabularies/country.js';
import { readDepartment } from './vocabularies/department.js';
import { readEmailStatus } from './vocabularies/email-status.js';
import { readEmployeeRange } from './vocabularies/employee-range.js';
import { readIndustry } from './vocabularies/industry.js';
import { readSeniority } from './vocabularies/seniority.js';

type Listed = { value: string; type: ContactChannelType; target: string };

/** The cells of the additional email and phone columns, one value each (a cell may list several: `a@x; b@y`, Google's `a ::: b`). */
function listedChannels(values: ImportValues): { email: Listed[]; phone: Listed[] } {
  const out: { email: Listed[]; phone: Listed[] } = { email: [], phone: [] };
  for (const target of additionalChannelTargets) {
    const raw = values[target];
    if (raw === undefined) continue;
    const kind = target.endsWith('Email') ? 'email' : 'phone';
    const type: ContactChannelType = target.includes('Work') ? 'work' : target.includes('Personal') ? 'personal' : 'other';
    for (const v of raw.split(kind === 'email' ? /\n|;|,|:::/ : /\n|;|:::/)) if (v.trim()) out[kind].push({ value: v.trim(), type, target });
  }
  return out;
}

/**
 * The row's additional emails and phones by the contact's rules (one equal to the primary or
 * the phone fields, or repeated, is left out); a bad one is a warning on its column.
 */
function additionalChannels(
  listed: { email: Listed[]; phone: Listed[] },
  contact: { email?: string; work_phone?: string; mobile_phone?: string; other_phone?: string },
  region: string,
  warnings: ImportIssue[],
): (ContactChannel & { kind: 'email' | 'phone'; pos: number })[] {
  const out: (ContactChannel & { kind: 'email' | 'phone'; pos: number })[] = [];
  for (const kind of ['email', 'phone'] as const) {
    const taken: string[] = kind === 'email' ? [contact.email ?? ''] : [contact.work_phone ?? '', contact.mobile_phone ?? '', contact.other_phone ?? ''];
    const kept: ContactChannel[] = [];
    for (const item of listed[kind]) {
      const checked = contactChannels(kind, [item], [...taken, ...kept.map((k) => k.value)], region);
      for (const p of checked.problems) warnings.push({ target: item.target, message: p.message });
      kept.push(...checked.value);
    }
    if (kept.length > CONTACT_CHANNELS_MAX)
      warnings.push({
        target: listed[kind].at(-1)!.target,
        message: `A contact keeps at most ${CONTACT_CHANNELS_MAX} additional ${kind === 'email' ? 'emails' : 'phones'}: ${kept.length - CONTACT_CHANNELS_MAX} left out`,
      });
    kept.slice(0, CONTACT_CHANNELS_MAX).forEach((c, pos) => out.push({ ...c, kind, pos }));
  }
  return out;
}

/**
 * A contact import's row: the exporters' words read into the product's (vocabularies/), then
 * the contact's own rules (records/entities/contact.ts), then its company's columns by the
 * company's rules. A cell that can't be used is a warning; a row naming nobody, an error.
 */
export function contactImportRow(values: ImportValues, ctx: ImportRowContext): ImportRowResult {
  const errors: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  const input: ContactText = {};
  for (const f of [...contactTextFields, ...contactPhoneFields, 'email', 'linkedinUrl'] as const) {
    if (values[f] !== undefined) input[f] = values[f];
  }
  // names from the full-name column are that column's: its problems are reported on it
  const fromFullName = new Set<string>();
  if (values.fullName !== undefined && (input.firstName === undefined || input.lastName === undefined)) {
    const split = splitFullName(values.fullName);
    for (const f of ['firstName', 'lastName'] as const) {
      if (input[f] !== undefined || !split[f]) continue;
      input[f] = split[f];
      fromFullName.add(f);
    }
  }
  if (input.department !== undefined) input.department = readDepartment(input.department);
  if (input.country !== undefined) input.country = readCountry(input.country);
  input.emailStatus = readWord(values.emailStatus, readEmailStatus, 'emailStatus', (w) => `"${w}" is not an email status we know (valid, risky, invalid, unknown or unverified)`, warnings);
  input.seniority = readWord(
    values.seniority,
    readSeniority,
    'seniority',
    (w) => `"${w}" is not a seniority we know (owner, founder, C-suite, partner, VP, head, director, manager, senior, entry or intern)`,
    warnings,
  );
  if (input.emailStatus === undefined) delete input.emailStatus;
  if (input.seniority === undefined) delete input.seniority;
  // issue 26: without an email column's value, the first further email is the primary one
  const listed = listedChannels(values);
  // Google writes two addresses of one label in one cell (`a ::: b`): the first is the email
  if (input.email?.includes(':::')) {
    const [first, ...more] = input.email.split(':::').map((v) => v.trim()).filter(Boolean);
    input.email = first ?? '';
    listed.email.unshift(...more.map((value) => ({ value, type: 'other' as const, target: 'email' })));
  }
  let emailFrom = 'email';
  if (input.email === undefined && listed.email.length) {
    const first = listed.email.shift()!;
    input.email = first.value;
    emailFrom = first.target;
  }
  const contact = normalizeContact(input, ctx.phoneRegion);
  for (const p of contact.problems)
    warnings.push({ target: fromFullName.has(p.field) ? 'fullName' : p.field === 'email' ? emailFrom : p.field, message: p.message });
  const data: Record<string, string | number> = { ...contact.value };
  const channels = additionalChannels(listed, contact.value, ctx.phoneRegion, warnings);
  if (channels.length) data.additional_channels = JSON.stringify(channels);
  const email = contact.value.email ?? null;

  // the company: a domain column, else the website's domain, else the work email's domain
  const company = normalizeCompany(
    {
      domain: values.companyDomain,
      website: values.website,
      industry: values.companyIndustry !== undefined ? readIndustry(values.companyIndustry) : undefined,
      employeeRange: readWord(values.companyEmployees, readEmployeeRange, 'companyEmployees', () => 'Enter a number of employees or a range like 51-200', warnings),
      phone: values.companyPhone,
      linkedinUrl: values.companyLinkedinUrl,
    },
    ctx.phoneRegion,
  );
  const COMPANY_TARGET: Record<string, string> = { domain: 'companyDomain', website: 'website', phone: 'companyPhone', linkedinUrl: 'companyLinkedinUrl', industry: 'companyIndustry' };
  for (const p of company.problems) warnings.push({ target: COMPANY_TARGET[p.field] ?? p.field, message: p.message });
  let companyDomain = company.value.domain ?? null;
  const companyName = values.companyName !== undefined ? values.companyName.slice(0, 200) : null;
  const companyCreate = companyName !== null || companyDomain !== null;
  if (!companyDomain) {
    const d = emailDomain(email);
    if (d && !FREE_MAIL_DOMAINS.has(d)) companyDomain = d;
  }
  // the company's own columns fill its empty fields once it is found or created
  const extras = company.value;
  if (extras.industry) data.company_industry = extras.industry;
  if (extras.employee_range) data.company_employee_range = extras.employee_range;
  if (extras.phone) data.company_phone = extras.phone;
  if (extras.linkedin_url) data.company_linkedin_url = extras.linkedin_url;
  if (extras.website) data.company_website = extras.website;
  // a member named by email or name; resolved when written (no member matches: options.unknownOwners)
  ownerCell(values, ctx, data, warnings);
  const custom = customValues(values, ctx, errors, warnings);
  if (!contact.identified) {
    // the email's own problem is the reason the row names nobody: one line says both
    const bad = warnings.findIndex((w) => w.target === 'email');
    const message = bad >= 0 ? `${warnings.splice(bad, 1)[0]!.message} (${CONTACT_IDENTITY_MESSAGE.toLowerCase()})` : 'The row has neither a name nor an email';
    errors.unshift({ target: 'email', message });
  }
  if (errors.length > 0) return { record: null, errors: [...errors, ...warnings], warnings: [] };
  return { record: { key: email, data, custom, companyDomain, companyName, companyCreate, note: values.notes ?? null }, errors: [], warnings };
}
