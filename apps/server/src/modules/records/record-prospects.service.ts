import type { CreateCompanyBody, CreateContactBody, UpdateCompanyBody } from '@leadtrail/contracts';
import type { RequestContext } from '../../core/request-context.js';
import type { Tx } from '../../core/unit-of-work.js';
import { invalidFields } from '../../lib/errors.js';
import { emailDomain, FREE_MAIL_DOMAINS, normalizeDomain, normalizeEmail } from '../../lib/normalize.js';
import type { CompaniesService } from './companies/companies.service.js';
import type { ContactsService } from './contacts/contacts.service.js';
import { CONTACT_IDENTITY_MESSAGE, contactHasIdentity } from './entities/contact.js';

/**
 * Records' public API for prospects (issue 25): a revealed person becomes a contact, its company
 * found or created by domain, and what a reveal later does to that contact. Inside the caller's
 * unit of work; one walk, companies then contacts, each through its records configuration
 * (entities' rules, timeline, webhooks), instead of contacts calling companies calling records.
 */

/** What prospects know of a revealed person's company (the domain identifies it). */
export type ProspectCompanyInput = Omit<CreateCompanyBody, 'ownerId' | 'customFields'> & { domain: string };
/** What prospects know of a revealed person; `company` (with a domain) is found or created. */
export type ProspectContactInput = Omit<CreateContactBody, 'companyId' | 'ownerId' | 'customFields'> & {
  company?: ProspectCompanyInput | null;
};
export type ProspectContactResult =
  | { outcome: 'created'; contactId: string; companyId: string | null }
  | { outcome: 'existing'; contactId: string; companyId: null }
  | { outcome: 'suppressed'; contactId: null; companyId: null };

export function createRecordProspects(deps: {
  contacts: Pick<
    ContactsService,
    'createManyIfAbsentIn' | 'emailStatesIn' | 'fillFromProspectIn' | 'markEmailInvalidIn' | 'removeEmailIn' | 'applyVerificationsIn'
  >;
  companies: Pick<CompaniesService, 'createManyIfAbsentIn' | 'idsByDomainsIn'>;
}) {
  const { contacts, companies } = deps;

  /**
   * Set-based (a bulk reveal): one statement finds the domains' companies and creates the
   * missing ones (source 'prospect', owned by the caller; a company always has a name: the
   * domain when the data set has none). Answers one entry per input, in order. Safe against a
   * concurrent create of the same domain (the unique key decides; the loser reads the winner's id).
   */
  async function findOrCreateManyByDomainIn(tx: Tx, ctx: RequestContext, inputs: ProspectCompanyInput[]): Promise<{ id: string; created: boolean }[]> {
    const domains = inputs.map((input) => {
      const domain = normalizeDomain(input.domain);
      if (!domain) throw invalidFields([{ path: 'domain', message: 'Enter a domain like example.com' }]);
      return domain;
    });
    // one body per domain: the first person's company data wins
    const bodies = new Map<string, UpdateCompanyBody>();
    inputs.forEach((input, i) => {
      const domain = domains[i]!;
      if (!bodies.has(domain)) bodies.set(domain, { ...input, name: input.name?.trim() || domain, domain });
    });
    const made = await companies.createManyIfAbsentIn(tx, ctx, [...bodies.values()], { source: 'prospect' });
    const byDomain = new Map([...bodies.keys()].map((d, i) => [d, made[i]!]));
    const answered = new Set<string>();
    return domains.map((d) => {
      const m = byDomain.get(d)!;
      // a domain several inputs share was created once: the first of them says so
      const created = m.created && !answered.has(d);
      answered.add(d);
      return { id: m.id, created };
    });
  }

  /**
   * Nothing is written for a suppressed email ('suppressed'), an email already in the workspace
   * (or earlier in `people`) answers that contact ('existing'); the others become contacts with
   * source 'prospect', owned by the caller, linked to their company (found or created by
   * domain) or, without one, to the company owning the email's domain. Statements: one for
   * suppression and existing contacts, one for the companies, one for the email-domain
   * companies (only when some person has no company), one insert of the contacts, then the
   * timeline and webhook writes. Answers one result per person, in order.
   */
  async function createManyFromProspectsIn(tx: Tx, ctx: RequestContext, people: ProspectContactInput[]): Promise<ProspectContactResult[]> {
    const emails = people.map((p) => {
      const email = p.email ? normalizeEmail(p.email) : null;
      if (!contactHasIdentity({ ...p, email })) throw invalidFields([{ path: 'email', message: CONTACT_IDENTITY_MESSAGE }]);
      return email;
    });
    const states = await contacts.emailStatesIn(tx, ctx.workspaceId, [...new Set(emails.filter((e): e is string => !!e))]);
    const out: (ProspectContactResult | null)[] = people.map(() => null);
    const fresh: number[] = [];
    const taken = new Set<string>();
    emails.forEach((email, i) => {
      const st = email ? states.get(email) : undefined;
      if (st?.suppressed) out[i] = { outcome: 'suppressed', contactId: null, companyId: null };
      else if (st?.contactId) out[i] = { outcome: 'existing', contactId: st.contactId, companyId: null };
      else if (email && taken.has(email)) return; // a second person with the same email: the first's contact
      else {
        if (email) taken.add(email);
        fresh.push(i);
      }
    });
    // the companies: by the company's domain, else (not free mail) the email's domain links an existing one
    const withCompany = fresh.filter((i) => people[i]!.company?.domain);
    const companyIds = new Map<number, string | null>();
    const found = await findOrCreateManyByDomainIn(tx, ctx, withCompany.map((i) => people[i]!.company!));
    withCompany.forEach((i, k) => companyIds.set(i, found[k]!.id));
    const byEmailDomain = new Map<number, string>();
    for (const i of fresh) {
      if (companyIds.has(i) || !emails[i]) continue;
      const domain = emailDomain(emails[i]);
      if (domain && !FREE_MAIL_DOMAINS.has(domain)) byEmailDomain.set(i, domain);
    }
    if (byEmailDomain.size) {
      const owners = await companies.idsByDomainsIn(tx, ctx.workspaceId, [...new Set(byEmailDomain.values())]);
      for (const [i, d] of byEmailDomain) companyIds.set(i, owners.get(d) ?? null);
    }
    const made = await contacts.createManyIfAbsentIn(
      tx,
      ctx,
      fresh.map((i) => {
        const { company: _company, ...body } = people[i]!;
        return { ...body, companyId: companyIds.get(i) ?? null };
      }),
      { source: 'prospect' },
    );
    const byEmail = new Map<string, string>();
    fresh.forEach((i, k) => {
      const m = made[k]!;
      // created: false is a concurrent unit of work that created the same email first
      out[i] = m.created
        ? { outcome: 'created', contactId: m.id, companyId: (m.write.companyId as string | null) ?? null }
        : { outcome: 'existing', contactId: m.id, companyId: null };
      if (emails[i]) byEmail.set(emails[i], m.id);
    });
    return out.map((r, i) => r ?? { outcome: 'existing', contactId: byEmail.get(emails[i]!)!, companyId: null });
  }

  return {
    createManyFromProspectsIn,

    /** One person (see createManyFromProspectsIn). */
    async createFromProspectIn(tx: Tx, ctx: RequestContext, input: ProspectContactInput): Promise<ProspectContactResult> {
      const [one] = await createManyFromProspectsIn(tx, ctx, [input]);
      return one!;
    },

    findOrCreateManyByDomainIn,

    /** One company (see findOrCreateManyByDomainIn). */
    async findOrCreateByDomainIn(tx: Tx, ctx: RequestContext, input: ProspectCompanyInput): Promise<{ id: string; created: boolean }> {
      const [one] = await findOrCreateManyByDomainIn(tx, ctx, [input]);
      return one!;
    },

    /** What a reveal later does to the contact: fill its empty email and phones, report or remove its email, its verdicts. */
    fillFromProspectIn: contacts.fillFromProspectIn,
    markEmailInvalidIn: contacts.markEmailInvalidIn,
    removeEmailIn: contacts.removeEmailIn,
    applyVerificationsIn: contacts.applyVerificationsIn,
  };
}

export type RecordProspects = ReturnType<typeof createRecordProspects>;
