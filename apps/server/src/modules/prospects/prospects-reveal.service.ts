import {
  bulkJobStopMessages,
  creditCosts,
  prospectDepartmentLabels,
  REVEAL_MAX_PEOPLE,
  REVEAL_SYNC_LIMIT,
  revealValidOnlyDefault,
  type ProspectDepartment,
  type EmployeeRange,
  type RevenueRange,
  type RevealRequest as RevealBody,
  type RevealedPerson,
  type RevealFields,
  type RevealJob,
  type RevealReceipt,
  type RevealResult,
  type ReportInvalidEmailResult,
  type Seniority,
} from '@leadtrail/contracts';
import { mayCancel, starterStop } from '../../core/bulk-jobs.js';
import { jobContext, type RequestContext } from '../../core/request-context.js';
import { idempotency, requestHashOf } from '../../core/idempotency.js';
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { valueHash } from '../../lib/value-hash.sql.js';
import { insufficientCredits, shortfallOf, type Charge, type CreditState, type CreditsService } from '../credits/credits.service.js';
import { affordablePrefix, planReveal, revealLedgerText, type RevealCandidate, type RevealPlan } from './prospects-reveal.plan.js';
import type { ProspectContactInput, RecordProspects } from '../records/record-prospects.service.js';
import type { RevealJobRow, RevealRepository, RevealWrite } from './prospects-reveal.repository.js';
import type { ProspectsService, RevealCandidate as Person, RevealSelection } from './prospects.service.js';
import type { WebhookEvents } from '../webhooks/webhooks.service.js';
import type { AuditService } from '../audit/audit.service.js';

/** What the reveal needs of records' prospect API (records/record-prospects.service.ts): a revealed person becomes a contact. */
export type ProspectContacts = Pick<RecordProspects, 'createManyFromProspectsIn' | 'fillFromProspectIn' | 'markEmailInvalidIn' | 'removeEmailIn'> &
  Partial<Pick<RecordProspects, 'applyVerificationsIn'>>;
/** The verifier's verdicts on addresses, by address. */
export type Verdicts = Map<string, { status: 'valid' | 'risky' | 'invalid' | 'unknown'; reason: string | null; checkedAt: Date }>;
/**
 * The verifier's verdicts on addresses about to be charged (issue 24); `.example` is never looked
 * up. Network I/O (the worker's SMTP, waited for): asked before the reveal's unit of work, never in it.
 */
export type RevealVerdicts = (ctx: RequestContext, emails: string[]) => Promise<Verdicts>;
/** The list checked and added to inside the reveal's units of work (lists helper). */
export type ProspectLists = {
  getIn: (tx: Tx, ctx: RequestContext, id: string) => Promise<{ entity: string }>;
  addRecordsIn: (tx: Tx, ctx: Pick<RequestContext, 'workspaceId' | 'memberId'>, listId: string, ids: string[]) => Promise<unknown>;
};
/** The people a selection takes, with their markers (prospects search). */
export type ProspectsForReveal = Pick<ProspectsService, 'forRevealIn' | 'emailHashIn'>;

/** Queues a bulk reveal job (pg-boss, or in this process without a queue). */
export type RevealQueue = (job: { workspaceId: string; jobId: string }) => Promise<void>;

const IDEMPOTENCY_SCOPE = 'prospects.reveal';
/** People per bulk-reveal transaction: each commits its charge with the job's checkpoint. */
export const REVEAL_BATCH = 250;

type Batch = { charged: number; revealed: RevealedPerson[]; free: number; suppressed: number; noData: number; skippedEmails: number; balance: number };

/**
 * How a reveal charges (decision 0035), the reference of its ledger rows (the action or the job),
 * and the verdicts looked up before its unit of work (an address without one: as when the
 * verifier has none, charged on the data's status).
 */
type RevealOpts = { validOnly: boolean; reference: string; jobId?: string; verdicts?: Verdicts };

const noVerdicts: Verdicts = new Map();


/** What a revealed person's new contact holds (and its company, found or created by domain). */
function contactInputOf(p: Person, showEmail: string | null, showPhone: string | null): ProspectContactInput {
  const c = p.company;
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    email: showEmail,
    emailStatus: showEmail ? (p.emailStatus ?? undefined) : undefined,
    workPhone: showPhone,
    jobTitle: p.jobTitle,
    seniority: p.seniority as Seniority | null,
    department: p.department ? (prospectDepartmentLabels[p.department as ProspectDepartment] ?? p.department) : null,
    linkedinUrl: p.linkedinUrl,
    city: p.city,
    region: p.region,
    country: p.country,
    company: c
      ? {
          name: c.name,
          domain: c.domain,
          industry: c.industry,
          employeeRange: c.employeeRange as EmployeeRange | null,
          revenueRange: c.revenueRange as RevenueRange | null,
          city: c.city,
          region: c.region,
          country: c.country,
        }
      : null,
  };
}

/**
 * PostgreSQL refused a statement over its data: SQLSTATE class 22 (data exception) or 23
 * (integrity constraint), found on the error or its causes (drizzle wraps the driver's).
 */
function isDataError(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

const nameOf = (p: Person) => [p.firstName, p.lastName].filter(Boolean).join(' ') || 'a person';
const who = (p: Person) => `${nameOf(p)}${p.company ? ` (${p.company.name})` : ''}`;


const toJob = (j: RevealJobRow): RevealJob => ({
  id: j.id,
  status: j.status,
  fields: j.fields,
  listId: j.listId,
  total: j.total,
  done: j.done,
  charged: j.charged,
  reserved: j.status === 'queued' || j.status === 'running' ? Math.max(0, j.estimatedCost - j.charged) : 0,
  revealed: j.revealed,
  free: j.free,
  skipped: { suppressed: j.suppressed, noData: j.noData, emails: j.skippedEmails, failed: j.failed },
  error: j.error,
  stopReason: j.stopReason,
  cancelledBy: j.cancelledBy,
  createdAt: j.createdAt.toISOString(),
  startedAt: j.startedAt?.toISOString() ?? null,
  finishedAt: j.finishedAt?.toISOString() ?? null,
});

/**
 * Revealing prospects: the receipt, the reveal (one unit of work: credit lock, spend, ledger,
 * reveal records, contacts and companies, list), bulk reveals as a job in checkpointed batches,
 * and the refund of an email reported invalid.
 */
export function createRevealService(deps: {
  uow: UnitOfWork;
  repo: RevealRepository;
  credits: CreditsService;
  contacts: ProspectContacts;
  lists: ProspectLists;
  prospects: ProspectsForReveal;
  queue: () => RevealQueue;
  /** Webhooks: `prospect.revealed` per batch, written in the batch's transaction (with its charge). */
  events?: WebhookEvents;
  /** The audit log: each reveal (a bulk reveal: each batch) with its count and credits, in its transaction. */
  audit?: Pick<AuditService, 'recordIn'>;
  log?: { error: (obj: object, msg?: string) => void };
  /** Every reveal verifies the emails it would charge: one found invalid is not charged. */
  verdicts?: RevealVerdicts;
}) {
  const { uow, repo, credits, contacts, lists } = deps;

  /** The selection's people (ids: in the order given, unknown ids left out; a search: its first `limit`). */
  function selectionOf(body: RevealBody): RevealSelection {
    if ('ids' in body) return { ids: [...new Set(body.ids)] };
    return { filter: body.filter ?? null, q: body.q, scope: body.scope ?? 'all', limit: Math.min(body.limit ?? REVEAL_MAX_PEOPLE, REVEAL_MAX_PEOPLE) };
  }

  /** Plans a reveal of these ids (people not found count as no data). */
  function planOf(ids: string[], people: Person[], fields: RevealFields, validOnly: boolean) {
    const byId = new Map(people.map((p) => [p.id, p]));
    const candidates = new Map<string, RevealCandidate>(
      people.map((p) => [
        p.id,
        {
          id: p.id, hasEmail: p.email !== null, hasPhone: p.phone !== null, emailStatus: p.emailStatus, suppressed: p.suppressed,
          emailRevealed: p.revealed.email, phoneRevealed: p.revealed.phone,
        },
      ]),
    );
    return { byId, plan: planReveal(ids, candidates, fields, { validOnly }) };
  }

  /**
   * The addresses a plan charges for (its email charges): what the verifier is asked about before
   * the unit of work that charges them.
   */
  const chargedEmails = (plan: RevealPlan, byId: Map<string, Person>) =>
    plan.decisions.flatMap((d) => (d.outcome === 'charge' && d.email && byId.get(d.id)?.email ? [byId.get(d.id)!.email!] : []));

  /** The verdicts on these addresses, looked up outside any unit of work (none without a verifier). */
  const verdictsOf = async (ctx: RequestContext, emails: string[]): Promise<Verdicts> =>
    deps.verdicts && emails.length ? deps.verdicts(ctx, emails) : noVerdicts;

  /** What the credits (and the member's limit) can pay now. */
  const budgetOf = (state: CreditState) => Math.min(state.available, state.memberRemaining ?? Number.POSITIVE_INFINITY);

  /** The "valid emails only" a body asks for, or its default (bulk: on). */
  const validOnlyOf = (body: RevealBody) => body.validOnly ?? revealValidOnlyDefault(body);

  /**
   * `limitToBalance`: the start of the selection the balance covers (refused whole when not even
   * the first charge fits); otherwise the selection as it is.
   */
  function limitedIn(state: CreditState, body: RevealBody, sel: { ids: string[]; people: Person[] }, plan: RevealPlan) {
    const short = shortfallOf(state, plan.cost);
    if (short.shortfall === 0 || !body.limitToBalance) return sel;
    const fit = affordablePrefix(plan, budgetOf(state));
    if (fit.charged === 0) throw insufficientCredits(short);
    const ids = sel.ids.slice(0, fit.take);
    const keep = new Set(ids);
    return { ids, people: sel.people.filter((p) => keep.has(p.id)) };
  }

  /** Who a body selects: the ids (for a job) and the people with their markers. */
  async function selectIn(tx: Tx, ctx: RequestContext, body: RevealBody): Promise<{ ids: string[]; people: Person[] }> {
    const selection = selectionOf(body);
    const people = await deps.prospects.forRevealIn(tx, ctx, selection);
    return { ids: 'ids' in selection ? selection.ids : people.map((p) => p.id), people };
  }

  /**
   * Reveals a batch inside the caller's unit of work (credit lock taken here): contacts first
   * (a contact refused as suppressed is skipped, never charged), then one spend for all, the
   * reveal records and the list. All or nothing: a shortfall throws 402 and writes nothing.
   */
  async function revealIn(
    tx: Tx,
    ctx: RequestContext,
    batch: { ids: string[]; people: Person[] },
    fields: RevealFields,
    listId: string | null,
    state: CreditState,
    opts: RevealOpts,
  ): Promise<Batch> {
    const { jobId } = opts;
    const { byId, plan } = planOf(batch.ids, batch.people, fields, opts.validOnly);
    const short = shortfallOf(state, plan.cost);
    if (short.shortfall > 0) throw insufficientCredits(short);

    const skippedEmails = plan.skippedEmails.invalid + plan.skippedEmails.risky + plan.skippedEmails.unknown;
    const out: Batch = { charged: 0, revealed: [], free: plan.free, suppressed: plan.suppressed, noData: plan.noData, skippedEmails, balance: state.balance };
    const paid: { p: Person; email: boolean; phone: boolean }[] = [];
    const writes: { prospectId: string; email: boolean; phone: boolean; contactId: string | null }[] = [];
    // what each revealed person gets: the fields charged now, and what the contact shows
    // (everything this workspace has revealed of the person)
    const chosen = plan.decisions
      .filter((d) => d.outcome === 'charge' || d.outcome === 'free')
      .map((d) => {
        const p = byId.get(d.id)!;
        const email = d.outcome === 'charge' && d.email;
        const phone = d.outcome === 'charge' && d.phone;
        return { d, p, email, phone, showEmail: p.revealed.email || email ? p.email : null, showPhone: p.revealed.phone || phone ? p.phone : null };
      });
    // issue 24: the emails about to be charged were verified before this unit of work; one found
    // invalid is handed out marked so, and not charged (the synthetic data's .example addresses are
    // never looked up). Only the addresses charged now take a verdict: the people may differ from
    // the look-up's (someone revealed meanwhile), and an address without one is charged as the
    // data says, as when the verifier has no verdict.
    const asked = new Set(chosen.flatMap((c) => (c.email && c.p.email ? [c.p.email] : [])));
    const verdicts: Verdicts = new Map([...(opts.verdicts ?? noVerdicts)].filter(([email]) => asked.has(email)));
    for (const c of chosen) {
      const v = c.p.email ? verdicts.get(c.p.email) : undefined;
      if (!v) continue;
      c.p = { ...c.p, emailStatus: v.status };
      // not charged: found invalid, or not valid when only valid emails are paid for
      if (v.status === 'invalid' || (opts.validOnly && v.status !== 'valid')) c.email = false;
    }
    // the people without a contact become contacts, set-based (suppression checked for all at once)
    const toCreate = chosen.filter((c) => !c.p.contactId);
    const created = await contacts.createManyFromProspectsIn(tx, ctx, toCreate.map((c) => contactInputOf(c.p, c.showEmail, c.showPhone)));
    const createdOf = new Map(toCreate.map((c, i) => [c.p.id, created[i]!]));
    for (const { d, p, email, phone, showEmail, showPhone } of chosen) {
      let contactId = p.contactId;
      if (!contactId) {
        const res = createdOf.get(p.id)!;
        if (res.outcome === 'suppressed' || !res.contactId) {
          // the contacts module's own check refused it: skipped, never charged
          if (d.outcome === 'free') out.free--;
          out.suppressed++;
          continue;
        }
        contactId = res.contactId;
      } else if (showEmail || showPhone) {
        // the person's contact exists (an earlier reveal of the other field): it gets what it lacks
        await contacts.fillFromProspectIn(tx, ctx, contactId, {
          email: showEmail,
          emailStatus: showEmail ? p.emailStatus : null,
          workPhone: showPhone,
        });
      }
      if (email || phone) paid.push({ p, email, phone });
      // an invalid email handed out uncharged still counts as revealed: never charged later
      const invalid = !!showEmail && verdicts.get(showEmail)?.status === 'invalid' && d.outcome === 'charge' && d.email;
      writes.push({ prospectId: p.id, email: email || invalid, phone, contactId });
      out.revealed.push({ prospectId: p.id, contactId, email: showEmail, phone: showPhone });
    }
    // the verdicts onto the contacts, with their reason and time
    if (verdicts.size && contacts.applyVerificationsIn) {
      const rows = out.revealed.flatMap((r) => {
        const v = r.email ? verdicts.get(r.email) : undefined;
        return v && r.email ? [{ id: r.contactId, email: r.email, status: v.status, reason: v.reason, checkedAt: v.checkedAt }] : [];
      });
      await contacts.applyVerificationsIn(tx, ctx.workspaceId, rows);
    }
    // the reveal records first: the ledger charges once per reveal (its life) and address
    const revealIds = await repo.upsertReveals(tx, ctx.workspaceId, ctx.memberId, writes);
    const charges: Charge[] = paid.flatMap(({ p, email, phone }) => {
      const revealId = revealIds.get(p.id)!;
      return [
        ...(email && p.email
          ? [{ feature: 'prospect_email' as const, amount: creditCosts.email, reference: p.id, description: `Email of ${who(p)}`, dataRequested: 'email', revealId, valueHash: valueHash(p.email) }]
          : []),
        ...(phone && p.phone
          ? [{ feature: 'prospect_phone' as const, amount: creditCosts.phone, reference: p.id, description: `Phone of ${who(p)}`, dataRequested: 'phone', revealId, valueHash: valueHash(p.phone) }]
          : []),
      ];
    });
    const spent = await credits.spendIn(tx, ctx, state, charges, { reference: opts.reference, describe: revealLedgerText });
    out.charged = spent.charged;
    out.balance = spent.balance;
    if (listId && out.revealed.length) await lists.addRecordsIn(tx, ctx, listId, out.revealed.map((r) => r.contactId));
    if (out.revealed.length) {
      await deps.events?.emitIn(tx, ctx, 'prospect.revealed', { revealedBy: ctx.memberId, charged: out.charged, people: out.revealed });
    }
    if (out.revealed.length || out.charged)
      await deps.audit?.recordIn(tx, ctx, {
        action: 'prospects.revealed',
        target: listId ? { type: 'list', id: listId } : undefined,
        details: {
          count: out.revealed.length, credits: out.charged, fields, validOnly: opts.validOnly, suppressed: out.suppressed, noData: out.noData,
          skippedEmails: out.skippedEmails, ...(jobId ? { jobId } : {}),
        },
      });
    return out;
  }

  function receiptOf(plan: RevealPlan, state: Awaited<ReturnType<CreditsService['peekIn']>>, people: number, validOnly: boolean): RevealReceipt {
    const short = shortfallOf(state, plan.cost);
    const fit = short.shortfall > 0 ? affordablePrefix(plan, budgetOf(state)) : { take: people, charged: plan.decisions.filter((d) => d.outcome === 'charge').length, cost: plan.cost };
    const e = plan.skippedEmails;
    return {
      people,
      charge: { emails: plan.emails, phones: plan.phones },
      cost: plan.cost,
      free: plan.free,
      skipped: { suppressed: plan.suppressed, noData: plan.noData, emails: e.invalid + e.risky + e.unknown },
      validOnly,
      emailStatus: plan.emailStatus,
      skippedEmails: plan.skippedEmails,
      affordable: { people: fit.take, charged: fit.charged, cost: fit.cost },
      balance: state.balance,
      reserved: state.reserved,
      balanceAfter: Math.max(0, state.balance - plan.cost),
      memberRemainingAfter: state.memberRemaining === null ? null : Math.max(0, state.memberRemaining - plan.cost),
      shortfall: short.shortfall,
      shortfallReason: short.reason,
      runsAsJob: people > REVEAL_SYNC_LIMIT,
    };
  }

  async function loadJob(tx: Tx, workspaceId: string, id: string) {
    const job = await repo.job(tx, workspaceId, id);
    if (!job) throw notFound('Reveal job');
    return job;
  }

  /**
   * Reveals a batch's people in a savepoint. When the database refuses it over its data (a
   * constraint, a bad value), each half is tried on its own, down to the one person at fault,
   * who is skipped (counted as failed, never charged): one bad person costs a few savepoints,
   * never the batch. Any other error (a refusal such as 402, a lost connection) ends the batch:
   * the job fails, or is retried and resumed, as before.
   */
  async function revealSplitting(tx: Tx, ctx: RequestContext, ids: string[], job: RevealJobRow, verdicts: Verdicts): Promise<Batch & { failed: number }> {
    try {
      return await tx.transaction(async (sp) => {
        const state = await credits.openIn(sp, ctx, { exceptJobId: job.id });
        const people = await deps.prospects.forRevealIn(sp, ctx, { ids });
        return { ...(await revealIn(sp, ctx, { ids, people }, job.fields, job.listId, state, { validOnly: job.validOnly, reference: job.id, jobId: job.id, verdicts })), failed: 0 };
      });
    } catch (err) {
      if (!isDataError(err)) throw err;
      if (ids.length === 1) {
        deps.log?.error({ err, revealJobId: job.id, prospectId: ids[0] }, 'bulk reveal: one person could not be revealed, skipped');
        return { charged: 0, revealed: [], free: 0, suppressed: 0, noData: 0, skippedEmails: 0, balance: 0, failed: 1 };
      }
      const half = Math.ceil(ids.length / 2);
      const a = await revealSplitting(tx, ctx, ids.slice(0, half), job, verdicts);
      const b = await revealSplitting(tx, ctx, ids.slice(half), job, verdicts);
      return {
        charged: a.charged + b.charged,
        revealed: [...a.revealed, ...b.revealed],
        free: a.free + b.free,
        suppressed: a.suppressed + b.suppressed,
        noData: a.noData + b.noData,
        skippedEmails: a.skippedEmails + b.skippedEmails,
        balance: b.balance,
        failed: a.failed + b.failed,
      };
    }
  }

  /**
   * The addresses the job's next batch would charge for, read in a short read unit, and their
   * verdicts looked up after it: the batch's unit of work holds no transaction open while the
   * verifier works (nor a second connection inside it). The batch read again under the job's
   * lock may differ (another runner, a cancel): its people without a verdict are charged as the
   * data says.
   */
  async function nextBatchVerdicts(workspaceId: string, jobId: string): Promise<Verdicts> {
    if (!deps.verdicts) return noVerdicts;
    const ask = await uow.read({ workspaceId }, async (tx) => {
      const job = await repo.job(tx, workspaceId, jobId);
      if (!job || (job.status !== 'queued' && job.status !== 'running')) return null;
      const starter = await repo.starter(tx, workspaceId, job.memberId);
      if (starterStop(starter, 'prospects:reveal')) return null;
      const ids = await repo.jobIds(tx, workspaceId, jobId, job.done, REVEAL_BATCH);
      const ctx = jobContext({ userId: job.userId, workspaceId, memberId: job.memberId, role: starter!.role });
      const { byId, plan } = planOf(ids, await deps.prospects.forRevealIn(tx, ctx, { ids }), job.fields, job.validOnly);
      return { ctx, emails: chargedEmails(plan, byId) };
    });
    return ask ? verdictsOf(ask.ctx, ask.emails) : noVerdicts;
  }

  /** One batch of a bulk reveal, committed with its checkpoint; false when the job is over. */
  async function step(workspaceId: string, jobId: string): Promise<boolean> {
    const verdicts = await nextBatchVerdicts(workspaceId, jobId);
    return uow.tenant({ workspaceId }, async (tx) => {
      // the job row's lock: one runner at a time, the checkpoint read is the committed one, and
      // a cancel waits for the batch in flight, then no other starts
      const job = await repo.job(tx, workspaceId, jobId, { lock: true });
      if (!job || (job.status !== 'queued' && job.status !== 'running')) return false;
      // the job acts for its starter as they are now: deactivated or without the role, it stops
      // here (the reserve goes with the status; what was revealed stays)
      const starter = await repo.starter(tx, workspaceId, job.memberId);
      const stop = starterStop(starter, 'prospects:reveal');
      if (stop) {
        await repo.updateJob(tx, workspaceId, jobId, { status: 'cancelled', stopReason: stop, error: bulkJobStopMessages[stop], finishedAt: new Date() });
        return false;
      }
      const ids = await repo.jobIds(tx, workspaceId, jobId, job.done, REVEAL_BATCH);
      if (!ids.length) {
        await repo.updateJob(tx, workspaceId, jobId, { status: 'completed', finishedAt: new Date() });
        return false;
      }
      // no stop: the starter is there and active
      const ctx = jobContext({ userId: job.userId, workspaceId, memberId: job.memberId, role: starter!.role });
      const b = await revealSplitting(tx, ctx, ids, job, verdicts);
      const done = job.done + ids.length;
      await repo.updateJob(tx, workspaceId, jobId, {
        status: done >= job.total ? 'completed' : 'running',
        startedAt: job.startedAt ?? new Date(),
        finishedAt: done >= job.total ? new Date() : null,
        done,
        charged: job.charged + b.charged,
        revealed: job.revealed + b.revealed.length,
        free: job.free + b.free,
        suppressed: job.suppressed + b.suppressed,
        noData: job.noData + b.noData,
        skippedEmails: job.skippedEmails + b.skippedEmails,
        failed: job.failed + b.failed,
      });
      return done < job.total;
    });
  }

  async function fail(workspaceId: string, jobId: string, err: unknown): Promise<void> {
    const message =
      err instanceof AppError && err.code === 'insufficient_credits'
        ? `Stopped: not enough credits for the rest (${err.message})`
        : 'The reveal stopped on an error; what was revealed stays, and nothing more was charged';
    // a job cancelled meanwhile stays cancelled
    await uow.tenant({ workspaceId }, (tx) => repo.updateJob(tx, workspaceId, jobId, { status: 'failed', error: message, finishedAt: new Date() }, { unfinished: true }));
  }

  return {
    async preview(ctx: RequestContext, body: RevealBody): Promise<RevealReceipt> {
      return uow.tenant(ctx, async (tx) => {
        const state = await credits.peekIn(tx, ctx);
        const { ids, people } = await selectIn(tx, ctx, body);
        const validOnly = validOnlyOf(body);
        const { plan } = planOf(ids, people, body.fields, validOnly);
        return receiptOf(plan, state, ids.length, validOnly);
      });
    },

    /**
     * The reveal. Up to 100 people: done now (200 with the result). More: a job is accepted
     * (202) after the whole cost was checked and reserved. The Idempotency-Key's answer is
     * stored in the same transaction, so a retry answers it again, charged once.
     *
     * Units of work (decision 0039): a short first one reads what the verifier is to be asked
     * about (the list checked, a replay answered from its key, the addresses a reveal done now
     * would charge); the verdicts are looked up outside any unit (the worker talks SMTP; the
     * request waits with a read per poll); then the reveal's one unit, the verdicts passed in.
     */
    async reveal(ctx: RequestContext, body: RevealBody, key: string): Promise<{ status: 200; result: RevealResult } | { status: 202; job: RevealJob }> {
      if (!key || key.length > 200) throw badRequest('idempotency_key_required', 'Send an Idempotency-Key header (1 to 200 characters) so a retried reveal is charged once');
      const requestHash = requestHashOf(body);
      const listId = body.listId ?? null;
      const validOnly = validOnlyOf(body);
      const ask = await uow.tenant(ctx, async (tx) => {
        // a list that is not the workspace's answers 404 before anything is spent
        if (listId && (await lists.getIn(tx, ctx, listId)).entity !== 'contacts') throw badRequest('list_not_contacts', 'Revealed people become contacts: choose a contacts list');
        // a replay asks nothing; a job asks per batch, when it runs
        if (await idempotency.findIn(tx, ctx.workspaceId, IDEMPOTENCY_SCOPE, key)) return [];
        // the balance without the lock (a new period settled first, as a preview does)
        const state = await credits.peekIn(tx, ctx);
        const selected = await selectIn(tx, ctx, body);
        if (!selected.ids.length) return [];
        const { ids, people } = limitedIn(state, body, selected, planOf(selected.ids, selected.people, body.fields, validOnly).plan);
        if (ids.length > REVEAL_SYNC_LIMIT) return [];
        const { byId, plan } = planOf(ids, people, body.fields, validOnly);
        return chargedEmails(plan, byId);
      });
      const verdicts = await verdictsOf(ctx, ask);
      let queued: string | null = null;
      const answer = await uow.tenant(ctx, async (tx) => {
        // the credit lock first: a concurrent request with the same key waits here, then finds its answer
        const state = await credits.openIn(tx, ctx);
        const seen = await idempotency.findIn(tx, ctx.workspaceId, IDEMPOTENCY_SCOPE, key);
        if (seen) {
          if (seen.requestHash !== requestHash) {
            throw new AppError(422, 'idempotency_key_reused', 'This Idempotency-Key was used for a different request; use a new key for a new reveal');
          }
          if (seen.statusCode === 202) return { status: 202 as const, job: toJob(await loadJob(tx, ctx.workspaceId, (seen.response as RevealJob).id)) };
          return { status: 200 as const, result: seen.response as RevealResult };
        }
        const selected = await selectIn(tx, ctx, body);
        if (!selected.ids.length) throw badRequest('nothing_to_reveal', 'No people match this selection');
        // "as many as my balance covers": the start of the selection that fits, in its order
        const { ids, people } = limitedIn(state, body, selected, planOf(selected.ids, selected.people, body.fields, validOnly).plan);
        if (ids.length <= REVEAL_SYNC_LIMIT) {
          const b = await revealIn(tx, ctx, { ids, people }, body.fields, listId, state, { validOnly, reference: newId(), verdicts });
          const result: RevealResult = {
            charged: b.charged,
            revealed: b.revealed,
            skipped: { suppressed: b.suppressed, noData: b.noData, emails: b.skippedEmails },
            balance: b.balance,
          };
          await idempotency.saveIn(tx, ctx.workspaceId, { scope: IDEMPOTENCY_SCOPE, key, memberId: ctx.memberId, requestHash, statusCode: 200, response: result });
          return { status: 200 as const, result };
        }
        const { plan } = planOf(ids, people, body.fields, validOnly);
        const short = shortfallOf(state, plan.cost);
        if (short.shortfall > 0) throw insufficientCredits(short);
        const id = newId();
        await repo.insertJob(tx, ctx.workspaceId, {
          id, memberId: ctx.memberId, userId: ctx.userId, fields: body.fields, listId, prospectIds: ids, estimatedCost: plan.cost, validOnly,
        });
        const job = toJob((await repo.job(tx, ctx.workspaceId, id))!);
        await idempotency.saveIn(tx, ctx.workspaceId, { scope: IDEMPOTENCY_SCOPE, key, memberId: ctx.memberId, requestHash, statusCode: 202, response: job });
        queued = id;
        return { status: 202 as const, job };
      });
      if (queued) await deps.queue()({ workspaceId: ctx.workspaceId, jobId: queued });
      return answer;
    },

    async job(ctx: RequestContext, id: string): Promise<RevealJob> {
      return uow.tenant(ctx, async (tx) => toJob(await loadJob(tx, ctx.workspaceId, id)));
    },

    /**
     * Cancels a bulk reveal (its starter, an owner or an admin): no batch starts after this,
     * the credits it still held are released (the reserve counts only unfinished jobs), and
     * what it revealed stays, charged once. Cancelling a cancelled job answers it again.
     */
    async cancel(ctx: RequestContext, id: string): Promise<RevealJob> {
      return uow.tenant(ctx, async (tx) => {
        // the job row's lock: a batch in flight commits first (its charge with its checkpoint)
        const job = await repo.job(tx, ctx.workspaceId, id, { lock: true });
        if (!job) throw notFound('Reveal job');
        if (!mayCancel(ctx, job.memberId)) throw forbidden('Only the member who started this reveal, an owner or an admin can cancel it');
        if (job.status === 'cancelled') return toJob(job);
        if (job.status !== 'queued' && job.status !== 'running') throw conflict(`This reveal has already ended (${job.status})`);
        await repo.updateJob(tx, ctx.workspaceId, id, {
          status: 'cancelled',
          stopReason: 'cancelled',
          cancelledBy: ctx.memberId,
          error: bulkJobStopMessages.cancelled,
          finishedAt: new Date(),
        });
        await deps.audit?.recordIn(tx, ctx, {
          action: 'prospects.reveal_cancelled',
          target: { type: 'reveal_job', id },
          details: { startedBy: job.memberId, done: job.done, total: job.total, charged: job.charged, released: Math.max(0, job.estimatedCost - job.charged) },
        });
        return toJob(await loadJob(tx, ctx.workspaceId, id));
      });
    },

    /**
     * Works a bulk reveal to its end, batch by batch; `maxBatches` stops early (tests of a
     * resume). A refusal (credits ran out, a list gone) fails the job; any other error leaves it
     * running, to be retried or resumed after a restart from the last committed checkpoint.
     */
    async runJob(workspaceId: string, jobId: string, opts: { maxBatches?: number } = {}): Promise<void> {
      let batches = 0;
      try {
        while (await step(workspaceId, jobId)) {
          if (opts.maxBatches !== undefined && ++batches >= opts.maxBatches) return;
        }
      } catch (err) {
        if (err instanceof AppError) await fail(workspaceId, jobId, err);
        throw err;
      }
    },

    /** Gives a job up after its last retry (what it revealed stays, charged once). */
    giveUp: (workspaceId: string, jobId: string, err: unknown) => fail(workspaceId, jobId, err),

    /**
     * "Report invalid email" on a revealed contact: its credit comes back, once, and the address
     * goes with it: off the contact (out of exports and the API), and the reveal record keeps its
     * hash so a later reveal neither hands it back nor charges for it (decision 0027).
     */
    async reportInvalidEmail(ctx: RequestContext, contactId: string): Promise<ReportInvalidEmailResult> {
      return uow.tenant(ctx, async (tx) => {
        const rv = await repo.emailRevealOfContact(tx, ctx.workspaceId, contactId);
        if (!rv) throw notFound('Revealed email for this contact');
        const { refunded, valueHash: charged } = await credits.refundIn(tx, ctx, {
          feature: 'prospect_email',
          reference: rv.prospectId,
          revealId: rv.revealId,
          description: 'Refund: revealed email reported invalid',
        });
        if (refunded > 0) {
          // a charge from before 0811 kept no hash: the person's address now, read in the prospect tables
          const hash = await repo.markEmailRefunded(tx, ctx.workspaceId, rv.prospectId, charged ?? (await deps.prospects.emailHashIn(tx, rv.prospectId)));
          if (hash) await contacts.removeEmailIn(tx, ctx, contactId, hash);
          // nor can a replayed Idempotency-Key hand it back
          await repo.forgetAnswersRevealing(tx, ctx.workspaceId, IDEMPOTENCY_SCOPE, rv.prospectId);
        } else if (rv.emailRevealed) {
          // nothing to give back (an enrichment filled it): the address is marked invalid, as reported
          await contacts.markEmailInvalidIn(tx, ctx, contactId);
        }
        return { refunded, balance: (await credits.peekIn(tx, ctx)).balance };
      });
    },

    unfinished: () => uow.admin((tx) => repo.unfinishedJobs(tx)),

    /**
     * Inside another module's unit of work (import enrichment): these people's data counts as
     * revealed here. Answers each person's reveal id (what their charges name).
     */
    recordRevealsIn: (tx: Tx, workspaceId: string, memberId: string, rows: RevealWrite[]): Promise<Map<string, string>> =>
      repo.upsertReveals(tx, workspaceId, memberId, rows),
  };
}

export type RevealService = ReturnType<typeof createRevealService>;
