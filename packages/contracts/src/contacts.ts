import { z } from 'zod';
import { customFieldValuesSchema } from './custom-fields.js';
import { suppressionMatchSchema } from './suppressions.js';

/** Contacts: the workspace's people (PRODUCT.md sections 3 and 11). */

/** What the verifier can say of an address (PRODUCT.md 4a); the prospect database's statuses too. */
export const verifiedEmailStatuses = ['valid', 'risky', 'invalid', 'unknown'] as const;
export type VerifiedEmailStatus = (typeof verifiedEmailStatuses)[number];

/** A contact's email status: a verdict, or `unverified` for an address never checked. */
export const emailStatuses = [...verifiedEmailStatuses, 'unverified'] as const;
export type EmailStatus = (typeof emailStatuses)[number];
export const emailStatusLabels: Record<EmailStatus, string> = {
  valid: 'Valid',
  risky: 'Risky',
  invalid: 'Invalid',
  unknown: 'Unknown',
  unverified: 'Unverified',
};

/** Why the verifier said what it said. */
export const emailStatusReasons = [
  'syntax',
  'no_domain',
  'no_mx',
  'null_mx',
  'disposable',
  'role',
  'webmail',
  'mailbox_not_found',
  'mailbox_full',
  'accept_all',
  'greylisted',
  'timeout',
  'blocked',
] as const;
export type EmailStatusReason = (typeof emailStatusReasons)[number];
export const emailStatusReasonLabels: Record<EmailStatusReason, string> = {
  syntax: 'Not a valid address',
  no_domain: 'The domain does not exist',
  no_mx: 'The domain receives no mail',
  null_mx: 'The domain says it takes no mail',
  disposable: 'A disposable address',
  role: 'A role address (not a person)',
  webmail: 'Free webmail',
  mailbox_not_found: 'No such mailbox',
  mailbox_full: 'The mailbox is full',
  accept_all: 'The domain accepts any address',
  greylisted: 'The server asked to try later',
  timeout: 'The server did not answer',
  blocked: 'The check was blocked',
};

export const seniorities = [
  'owner',
  'founder',
  'c_suite',
  'partner',
  'vp',
  'head',
  'director',
  'manager',
  'senior',
  'entry',
  'intern',
] as const;
export type Seniority = (typeof seniorities)[number];
export const seniorityLabels: Record<Seniority, string> = {
  owner: 'Owner',
  founder: 'Founder',
  c_suite: 'C-suite',
  partner: 'Partner',
  vp: 'VP',
  head: 'Head',
  director: 'Director',
  manager: 'Manager',
  senior: 'Senior',
  entry: 'Entry',
  intern: 'Intern',
};

/** Where a record came from; set by the server (manual from the app, api from an API key). */
export const recordSources = ['manual', 'import', 'prospect', 'api'] as const;
export type RecordSource = (typeof recordSources)[number];
export const recordSourceLabels: Record<RecordSource, string> = {
  manual: 'Manual',
  import: 'Import',
  prospect: 'Prospect database',
  api: 'API',
};

/** The type of an additional email or phone (PRODUCT.md sections 3 and 11). */
export const contactChannelTypes = ['work', 'personal', 'other'] as const;
export type ContactChannelType = (typeof contactChannelTypes)[number];
export const contactChannelTypeLabels: Record<ContactChannelType, string> = { work: 'Work', personal: 'Personal', other: 'Other' };
/** At most this many additional emails, and as many additional phones, per contact. */
export const CONTACT_CHANNELS_MAX = 10;
/** An additional email (lowercase) or phone (E.164) as stored, with its type. */
export const contactChannelSchema = z.object({ value: z.string(), type: z.enum(contactChannelTypes) });
export type ContactChannel = z.infer<typeof contactChannelSchema>;

export const contactSchema = z.object({
  id: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  emailStatus: z.enum(emailStatuses),
  /** Why the verifier gave the status (null: not verified, or a status without a reason). */
  emailStatusReason: z.enum(emailStatusReasons).nullable(),
  /** When the address was last verified. */
  emailCheckedAt: z.iso.datetime().nullable(),
  /** Further addresses beside the primary `email` (the identity), in their order (issue 26). */
  additionalEmails: z.array(contactChannelSchema),
  /** Further numbers beside the work, mobile and other phones, E.164, in their order. */
  additionalPhones: z.array(contactChannelSchema),
  workPhone: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  otherPhone: z.string().nullable(),
  jobTitle: z.string().nullable(),
  seniority: z.enum(seniorities).nullable(),
  department: z.string().nullable(),
  companyId: z.uuid().nullable(),
  companyName: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string().nullable(),
  /** A member id (GET /api/v1/members). */
  ownerId: z.uuid().nullable(),
  /** The owner's name (members can't list members; this saves the grid a lookup). */
  ownerName: z.string().nullable(),
  source: z.enum(recordSources),
  importId: z.uuid().nullable(),
  /** On the workspace's suppression list (by email, domain or hash). */
  suppressed: z.boolean(),
  /** The suppression entry that matches (issue 5); null when not suppressed, and in exports. */
  suppressedBy: suppressionMatchSchema.nullable(),
  customFields: customFieldValuesSchema,
  createdBy: z.uuid().nullable(),
  updatedBy: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Contact = z.infer<typeof contactSchema>;

const text = (max: number) => z.string().trim().max(max).nullable().optional();
/** Phones are parsed with the workspace's default region and stored E.164; the server answers an error per field. */
const phone = z.string().trim().max(40).nullable().optional();
/** http(s) URL; a bare `linkedin.com/in/x` gets https:// in front. */
const url = z.string().trim().max(500).nullable().optional();

/**
 * The whole list of additional emails or phones (a PATCH replaces it; [] clears it). The type
 * defaults to other; a value equal to the primary or repeated is dropped. To make one primary,
 * send it as `email` and the old primary in this list.
 */
const channels = (value: z.ZodType<string>) =>
  z
    .array(z.object({ value, type: z.enum(contactChannelTypes).default('other') }))
    .max(CONTACT_CHANNELS_MAX, { message: `Use at most ${CONTACT_CHANNELS_MAX} additional ones` })
    .optional();

const contactWritable = {
  firstName: text(100),
  lastName: text(100),
  email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.union([z.literal(''), z.email({ message: 'Enter a valid email address' })]))
    .nullable()
    .optional(),
  emailStatus: z.enum(emailStatuses).optional(),
  additionalEmails: channels(z.string().trim().max(254).pipe(z.email({ message: 'Enter a valid email address' }))),
  additionalPhones: channels(z.string().trim().min(1, { message: 'Enter a valid phone number' }).max(40)),
  workPhone: phone,
  mobilePhone: phone,
  otherPhone: phone,
  jobTitle: text(200),
  seniority: z.enum(seniorities).nullable().optional(),
  department: text(100),
  /** Link to a company of the workspace; when absent on create the email's domain links one. */
  companyId: z.uuid().nullable().optional(),
  linkedinUrl: url,
  city: text(100),
  region: text(100),
  country: text(100),
  ownerId: z.uuid().nullable().optional(),
  /** Only the keys given change; null clears a value. Errors come back per field as customFields.<key>. */
  customFields: customFieldValuesSchema.optional(),
};

/** POST /api/v1/contacts. A name or an email is needed. The owner defaults to the caller. */
export const createContactBodySchema = z.object(contactWritable).superRefine((v, ctx) => {
  if (!v.firstName && !v.lastName && !v.email) {
    ctx.addIssue({ code: 'custom', path: ['email'], message: 'Enter a name or an email' });
  }
});
export type CreateContactBody = z.infer<typeof createContactBodySchema>;

/** PATCH /api/v1/contacts/{id}: only the fields given change. */
export const updateContactBodySchema = z.object(contactWritable);
export type UpdateContactBody = z.infer<typeof updateContactBodySchema>;

/** The standard fields a grid, an export, a filter or a merge can name. */
export const contactFields = [
  'firstName',
  'lastName',
  'email',
  'emailStatus',
  'emailStatusReason',
  'emailCheckedAt',
  'additionalEmails',
  'additionalPhones',
  'workPhone',
  'mobilePhone',
  'otherPhone',
  'jobTitle',
  'seniority',
  'department',
  'companyId',
  'companyName',
  'linkedinUrl',
  'city',
  'region',
  'country',
  'ownerId',
  'source',
  'suppressed',
  'createdAt',
  'updatedAt',
] as const;
export type ContactField = (typeof contactFields)[number];

export const contactFieldLabels: Record<ContactField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  emailStatus: 'Email status',
  emailStatusReason: 'Email status reason',
  emailCheckedAt: 'Email checked at',
  additionalEmails: 'Additional emails',
  additionalPhones: 'Additional phones',
  workPhone: 'Work phone',
  mobilePhone: 'Mobile phone',
  otherPhone: 'Other phone',
  jobTitle: 'Job title',
  seniority: 'Seniority',
  department: 'Department',
  companyId: 'Company',
  companyName: 'Company name',
  linkedinUrl: 'LinkedIn URL',
  city: 'City',
  region: 'Region',
  country: 'Country',
  ownerId: 'Owner',
  source: 'Source',
  suppressed: 'Suppressed',
  createdAt: 'Created',
  updatedAt: 'Updated',
};

/** Columns the contacts grid shows before the user chooses. */
export const defaultContactColumns = [
  'firstName',
  'lastName',
  'email',
  'jobTitle',
  'companyName',
  'country',
  'ownerId',
  'createdAt',
];

/**
 * POST /api/v1/contacts/merge: `keepId` survives, `mergeId` is deleted after its notes and
 * history move to the kept record. `values` picks, per field (custom fields as custom:<key>),
 * which record's value stays; an unnamed field keeps the kept record's value, or the merged
 * record's when the kept one is empty.
 */
export const mergeBodySchema = z.object({
  keepId: z.uuid(),
  mergeId: z.uuid(),
  values: z.record(z.string().max(130), z.enum(['keep', 'merge'])).optional(),
});
export type MergeBody = z.infer<typeof mergeBodySchema>;

/** 409 answers of create/update/merge when the email (or a company's domain) is taken. */
export const duplicateProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.literal(409),
  detail: z.string().optional(),
  code: z.literal('duplicate'),
  /** The record that already has this email/domain. */
  existingId: z.uuid(),
  field: z.string(),
});
