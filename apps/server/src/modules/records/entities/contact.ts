import { emailStatuses, seniorities, updateContactBodySchema, type EmailStatus, type Seniority } from '@leadtrail/contracts';
import { normalizeEmail, normalizePhone } from '../../../lib/normalize.js';
import { normalizeUrl } from '../../custom-fields/custom-field-values.js';
import { checkField, type FieldProblem } from './field-problem.js';

/**
 * What makes a contact valid, once: its fields' normalisation and checks, and its identity
 * (a name or an email). The API (contacts.service), imports (import-contact-row) and the
 * contacts revealed from prospects use these; a merge keeps a contact that had one.
 */

export const CONTACT_IDENTITY_MESSAGE = 'A contact needs a name or an email';

/** A contact is somebody: a first or last name, or an email. */
export function contactHasIdentity(c: { firstName?: string | null; lastName?: string | null; email?: string | null }): boolean {
  return !!(c.firstName?.trim() || c.lastName?.trim() || c.email?.trim());
}

/** A phone in E.164, or the reason it is not one. */
export function contactPhone(raw: string, region: string): { value: string } | { problem: string } {
  const p = normalizePhone(raw, region);
  return p ? { value: p } : { problem: 'Enter a valid phone number' };
}

/** A profile or page URL, normalised, or the reason it is not one. */
export function contactUrl(raw: string): { value: string } | { problem: string } {
  const url = normalizeUrl(raw);
  return url ? { value: url } : { problem: 'Enter a valid URL' };
}

export const contactTextFields = ['firstName', 'lastName', 'jobTitle', 'department', 'city', 'region', 'country'] as const;
export const contactPhoneFields = ['workPhone', 'mobilePhone', 'otherPhone'] as const;

/** A contact's standard fields as text (a row of a file, a revealed person). */
export type ContactText = Partial<
  Record<(typeof contactTextFields)[number] | (typeof contactPhoneFields)[number] | 'email' | 'emailStatus' | 'seniority' | 'linkedinUrl', string>
>;
/** The fields that could be used, normalised, by column name. */
export type ContactFields = {
  first_name?: string;
  last_name?: string;
  email?: string;
  email_status?: EmailStatus;
  job_title?: string;
  seniority?: Seniority;
  department?: string;
  city?: string;
  region?: string;
  country?: string;
  work_phone?: string;
  mobile_phone?: string;
  other_phone?: string;
  linkedin_url?: string;
};

const COLUMN: Record<(typeof contactTextFields)[number] | (typeof contactPhoneFields)[number], keyof ContactFields> = {
  firstName: 'first_name',
  lastName: 'last_name',
  jobTitle: 'job_title',
  department: 'department',
  city: 'city',
  region: 'region',
  country: 'country',
  workPhone: 'work_phone',
  mobilePhone: 'mobile_phone',
  otherPhone: 'other_phone',
};

/**
 * Checks each field on its own by the API's rules: a field that can't be used is left out
 * with its problem, the others are kept. `identified` says whether what is kept is somebody.
 */
export function normalizeContact(input: ContactText, region: string): { value: ContactFields; problems: FieldProblem[]; identified: boolean } {
  const problems: FieldProblem[] = [];
  const value: ContactFields = {};
  const shape = updateContactBodySchema.shape;
  for (const f of contactTextFields) {
    const raw = input[f];
    if (raw === undefined) continue;
    const v = checkField(shape[f], f, raw, problems);
    if (v) value[COLUMN[f]] = v as never;
  }
  if (input.email !== undefined) {
    const v = checkField(shape.email, 'email', input.email, problems);
    const email = normalizeEmail(v ?? undefined);
    if (email) value.email = email;
  }
  if (input.emailStatus !== undefined) {
    if ((emailStatuses as readonly string[]).includes(input.emailStatus)) value.email_status = input.emailStatus as EmailStatus;
    else problems.push({ field: 'emailStatus', message: `"${input.emailStatus}" is not an email status (valid, risky, invalid, unknown or unverified)` });
  }
  if (input.seniority !== undefined) {
    if ((seniorities as readonly string[]).includes(input.seniority)) value.seniority = input.seniority as Seniority;
    else
      problems.push({
        field: 'seniority',
        message: `"${input.seniority}" is not a seniority (owner, founder, C-suite, partner, VP, head, director, manager, senior, entry or intern)`,
      });
  }
  for (const f of contactPhoneFields) {
    const raw = input[f];
    if (raw === undefined) continue;
    const p = contactPhone(raw, region);
    if ('value' in p) value[COLUMN[f]] = p.value as never;
    else problems.push({ field: f, message: p.problem });
  }
  if (input.linkedinUrl !== undefined) {
    const u = contactUrl(input.linkedinUrl);
    if ('value' in u && u.value.length <= 500) value.linkedin_url = u.value;
    else problems.push({ field: 'linkedinUrl', message: 'problem' in u ? u.problem : 'Use at most 500 characters' });
  }
  const identified = contactHasIdentity({ firstName: value.first_name, lastName: value.last_name, email: value.email });
  return { value, problems, identified };
}
