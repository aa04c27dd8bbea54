import { sql } from 'drizzle-orm';
import type { BillingInterval, CardBrand, InvoiceLine, InvoiceReason, InvoiceStatus, PlanId, SelfServePlanId } from '@leadtrail/contracts';
import type { Tx } from '../../db/client.js';
import { seatsUsed } from '../members/seats.sql.js';

export type SubscriptionRow = {
  plan: PlanId;
  interval: BillingInterval;
  status: 'active' | 'past_due';
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  pendingPlan: SelfServePlanId | null;
  pendingInterval: BillingInterval | null;
  seats: number;
  monthlyCredits: number;
  pastDueSince: Date | null;
  retryCount: number;
  nextRetryAt: Date | null;
  providerCustomerId: string | null;
};

export type PaymentMethodRow = {
  id: string;
  provider: 'sandbox' | 'stripe';
  providerRef: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  name: string | null;
  isDefault: boolean;
  createdAt: Date;
};

/** What paying an invoice does when the payment completes after a confirmation step. */
export type InvoiceAction = { type: 'upgrade'; plan: SelfServePlanId; interval: BillingInterval } | { type: 'credit_pack'; packId: string };

export type InvoiceRow = {
  id: string;
  number: string;
  status: InvoiceStatus;
  reason: InvoiceReason;
  currency: 'usd';
  lines: InvoiceLine[];
  subtotalCents: number;
  taxRateBps: number;
  taxCents: number;
  totalCents: number;
  companyName: string;
  companyAddress: string | null;
  companyTaxId: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  action: InvoiceAction | null;
  paymentMethodId: string | null;
  providerPaymentId: string | null;
  failureCode: string | null;
  attemptCount: number;
  issuedAt: Date;
  paidAt: Date | null;
};

const d = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));
const iso = (v: Date | null) => v?.toISOString() ?? null;

/* eslint-disable @typescript-eslint/no-explicit-any -- rows of raw SQL, typed by the mappers below */
const toSubscription = (r: any): SubscriptionRow => ({
  plan: r.plan,
  interval: r.interval,
  status: r.status,
  currentPeriodStart: new Date(r.current_period_start),
  currentPeriodEnd: new Date(r.current_period_end),
  cancelAtPeriodEnd: r.cancel_at_period_end,
  pendingPlan: r.pending_plan,
  pendingInterval: r.pending_interval,
  seats: r.seats,
  monthlyCredits: r.monthly_credits,
  pastDueSince: d(r.past_due_since),
  retryCount: r.retry_count,
  nextRetryAt: d(r.next_retry_at),
  providerCustomerId: r.provider_customer_id,
});

const toPaymentMethod = (r: any): PaymentMethodRow => ({
  id: r.id,
  provider: r.provider,
  providerRef: r.provider_ref,
  brand: r.brand,
  last4: r.last4,
  expMonth: r.exp_month,
  expYear: r.exp_year,
  name: r.name,
  isDefault: r.is_default,
  createdAt: new Date(r.created_at),
});

const toInvoice = (r: any): InvoiceRow => ({
  id: r.id,
  number: r.number,
  status: r.status,
  reason: r.reason,
  currency: r.currency,
  lines: r.lines,
  subtotalCents: r.subtotal_cents,
  taxRateBps: r.tax_rate_bps,
  taxCents: r.tax_cents,
  totalCents: r.total_cents,
  companyName: r.company_name,
  companyAddress: r.company_address,
  companyTaxId: r.company_tax_id,
  periodStart: d(r.period_start),
  periodEnd: d(r.period_end),
  action: r.action,
  paymentMethodId: r.payment_method_id,
  providerPaymentId: r.provider_payment_id,
  failureCode: r.failure_code,
  attemptCount: r.attempt_count,
  issuedAt: new Date(r.issued_at),
  paidAt: d(r.paid_at),
});
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The only file that queries the billing tables. Every method takes the caller's transaction. */
export function createBillingRepository() {
  return {
    /** The subscription row, locked (every billing change of a workspace serialises here); null when it has none yet. */
    async lockSubscription(tx: Tx, workspaceId: string): Promise<SubscriptionRow | null> {
      const r = await tx.execute(sql`select * from subscriptions where workspace_id = ${workspaceId} for update`);
      return r.rows[0] ? toSubscription(r.rows[0]) : null;
    },

    async findSubscription(tx: Tx, workspaceId: string): Promise<SubscriptionRow | null> {
      const r = await tx.execute(sql`select * from subscriptions where workspace_id = ${workspaceId}`);
      return r.rows[0] ? toSubscription(r.rows[0]) : null;
    },

    /** Inserts the row (Free) if missing, then locks it. */
    async lockOrCreate(tx: Tx, workspaceId: string, free: SubscriptionRow): Promise<SubscriptionRow> {
      await tx.execute(sql`
        insert into subscriptions (workspace_id, plan, interval, status, current_period_start, current_period_end, seats, monthly_credits)
        values (${workspaceId}, ${free.plan}, ${free.interval}, 'active', ${free.currentPeriodStart.toISOString()}::timestamptz,
                ${free.currentPeriodEnd.toISOString()}::timestamptz, ${free.seats}, ${free.monthlyCredits})
        on conflict (workspace_id) do nothing`);
      return (await this.lockSubscription(tx, workspaceId))!;
    },

    async saveSubscription(tx: Tx, workspaceId: string, s: SubscriptionRow): Promise<void> {
      await tx.execute(sql`
        update subscriptions set plan = ${s.plan}, interval = ${s.interval}, status = ${s.status},
          current_period_start = ${s.currentPeriodStart.toISOString()}::timestamptz, current_period_end = ${s.currentPeriodEnd.toISOString()}::timestamptz,
          cancel_at_period_end = ${s.cancelAtPeriodEnd}, pending_plan = ${s.pendingPlan}, pending_interval = ${s.pendingInterval},
          seats = ${s.seats}, monthly_credits = ${s.monthlyCredits}, past_due_since = ${iso(s.pastDueSince)}::timestamptz,
          retry_count = ${s.retryCount}, next_retry_at = ${iso(s.nextRetryAt)}::timestamptz, provider_customer_id = ${s.providerCustomerId},
          updated_at = now()
        where workspace_id = ${workspaceId}`);
    },

    seatsUsed,

    /** The company details printed on invoices, with the tax rate of its settings. */
    async company(tx: Tx, workspaceId: string) {
      const r = await tx.execute<{ name: string; address: string | null; tax_id: string | null; tax_rate_bps: number }>(
        sql`select name, address, tax_id, tax_rate_bps from workspaces where id = ${workspaceId}`,
      );
      const w = r.rows[0]!;
      return { name: w.name, address: w.address, taxId: w.tax_id, taxRateBps: w.tax_rate_bps };
    },

    /** The owner as a member (a webhook acts for them). */
    async ownerMember(tx: Tx, workspaceId: string): Promise<{ memberId: string; userId: string } | null> {
      const r = await tx.execute<{ id: string; user_id: string }>(sql`select id, user_id from members where workspace_id = ${workspaceId} and role = 'owner' limit 1`);
      const row = r.rows[0];
      return row ? { memberId: row.id, userId: row.user_id } : null;
    },

    /** The owner's address and name (dunning emails). */
    async owner(tx: Tx, workspaceId: string): Promise<{ email: string; name: string } | null> {
      const r = await tx.execute<{ email: string; name: string }>(sql`
        select u.email, u.name from members m join users u on u.id = m.user_id
        where m.workspace_id = ${workspaceId} and m.role = 'owner' limit 1`);
      return r.rows[0] ?? null;
    },

    async paymentMethods(tx: Tx, workspaceId: string): Promise<PaymentMethodRow[]> {
      const r = await tx.execute(sql`select * from payment_methods where workspace_id = ${workspaceId} order by created_at, id`);
      return r.rows.map(toPaymentMethod);
    },

    async paymentMethod(tx: Tx, workspaceId: string, id: string): Promise<PaymentMethodRow | null> {
      const r = await tx.execute(sql`select * from payment_methods where workspace_id = ${workspaceId} and id = ${id}`);
      return r.rows[0] ? toPaymentMethod(r.rows[0]) : null;
    },

    async defaultPaymentMethod(tx: Tx, workspaceId: string): Promise<PaymentMethodRow | null> {
      const r = await tx.execute(sql`select * from payment_methods where workspace_id = ${workspaceId} and is_default`);
      return r.rows[0] ? toPaymentMethod(r.rows[0]) : null;
    },

    async insertPaymentMethod(tx: Tx, workspaceId: string, pm: PaymentMethodRow): Promise<void> {
      if (pm.isDefault) await tx.execute(sql`update payment_methods set is_default = false where workspace_id = ${workspaceId} and is_default`);
      await tx.execute(sql`
        insert into payment_methods (workspace_id, id, provider, provider_ref, brand, last4, exp_month, exp_year, name, is_default, created_at)
        values (${workspaceId}, ${pm.id}, ${pm.provider}, ${pm.providerRef}, ${pm.brand}, ${pm.last4}, ${pm.expMonth}, ${pm.expYear},
                ${pm.name}, ${pm.isDefault}, ${pm.createdAt.toISOString()}::timestamptz)`);
    },

    async setDefaultPaymentMethod(tx: Tx, workspaceId: string, id: string): Promise<void> {
      await tx.execute(sql`update payment_methods set is_default = false where workspace_id = ${workspaceId} and is_default and id <> ${id}`);
      await tx.execute(sql`update payment_methods set is_default = true where workspace_id = ${workspaceId} and id = ${id}`);
    },

    async deletePaymentMethod(tx: Tx, workspaceId: string, id: string): Promise<void> {
      await tx.execute(sql`delete from payment_methods where workspace_id = ${workspaceId} and id = ${id}`);
    },

    /**
     * The next invoice number: the counter row is created or incremented by one upsert, which
     * holds its lock until the transaction ends, so concurrent invoices take numbers in turn
     * and a rolled-back invoice gives its number back (gapless).
     */
    async nextInvoiceNumber(tx: Tx, workspaceId: string, prefix: string): Promise<{ prefix: string; number: number }> {
      const r = await tx.execute<{ prefix: string; last_number: number }>(sql`
        insert into invoice_counters (workspace_id, prefix, last_number) values (${workspaceId}, ${prefix}, 1)
        on conflict (workspace_id) do update set last_number = invoice_counters.last_number + 1
        returning prefix, last_number`);
      return { prefix: r.rows[0]!.prefix, number: r.rows[0]!.last_number };
    },

    async insertInvoice(tx: Tx, workspaceId: string, i: InvoiceRow): Promise<void> {
      await tx.execute(sql`
        insert into invoices (workspace_id, id, number, status, reason, currency, lines, subtotal_cents, tax_rate_bps, tax_cents, total_cents,
          company_name, company_address, company_tax_id, period_start, period_end, action, payment_method_id, provider_payment_id,
          failure_code, attempt_count, issued_at, paid_at)
        values (${workspaceId}, ${i.id}, ${i.number}, ${i.status}, ${i.reason}, ${i.currency}, ${JSON.stringify(i.lines)}::jsonb,
          ${i.subtotalCents}, ${i.taxRateBps}, ${i.taxCents}, ${i.totalCents}, ${i.companyName}, ${i.companyAddress}, ${i.companyTaxId},
          ${iso(i.periodStart)}::timestamptz, ${iso(i.periodEnd)}::timestamptz, ${i.action ? JSON.stringify(i.action) : null}::jsonb,
          ${i.paymentMethodId}, ${i.providerPaymentId}, ${i.failureCode}, ${i.attemptCount}, ${i.issuedAt.toISOString()}::timestamptz,
          ${iso(i.paidAt)}::timestamptz)`);
    },

    /** The payment's outcome on an invoice (status, payment id, failure, attempts). */
    async updateInvoicePayment(tx: Tx, workspaceId: string, i: InvoiceRow): Promise<void> {
      await tx.execute(sql`
        update invoices set status = ${i.status}, paid_at = ${iso(i.paidAt)}::timestamptz, payment_method_id = ${i.paymentMethodId},
          provider_payment_id = ${i.providerPaymentId}, failure_code = ${i.failureCode}, attempt_count = ${i.attemptCount}
        where workspace_id = ${workspaceId} and id = ${i.id}`);
    },

    async invoice(tx: Tx, workspaceId: string, id: string, lock = false): Promise<InvoiceRow | null> {
      const r = await tx.execute(sql`select * from invoices where workspace_id = ${workspaceId} and id = ${id} ${lock ? sql`for update` : sql``}`);
      return r.rows[0] ? toInvoice(r.rows[0]) : null;
    },

    /**
     * Voids the upgrade invoices still waiting for a confirmation step: another plan change
     * supersedes them (paying one later would apply an outdated upgrade). Answers how many.
     */
    async voidOpenUpgrades(tx: Tx, workspaceId: string): Promise<number> {
      const r = await tx.execute(sql`
        update invoices set status = 'void' where workspace_id = ${workspaceId} and reason = 'subscription_upgrade' and status = 'open'`);
      return r.rowCount ?? 0;
    },

    /** The open renewal invoice a past-due subscription retries. */
    async openRenewal(tx: Tx, workspaceId: string): Promise<InvoiceRow | null> {
      const r = await tx.execute(sql`
        select * from invoices where workspace_id = ${workspaceId} and reason = 'renewal' and status = 'open'
        order by issued_at desc, id desc limit 1 for update`);
      return r.rows[0] ? toInvoice(r.rows[0]) : null;
    },

    /** Newest first; `after` is the last id of the previous page. */
    async invoices(tx: Tx, workspaceId: string, limit: number, after: string | null, status: InvoiceStatus | null): Promise<InvoiceRow[]> {
      const r = await tx.execute(sql`
        select * from invoices i
        where i.workspace_id = ${workspaceId}
          ${status ? sql`and i.status = ${status}` : sql``}
          ${after ? sql`and (i.issued_at, i.id) < (select issued_at, id from invoices where workspace_id = ${workspaceId} and id = ${after})` : sql``}
        order by i.issued_at desc, i.id desc limit ${limit}`);
      return r.rows.map(toInvoice);
    },

    /** Records a webhook event; false when it was already recorded (a replay). */
    async recordWebhookEvent(tx: Tx, eventId: string, type: string): Promise<boolean> {
      const r = await tx.execute(sql`insert into billing_webhook_events (event_id, type) values (${eventId}, ${type}) on conflict do nothing`);
      return (r.rowCount ?? 0) > 0;
    },

    async invoiceByPayment(tx: Tx, paymentId: string): Promise<{ workspaceId: string; invoiceId: string } | null> {
      const r = await tx.execute<{ workspace_id: string; invoice_id: string }>(sql`select * from billing_invoice_by_payment(${paymentId})`);
      const row = r.rows[0];
      return row ? { workspaceId: row.workspace_id, invoiceId: row.invoice_id } : null;
    },

    async workspacesDue(tx: Tx, now: Date): Promise<string[]> {
      const r = await tx.execute<{ workspace_id: string }>(sql`select workspace_id from billing_workspaces_due(${now.toISOString()}::timestamptz)`);
      return r.rows.map((row) => row.workspace_id);
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
