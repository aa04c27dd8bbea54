import type { RequestContext } from '../../core/request-context.js';
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
import type { Mail, Mailer } from '../../lib/mail.js';
import type { AuditAdminEvent } from '../audit/audit.service.js';
import type { CreditsService } from '../credits/credits.service.js';
import { DAY_MS, periodFrom, shortDate } from './billing-period.js';
import type { BillingRepository, InvoiceRow, SubscriptionRow } from './billing.repository.js';
import { freeSubscription } from './billing.service.js';
import type { Invoicing } from './invoicing.js';
import { PLANS, planLabel } from './plans.js';
import { renewalLine } from './proration.js';

/** Retries of a failed renewal, in days after the first failure (PRODUCT.md section 7). */
export const RETRY_DAYS = [1, 3, 5] as const;

type Deps = {
  uow: UnitOfWork;
  repo: BillingRepository;
  credits: CreditsService;
  invoicing: Invoicing;
  mailer: Mailer;
  appUrl: string;
  auditAdmin: (tx: Tx, event: AuditAdminEvent) => Promise<void>;
  now: () => Date;
};

/**
 * Renewal and dunning, run by the billing job (billing.jobs.ts) with an injectable clock.
 * At a period's end: a cancelled subscription moves to Free; otherwise the next period (of
 * the waiting downgrade, if any) is invoiced and charged to the default card off session.
 * A failed charge marks the subscription past due (paid features stay), emails the owner
 * and is retried after 1, 3 and 5 days; after the last failure the invoice is uncollectible
 * and the workspace moves to Free at the period's end. Each workspace is one unit of work,
 * which also settles the credit period (the new period's grant, the old one's expiry).
 */
export function createRenewal(deps: Deps) {
  const { uow, repo, credits, invoicing, now } = deps;
  const system = { type: 'system' as const, label: 'Billing' };
  const fixUrl = () => `${deps.appUrl}/settings/payment-methods`;

  async function ownerMail(tx: Tx, workspaceId: string, subject: string, text: string): Promise<Mail[]> {
    const owner = await repo.owner(tx, workspaceId);
    return owner ? [{ to: owner.email, subject, text: `Hello ${owner.name},\n\n${text}\n` }] : [];
  }

  /** The row becomes Free for the calendar month of `at` (the provider's customer is kept). */
  function toFree(s: SubscriptionRow, at: Date) {
    const { providerCustomerId: _kept, ...free } = freeSubscription(at);
    Object.assign(s, free);
  }

  async function failedIn(tx: Tx, workspaceId: string, s: SubscriptionRow, invoice: InvoiceRow, at: Date, first: boolean): Promise<Mail[]> {
    if (first) {
      s.status = 'past_due';
      s.pastDueSince = at;
      s.retryCount = 0;
      s.nextRetryAt = new Date(at.getTime() + RETRY_DAYS[0] * DAY_MS);
      return ownerMail(
        tx, workspaceId, `Payment failed for invoice ${invoice.number}`,
        `We could not charge ${(invoice.totalCents / 100).toFixed(2)} USD for your ${planLabel(s.plan, s.interval)} plan (${invoice.failureCode ?? 'card_declined'}).\n` +
          `Your plan stays on while we retry in ${RETRY_DAYS[0]}, ${RETRY_DAYS[1]} and ${RETRY_DAYS[2]} days. Update your card: ${fixUrl()}`,
      );
    }
    s.retryCount += 1;
    if (s.retryCount < RETRY_DAYS.length) {
      s.nextRetryAt = new Date(s.pastDueSince!.getTime() + RETRY_DAYS[s.retryCount]! * DAY_MS);
      return [];
    }
    // the last retry failed: the invoice can't be collected, and Free begins at the period's end
    s.nextRetryAt = null;
    s.cancelAtPeriodEnd = true;
    s.pendingPlan = null;
    s.pendingInterval = null;
    invoice.status = 'uncollectible';
    await repo.updateInvoicePayment(tx, workspaceId, invoice);
    await deps.auditAdmin(tx, { workspaceId, actor: system, action: 'billing.subscription_canceled', target: { type: 'invoice', id: invoice.id, label: invoice.number }, details: { reason: 'payment_failed' } });
    return ownerMail(
      tx, workspaceId, `Your plan moves to Free on ${shortDate(s.currentPeriodEnd)}`,
      `The last retry of invoice ${invoice.number} failed. Your workspace moves to the Free plan on ${shortDate(s.currentPeriodEnd)}.\n` +
        `Add a card and choose a plan again to keep it: ${fixUrl()}`,
    );
  }

  /** Charges an open renewal invoice again (a retry, or a new default card); clears past due on success. */
  async function chargeRenewalIn(tx: Tx, workspaceId: string, s: SubscriptionRow, invoice: InvoiceRow, offSession: boolean): Promise<boolean> {
    const card = await repo.defaultPaymentMethod(tx, workspaceId);
    if (!card) {
      await invoicing.recordIn(tx, workspaceId, invoice, null, { status: 'failed', paymentId: null, code: 'card_declined', message: 'No card' });
      return false;
    }
    const r = await invoicing.chargeIn(tx, workspaceId, invoice, card, { offSession, customerId: s.providerCustomerId });
    if (r.status !== 'succeeded') return false;
    s.status = 'active';
    s.pastDueSince = null;
    s.retryCount = 0;
    s.nextRetryAt = null;
    s.cancelAtPeriodEnd = false;
    return true;
  }

  /** One workspace's due work, under its subscription lock. Answers the mails to send after commit. */
  async function renewIn(tx: Tx, workspaceId: string): Promise<Mail[]> {
    const at = now();
    const s = await repo.lockSubscription(tx, workspaceId);
    if (!s) return [];
    const mails: Mail[] = [];
    if (s.status === 'past_due' && s.nextRetryAt && s.nextRetryAt <= at) {
      const invoice = await repo.openRenewal(tx, workspaceId);
      if (!invoice) {
        Object.assign(s, { status: 'active', pastDueSince: null, retryCount: 0, nextRetryAt: null });
      } else if (!(await chargeRenewalIn(tx, workspaceId, s, invoice, true))) {
        mails.push(...(await failedIn(tx, workspaceId, s, invoice, at, false)));
      }
    }
    // at most a year of missed periods in one run (the job runs hourly)
    for (let i = 0; i < 12 && s.currentPeriodEnd <= at && (s.plan !== 'free' || s.pendingPlan); i++) {
      if (s.cancelAtPeriodEnd || s.pendingPlan === 'free' || s.plan === 'enterprise') {
        const from = planLabel(s.plan, s.interval);
        const stale = await repo.openRenewal(tx, workspaceId);
        if (stale) {
          stale.status = 'uncollectible';
          await repo.updateInvoicePayment(tx, workspaceId, stale);
        }
        toFree(s, at);
        await deps.auditAdmin(tx, { workspaceId, actor: system, action: 'billing.plan_changed', target: { type: 'subscription', id: workspaceId, label: 'Free' }, details: { from, to: 'free' } });
        break;
      }
      const plan = s.pendingPlan ?? s.plan;
      const interval = s.pendingInterval ?? s.interval;
      const period = periodFrom(s.currentPeriodEnd, interval);
      if (s.pendingPlan) {
        await deps.auditAdmin(tx, { workspaceId, actor: system, action: 'billing.plan_changed', target: { type: 'subscription', id: workspaceId, label: planLabel(plan, interval) }, details: { from: planLabel(s.plan, s.interval), to: planLabel(plan, interval) } });
      }
      Object.assign(s, {
        plan, interval, currentPeriodStart: period.start, currentPeriodEnd: period.end, pendingPlan: null, pendingInterval: null,
        seats: PLANS[plan].seats, monthlyCredits: PLANS[plan].monthlyCredits,
      } satisfies Partial<SubscriptionRow>);
      if (plan === 'free') break;
      const invoice = await invoicing.issueIn(tx, workspaceId, { reason: 'renewal', lines: [renewalLine(plan, interval, period)], period, action: null });
      const wasPastDue = s.status === 'past_due';
      if (!(await chargeRenewalIn(tx, workspaceId, s, invoice, true)) && !wasPastDue) {
        mails.push(...(await failedIn(tx, workspaceId, s, invoice, at, true)));
      }
    }
    await repo.saveSubscription(tx, workspaceId, s);
    // the credit period: the new plan's grant (planCreditsIn reads the row just saved), the old one's expiry
    await credits.openIn(tx, { workspaceId, memberId: null });
    return mails;
  }

  return {
    /** The job: every workspace due a renewal or a retry, each in its own unit of work. Answers how many. */
    async renewDue(opts: { only?: string[] } = {}): Promise<number> {
      let due = await uow.admin((tx) => repo.workspacesDue(tx, now()));
      if (opts.only) due = due.filter((id) => opts.only!.includes(id));
      for (const workspaceId of due) {
        const mails = await uow.tenant({ workspaceId }, (tx) => renewIn(tx, workspaceId));
        for (const m of mails) await deps.mailer.send(m).catch(() => {});
      }
      return due.length;
    },

    /** A new default card while past due: the open renewal invoice is charged again at once. */
    async retryPastDueIn(tx: Tx, ctx: RequestContext, s: SubscriptionRow): Promise<void> {
      const invoice = await repo.openRenewal(tx, ctx.workspaceId);
      if (!invoice) return;
      if (await chargeRenewalIn(tx, ctx.workspaceId, s, invoice, false)) await repo.saveSubscription(tx, ctx.workspaceId, s);
    },
  };
}

export type Renewal = ReturnType<typeof createRenewal>;
