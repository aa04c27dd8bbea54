import type { Invoice, PaymentMethod, PaymentProviderName, Subscription } from '@leadtrail/contracts';
import type { InvoiceRow, PaymentMethodRow, SubscriptionRow } from './billing.repository.js';

export const toInvoiceDto = (i: InvoiceRow): Invoice => ({
  id: i.id,
  number: i.number,
  status: i.status,
  reason: i.reason,
  currency: i.currency,
  subtotalCents: i.subtotalCents,
  taxRateBps: i.taxRateBps,
  taxCents: i.taxCents,
  totalCents: i.totalCents,
  lines: i.lines,
  companyName: i.companyName,
  companyAddress: i.companyAddress,
  companyTaxId: i.companyTaxId,
  issuedAt: i.issuedAt.toISOString(),
  paidAt: i.paidAt?.toISOString() ?? null,
  failureCode: i.failureCode,
  pdfUrl: `/api/v1/invoices/${i.id}/pdf`,
});

export const toPaymentMethodDto = (p: PaymentMethodRow): PaymentMethod => ({
  id: p.id,
  brand: p.brand,
  last4: p.last4,
  expMonth: p.expMonth,
  expYear: p.expYear,
  name: p.name,
  isDefault: p.isDefault,
  createdAt: p.createdAt.toISOString(),
});

export const toSubscriptionDto = (s: SubscriptionRow, seatsUsed: number, provider: PaymentProviderName): Subscription => ({
  plan: s.plan,
  interval: s.interval,
  status: s.status,
  pastDue: s.status === 'past_due',
  nextRetryAt: s.nextRetryAt?.toISOString() ?? null,
  currentPeriodStart: s.currentPeriodStart.toISOString(),
  currentPeriodEnd: s.currentPeriodEnd.toISOString(),
  cancelAtPeriodEnd: s.cancelAtPeriodEnd,
  pendingChange: s.pendingPlan && s.pendingInterval ? { plan: s.pendingPlan, interval: s.pendingInterval, at: s.currentPeriodEnd.toISOString() } : null,
  seats: { used: seatsUsed, limit: s.seats },
  monthlyCredits: s.monthlyCredits,
  provider,
});
