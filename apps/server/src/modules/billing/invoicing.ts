import { cardErrorMessages, PAYMENT_METHOD_REQUIRED, REQUIRES_ACTION, type CardErrorCode, type InvoiceLine, type InvoiceReason } from '@leadtrail/contracts';
import type { Tx } from '../../core/unit-of-work.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { BillingPeriod } from './billing-period.js';
import type { BillingRepository, InvoiceAction, InvoiceRow, PaymentMethodRow } from './billing.repository.js';
import { invoiceNumber, workspaceShort } from './invoice-number.js';
import type { ChargeResult, PaymentProvider } from './payment-provider.js';
import { totalsOf } from './proration.js';

/** 402 with the card's reason as code: nothing was charged or changed. */
export const cardProblem = (code: CardErrorCode, message?: string) =>
  new AppError(402, code, message ?? cardErrorMessages[code], { declineCode: code });

export const noCardProblem = () =>
  new AppError(402, PAYMENT_METHOD_REQUIRED, 'Add a card in Settings → Payment methods first.');

/** 402 requires_action: the holder must confirm (3-D Secure); then POST …/invoices/{id}/pay. */
export const requiresActionProblem = (invoiceId: string, clientSecret: string) =>
  new AppError(402, REQUIRES_ACTION, 'Your bank asks you to confirm this payment.', { invoiceId, clientSecret });

/**
 * Issuing and charging invoices inside a use case's unit of work. The number is taken from
 * the workspace's counter in the same transaction, so an invoice rolled back with a declined
 * charge gives its number back and numbers stay gapless.
 */
export function createInvoicing(deps: { repo: BillingRepository; provider: PaymentProvider; now: () => Date }) {
  const { repo, provider, now } = deps;

  async function issueIn(
    tx: Tx,
    workspaceId: string,
    inv: { reason: InvoiceReason; lines: InvoiceLine[]; period: BillingPeriod | null; action: InvoiceAction | null },
  ): Promise<InvoiceRow> {
    const company = await repo.company(tx, workspaceId);
    const { prefix, number } = await repo.nextInvoiceNumber(tx, workspaceId, workspaceShort(company.name, workspaceId));
    const totals = totalsOf(inv.lines, company.taxRateBps);
    const row: InvoiceRow = {
      id: newId(),
      number: invoiceNumber(prefix, number),
      status: 'open',
      reason: inv.reason,
      currency: 'usd',
      lines: inv.lines,
      ...totals,
      companyName: company.name,
      companyAddress: company.address,
      companyTaxId: company.taxId,
      periodStart: inv.period?.start ?? null,
      periodEnd: inv.period?.end ?? null,
      action: inv.action,
      paymentMethodId: null,
      providerPaymentId: null,
      failureCode: null,
      attemptCount: 0,
      issuedAt: now(),
      paidAt: null,
    };
    await repo.insertInvoice(tx, workspaceId, row);
    return row;
  }

  /**
   * Charges an open invoice to a card and records the outcome on it. A zero total is paid
   * without a charge. Answers the provider's result (the caller decides what a failure undoes).
   */
  async function chargeIn(
    tx: Tx,
    workspaceId: string,
    invoice: InvoiceRow,
    card: PaymentMethodRow,
    opts: { offSession: boolean; customerId: string | null },
  ): Promise<ChargeResult> {
    const result: ChargeResult =
      invoice.totalCents === 0
        ? { status: 'succeeded', paymentId: `free_${invoice.id}` }
        : await provider.charge({
            customerId: opts.customerId,
            paymentMethodRef: card.providerRef,
            amountCents: invoice.totalCents,
            currency: 'usd',
            description: `Leadtrail invoice ${invoice.number}`,
            // one provider payment per invoice attempt: a retried request reuses it
            idempotencyKey: `${invoice.id}-${invoice.attemptCount + 1}`,
            offSession: opts.offSession,
          });
    await recordIn(tx, workspaceId, invoice, card.id, result);
    return result;
  }

  /** Writes a payment's outcome on the invoice (paid, or open with the failure or pending payment). */
  async function recordIn(tx: Tx, workspaceId: string, invoice: InvoiceRow, cardId: string | null, result: ChargeResult): Promise<void> {
    // a confirmation or a webhook about the payment already recorded is not another attempt
    if (!result.paymentId || result.paymentId !== invoice.providerPaymentId) invoice.attemptCount += 1;
    invoice.paymentMethodId = cardId ?? invoice.paymentMethodId;
    invoice.providerPaymentId = result.paymentId ?? invoice.providerPaymentId;
    if (result.status === 'succeeded') {
      invoice.status = 'paid';
      invoice.paidAt = now();
      invoice.failureCode = null;
    } else if (result.status === 'failed') {
      invoice.failureCode = result.code;
    } else {
      invoice.failureCode = REQUIRES_ACTION;
    }
    await repo.updateInvoicePayment(tx, workspaceId, invoice);
  }

  return { issueIn, chargeIn, recordIn };
}

export type Invoicing = ReturnType<typeof createInvoicing>;
