import {
  CONTACT_CHANNELS_MAX, emailStatuses, seniorities, updateContactBodySchema,
  type ContactChannel, type ContactChannelType, type EmailStatus, type Seniority } from '@leadtrail/contracts';
import { emailDomain, FREE_MAIL_DOMAINS, normalizeEmail, normalizePhone } from '../../../lib/normalize.js';
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

/**
 * Issue 26: a contact's additional emails and phones (docs/decisions/0036). Each is typed (work,
 * personal, other) and normalised as the primary is (a lowercase valid email; a phone in E.164);
 * one equal to the primary email or to one of the phone fields, or repeated, is dropped.
 */
export type ChannelKind = 'email' | 'phone';
export type ChannelInput = { value: string; type?: ContactChannelType };

/** The list of one kind, checked item by item; a bad item is left out with its problem (`additionalEmails.1.value`). */
export function contactChannels(
  kind: ChannelKind,
  items: readonly ChannelInput[],
  primaries: readonly (string | null | undefined)[],
  region: string,
): { value: ContactChannel[]; problems: FieldProblem[] } {
  const field = kind === 'email' ? 'additionalEmails' : 'additionalPhones';
  const problems: FieldProblem[] = [];
  const seen = new Set(primaries.filter((p): p is string => !!p));
  const value: ContactChannel[] = [];
  items.forEach((item, i) => {
    const raw = item.value.trim();
    if (!raw) return;
    let v: string | null;
    if (kind === 'email') {
      const ok = updateContactBodySchema.shape.email.safeParse(raw);
      v = ok.success && ok.data ? normalizeEmail(ok.data) : null;
      if (!v) problems.push({ field: `${field}.${i}.value`, message: `"${raw.slice(0, 80)}" is not a valid email address` });
    } else {
      const p = contactPhone(raw, region);
      v = 'value' in p ? p.value : null;
      if (!v) problems.push({ field: `${field}.${i}.value`, message: `"${raw.slice(0, 40)}" is not a valid phone number` });
    }
    if (!v || seen.has(v)) return;
    seen.add(v);
    value.push({ value: v, type: item.type ?? 'other' });
  });
  if (value.length > CONTACT_CHANNELS_MAX)
    problems.push({ field, message: `A contact keeps at most ${CONTACT_CHANNELS_MAX} additional ${kind === 'email' ? 'emails' : 'phones'}` });
  return { value: value.slice(0, CONTACT_CHANNELS_MAX), problems };
}

/** The type a primary email takes when it becomes an additional one: free mail is personal. */
export const emailChannelType = (email: string): ContactChannelType => {
  const d = emailDomain(email);
  return d && FREE_MAIL_DOMAINS.has(d) ? 'personal' : 'work';
};

type ChannelHolder = {
  email: string | null;
  workPhone: string | null;
  mobilePhone: string | null;
  otherPhone: string | null;
  additionalEmails: ContactChannel[];
  additionalPhones: ContactChannel[];
};

/**
 * What a merge keeps of both contacts' emails and phones: every distinct one. Those the merged
 * contact's chosen fields (`write`: email, work, mobile and other phone) don't hold become its
 * additional ones, the kept contact's first; the merged one's primary becomes an additional one.
 * A problem when there would be more than a contact keeps (nothing is dropped silently).
 */
export function mergeContactChannels(
  keep: ChannelHolder,
  gone: ChannelHolder,
  write: Partial<Record<'email' | 'workPhone' | 'mobilePhone' | 'otherPhone', unknown>>,
): { additionalEmails: ContactChannel[]; additionalPhones: ContactChannel[] } | FieldProblem {
  const chosen = (k: 'email' | 'workPhone' | 'mobilePhone' | 'otherPhone', r: ChannelHolder) =>
    (write[k] !== undefined ? write[k] : r[k]) as string | null;
  const emails: ContactChannel[] = [];
  const phones: ContactChannel[] = [];
  const taken = new Set<string>([chosen('email', keep), chosen('workPhone', keep), chosen('mobilePhone', keep), chosen('otherPhone', keep)].filter((v): v is string => !!v));
  const add = (list: ContactChannel[], value: string | null, type: ContactChannelType) => {
    if (!value || taken.has(value)) return;
    taken.add(value);
    list.push({ value, type });
  };
  for (const r of [keep, gone]) {
    add(emails, r.email, r.email ? emailChannelType(r.email) : 'other');
    for (const c of r.additionalEmails) add(emails, c.value, c.type);
    add(phones, r.workPhone, 'work');
    add(phones, r.mobilePhone, 'other');
    add(phones, r.otherPhone, 'other');
    for (const c of r.additionalPhones) add(phones, c.value, c.type);
  }
  for (const [list, what] of [[emails, 'emails'], [phones, 'phones']] as const)
    if (list.length > CONTACT_CHANNELS_MAX)
      return {
        field: 'values',
        message: `The merged contact would have ${list.length} additional ${what} (at most ${CONTACT_CHANNELS_MAX}): remove some from either contact first`,
      };
  return { additionalEmails: emails, additionalPhones: phones };
}
