import type Stripe from 'stripe';
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
import type { Mailer } from '../../lib/mail.js';
import type { AuditService } from '../audit/audit.service.js';
import type { CreditsService } from '../credits/credits.service.js';
import { createRenewal } from './billing-renewal.service.js';
import { createBillingRepository } from './billing.repository.js';
import { planCreditsReader } from './plan-credits.js';
import { createBillingService } from './billing.service.js';
import { createInvoicing } from './invoicing.js';
import type { PaymentProvider } from './payment-provider.js';
import { createPaymentMethodsService } from './payment-methods.service.js';
import { createSandboxProvider } from './sandbox-provider.js';
import { createStripeProvider, type StripeOptions } from './stripe-provider.js';
import { createStripeWebhook } from './stripe-webhook.service.js';
import type { InvoiceSeller } from './invoice-pdf.js';

export type BillingConfig = {
  salesEmail: string;
  invoiceSeller: InvoiceSeller;
  appUrl: string;
  /** Stripe when a secret key is set; the sandbox otherwise. */
  stripe: (StripeOptions & { webhookSecret: string | null }) | null;
};

/** The provider the configuration chooses: Stripe with STRIPE_SECRET_KEY, else the sandbox. */
export function paymentProviderFor(config: BillingConfig, now: () => Date): { provider: PaymentProvider; stripe: Stripe | null } {
  if (!config.stripe) return { provider: createSandboxProvider({ now }), stripe: null };
  const p = createStripeProvider(config.stripe);
  return { provider: p, stripe: p.client };
}

/**
 * The billing module's graph (issue 11): plans and subscription, payment methods, renewal,
 * and the Stripe webhook when Stripe is configured. `now` is injectable for the renewal tests.
 */
/** For credits, built before billing: the plan's monthly credits, read from the subscription (plan-credits.ts). */
export const createPlanCredits = () => planCreditsReader(createBillingRepository());

export function createBilling(deps: {
  uow: UnitOfWork;
  credits: CreditsService;
  mailer: Mailer;
  audit: Pick<AuditService, 'recordIn' | 'recordAdminIn'>;
  config: BillingConfig;
  now?: () => Date;
  provider?: PaymentProvider;
}) {
  const now = deps.now ?? (() => new Date());
  const repo = createBillingRepository();
  const chosen = deps.provider ? { provider: deps.provider, stripe: null } : paymentProviderFor(deps.config, now);
  const { provider } = chosen;
  const invoicing = createInvoicing({ repo, provider, now });
  const audit = (tx: Tx, ctx: Parameters<AuditService['recordIn']>[1], e: Parameters<AuditService['recordIn']>[2]) => deps.audit.recordIn(tx, ctx, e);
  const service = createBillingService({ uow: deps.uow, repo, credits: deps.credits, provider, invoicing, mailer: deps.mailer, salesEmail: deps.config.salesEmail, seller: deps.config.invoiceSeller, audit, now });
  const renewal = createRenewal({
    uow: deps.uow, repo, credits: deps.credits, invoicing, mailer: deps.mailer, appUrl: deps.config.appUrl, now,
    auditAdmin: (tx, e) => deps.audit.recordAdminIn(tx, e),
  });
  const paymentMethods = createPaymentMethodsService({ uow: deps.uow, repo, provider, retryPastDueIn: renewal.retryPastDueIn, audit, now });
  const webhook =
    chosen.stripe && deps.config.stripe?.webhookSecret
      ? createStripeWebhook({ uow: deps.uow, repo, billing: service, invoicing, stripe: chosen.stripe, secret: deps.config.stripe.webhookSecret })
      : null;
  return { service, paymentMethods, renewal, webhook, provider };
}

export type Billing = ReturnType<typeof createBilling>;
