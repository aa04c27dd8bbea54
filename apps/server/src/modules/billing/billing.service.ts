import {
  SEATS_OVER_LIMIT,
  type CreditPackId,
  type CreditPackList,
  type CreditPackPurchaseResult,
  type EnterpriseInquiryBody,
  type Invoice,
  type InvoicePage,
  type InvoiceStatus,
  type PlanList,
  type Subscription,
  type SubscriptionChangeBody,
  type SubscriptionChangeResult,
  type SubscriptionPreview,
} from '@leadtrail/contracts';
import { idempotency, requestHashOf } from '../../core/idempotency.js';
import type { RequestContext } from '../../core/request-context.js';
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
import { AppError, conflict, invalidCursor, notFound } from '../../lib/errors.js';
import { UUID_RE } from '../../lib/filters/cursor-values.js';
import type { Mailer } from '../../lib/mail.js';
import type { AuditEvent } from '../audit/audit.service.js';
import { periodLabel, periodOf } from '../credits/credits-period.js';
import type { CreditsService } from '../credits/credits.service.js';
import { toInvoiceDto, toSubscriptionDto } from './billing-dto.js';
import { monthStart, periodFrom } from './billing-period.js';
import type { BillingRepository, InvoiceRow, SubscriptionRow } from './billing.repository.js';
import { cardProblem, noCardProblem, requiresActionProblem, type Invoicing } from './invoicing.js';
import { invoicePdf, type InvoiceSeller } from './invoice-pdf.js';
import type { PaymentProvider } from './payment-provider.js';
import { CREDIT_PACKS, isUpgrade, planCatalogue, PLANS, planLabel, termsOf } from './plans.js';
import { totalsOf, upgradeCredits, upgradeLines, type Current } from './proration.js';
import { planCreditsReader } from './plan-credits.js';

/** Records a billing change in the audit log, inside the change's unit of work. */
export type AuditIn = (tx: Tx, ctx: RequestContext, event: AuditEvent) => Promise<void>;

/** A workspace with no row yet, or on Free: Free for the calendar month of `at`. */
export function freeSubscription(at: Date): SubscriptionRow {
  const period = periodFrom(monthStart(at), 'month');
  return {
    plan: 'free', interval: 'month', status: 'active', currentPeriodStart: period.start, currentPeriodEnd: period.end,
    cancelAtPeriodEnd: false, pendingPlan: null, pendingInterval: null, seats: PLANS.free.seats, monthlyCredits: PLANS.free.monthlyCredits,
    pastDueSince: null, retryCount: 0, nextRetryAt: null, providerCustomerId: null,
  };
}

/** A Free row's period follows the calendar; a paid one keeps its own (renewal moves it). */
export function current(s: SubscriptionRow | null, at: Date): SubscriptionRow {
  if (!s) return freeSubscription(at);
  if (s.plan !== 'free') return s;
  const f = freeSubscription(at);
  return { ...s, currentPeriodStart: f.currentPeriodStart, currentPeriodEnd: f.currentPeriodEnd };
}

export type BillingDeps = {
  uow: UnitOfWork;
  repo: BillingRepository;
  credits: CreditsService;
  provider: PaymentProvider;
  invoicing: Invoicing;
  mailer: Mailer;
  salesEmail: string;
  /** who the invoice PDFs say issued them */
  seller: InvoiceSeller;
  audit: AuditIn;
  now: () => Date;
};

/**
 * Plans, the subscription, credit packs and invoices (issue 11). Each use case is one unit
 * of work that starts by locking the workspace's subscription row; a charge happens inside
 * it, so a declined card rolls back the invoice, its number and the change together.
 */
export function createBillingService(deps: BillingDeps) {
  const { uow, repo, credits, provider, invoicing, now } = deps;

  async function lockIn(tx: Tx, workspaceId: string): Promise<SubscriptionRow> {
    const at = now();
    const row = await repo.lockOrCreate(tx, workspaceId, freeSubscription(at));
    return current(row, at);
  }

  async function subscriptionIn(tx: Tx, workspaceId: string, s?: SubscriptionRow): Promise<Subscription> {
    const sub = s ?? current(await repo.findSubscription(tx, workspaceId), now());
    return toSubscriptionDto(sub, await repo.seatsUsed(tx, workspaceId), provider.name);
  }

  function seatsToRemove(used: number, plan: keyof typeof PLANS) {
    return Math.max(0, used - PLANS[plan].seats);
  }

  function seatsProblem(toRemove: number, plan: keyof typeof PLANS) {
    return new AppError(
      409,
      SEATS_OVER_LIMIT,
      `${PLANS[plan].name} includes ${PLANS[plan].seats} seats. Remove ${toRemove} member${toRemove === 1 ? '' : 's'} or invitation${toRemove === 1 ? '' : 's'} first.`,
      { seatsToRemove: toRemove, seatLimit: PLANS[plan].seats },
    );
  }

  const currentOf = (s: SubscriptionRow): Current => ({ plan: s.plan, interval: s.interval, period: { start: s.currentPeriodStart, end: s.currentPeriodEnd } });

  /** What a change does, line by line (shared by the preview and the change itself). */
  async function planChangeIn(tx: Tx, workspaceId: string, s: SubscriptionRow, body: SubscriptionChangeBody) {
    const at = now();
    const used = await repo.seatsUsed(tx, workspaceId);
    const company = await repo.company(tx, workspaceId);
    // Free has no interval: Free → Free (either) changes nothing
    const same = (s.plan === body.plan && s.interval === body.interval) || (s.plan === 'free' && body.plan === 'free');
    if (same) return { change: 'none' as const, lines: [], period: null, credits: null, used, company, effectiveAt: at };
    if (isUpgrade(s, body)) {
      if (s.interval === 'year' && body.interval === 'month' && s.plan !== 'free') {
        throw new AppError(409, 'interval_change_at_renewal', 'Upgrade on the annual interval now; a switch to monthly billing takes effect at renewal.');
      }
      const { lines, period } = upgradeLines(currentOf(s), body, at);
      return { change: 'upgrade' as const, lines, period, credits: upgradeCredits(currentOf(s), body, at), used, company, effectiveAt: at };
    }
    return { change: 'downgrade' as const, lines: [], period: null, credits: null, used, company, effectiveAt: s.currentPeriodEnd };
  }

  /**
   * Applies a paid upgrade: the plan, its period, its seats; its credits for the days left of
   * this month, pro rata like the invoice (docs/decisions/0026-credits-on-plan-changes.md).
   */
  async function applyUpgradeIn(tx: Tx, ctx: RequestContext, s: SubscriptionRow, to: SubscriptionChangeBody, invoice: InvoiceRow) {
    const from = { plan: s.plan, interval: s.interval };
    const terms = PLANS[to.plan];
    // as of the invoice's issue, what it priced (a confirmation step may complete it later)
    const grant = upgradeCredits(currentOf(s), to, invoice.issuedAt);
    // the period is settled under the old plan first (its grant, if the period had none yet):
    // the upgrade's grant adds to it and must not be followed by the new plan's full month
    await credits.openIn(tx, { workspaceId: ctx.workspaceId, memberId: null });
    s.plan = to.plan;
    s.interval = to.interval;
    s.currentPeriodStart = invoice.periodStart ?? s.currentPeriodStart;
    s.currentPeriodEnd = invoice.periodEnd ?? s.currentPeriodEnd;
    s.seats = terms.seats;
    s.monthlyCredits = terms.monthlyCredits;
    s.cancelAtPeriodEnd = false;
    s.pendingPlan = null;
    s.pendingInterval = null;
    await repo.saveSubscription(tx, ctx.workspaceId, s);
    if (grant.credits > 0) {
      const less = grant.currentPlanCredits > 0 ? ` less ${termsOf(from.plan).name}'s ${grant.currentPlanCredits.toLocaleString('en-US')}` : '';
      await credits.billingGrantIn(tx, ctx.workspaceId, {
        kind: 'plan_upgrade', amount: grant.credits, reference: invoice.id, memberId: ctx.memberId,
        description:
          `${terms.name} plan: ${grant.credits.toLocaleString('en-US')} credits for the ${grant.daysLeft} of ${grant.daysTotal} days left of ` +
          `${periodLabel(periodOf(invoice.issuedAt))} (${grant.newPlanCredits.toLocaleString('en-US')} pro rata${less}; upgrade, invoice ${invoice.number})`,
      });
    }
    await deps.audit(tx, ctx, {
      action: 'billing.plan_changed',
      target: { type: 'subscription', id: ctx.workspaceId, label: planLabel(to.plan, to.interval) },
      details: { from, to, invoice: invoice.number, totalCents: invoice.totalCents, creditsGranted: grant.credits },
    });
  }

  async function applyPackIn(tx: Tx, ctx: RequestContext, packId: CreditPackId, invoice: InvoiceRow): Promise<number> {
    const pack = CREDIT_PACKS[packId];
    const balance = await credits.billingGrantIn(tx, ctx.workspaceId, {
      kind: 'purchase', amount: pack.credits, reference: invoice.id, memberId: ctx.memberId,
      description: `Credit pack: ${pack.credits.toLocaleString('en-US')} credits (invoice ${invoice.number})`,
    });
    await deps.audit(tx, ctx, {
      action: 'billing.credits_purchased',
      target: { type: 'invoice', id: invoice.id, label: invoice.number },
      details: { credits: pack.credits, totalCents: invoice.totalCents },
    });
    return balance;
  }

  /** Charges a new invoice to the default card on session: paid, or nothing stays (402), or requires_action (kept open). */
  async function payNowIn(tx: Tx, workspaceId: string, s: SubscriptionRow, invoice: InvoiceRow): Promise<'paid' | { requiresAction: string }> {
    const card = await repo.defaultPaymentMethod(tx, workspaceId);
    if (!card) throw noCardProblem();
    const result = await invoicing.chargeIn(tx, workspaceId, invoice, card, { offSession: false, customerId: s.providerCustomerId });
    if (result.status === 'failed') throw cardProblem(result.code, result.message);
    if (result.status === 'requires_action') return { requiresAction: result.clientSecret };
    return 'paid';
  }

  /**
   * A charge that needs the holder's confirmation: the open invoice (with what paying it
   * will do) is committed, and the request answers 402 requires_action after the commit.
   */
  class NeedsAction {
    constructor(readonly invoiceId: string, readonly clientSecret: string) {}
  }
  async function withActionAnswer<T>(work: () => Promise<T | NeedsAction>): Promise<T> {
    const out = await work();
    if (out instanceof NeedsAction) throw requiresActionProblem(out.invoiceId, out.clientSecret);
    return out;
  }

  /**
   * Runs `fn` once per Idempotency-Key (answer stored in the same transaction, looked up after
   * the lock). A confirmation step is an answer too: its open invoice is committed, so the key
   * keeps it and a retry gets the same invoice instead of opening another (issue 27). A refusal
   * rolls everything back and stores nothing: a retry, e.g. with another card, runs again.
   */
  async function idempotentIn<T>(
    tx: Tx,
    ctx: RequestContext,
    scope: string,
    key: string | undefined,
    body: unknown,
    fn: () => Promise<{ status: number; body: T }>,
  ): Promise<{ status: number; body: T } | NeedsAction> {
    const run = async () => {
      try {
        return await fn();
      } catch (err) {
        if (err instanceof NeedsAction) return err;
        throw err;
      }
    };
    if (!key) return run();
    if (key.length > 200) throw new AppError(400, 'idempotency_key_invalid', 'The Idempotency-Key is at most 200 characters');
    const requestHash = requestHashOf(body);
    const seen = await idempotency.findIn(tx, ctx.workspaceId, scope, key);
    if (seen) {
      if (seen.requestHash !== requestHash) throw new AppError(422, 'idempotency_key_reused', 'This Idempotency-Key was used for a different request');
      if (seen.statusCode === 402) {
        const r = seen.response as { invoiceId: string; clientSecret: string };
        return new NeedsAction(r.invoiceId, r.clientSecret);
      }
      return { status: seen.statusCode, body: seen.response as T };
    }
    const answer = await run();
    const [statusCode, response] = answer instanceof NeedsAction ? [402, { invoiceId: answer.invoiceId, clientSecret: answer.clientSecret }] : [answer.status, answer.body];
    await idempotency.saveIn(tx, ctx.workspaceId, { scope, key, memberId: ctx.memberId, requestHash, statusCode, response });
    return answer;
  }

  return {
    current,

    /** The subscription row under its lock (created as Free if missing), its Free period as of now. */
    lockIn,

    /** For the credits module: the plan whose credits a period at `at` gets (a change due at the period's end counts). */
    planCreditsIn: planCreditsReader(repo),

    plans: (): PlanList => ({ data: planCatalogue() }),

    creditPacks: (): CreditPackList => ({ data: Object.values(CREDIT_PACKS) }),

    /** Enterprise: the contact form is emailed to the sales address. */
    async enterpriseInquiry(ctx: RequestContext, body: EnterpriseInquiryBody): Promise<void> {
      const text = [
        'A workspace asks about the Enterprise plan.',
        '',
        `Name: ${body.name}`,
        `Email: ${body.email}`,
        `Company: ${body.company}`,
        `Seats: ${body.seats ?? 'not said'}`,
        `Workspace: ${ctx.workspaceId}`,
        '',
        body.message ?? '',
      ].join('\n');
      await deps.mailer.send({ to: deps.salesEmail, subject: `Enterprise inquiry: ${body.company}`, text });
    },

    subscription: (ctx: RequestContext): Promise<Subscription> => uow.tenant(ctx, (tx) => subscriptionIn(tx, ctx.workspaceId)),

    async preview(ctx: RequestContext, body: SubscriptionChangeBody): Promise<SubscriptionPreview> {
      return uow.tenant(ctx, async (tx) => {
        const s = current(await repo.findSubscription(tx, ctx.workspaceId), now());
        const p = await planChangeIn(tx, ctx.workspaceId, s, body);
        const totals = totalsOf(p.lines, p.company.taxRateBps);
        return {
          plan: body.plan,
          interval: body.interval,
          change: p.change,
          effectiveAt: p.effectiveAt.toISOString(),
          currency: 'usd',
          lines: p.lines,
          ...totals,
          creditsGranted: p.credits?.credits ?? 0,
          creditProration: p.credits
            ? { daysLeft: p.credits.daysLeft, daysTotal: p.credits.daysTotal, newPlanCredits: p.credits.newPlanCredits, currentPlanCredits: p.credits.currentPlanCredits }
            : null,
          seatsUsed: p.used,
          seatsLimit: PLANS[body.plan].seats,
          seatsToRemove: p.change === 'downgrade' ? seatsToRemove(p.used, body.plan) : 0,
        };
      });
    },

    /**
     * PUT /api/v1/subscription: an upgrade is invoiced (prorated) and charged at once; a
     * downgrade waits for the period's end (refused while more seats are used than it has);
     * the current plan again drops a waiting change.
     */
    async change(ctx: RequestContext, body: SubscriptionChangeBody, idempotencyKey?: string): Promise<SubscriptionChangeResult> {
      const answer = await withActionAnswer(() =>
        uow.tenant(ctx, async (tx) => {
          const s = await lockIn(tx, ctx.workspaceId);
          return idempotentIn<SubscriptionChangeResult>(tx, ctx, 'billing.subscription', idempotencyKey, body, async () => {
              const p = await planChangeIn(tx, ctx.workspaceId, s, body);
              // an earlier upgrade still waiting for its confirmation step is superseded by this change
              if (p.change !== 'none') await repo.voidOpenUpgrades(tx, ctx.workspaceId);
              if (p.change === 'none') {
                if (s.status === 'past_due' && s.retryCount >= 3) throw conflict('The last payment failed for good: the plan ends at the period’s end. Choose it again after it has.');
                if (s.pendingPlan || s.cancelAtPeriodEnd) {
                  s.pendingPlan = null;
                  s.pendingInterval = null;
                  s.cancelAtPeriodEnd = false;
                  await repo.saveSubscription(tx, ctx.workspaceId, s);
                  await deps.audit(tx, ctx, { action: 'billing.subscription_resumed', target: { type: 'subscription', id: ctx.workspaceId, label: planLabel(s.plan, s.interval) } });
                }
                return { status: 200, body: { subscription: await subscriptionIn(tx, ctx.workspaceId, s), invoice: null } };
              }
              if (p.change === 'downgrade') {
                const over = seatsToRemove(p.used, body.plan);
                if (over > 0) throw seatsProblem(over, body.plan);
                if (body.plan === 'free') s.cancelAtPeriodEnd = true;
                else {
                  s.pendingPlan = body.plan;
                  s.pendingInterval = body.interval;
                  s.cancelAtPeriodEnd = false;
                }
                await repo.saveSubscription(tx, ctx.workspaceId, s);
                await deps.audit(tx, ctx, {
                  action: body.plan === 'free' ? 'billing.subscription_canceled' : 'billing.plan_changed',
                  target: { type: 'subscription', id: ctx.workspaceId, label: planLabel(body.plan, body.interval) },
                  details: { from: { plan: s.plan, interval: s.interval }, to: body, at: s.currentPeriodEnd.toISOString() },
                });
                return { status: 200, body: { subscription: await subscriptionIn(tx, ctx.workspaceId, s), invoice: null } };
              }
              const invoice = await invoicing.issueIn(tx, ctx.workspaceId, {
                reason: 'subscription_upgrade', lines: p.lines, period: p.period, action: { type: 'upgrade', plan: body.plan, interval: body.interval },
              });
              const paid = await payNowIn(tx, ctx.workspaceId, s, invoice);
              if (paid !== 'paid') throw new NeedsAction(invoice.id, paid.requiresAction);
              await applyUpgradeIn(tx, ctx, s, body, invoice);
              return { status: 200, body: { subscription: await subscriptionIn(tx, ctx.workspaceId, s), invoice: toInvoiceDto(invoice) } };
            });
        }),
      );
      return answer.body;
    },

    /** Cancel: Free at the period's end (refused while more seats are used than Free has). */
    async cancel(ctx: RequestContext): Promise<Subscription> {
      return uow.tenant(ctx, async (tx) => {
        const s = await lockIn(tx, ctx.workspaceId);
        if (s.plan === 'free') throw conflict('The workspace is on the Free plan: there is nothing to cancel.');
        const over = seatsToRemove(await repo.seatsUsed(tx, ctx.workspaceId), 'free');
        if (over > 0) throw seatsProblem(over, 'free');
        s.cancelAtPeriodEnd = true;
        s.pendingPlan = null;
        s.pendingInterval = null;
        await repo.saveSubscription(tx, ctx.workspaceId, s);
        await repo.voidOpenUpgrades(tx, ctx.workspaceId);
        await deps.audit(tx, ctx, { action: 'billing.subscription_canceled', target: { type: 'subscription', id: ctx.workspaceId, label: planLabel(s.plan, s.interval) }, details: { at: s.currentPeriodEnd.toISOString() } });
        return subscriptionIn(tx, ctx.workspaceId, s);
      });
    },

    /** Resume: drops a cancellation or a waiting downgrade. */
    async resume(ctx: RequestContext): Promise<Subscription> {
      return uow.tenant(ctx, async (tx) => {
        const s = await lockIn(tx, ctx.workspaceId);
        if (!s.cancelAtPeriodEnd && !s.pendingPlan) throw conflict('Nothing is waiting for the period’s end.');
        if (s.status === 'past_due' && s.retryCount >= 3) throw conflict('The last payment failed for good: add a card and choose a plan again.');
        s.cancelAtPeriodEnd = false;
        s.pendingPlan = null;
        s.pendingInterval = null;
        await repo.saveSubscription(tx, ctx.workspaceId, s);
        await deps.audit(tx, ctx, { action: 'billing.subscription_resumed', target: { type: 'subscription', id: ctx.workspaceId, label: planLabel(s.plan, s.interval) } });
        return subscriptionIn(tx, ctx.workspaceId, s);
      });
    },

    /** POST /api/v1/credit-packs/{id}/purchase: a one-off invoice charged to the default card; credits on payment. */
    async purchasePack(ctx: RequestContext, packId: CreditPackId, idempotencyKey?: string): Promise<CreditPackPurchaseResult> {
      const pack = CREDIT_PACKS[packId];
      const answer = await withActionAnswer(() =>
        uow.tenant(ctx, async (tx) => {
          const s = await lockIn(tx, ctx.workspaceId);
          return idempotentIn<CreditPackPurchaseResult>(tx, ctx, 'billing.credit-pack', idempotencyKey, { packId }, async () => {
              const invoice = await invoicing.issueIn(tx, ctx.workspaceId, {
                reason: 'credit_pack',
                lines: [{ kind: 'credit_pack', description: `Credit pack: ${pack.credits.toLocaleString('en-US')} credits (never expire)`, quantity: 1, amountCents: pack.priceCents, periodStart: null, periodEnd: null }],
                period: null,
                action: { type: 'credit_pack', packId },
              });
              const paid = await payNowIn(tx, ctx.workspaceId, s, invoice);
              if (paid !== 'paid') throw new NeedsAction(invoice.id, paid.requiresAction);
              const balance = await applyPackIn(tx, ctx, packId, invoice);
              return { status: 201, body: { invoice: toInvoiceDto(invoice), credits: pack.credits, balance } };
            });
        }),
      );
      return answer.body;
    },

    /**
     * POST /api/v1/invoices/{id}/pay: completes a payment after its confirmation step, or
     * charges an open invoice again with the default card; applies what paying it does.
     */
    async pay(ctx: RequestContext, invoiceId: string): Promise<Invoice> {
      if (!UUID_RE.test(invoiceId)) throw notFound('Invoice');
      return uow.tenant(ctx, async (tx) => {
        const s = await lockIn(tx, ctx.workspaceId);
        const invoice = await repo.invoice(tx, ctx.workspaceId, invoiceId, true);
        if (!invoice) throw notFound('Invoice');
        if (invoice.status !== 'open') throw conflict(`This invoice is ${invoice.status}; only an open invoice can be paid.`);
        let result;
        if (invoice.failureCode === 'requires_action' && invoice.providerPaymentId) {
          result = await provider.paymentStatus(invoice.providerPaymentId);
          await invoicing.recordIn(tx, ctx.workspaceId, invoice, null, result);
        } else {
          const card = await repo.defaultPaymentMethod(tx, ctx.workspaceId);
          if (!card) throw noCardProblem();
          result = await invoicing.chargeIn(tx, ctx.workspaceId, invoice, card, { offSession: false, customerId: s.providerCustomerId });
        }
        if (result.status === 'requires_action') throw requiresActionProblem(invoice.id, result.clientSecret);
        if (result.status === 'failed') throw cardProblem(result.code, result.message);
        await settledIn(tx, ctx, s, invoice);
        return toInvoiceDto(invoice);
      });
    },

    async invoices(ctx: RequestContext, q: { limit: number; cursor?: string; status?: InvoiceStatus }): Promise<InvoicePage> {
      if (q.cursor && !UUID_RE.test(q.cursor)) throw invalidCursor();
      const rows = await uow.tenant(ctx, (tx) => repo.invoices(tx, ctx.workspaceId, q.limit + 1, q.cursor ?? null, q.status ?? null));
      const page = rows.slice(0, q.limit);
      return { data: page.map(toInvoiceDto), nextCursor: rows.length > q.limit ? page[page.length - 1]!.id : null };
    },

    async invoice(ctx: RequestContext, id: string): Promise<Invoice> {
      if (!UUID_RE.test(id)) throw notFound('Invoice');
      const row = await uow.tenant(ctx, (tx) => repo.invoice(tx, ctx.workspaceId, id));
      if (!row) throw notFound('Invoice');
      return toInvoiceDto(row);
    },

    async invoicePdf(ctx: RequestContext, id: string): Promise<{ number: string; pdf: Buffer }> {
      if (!UUID_RE.test(id)) throw notFound('Invoice');
      const found = await uow.tenant(ctx, async (tx) => {
        const row = await repo.invoice(tx, ctx.workspaceId, id);
        const card = row?.paymentMethodId ? await repo.paymentMethod(tx, ctx.workspaceId, row.paymentMethodId) : null;
        return row && { row, card };
      });
      if (!found) throw notFound('Invoice');
      return { number: found.row.number, pdf: await invoicePdf(found.row, { seller: deps.seller, card: found.card }) };
    },

    /** What a paid invoice does, once: an upgrade, a pack's credits, or a renewal's recovery. */
    settledIn,
  };

  async function settledIn(tx: Tx, ctx: RequestContext, s: SubscriptionRow, invoice: InvoiceRow): Promise<void> {
    const action = invoice.action;
    if (action?.type === 'upgrade') await applyUpgradeIn(tx, ctx, s, { plan: action.plan, interval: action.interval }, invoice);
    else if (action?.type === 'credit_pack') await applyPackIn(tx, ctx, action.packId as CreditPackId, invoice);
    else if (invoice.reason === 'renewal' && s.status === 'past_due') {
      s.status = 'active';
      s.pastDueSince = null;
      s.retryCount = 0;
      s.nextRetryAt = null;
      s.cancelAtPeriodEnd = false;
      await repo.saveSubscription(tx, ctx.workspaceId, s);
    }
  }
}

export type BillingService = ReturnType<typeof createBillingService>;
