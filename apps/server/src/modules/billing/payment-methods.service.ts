import { LAST_PAYMENT_METHOD, type PaymentMethod, type PaymentMethodCreateBody, type PaymentMethodList, type SetupIntent } from '@leadtrail/contracts';
import type { RequestContext } from '../../core/request-context.js';
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { UUID_RE } from '../../lib/filters/cursor-values.js';
import { newId } from '../../lib/ids.js';
import { toPaymentMethodDto } from './billing-dto.js';
import type { BillingRepository, SubscriptionRow } from './billing.repository.js';
import { freeSubscription, type AuditIn } from './billing.service.js';
import { cardProblem } from './invoicing.js';
import { CardError, type PaymentProvider } from './payment-provider.js';

/**
 * Saved cards (Settings → Payment methods). The sandbox checks the card form; with Stripe the
 * card was entered in Elements against a SetupIntent and only its id arrives here.
 * Adding a card while a renewal is past due retries it at once with the new default card.
 */
export function createPaymentMethodsService(deps: {
  uow: UnitOfWork;
  repo: BillingRepository;
  provider: PaymentProvider;
  retryPastDueIn: (tx: Tx, ctx: RequestContext, s: SubscriptionRow) => Promise<void>;
  audit: AuditIn;
  now: () => Date;
}) {
  const { uow, repo, provider, now } = deps;

  /** The locked subscription row, with the provider's customer created the first time. */
  async function customerIn(tx: Tx, workspaceId: string): Promise<SubscriptionRow> {
    const s = await repo.lockOrCreate(tx, workspaceId, freeSubscription(now()));
    if (!s.providerCustomerId && provider.name === 'stripe') {
      const company = await repo.company(tx, workspaceId);
      s.providerCustomerId = await provider.createCustomer({ id: workspaceId, name: company.name });
      await repo.saveSubscription(tx, workspaceId, s);
    }
    return s;
  }

  return {
    async list(ctx: RequestContext): Promise<PaymentMethodList> {
      const rows = await uow.tenant(ctx, (tx) => repo.paymentMethods(tx, ctx.workspaceId));
      return { data: rows.map(toPaymentMethodDto), provider: provider.name, publishableKey: provider.publishableKey };
    },

    async setupIntent(ctx: RequestContext): Promise<SetupIntent> {
      if (provider.name !== 'stripe') throw conflict('The sandbox takes the card form directly; setup intents are for Stripe.');
      return uow.tenant(ctx, async (tx) => {
        const s = await customerIn(tx, ctx.workspaceId);
        const si = await provider.createSetupIntent(s.providerCustomerId);
        return { ...si, publishableKey: provider.publishableKey };
      });
    },

    /** 201 with the card; 402 with the card's reason when refused (nothing saved). The first card is the default. */
    async add(ctx: RequestContext, body: PaymentMethodCreateBody): Promise<PaymentMethod> {
      if (provider.name === 'stripe' && !('setupIntentId' in body)) {
        throw new AppError(400, 'setup_intent_required', 'With Stripe, add cards through the secure card form (send setupIntentId).');
      }
      if (provider.name === 'sandbox' && !('number' in body)) {
        throw new AppError(400, 'card_details_required', 'The sandbox takes number, expMonth, expYear and cvc.');
      }
      return uow.tenant(ctx, async (tx) => {
        const s = await customerIn(tx, ctx.workspaceId);
        let card;
        try {
          card = await provider.attachCard(s.providerCustomerId, body);
        } catch (err) {
          if (err instanceof CardError) throw cardProblem(err.code, err.message);
          throw err;
        }
        const existing = await repo.paymentMethods(tx, ctx.workspaceId);
        // a new card replaces the default while a payment is failing (that is why it was added)
        const isDefault = existing.length === 0 || s.status === 'past_due';
        const row = {
          id: newId(), provider: provider.name, providerRef: card.providerRef, brand: card.brand, last4: card.last4,
          expMonth: card.expMonth, expYear: card.expYear, name: 'name' in body ? (body.name ?? null) : null, isDefault, createdAt: now(),
        };
        await repo.insertPaymentMethod(tx, ctx.workspaceId, row);
        await deps.audit(tx, ctx, { action: 'billing.payment_method_updated', target: { type: 'payment_method', id: row.id, label: `${row.brand} •••• ${row.last4}` }, details: { change: 'added', isDefault } });
        if (isDefault && s.status === 'past_due') await deps.retryPastDueIn(tx, ctx, s);
        return toPaymentMethodDto(row);
      });
    },

    async makeDefault(ctx: RequestContext, id: string): Promise<PaymentMethod> {
      if (!UUID_RE.test(id)) throw notFound('Payment method');
      return uow.tenant(ctx, async (tx) => {
        const s = await repo.lockOrCreate(tx, ctx.workspaceId, freeSubscription(now()));
        const pm = await repo.paymentMethod(tx, ctx.workspaceId, id);
        if (!pm) throw notFound('Payment method');
        await repo.setDefaultPaymentMethod(tx, ctx.workspaceId, id);
        await deps.audit(tx, ctx, { action: 'billing.payment_method_updated', target: { type: 'payment_method', id, label: `${pm.brand} •••• ${pm.last4}` }, details: { change: 'default' } });
        if (s.status === 'past_due') await deps.retryPastDueIn(tx, ctx, s);
        return toPaymentMethodDto({ ...pm, isDefault: true });
      });
    },

    /** Removes a card; never the last one while a paid plan is active. A removed default passes to the newest other card. */
    async remove(ctx: RequestContext, id: string): Promise<void> {
      if (!UUID_RE.test(id)) throw notFound('Payment method');
      await uow.tenant(ctx, async (tx) => {
        const s = await repo.lockOrCreate(tx, ctx.workspaceId, freeSubscription(now()));
        const all = await repo.paymentMethods(tx, ctx.workspaceId);
        const pm = all.find((x) => x.id === id);
        if (!pm) throw notFound('Payment method');
        const paid = s.plan !== 'free' && !(s.cancelAtPeriodEnd && s.currentPeriodEnd <= now());
        if (all.length === 1 && paid) {
          throw new AppError(409, LAST_PAYMENT_METHOD, 'This is the only card of a paid plan. Add another card first, or cancel the plan.');
        }
        await repo.deletePaymentMethod(tx, ctx.workspaceId, id);
        const others = all.filter((x) => x.id !== id);
        if (pm.isDefault && others.length) await repo.setDefaultPaymentMethod(tx, ctx.workspaceId, others[others.length - 1]!.id);
        await provider.detachCard(pm.providerRef);
        await deps.audit(tx, ctx, { action: 'billing.payment_method_updated', target: { type: 'payment_method', id, label: `${pm.brand} •••• ${pm.last4}` }, details: { change: 'removed' } });
      });
    },
  };
}

export type PaymentMethodsService = ReturnType<typeof createPaymentMethodsService>;
