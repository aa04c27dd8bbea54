import { randomUUID } from 'node:crypto';
import { cardErrorMessages, type CardErrorCode } from '@leadtrail/contracts';
import { brandOf, cvcValid, luhnValid, notExpired } from './card-checks.js';
import { CardError, type CardDetails, type CardInput, type ChargeResult, type PaymentProvider } from './payment-provider.js';

/** How a saved sandbox card behaves when charged, kept in its reference (no number is stored). */
type Behaviour = 'ok' | 'fails' | 'confirm';

/**
 * Stripe's public test cards (PRODUCT.md section 7): refused when added, or saved with how
 * they behave when charged. Any other number passing the checks behaves like 4242.
 */
const TEST_CARDS: Record<string, CardErrorCode | Behaviour> = {
  '4242424242424242': 'ok',
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000341': 'fails',
  '4000002500003155': 'confirm',
};

const refuse = (code: CardErrorCode) => new CardError(code, cardErrorMessages[code]);
const fail = (code: CardErrorCode, paymentId: string | null): ChargeResult => ({ status: 'failed', paymentId, code, message: cardErrorMessages[code] });

/** The built-in payment provider, the default: behaves as Stripe does for its test cards. */
export function createSandboxProvider(opts: { now?: () => Date } = {}): PaymentProvider {
  const now = opts.now ?? (() => new Date());
  return {
    name: 'sandbox',
    publishableKey: null,
    createCustomer: async () => null,
    async createSetupIntent() {
      throw new CardError('processing_error', 'The sandbox takes the card form directly; there is no setup intent.');
    },
    async attachCard(_customer, input: CardInput): Promise<CardDetails> {
      if (!('number' in input)) throw refuse('processing_error');
      const number = input.number.replace(/[\s-]/g, '');
      if (!luhnValid(number)) throw refuse('incorrect_number');
      const brand = brandOf(number);
      if (input.expMonth < 1 || input.expMonth > 12) throw refuse('invalid_expiry');
      if (!notExpired(input.expMonth, input.expYear, now())) throw refuse('expired_card');
      if (!cvcValid(brand, input.cvc)) throw refuse('incorrect_cvc');
      const known = TEST_CARDS[number] ?? 'ok';
      if (known !== 'ok' && known !== 'fails' && known !== 'confirm') throw refuse(known);
      return { providerRef: `sandbox_pm_${known}_${randomUUID()}`, brand, last4: number.slice(-4), expMonth: input.expMonth, expYear: input.expYear };
    },
    detachCard: async () => {},
    async charge(req): Promise<ChargeResult> {
      const behaviour = /^sandbox_pm_(ok|fails|confirm)_/.exec(req.paymentMethodRef)?.[1] as Behaviour | undefined;
      if (!behaviour) return fail('processing_error', null);
      const paymentId = `sandbox_pi_${behaviour}_${req.idempotencyKey}_${randomUUID().slice(0, 8)}`;
      if (behaviour === 'fails') return fail('card_declined', paymentId);
      if (behaviour === 'confirm') {
        // nobody can confirm a renewal: Stripe answers authentication_required off session
        if (req.offSession) return fail('authentication_required', paymentId);
        return { status: 'requires_action', paymentId, clientSecret: `${paymentId}_secret` };
      }
      return { status: 'succeeded', paymentId };
    },
    /** The sandbox's confirmation step always succeeds (the holder pressed "Confirm"). */
    async paymentStatus(paymentId): Promise<ChargeResult> {
      if (paymentId.startsWith('sandbox_pi_confirm_') || paymentId.startsWith('sandbox_pi_ok_')) return { status: 'succeeded', paymentId };
      return fail('card_declined', paymentId);
    },
  };
}
