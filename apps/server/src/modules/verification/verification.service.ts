import {
  bulkJobStopMessages,
  VERIFICATION_UPGRADE_PATH,
  type FindEmailResult,
  type VerificationBody,
  type VerificationJob,
  type VerificationResult,
  type VerificationUsage,
} from '@leadtrail/contracts';
import { mayCancel, starterStop } from '../../core/bulk-jobs.js';
import type { RequestContext } from '../../core/request-context.js';
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { periodOf } from '../credits/credits-period.js';
import { insufficientCredits, shortfallOf, type CreditsService } from '../credits/credits.service.js';
import type { WebhookEvents } from '../webhooks/webhooks.service.js';
import { isDisposableDomain, isRoleLocalPart, isWebmailDomain } from './email-lists.js';
import { learnPatterns, rankCandidates } from './email-patterns.js';
import { isReservedExampleDomain, parseEmail } from './email-syntax.js';
import type { EmailVerifier } from './email-verifier.js';
import type { VerifyOutcome } from './verification-result.js';
import { createVerificationRepository } from './verification.repository.js';
import {
  createVerificationJobsRepository,
  type JobCounts,
  type VerificationJobRow,
} from './verification-jobs.repository.js';

/** What the service needs of the contacts module (inside its own units of work). */
export type VerificationContacts = {
  emailsOfIn: (tx: Tx, workspaceId: string, ids: string[]) => Promise<{ id: string; email: string | null }[]>;
  applyVerificationsIn: (
    tx: Tx,
    workspaceId: string,
    rows: { id: string; email: string; status: string; reason: string | null; checkedAt: Date }[],
  ) => Promise<string[]>;
  /** Contacts at these addresses still marked greylisted (the retry updates only those). */
  greylistedWithEmailsIn: (tx: Tx, workspaceId: string, emails: string[]) => Promise<{ id: string; email: string }[]>;
  finderTargetIn: (
    tx: Tx,
    workspaceId: string,
    id: string,
  ) => Promise<{ id: string; firstName: string | null; lastName: string | null; email: string | null; domain: string | null } | null>;
  namedAtDomainIn: (tx: Tx, workspaceId: string, domain: string, limit: number) => Promise<{ firstName: string; lastName: string; email: string }[]>;
  setFoundEmailIn: (
    tx: Tx,
    workspaceId: string,
    id: string,
    f: { email: string; status: string; reason: string | null; checkedAt: Date },
  ) => Promise<boolean>;
  /** A selection of the grid (ids, or q and filter) as a subquery with an `id` column. */
  /** The contacts a selection names, as a subquery, read in the caller's unit of work. */
  selectionSqlIn: (tx: Tx, ctx: RequestContext, sel: { ids: string[] } | { q?: string; filter: NonNullable<VerificationBody['filter']> | null; filterPath?: string }) => Promise<import('drizzle-orm').SQL>;
};

/** Queues a job for a worker (pg-boss), or runs it in this process when there is none. */
export type VerificationQueue = (job: { workspaceId: string; jobId: string }) => Promise<void>;

/** Contacts per batch: one transaction each (its items, contacts, counts and usage commit together). */
const BATCH = 1000;
/** Known addresses the finder learns a domain's pattern from. */
const LEARN_FROM = 200;

const quotaMessage = (included: number) =>
  `Stopped: this month's ${included.toLocaleString('en-US')} included verifications are used up. Upgrade your plan for more.`;

/**
 * Email verification and the finder (PRODUCT.md 4a, issue 24, decision 0031): one address (the
 * request waits up to 20 s for the worker's answer), contacts by ids or filter as a job (progress,
 * cancel, resume after a restart), the monthly quota, and the finder. The verifier itself
 * (SMTP) runs only where a job runs: on a worker.
 */
export function createVerificationService(deps: {
  uow: UnitOfWork;
  verifier: () => EmailVerifier;
  contacts: VerificationContacts;
  credits: Pick<CreditsService, 'openIn' | 'spendIn'>;
  /** The plan's monthly verifications for the workspace at a time. */
  included: (tx: Tx, workspaceId: string, at: Date) => Promise<number>;
  /** The prospect database's named people at a domain (the prospects module: its tables may live in a database of their own, decision 0043). */
  prospectsAtDomain: (tx: Tx, domain: string, limit: number) => Promise<{ firstName: string; lastName: string; email: string }[]>;
  events?: WebhookEvents;
  queue: () => VerificationQueue;
  /** Asks again at `at` for addresses a mail server greylisted (a pg-boss job delayed until then). */
  retryLater?: (workspaceId: string, emails: string[], at: Date) => Promise<void>;
  appUrl: string;
  /** How long a one-address request waits for the worker (20 s). */
  waitMs?: number;
  now?: () => Date;
}) {
  const { uow } = deps;
  const repo = createVerificationJobsRepository();
  const cache = createVerificationRepository();
  const now = deps.now ?? (() => new Date());
  const waitMs = deps.waitMs ?? 20_000;
  const upgradeUrl = `${deps.appUrl}${VERIFICATION_UPGRADE_PATH}`;

  const message = (j: VerificationJobRow): string | null => {
    if (j.stopReason === 'quota') return j.error;
    if (j.stopReason === 'cancelled') return 'Cancelled: what was verified stays';
    if (j.stopReason && j.stopReason in bulkJobStopMessages)
      return bulkJobStopMessages[j.stopReason as keyof typeof bulkJobStopMessages].replace('revealed', 'verified');
    return j.error;
  };

  const toJob = (j: VerificationJobRow): VerificationJob => ({
    id: j.id,
    kind: j.kind,
    status: j.status,
    progress: { done: j.done, total: j.total },
    counts: {
      valid: j.valid,
      risky: j.risky,
      invalid: j.invalid,
      unknown: j.unknown,
      skipped: Math.max(0, j.done - j.valid - j.risky - j.invalid - j.unknown),
    },
    stopReason: (j.stopReason as VerificationJob['stopReason']) ?? null,
    message: message(j),
    upgradeUrl: j.stopReason === 'quota' ? upgradeUrl : null,
    result: j.kind === 'address' ? ((j.result as VerificationResult | null) ?? null) : null,
    createdAt: j.createdAt,
    finishedAt: j.finishedAt,
  });

  const quotaError = (included: number) =>
    new AppError(402, 'verification_quota', quotaMessage(included), { upgradeUrl, included });

  /** The API's result for one outcome, with what is known of the domain. */
  async function resultOf(o: VerifyOutcome): Promise<VerificationResult> {
    const parsed = parseEmail(o.email);
    const domain = parsed.ok ? parsed.email.domain : null;
    const facts = domain ? (await uow.admin((tx) => cache.findDomains(tx, [domain], now())))[0] : undefined;
    return {
      email: o.email,
      status: o.lookedUp ? o.status : 'unknown',
      reason: o.lookedUp ? o.reason : null,
      checkedAt: o.lookedUp ? o.checkedAt.toISOString() : null,
      lookedUp: o.lookedUp,
      domain: {
        mx: (facts?.mx ?? []).map((h) => h.name),
        acceptAll: facts?.acceptAll ?? null,
        disposable: domain ? isDisposableDomain(domain) : false,
        webmail: domain ? isWebmailDomain(domain) : false,
      },
      role: parsed.ok ? isRoleLocalPart(parsed.email.local) : false,
    };
  }

  /** Counted against the quota: looked up now, beyond syntax (a cached result is free). */
  const counts = (o: VerifyOutcome) => o.lookedUp && !o.cached && o.reason !== 'syntax';

  async function loadJob(tx: Tx, workspaceId: string, id: string) {
    const j = await repo.find(tx, workspaceId, id);
    if (!j) throw notFound('Verification job');
    return j;
  }

  /**
   * Waits for queued jobs to end, up to the wait; answers them as they are then. The SMTP work is
   * the worker's (network I/O holds no transaction): the request looks at all its jobs with one
   * short read unit per poll (at most about 85 in the default 20 s wait, decision 0039), however
   * many jobs it waits for.
   */
  async function awaitJobs(ctx: RequestContext, ids: string[]): Promise<Map<string, VerificationJobRow>> {
    const until = Date.now() + waitMs;
    const out = new Map<string, VerificationJobRow>();
    for (let delay = 20; ; delay = Math.min(delay * 2, 250)) {
      const open = ids.filter((id) => !out.has(id) || ['queued', 'running'].includes(out.get(id)!.status));
      for (const j of await uow.read(ctx, (tx) => repo.findMany(tx, ctx.workspaceId, open))) out.set(j.id, j);
      const waiting = ids.some((id) => !out.has(id) || ['queued', 'running'].includes(out.get(id)!.status));
      if (!waiting || Date.now() >= until) return out;
      await new Promise((r) => setTimeout(r, Math.min(delay, Math.max(0, until - Date.now()))));
    }
  }

  /** Waits for one queued job (as awaitJobs). */
  async function awaitJob(ctx: RequestContext, id: string): Promise<VerificationJobRow> {
    const j = (await awaitJobs(ctx, [id])).get(id);
    if (!j) throw notFound('Verification job');
    return j;
  }

  /**
   * A job, checked and written in one unit of work, then queued: `precheckIn` runs first in it
   * (the quota), `selection` names its contacts, `onItems` sees how many it has (a refusal rolls
   * the job back).
   */
  async function create(
    ctx: RequestContext,
    kind: VerificationJobRow['kind'],
    opts: {
      email?: string;
      precheckIn?: (tx: Tx) => Promise<void>;
      selection?: Parameters<VerificationContacts['selectionSqlIn']>[2];
      onItems?: (total: number) => void;
    },
  ) {
    const id = newId();
    await uow.tenant(ctx, async (tx) => {
      await opts.precheckIn?.(tx);
      const selection = opts.selection ? await deps.contacts.selectionSqlIn(tx, ctx, opts.selection) : null;
      await repo.insertJob(tx, ctx.workspaceId, { id, kind, memberId: ctx.memberId, userId: ctx.userId, email: opts.email ?? null });
      if (selection) {
        const total = await repo.insertItems(tx, ctx.workspaceId, id, selection);
        opts.onItems?.(total);
      }
    });
    await deps.queue()({ workspaceId: ctx.workspaceId, jobId: id });
    return id;
  }

  /** The quota's state under its row lock: what may still be counted this month. */
  async function remainingIn(tx: Tx, workspaceId: string, at: Date) {
    const period = periodOf(at);
    const used = await repo.lockUsage(tx, workspaceId, period.start);
    const included = await deps.included(tx, workspaceId, at);
    return { period, used, included, remaining: Math.max(0, included - used) };
  }

  /** One address job: verify, count, keep the result on the job. */
  async function runAddress(workspaceId: string, job: VerificationJobRow) {
    const at = now();
    const q = await uow.tenant({ workspaceId }, (tx) => remainingIn(tx, workspaceId, at));
    if (q.remaining <= 0) {
      await uow.tenant({ workspaceId }, (tx) => repo.finish(tx, workspaceId, job.id, { status: 'failed', stopReason: 'quota', error: quotaMessage(q.included) }));
      return;
    }
    const o = await deps.verifier().verify(job.email!);
    const result = await resultOf(o);
    await uow.tenant({ workspaceId }, async (tx) => {
      const locked = await repo.lock(tx, workspaceId, job.id);
      if (!locked || (locked.status !== 'queued' && locked.status !== 'running')) return;
      await remainingIn(tx, workspaceId, at);
      if (counts(o)) await repo.addUsage(tx, workspaceId, q.period.start, 1);
      const bucket = o.lookedUp ? o.status : null;
      await repo.finishItems(tx, workspaceId, job.id, [], {
        done: 1, valid: +(bucket === 'valid'), risky: +(bucket === 'risky'), invalid: +(bucket === 'invalid'),
        unknown: +(bucket === 'unknown'), found: 0, charged: 0,
      });
      await repo.finish(tx, workspaceId, job.id, { status: 'completed', result });
    });
  }

  /**
   * The next batch of a contacts job, or null when the job is over. Checks first (cancel,
   * starter, quota), verifies outside any transaction, then commits the verdicts, the items done,
   * the counts and the quota together: a job resumed after a crash goes on with what is left.
   */
  async function contactsBatch(workspaceId: string, jobId: string): Promise<boolean> {
    const at = now();
    const plan = await uow.tenant({ workspaceId }, async (tx) => {
      const job = await repo.lock(tx, workspaceId, jobId);
      if (!job || (job.status !== 'queued' && job.status !== 'running')) return null;
      const stop = starterStop(await repo.starter(tx, workspaceId, job.memberId), 'records:write');
      if (stop) {
        await repo.finish(tx, workspaceId, jobId, { status: 'cancelled', stopReason: stop });
        return null;
      }
      await repo.markRunning(tx, workspaceId, jobId);
      const ids = await repo.nextItems(tx, workspaceId, jobId, BATCH);
      if (!ids.length) {
        await repo.finish(tx, workspaceId, jobId, { status: 'completed' });
        return null;
      }
      const q = await remainingIn(tx, workspaceId, at);
      if (q.remaining <= 0) {
        await repo.finish(tx, workspaceId, jobId, { status: 'failed', stopReason: 'quota', error: quotaMessage(q.included) });
        return null;
      }
      // never more lookups than the quota has left (cached results, free, may leave some unused)
      const take = ids.slice(0, q.remaining);
      return { ids: take, rows: await deps.contacts.emailsOfIn(tx, workspaceId, take), period: q.period };
    });
    if (!plan) return false;

    const withEmail = plan.rows.filter((r): r is { id: string; email: string } => !!r.email);
    const outcomes = withEmail.length ? await deps.verifier().verifyBatch(withEmail.map((r) => r.email)) : [];

    await uow.tenant({ workspaceId }, async (tx) => {
      // the job's lock: a cancel waits for this batch (its lookups are done, so they are kept)
      await repo.lock(tx, workspaceId, jobId);
      const add: JobCounts = { done: plan.ids.length, valid: 0, risky: 0, invalid: 0, unknown: 0, found: 0, charged: 0 };
      const apply: Parameters<VerificationContacts['applyVerificationsIn']>[2] = [];
      let used = 0;
      withEmail.forEach((r, i) => {
        const o = outcomes[i]!;
        if (counts(o)) used++;
        // an address on .example keeps the data's status: a skipped contact
        if (!o.lookedUp) return;
        add[o.status]++;
        apply.push({ id: r.id, email: r.email, status: o.status, reason: o.reason, checkedAt: o.checkedAt });
      });
      await remainingIn(tx, workspaceId, at);
      await repo.addUsage(tx, workspaceId, plan.period.start, used);
      const changed = await deps.contacts.applyVerificationsIn(tx, workspaceId, apply);
      await repo.finishItems(tx, workspaceId, jobId, plan.ids, add);
      await emitVerified(tx, workspaceId, apply, changed);
    });
    await retryGreylistedLater(workspaceId, outcomes);
    return true;
  }

  /** The webhook event of the contacts a verdict changed. */
  async function emitVerified(tx: Tx, workspaceId: string, apply: { id: string; email: string; status: string; reason: string | null; checkedAt: Date }[], changed: string[]) {
    if (!changed.length) return;
    const byId = new Map(apply.map((a) => [a.id, a]));
    await deps.events?.emitManyIn(tx, { workspaceId }, 'contact.email_verified', () =>
      Promise.resolve(changed.map((id) => {
        const a = byId.get(id)!;
        return { id, email: a.email, emailStatus: a.status, emailStatusReason: a.reason, emailCheckedAt: a.checkedAt.toISOString() };
      })),
    );
  }

  /**
   * Greylisting is a "try again later": the addresses a server answered so are asked again when
   * their back-off ends (the verifier's retryAt; after a day it answers unknown and this stops).
   */
  async function retryGreylistedLater(workspaceId: string, outcomes: VerifyOutcome[]) {
    const due = outcomes.filter((o): o is Extract<VerifyOutcome, { lookedUp: true }> => o.lookedUp && o.reason === 'greylisted' && !!o.retryAt);
    if (!due.length || !deps.retryLater) return;
    const at = new Date(Math.max(...due.map((o) => o.retryAt!.getTime())));
    await deps.retryLater(workspaceId, [...new Set(due.map((o) => o.email))], at);
  }

  /**
   * The finder for one contact: learn the domain's pattern, verify the likeliest addresses in
   * turn until one is deliverable (on an accept-all domain the likeliest, as risky), and charge 1
   * credit only when an address is found and written. `strict`: a single request's errors.
   */
  async function findOne(workspaceId: string, job: VerificationJobRow, contactId: string, strict: boolean): Promise<FindEmailResult & { looked: number; counted: number; stop?: 'quota' | 'credits' }> {
    const at = now();
    const actor = { workspaceId, memberId: job.memberId };
    const prep = await uow.tenant({ workspaceId }, async (tx) => {
      const t = await deps.contacts.finderTargetIn(tx, workspaceId, contactId);
      if (!t) return { skip: 'gone' as const };
      if (t.email) return { skip: 'has_email' as const };
      if (!t.firstName || !t.lastName || !t.domain) return { skip: 'incomplete' as const };
      const domain = t.domain.toLowerCase();
      const state = await deps.credits.openIn(tx, actor);
      if (shortfallOf(state, 1).shortfall > 0) return { skip: 'credits' as const };
      const q = await remainingIn(tx, workspaceId, at);
      if (q.remaining <= 0) return { skip: 'quota' as const, included: q.included };
      const known = [
        ...(await deps.contacts.namedAtDomainIn(tx, workspaceId, domain, LEARN_FROM)),
        ...(await deps.prospectsAtDomain(tx, domain, LEARN_FROM)),
      ];
      return { t, domain, known, remaining: q.remaining };
    });
    if ('skip' in prep) {
      if (strict && prep.skip === 'has_email') throw conflict('This contact already has an email');
      if (strict && prep.skip === 'incomplete')
        throw badRequest('finder_needs_name_and_domain', 'The finder needs a first name, a last name and a company with a domain');
      if (strict && prep.skip === 'credits') throw insufficientCredits({ shortfall: 1, reason: 'balance' });
      if (strict && prep.skip === 'quota') throw quotaError(prep.included);
      const stop = prep.skip === 'credits' || prep.skip === 'quota' ? prep.skip : undefined;
      return { found: false, charged: 0, looked: 0, counted: 0, stop };
    }
    const candidates = rankCandidates(prep.t, prep.domain, learnPatterns(prep.known)).slice(0, prep.remaining);
    let hit: { email: string; status: 'valid' | 'risky'; reason: string | null; checkedAt: Date } | null = null;
    let counted = 0;
    for (const c of candidates) {
      const o = await deps.verifier().verify(c.email);
      if (counts(o)) counted++;
      // never looked up (.example) or no answer: nothing to go on
      if (!o.lookedUp || o.status === 'unknown') break;
      if (o.status === 'valid' || (o.status === 'risky' && o.reason === 'accept_all')) {
        hit = { email: o.email, status: o.status, reason: o.reason, checkedAt: o.checkedAt };
        break;
      }
      // the domain itself does not take mail: no other candidate will
      if (o.status === 'invalid' && o.reason !== 'mailbox_not_found' && o.reason !== 'mailbox_full') break;
    }
    return uow.tenant({ workspaceId }, async (tx) => {
      const q = await remainingIn(tx, workspaceId, at);
      await repo.addUsage(tx, workspaceId, q.period.start, counted);
      if (!hit) return { found: false, charged: 0, looked: candidates.length, counted };
      const written = await deps.contacts.setFoundEmailIn(tx, workspaceId, contactId, hit);
      if (!written) return { found: false, charged: 0, looked: candidates.length, counted };
      const state = await deps.credits.openIn(tx, actor);
      const { charged } = await deps.credits.spendIn(tx, actor, state, [
        { feature: 'email_finder', amount: 1, reference: contactId, description: 'Email found by the finder', dataRequested: 'email' },
      ]);
      await deps.events?.emitIn(tx, { workspaceId }, 'contact.email_verified', {
        id: contactId, email: hit.email, emailStatus: hit.status, emailStatusReason: hit.reason, emailCheckedAt: hit.checkedAt.toISOString(), found: true,
      });
      return { found: true, email: hit.email, status: hit.status, charged, looked: candidates.length, counted };
    });
  }

  /** The next contact of a find job (one per transaction pair), or null when it is over. */
  async function findBatch(workspaceId: string, jobId: string, strict: boolean): Promise<boolean> {
    const next = await uow.tenant({ workspaceId }, async (tx) => {
      const job = await repo.lock(tx, workspaceId, jobId);
      if (!job || (job.status !== 'queued' && job.status !== 'running')) return null;
      const stop = starterStop(await repo.starter(tx, workspaceId, job.memberId), 'prospects:reveal');
      if (stop) {
        await repo.finish(tx, workspaceId, jobId, { status: 'cancelled', stopReason: stop });
        return null;
      }
      await repo.markRunning(tx, workspaceId, jobId);
      const [id] = await repo.nextItems(tx, workspaceId, jobId, 1);
      if (!id) {
        await repo.finish(tx, workspaceId, jobId, { status: 'completed' });
        return null;
      }
      return { job, id };
    });
    if (!next) return false;
    let r: Awaited<ReturnType<typeof findOne>>;
    try {
      r = await findOne(workspaceId, next.job, next.id, strict);
    } catch (err) {
      // a single request's refusal: the job ends with it, the request answers it
      await uow.tenant({ workspaceId }, (tx) =>
        repo.finish(tx, workspaceId, jobId, {
          status: 'failed',
          error: err instanceof AppError ? err.message : 'The finder failed',
          result: err instanceof AppError ? { error: { status: err.status, code: err.code, message: err.message, extra: err.extra } } : undefined,
          stopReason: err instanceof AppError && err.code === 'verification_quota' ? 'quota' : null,
        }),
      );
      return false;
    }
    await uow.tenant({ workspaceId }, async (tx) => {
      await repo.lock(tx, workspaceId, jobId);
      await repo.finishItems(tx, workspaceId, jobId, [next.id], {
        done: 1, valid: +(r.status === 'valid'), risky: +(r.status === 'risky'), invalid: 0, unknown: 0,
        found: +r.found, charged: r.charged,
      });
      if (strict) await repo.finish(tx, workspaceId, jobId, { status: 'completed', result: { found: r.found, email: r.email, status: r.status, charged: r.charged } });
      else if (r.stop) {
        const included = r.stop === 'quota' ? await deps.included(tx, workspaceId, now()) : 0;
        await repo.finish(tx, workspaceId, jobId, {
          status: 'failed', stopReason: r.stop === 'quota' ? 'quota' : null,
          error: r.stop === 'quota' ? quotaMessage(included) : 'Stopped: no credits left for the finder',
        });
      }
    });
    return !strict && !r.stop;
  }

  return {
    /** POST /api/v1/verifications */
    async start(ctx: RequestContext, body: VerificationBody): Promise<{ status: 200; result: VerificationResult } | { status: 202; jobId: string }> {
      if (body.email !== undefined) {
        let included = 0;
        // the quota checked in the job's own unit of work
        const precheckIn = async (tx: Tx) => {
          const at = now();
          const used = await repo.usage(tx, ctx.workspaceId, periodOf(at).start);
          included = await deps.included(tx, ctx.workspaceId, at);
          if (used >= included) throw quotaError(included);
        };
        const id = await create(ctx, 'address', { email: body.email, precheckIn });
        const j = await awaitJob(ctx, id);
        if (j.status === 'completed' && j.result) return { status: 200, result: j.result as VerificationResult };
        if (j.stopReason === 'quota') throw quotaError(included);
        if (j.status === 'failed') throw new AppError(500, 'verification_failed', 'The verification failed; try again');
        return { status: 202, jobId: id };
      }
      const selection = body.contactIds ? { ids: body.contactIds } : { q: body.q, filter: body.filter ?? null, filterPath: 'filter' };
      return { status: 202, jobId: await create(ctx, 'contacts', { selection }) };
    },

    /** POST /api/v1/contacts/{id}/find-email: waits for the worker like one address. */
    async findEmail(ctx: RequestContext, contactId: string): Promise<{ status: 200; result: FindEmailResult } | { status: 202; jobId: string }> {
      // another workspace's contact, or none: the selection finds nothing, and no job is made
      const onItems = (total: number) => {
        if (total === 0) throw notFound('Contact');
      };
      const id = await create(ctx, 'find', { selection: { ids: [contactId] }, onItems });
      const j = await awaitJob(ctx, id);
      const r = j.result as (FindEmailResult & { error?: { status: number; code: string; message: string; extra: Record<string, unknown> } }) | null;
      if (r?.error) throw new AppError(r.error.status, r.error.code, r.error.message, r.error.extra);
      if (j.status === 'completed' && r) return { status: 200, result: r };
      return { status: 202, jobId: id };
    },

    /** Many contacts through the finder: a job. */
    async findEmails(ctx: RequestContext, body: { contactIds?: string[]; filter?: VerificationBody['filter']; q?: string }) {
      const selection = body.contactIds ? { ids: body.contactIds } : { q: body.q, filter: body.filter ?? null, filterPath: 'filter' };
      return { jobId: await create(ctx, 'find', { selection }) };
    },

    /**
     * For a reveal (issue 24): the verdicts of the addresses about to be charged, through the
     * worker like one address each (a cached result is free). Addresses on `.example` are never
     * looked up: without any other, this answers at once with nothing asked. An address the worker
     * did not answer in time is left out (charged as before). Opens no unit inside another: a
     * reveal asks for these before its own unit of work. Two units and the polls: the jobs
     * written in one, then one read per poll.
     */
    async verdictsFor(ctx: RequestContext, emails: string[]): Promise<Map<string, { status: VerificationResult['status']; reason: VerificationResult['reason']; checkedAt: Date }>> {
      const out = new Map<string, { status: VerificationResult['status']; reason: VerificationResult['reason']; checkedAt: Date }>();
      const real = [...new Set(emails)].filter((e) => {
        const p = parseEmail(e);
        return p.ok && !isReservedExampleDomain(p.email.domain);
      });
      if (!real.length) return out;
      // one job per address, all written in one unit of work, then waited for together: a reveal's
      // units do not grow with its addresses (decision 0039)
      const ids = real.map(() => newId());
      await uow.tenant(ctx, async (tx) => {
        for (const [i, email] of real.entries())
          await repo.insertJob(tx, ctx.workspaceId, { id: ids[i]!, kind: 'address', memberId: ctx.memberId, userId: ctx.userId, email });
      });
      for (const id of ids) await deps.queue()({ workspaceId: ctx.workspaceId, jobId: id });
      const jobs = await awaitJobs(ctx, ids);
      real.forEach((email, i) => {
        const j = jobs.get(ids[i]!);
        const r = j?.status === 'completed' ? (j.result as VerificationResult | null) : null;
        if (r?.lookedUp && r.checkedAt) out.set(email, { status: r.status, reason: r.reason, checkedAt: new Date(r.checkedAt) });
      });
      return out;
    },

    /** GET /api/v1/verifications/{jobId} */
    job: (ctx: RequestContext, id: string) => uow.tenant(ctx, async (tx) => toJob(await loadJob(tx, ctx.workspaceId, id))),

    /** POST /api/v1/verifications/{jobId}/cancel: no batch starts after this; what was verified stays. */
    async cancel(ctx: RequestContext, id: string): Promise<VerificationJob> {
      return uow.tenant(ctx, async (tx) => {
        const job = await repo.lock(tx, ctx.workspaceId, id);
        if (!job) throw notFound('Verification job');
        if (!mayCancel(ctx, job.memberId)) throw forbidden('Only the member who started this verification, an owner or an admin can cancel it');
        if (job.status === 'cancelled') return toJob(job);
        if (job.status !== 'queued' && job.status !== 'running') throw conflict(`This verification has already ended (${job.status})`);
        await repo.finish(tx, ctx.workspaceId, id, { status: 'cancelled', stopReason: 'cancelled' });
        return toJob(await loadJob(tx, ctx.workspaceId, id));
      });
    },

    /** GET /api/v1/verifications/usage */
    usage: (ctx: RequestContext): Promise<VerificationUsage> =>
      uow.tenant(ctx, async (tx) => {
        const at = now();
        const period = periodOf(at);
        return {
          included: await deps.included(tx, ctx.workspaceId, at),
          used: await repo.usage(tx, ctx.workspaceId, period.start),
          periodEnd: period.end.toISOString(),
        };
      }),

    /** The worker's: runs a job to its end (or its stop), batch by batch. */
    /**
     * The greylisting retry (a delayed job, on a worker): asks again for these addresses and puts
     * the new verdicts on the workspace's contacts still marked greylisted; not counted again
     * toward the quota (the first answer was). Still greylisted: asked again at its next retry.
     */
    async retryGreylisted(workspaceId: string, emails: string[]): Promise<void> {
      const outcomes = emails.length ? await deps.verifier().verifyBatch(emails) : [];
      await uow.tenant({ workspaceId }, async (tx) => {
        const byEmail = new Map(outcomes.map((o) => [o.email, o]));
        const apply = (await deps.contacts.greylistedWithEmailsIn(tx, workspaceId, emails)).flatMap((c) => {
          const o = byEmail.get(c.email);
          return o?.lookedUp ? [{ id: c.id, email: c.email, status: o.status, reason: o.reason, checkedAt: o.checkedAt }] : [];
        });
        const changed = await deps.contacts.applyVerificationsIn(tx, workspaceId, apply);
        await emitVerified(tx, workspaceId, apply, changed);
      });
      await retryGreylistedLater(workspaceId, outcomes);
    },

    async runJob(workspaceId: string, jobId: string): Promise<void> {
      const job = await uow.tenant({ workspaceId }, (tx) => repo.find(tx, workspaceId, jobId));
      if (!job || (job.status !== 'queued' && job.status !== 'running')) return;
      if (job.kind === 'address') return runAddress(workspaceId, job);
      if (job.kind === 'find') {
        // one contact asked by a request answers its errors; many go on past a contact they skip
        const strict = job.total === 1;
        while (await findBatch(workspaceId, jobId, strict));
        return;
      }
      while (await contactsBatch(workspaceId, jobId));
    },

    /** A job that kept failing: marked failed, its committed batches kept. */
    async giveUp(workspaceId: string, jobId: string, err: unknown) {
      await uow.tenant({ workspaceId }, (tx) =>
        repo.finish(tx, workspaceId, jobId, { status: 'failed', error: err instanceof Error ? 'The verification failed' : String(err) }),
      );
    },

    /** Inside an erasure's unit of work: the address's cached result goes (a fact about a person). */
    forgetIn: (tx: Tx, email: string) => cache.forgetAddress(tx, email.trim().toLowerCase()),

    /** The scheduled prune of the shared cache (decision 0030: addresses 30 days, domains 7). */
    pruneCache: () => uow.admin((tx) => cache.deleteExpired(tx, now())),

    /** Jobs a stopped process left unfinished (resumed at a worker's start). */
    unfinished: () => uow.admin((tx) => repo.unfinished(tx)),
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
