import { contactFieldLabels, type Contact, type ContactChannel, type CreateContactBody, type UpdateContactBody } from '@leadtrail/contracts';
import type { RequestContext } from '../../../core/request-context.js';
import type { Tx } from '../../../core/unit-of-work.js';
import { AppError } from '../../../lib/errors.js';
import { emailDomain, FREE_MAIL_DOMAINS, normalizeEmail } from '../../../lib/normalize.js';
import type { CompaniesService } from '../companies/companies.service.js';
import { presentValues, type FieldError } from '../../custom-fields/custom-field-values.js';
import {
  CONTACT_IDENTITY_MESSAGE, contactChannels, contactHasIdentity, contactPhone, contactUrl, mergeContactChannels,
  type ChannelInput,
} from '../entities/contact.js';
import type { RecordWrite } from '../record-spec.js';
import { createRecordsService, type RecordRules, type RecordsDeps } from '../records.service.js';
import { contactSql, createContactsRepository, type ContactRecord, type ContactsRepository } from './contacts.repository.js';

/** Standard fields a request can write. */
const writable = [
  'firstName', 'lastName', 'email', 'emailStatus', 'workPhone', 'mobilePhone', 'otherPhone', 'jobTitle', 'seniority',
  'department', 'companyId', 'linkedinUrl', 'city', 'region', 'country', 'ownerId',
] as const;

const str = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim());

/** Body fields → column values (normalised), with an error per bad field. */
function normalize(body: UpdateContactBody, current: ContactRecord | null, region: string) {
  const errors: FieldError[] = [];
  const out: RecordWrite = {};
  for (const f of ['firstName', 'lastName', 'jobTitle', 'department', 'city', 'region', 'country'] as const) {
    const v = str(body[f]);
    if (v !== undefined) out[f] = v;
  }
  if (body.email !== undefined) out.email = normalizeEmail(body.email);
  for (const f of ['emailStatus', 'seniority', 'companyId', 'ownerId'] as const) if (body[f] !== undefined) out[f] = body[f];
  // a status set by hand, or a new address, is no verifier's verdict: its reason and time go
  const newEmail = out.email !== undefined && out.email !== (current?.email ?? null);
  if (body.emailStatus !== undefined || (newEmail && current)) {
    if (body.emailStatus === undefined) out.emailStatus = 'unverified';
    out.emailStatusReason = null;
    out.emailCheckedAt = null;
  }
  for (const f of ['workPhone', 'mobilePhone', 'otherPhone'] as const) {
    const raw = str(body[f]);
    if (raw === undefined) continue;
    const p = raw === null ? null : contactPhone(raw, region);
    if (p && 'problem' in p) errors.push({ path: f, message: p.problem });
    else out[f] = p?.value ?? null;
  }
  const linkedin = str(body.linkedinUrl);
  if (linkedin !== undefined) {
    const url = linkedin === null ? null : contactUrl(linkedin);
    if (url && 'problem' in url) errors.push({ path: 'linkedinUrl', message: url.problem });
    else out.linkedinUrl = url?.value ?? null;
  }
  channelsOf(body, current, out, region, errors);
  if (current) {
    const name = (k: 'firstName' | 'lastName' | 'email') => (out[k] !== undefined ? out[k] : current[k]) as string | null;
    if (!contactHasIdentity({ firstName: name('firstName'), lastName: name('lastName'), email: name('email') }))
      errors.push({ path: 'email', message: CONTACT_IDENTITY_MESSAGE });
  }
  return { write: out, errors };
}

/**
 * Issue 26: the additional emails and phones a write sets (`additionalEmails`, `additionalPhones`
 * of `out`), by the contact's rules (entities/contact.ts). A list given replaces the contact's.
 * Without one, a new primary that was an additional one swaps with the old primary (PATCH
 * {email} makes an additional address primary; {workPhone} an additional number the work phone).
 */
function channelsOf(body: UpdateContactBody, current: ContactRecord | null, out: RecordWrite, region: string, errors: FieldError[]) {
  const now = <K extends 'email' | 'workPhone' | 'mobilePhone' | 'otherPhone'>(k: K) =>
    (out[k] !== undefined ? out[k] : (current?.[k] ?? null)) as string | null;
  const phones = [now('workPhone'), now('mobilePhone'), now('otherPhone')];
  const email = now('email');
  let emails: ChannelInput[] | undefined = body.additionalEmails;
  if (emails === undefined && current && email !== current.email && current.additionalEmails.some((c) => c.value === email)) {
    const promoted = current.additionalEmails.find((c) => c.value === email)!;
    emails = current.additionalEmails.map((c) =>
      c.value === email ? (current.email ? { value: current.email, type: promoted.type } : { value: '', type: c.type }) : c,
    );
  }
  // the same for a phone field set to an additional number: the field's old number takes its place
  let phoneList: ChannelInput[] | undefined = body.additionalPhones;
  if (phoneList === undefined && current) {
    let list: ChannelInput[] = current.additionalPhones;
    for (const f of ['workPhone', 'mobilePhone', 'otherPhone'] as const) {
      const next = now(f);
      if (!next || next === current[f] || !list.some((c) => c.value === next)) continue;
      list = list.map((c) => (c.value === next ? { value: current[f] ?? '', type: c.type } : c));
    }
    if (list !== current.additionalPhones) phoneList = list;
  }
  for (const [key, kind, list, primaries] of [
    ['additionalEmails', 'email', emails, [email]],
    ['additionalPhones', 'phone', phoneList, phones],
  ] as const) {
    if (list === undefined) continue;
    const checked = contactChannels(kind, list, primaries, region);
    for (const p of checked.problems) errors.push({ path: p.field, message: p.message });
    out[key] = checked.value;
  }
}

/** What a contact keeps beside its row: its additional emails and phones (contact_channels). */
const channelRules = (repo: ContactsRepository): NonNullable<RecordRules<ContactRecord, Contact, UpdateContactBody>['related']> => ({
  fields: ['additionalEmails', 'additionalPhones'],
  display: (v) => (Array.isArray(v) && v.length ? (v as { value: string }[]).map((c) => c.value).join(', ') : null),
  async writeIn(tx, workspaceId, id, values) {
    if (values.additionalEmails !== undefined) await repo.replaceChannels(tx, workspaceId, id, 'email', values.additionalEmails as ContactChannel[]);
    if (values.additionalPhones !== undefined) await repo.replaceChannels(tx, workspaceId, id, 'phone', values.additionalPhones as ContactChannel[]);
  },
  merged(keep, gone, write) {
    const kept = mergeContactChannels(keep, gone, write);
    return 'field' in kept ? { error: { path: kept.field, message: kept.message } } : { values: kept };
  },
});

export const contactRules: RecordRules<ContactRecord, Contact, UpdateContactBody> = {
  sql: contactSql,
  one: 'contact',
  writable,
  labels: contactFieldLabels,
  refNames: { ownerId: 'ownerName', companyId: 'companyName' },
  toDto: (r, defs) => ({
    ...r,
    suppressed: r.suppressedBy !== null,
    seniority: r.seniority as Contact['seniority'],
    customFields: presentValues(defs, r.customFields) as Contact['customFields'],
  }),
  normalize,
  identified: (w) =>
    contactHasIdentity(w as { firstName?: string | null; lastName?: string | null; email?: string | null })
      ? null
      : { path: 'values', message: `${CONTACT_IDENTITY_MESSAGE}: keep a name or an email` },
  identity: {
    constraint: 'contacts_email_unique',
    of: (w) => w.email as string | null | undefined,
    taken: (existingId) => new AppError(409, 'duplicate', 'A contact with this email already exists', { existingId, field: 'email' }),
  },
  foreignKeys: [
    ['owner', { path: 'ownerId', message: 'Choose a member of this workspace' }],
    ['company', { path: 'companyId', message: 'Choose a company of this workspace' }],
  ],
  nameOf: (r) => [r.firstName, r.lastName].filter(Boolean).join(' ') || r.email,
};

type Deps = RecordsDeps<ContactRecord> & {
  /** What only contacts have (suppression check, company relink); built here unless given. */
  repo?: ContactsRepository;
  companies: Pick<CompaniesService, 'idByDomainIn'>;
};

export function createContactsService(deps: Deps) {
  const { companies } = deps;
  const repo = deps.repo ?? createContactsRepository();

  /** A contact without a company joins the one owning its (non free-mail) email domain. */
  async function linkCompany(tx: Tx, ctx: RequestContext, write: RecordWrite, current: ContactRecord | null) {
    if (write.companyId !== undefined || !write.email || current?.companyId) return;
    const domain = emailDomain(write.email as string);
    if (!domain || FREE_MAIL_DOMAINS.has(domain)) return;
    const companyId = await companies.idByDomainIn(tx, ctx.workspaceId, domain);
    if (companyId) write.companyId = companyId;
  }

  const records = createRecordsService<ContactRecord, Contact, UpdateContactBody>(
    { ...contactRules, beforeWrite: linkCompany, related: channelRules(repo) },
    deps,
  );

  return {
    ...records,
    create: (ctx: RequestContext, body: CreateContactBody, origin?: Parameters<typeof records.create>[2]) => records.create(ctx, body, origin),

    /** For a company merge, inside its unit of work: the merged company's contacts join the kept one. */
    relinkCompanyIn: (tx: Tx, workspaceId: string, fromCompanyId: string, toCompanyId: string) =>
      repo.relinkCompany(tx, workspaceId, fromCompanyId, toCompanyId),

    /**
     * For prospects and import enrichment, inside the caller's unit of work: fills the contact's
     * empty email / phones with newly revealed data (never overwrites; an email held by
     * another contact is left out). Answers which fields were filled.
     */
    async fillFromProspectIn(
      tx: Tx,
      ctx: Pick<RequestContext, 'workspaceId'>,
      contactId: string,
      f: { email?: string | null; emailStatus?: Contact['emailStatus'] | null; workPhone?: string | null; mobilePhone?: string | null },
    ) {
      return repo.fillEmpty(tx, ctx.workspaceId, contactId, { ...f, email: f.email ? normalizeEmail(f.email) : null });
    },

    /** For prospects (records/record-prospects.service.ts): which (normalised) emails are suppressed or held by a contact. */
    emailStatesIn: (tx: Tx, workspaceId: string, emails: string[]) => repo.emailStates(tx, workspaceId, emails),

    /** Issue 24, inside a verification's unit of work: the contacts' addresses, the verdicts onto them. */
    emailsOfIn: (tx: Tx, workspaceId: string, ids: string[]) => repo.emailsOf(tx, workspaceId, ids),
    applyVerificationsIn: (tx: Tx, workspaceId: string, rows: Parameters<typeof repo.applyVerifications>[2]) =>
      repo.applyVerifications(tx, workspaceId, rows),
    greylistedWithEmailsIn: (tx: Tx, workspaceId: string, emails: string[]) => repo.greylistedWithEmails(tx, workspaceId, emails),
    /** The finder's: who to find, what the workspace knows at the domain, and the address found. */
    finderTargetIn: (tx: Tx, workspaceId: string, id: string) => repo.finderTarget(tx, workspaceId, id),
    namedAtDomainIn: (tx: Tx, workspaceId: string, domain: string, limit: number) => repo.namedAtDomain(tx, workspaceId, domain, limit),
    setFoundEmailIn: (tx: Tx, workspaceId: string, id: string, f: Parameters<typeof repo.setFoundEmail>[3]) =>
      repo.setFoundEmail(tx, workspaceId, id, f),

    /** "Report invalid email" on a revealed contact, inside the refund's unit of work. */
    markEmailInvalidIn: (tx: Tx, ctx: Pick<RequestContext, 'workspaceId'>, contactId: string) => repo.markEmailInvalid(tx, ctx.workspaceId, contactId),

    /** A revealed email whose credit was refunded leaves the contact (kept out of exports and the API). */
    removeEmailIn: (tx: Tx, ctx: Pick<RequestContext, 'workspaceId'>, contactId: string, hash: string) => repo.removeEmail(tx, ctx.workspaceId, contactId, hash),
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
