import type pg from 'pg';
import { creditCosts, type ImportDetail, type ImportEnrichPreview } from '@leadtrail/contracts';
import { starterStop } from '../../core/bulk-jobs.js';
import { valueHash } from '../../lib/value-hash.sql.js';
import { jobContext, type RequestContext } from '../../core/request-context.js';
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
import { shortfallOf, type Charge, type CreditsService } from '../credits/credits.service.js';
import type { ContactsService } from '../records/contacts/contacts.service.js';
import type { RevealService } from '../prospects/prospects-reveal.service.js';
import type { ProspectsService } from '../prospects/prospects.service.js';
import type { EnrichCandidate, EnrichStop, ImportEnrichRepository } from './import-enrich.repository.js';

/** What an import with the enrich option needs to know of itself. */
export type EnrichImport = {
  id: string;
  workspaceId: string;
  fileName: string;
  entity: 'contacts' | 'companies';
  createdBy: string;
  createdByMember: string | null;
  options: { enrich?: boolean; enrichCap?: number | null };
};

export type EnrichSummary = {
  enabled: boolean;
  cap: number | null;
  creditsCharged: number;
  emailsFilled: number;
  phonesFilled: number;
  stopped: EnrichStop | null;
  note: string | null;
};

const noteOf = (stopped: EnrichStop | null, cap: number | null) =>
  stopped === 'cap'
    ? `Enrichment stopped at the cap of ${cap} credits: the remaining contacts were imported without it`
    : stopped === 'credits'
      ? 'Enrichment stopped: not enough credits (or your monthly limit was reached); the remaining contacts were imported without it'
      : stopped === 'starter_deactivated'
        ? 'Enrichment stopped: the member who started the import was deactivated; the remaining contacts were imported without it'
        : stopped === 'starter_role'
          ? 'Enrichment stopped: the member who started the import no longer has the role to run it; the remaining contacts were imported without it'
          : null;

/**
 * The import's enrich option (PRODUCT.md section 5): after a batch of contacts is written,
 * the ones lacking an email or a phone get them from the prospect database (matched by
 * LinkedIn URL, else email, else name + company domain), charged as reveals (1 per email,
 * 5 per phone, only for fields actually filled) in the batch's own transaction: a batch
 * committed is charged once, a batch lost is redone and charged then. It stops for good at
 * the import's cap or when the credits (or the member's limit) run out, with a note.
 */
export function createImportEnricher(deps: {
  uow: UnitOfWork;
  repo: ImportEnrichRepository;
  credits: Pick<CreditsService, 'openIn' | 'spendIn' | 'peekIn'>;
  contacts: Pick<ContactsService, 'fillFromProspectIn'>;
  /** The workspace's reveal records: an enriched person counts as revealed (a later reveal is free). */
  reveals: Pick<RevealService, 'recordRevealsIn'>;
  /** The import as the API shows it, in the caller's unit of work (404 for another workspace's). */
  importIn: (tx: Tx, ctx: RequestContext, id: string) => Promise<ImportDetail>;
  /**
   * The one prospect each contact or row matches: by LinkedIn URL, else by email, else by first +
   * last name and company domain; the processor's batches and the dry run match with this same
   * rule, in the prospect tables (which may live in a database of their own, decision 0043).
   */
  prospects: Pick<ProspectsService, 'bestMatchesIn'>;
}) {
  const { repo, credits, contacts } = deps;

  /**
   * The batch's contacts lacking an email or a phone, each with its best prospect, in two steps:
   * the contacts' keys (app database), the prospects they match, then what this workspace already
   * revealed of those people (app database).
   */
  async function candidatesIn(tx: Tx, workspaceId: string, contactIds: string[]): Promise<EnrichCandidate[]> {
    const lacking = await repo.lacking(tx, workspaceId, contactIds);
    const matches = await deps.prospects.bestMatchesIn(tx, lacking.map((c) => ({ linkedin: c.linkedin, email: c.email, first: c.firstName, last: c.lastName, domain: c.domain })));
    const revealed = await repo.revealed(tx, workspaceId, [...new Set(matches.map((m) => m.id))]);
    return matches.map((m) => {
      const c = lacking[m.i - 1]!;
      const rv = revealed.get(m.id);
      return {
        contactId: c.contactId,
        firstName: c.firstName,
        lastName: c.lastName,
        needsEmail: c.needsEmail,
        needsPhone: c.needsPhone,
        matchedBy: m.matchedBy,
        prospectEmail: m.email,
        prospectEmailStatus: m.emailStatus,
        prospectPhone: m.phone,
        prospectId: m.id,
        emailRevealed: rv?.email ?? false,
        phoneRevealed: rv?.phone ?? false,
      };
    });
  }

  return {
    /** Inside the import batch's transaction (raw client): enriches the batch's contacts. */
    async batchIn(client: pg.PoolClient, imp: EnrichImport, contactIds: string[]): Promise<{ charged: number }> {
      if (!imp.options.enrich || imp.entity !== 'contacts' || !imp.createdByMember || !contactIds.length) return { charged: 0 };
      const tx = repo.txOf(client);
      const { workspaceId } = imp;
      // stopped for good (the mark is never taken back): no matching, no credit lock for the
      // rest of the import's batches; checked again under the lock below for a concurrent stop
      if (await repo.stopped(tx, workspaceId, imp.id)) return { charged: 0 };
      const candidates = (await candidatesIn(tx, workspaceId, contactIds)).filter(
        (c) => (c.needsEmail && c.prospectEmail) || (c.needsPhone && c.prospectPhone),
      );
      if (!candidates.length) return { charged: 0 };
      // the credit lock first (decision 0020), then the stop mark and the spend so far under it
      const starter = await repo.starter(tx, workspaceId, imp.createdByMember);
      const ctx: RequestContext = jobContext({ userId: imp.createdBy, workspaceId, memberId: imp.createdByMember, role: starter?.role ?? 'member' });
      const state = await credits.openIn(tx, ctx);
      if (await repo.stopped(tx, workspaceId, imp.id)) return { charged: 0 };
      // it spends its starter's credits: deactivated or without the role, it stops for good (decision 0027)
      const off = starterStop(starter, 'records:write');
      if (off) {
        await repo.markStopped(tx, workspaceId, imp.id, off);
        return { charged: 0 };
      }
      const cap = imp.options.enrichCap ?? null;
      const spent = (await repo.charged(tx, workspaceId, imp.id)).credits;
      let cost = 0;
      let stop: EnrichStop | null = null;
      const paid: { c: (typeof candidates)[number]; email: boolean; phone: boolean; description: { email: string; phone: string } }[] = [];
      const writes: { prospectId: string; email: boolean; phone: boolean; contactId: string }[] = [];
      for (const c of candidates) {
        const email = c.needsEmail ? c.prospectEmail : null;
        const phone = c.needsPhone ? c.prospectPhone : null;
        // what this workspace already revealed of the person is filled for free, as a reveal would
        const most = (email && !c.emailRevealed ? creditCosts.email : 0) + (phone && !c.phoneRevealed ? creditCosts.phone : 0);
        if (cap !== null && spent + cost + most > cap) stop = 'cap';
        else if (shortfallOf(state, cost + most).shortfall > 0) stop = 'credits';
        if (stop) break;
        const filled = await contacts.fillFromProspectIn(tx, ctx, c.contactId, {
          email,
          emailStatus: email ? c.prospectEmailStatus : null,
          workPhone: phone,
        });
        const who = [c.firstName, c.lastName].filter(Boolean).join(' ') || 'a contact';
        const via = `import ${imp.fileName}, matched by ${c.matchedBy.replace('_', ' + ')}`;
        if (filled.email || filled.workPhone) {
          writes.push({ prospectId: c.prospectId, email: filled.email, phone: filled.workPhone, contactId: c.contactId });
        }
        const payEmail = filled.email && !c.emailRevealed;
        const payPhone = filled.workPhone && !c.phoneRevealed;
        if (payEmail) cost += creditCosts.email;
        if (payPhone) cost += creditCosts.phone;
        if (payEmail || payPhone) paid.push({ c, email: payEmail, phone: payPhone, description: { email: `Email of ${who} (${via})`, phone: `Phone of ${who} (${via})` } });
      }
      // the reveal records first: a charge names the person's record, so an erasure finds it (decision 0027)
      const revealIds = await deps.reveals.recordRevealsIn(tx, workspaceId, imp.createdByMember, writes);
      const charges: Charge[] = paid.flatMap(({ c, email, phone, description }) => {
        const revealId = revealIds.get(c.prospectId) ?? null;
        return [
          ...(email && c.prospectEmail
            ? [{ feature: 'import_enrich' as const, amount: creditCosts.email, reference: imp.id, description: description.email, dataRequested: 'email', revealId, valueHash: valueHash(c.prospectEmail) }]
            : []),
          ...(phone && c.prospectPhone
            ? [{ feature: 'import_enrich' as const, amount: creditCosts.phone, reference: imp.id, description: description.phone, dataRequested: 'phone', revealId, valueHash: valueHash(c.prospectPhone) }]
            : []),
        ];
      });
      const { charged } = await credits.spendIn(tx, ctx, state, charges);
      if (stop) await repo.markStopped(tx, workspaceId, imp.id, stop);
      return { charged };
    },

    /**
     * The dry run (before the import starts): the previewed rows with the current mapping,
     * matched as the processor will, priced as reveals, against the balance and the cap.
     * A file longer than its preview gets the sample's figures scaled to its rows.
     */
    preview: (ctx: RequestContext, id: string, capAsked?: number | null): Promise<ImportEnrichPreview> =>
      // one unit: the import read, then the matches and the balance
      deps.uow.tenant(ctx, async (tx) => previewOf(tx, ctx, await deps.importIn(tx, ctx, id), capAsked)),

    /** The import's enrichment so far: credits charged (from the ledger), fields filled, why it stopped. */
    summary: (ctx: RequestContext, id: string): Promise<EnrichSummary> =>
      deps.uow.tenant(ctx, async (tx) => {
        const imp = await deps.importIn(tx, ctx, id);
        const c = await repo.charged(tx, ctx.workspaceId, imp.id);
        const stopped = await repo.stopped(tx, ctx.workspaceId, imp.id);
        const cap = imp.options.enrichCap ?? null;
        return { enabled: !!imp.options.enrich, cap, creditsCharged: c.credits, emailsFilled: c.emails, phonesFilled: c.phones, stopped, note: noteOf(stopped, cap) };
      }),
  };

  async function previewOf(tx: Tx, ctx: RequestContext, imp: ImportDetail, capAsked?: number | null): Promise<ImportEnrichPreview> {
    const target = (t: string) => imp.mapping.find((m) => m.target === t)?.index;
    const data = imp.preview.records.filter((_, i) => imp.preview.firstRecord + i > imp.headerRow);
    const cell = (row: string[], t: string) => {
      const i = target(t);
      const v = i === undefined ? '' : (row[i] ?? '').trim();
      return v === '' ? null : v;
    };
    const lacking = data
      .map((row) => {
        const full = cell(row, 'fullName');
        const [f0, ...rest] = full ? full.split(/\s+/) : [];
        const email = cell(row, 'email')?.toLowerCase() ?? null;
        const phone = cell(row, 'workPhone') ?? cell(row, 'mobilePhone') ?? cell(row, 'otherPhone') ?? cell(row, 'phone');
        const site = cell(row, 'companyDomain') ?? cell(row, 'website');
        return {
          needsEmail: !email,
          needsPhone: !phone,
          linkedin: cell(row, 'linkedinUrl'),
          email,
          first: cell(row, 'firstName') ?? f0 ?? null,
          last: cell(row, 'lastName') ?? (rest.length ? rest.join(' ') : null),
          domain: site ? site.replace(/^https?:\/\//i, '').replace(/^www\./i, '').split(/[/?#]/)[0]!.toLowerCase() : null,
        };
      })
      .filter((r) => r.needsEmail || r.needsPhone);
    const cap = capAsked !== undefined ? capAsked : (imp.options.enrichCap ?? null);
    const state = await credits.peekIn(tx, ctx);
    const matched = (await deps.prospects.bestMatchesIn(tx, lacking)).map((m) => ({ i: m.i, matchedBy: m.matchedBy, hasEmail: m.email !== null, hasPhone: m.phone !== null }));
    const matches = { linkedin: 0, email: 0, nameDomain: 0 };
    let emails = 0;
    let phones = 0;
    for (const m of matched) {
      const row = lacking[m.i - 1]!;
      const email = row.needsEmail && m.hasEmail;
      const phone = row.needsPhone && m.hasPhone;
      if (!m.matchedBy || (!email && !phone)) continue;
      matches[m.matchedBy === 'name_domain' ? 'nameDomain' : m.matchedBy]++;
      if (email) emails++;
      if (phone) phones++;
    }
    const rows = Math.max(imp.progress.rowsTotal, data.length);
    const exact = data.length >= rows && (imp.progress.rowsTotalExact || imp.preview.records.length < 50);
    const scale = (n: number) => (exact || data.length === 0 ? n : Math.round((n * rows) / data.length));
    const out = {
      matches: { linkedin: scale(matches.linkedin), email: scale(matches.email), nameDomain: scale(matches.nameDomain) },
      emails: scale(emails),
      phones: scale(phones),
    };
    const cost = out.emails * creditCosts.email + out.phones * creditCosts.phone;
    const room = Math.min(state.available, state.memberRemaining ?? Number.MAX_SAFE_INTEGER, cap ?? Number.MAX_SAFE_INTEGER);
    return {
      sampleRows: data.length,
      rows,
      exact,
      lacking: scale(lacking.length),
      ...out,
      cost,
      balance: state.balance,
      available: state.available,
      memberRemaining: state.memberRemaining,
      cap,
      expectedCharge: Math.min(cost, room),
    };
  }
}

export type ImportEnricher = ReturnType<typeof createImportEnricher>;
