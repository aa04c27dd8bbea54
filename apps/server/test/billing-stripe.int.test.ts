import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethod, SetupIntent, SubscriptionChangeResult } from '@leadtrail/contracts';
import { createTestApp, signUp, type TestContext } from './helpers.js';
import { startStripeFake } from './stripe-fake.js';

/** The Stripe provider, against a local fake of Stripe's endpoints (the SDK pointed at it by STRIPE_API_BASE). */
let t: TestContext;
let fake: Awaited<ReturnType<typeof startStripeFake>>;
const WEBHOOK_SECRET = 'whsec_test_secret';
const signer = new Stripe('sk_test_fake');

beforeAll(async () => {
  fake = await startStripeFake();
  t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_PUBLISHABLE_KEY: 'pk_test_fake', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

type Who = Awaited<ReturnType<typeof signUp>>;

/** Settings → Payment methods with Stripe: a SetupIntent, Elements confirms it in the browser, the server saves the card. */
async function addStripeCard(who: Who, number: string) {
  const si = await who.request({ method: 'POST', url: '/api/v1/payment-methods/setup-intent' });
  expect(si.statusCode, si.body).toBe(200);
  const intent = si.json() as SetupIntent;
  expect(intent.clientSecret).toContain(intent.setupIntentId);
  expect(intent.publishableKey).toBe('pk_test_fake');
  fake.confirmSetupIntent(intent.setupIntentId, number);
  return who.request({ method: 'POST', url: '/api/v1/payment-methods', payload: { setupIntentId: intent.setupIntentId } });
}

function webhook(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({ method: 'POST', url: '/api/v1/billing/stripe-webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } });
}
const balance = async (who: Who) => ((await who.request({ method: 'GET', url: '/api/v1/credits' })).json() as { balance: number }).balance;

describe('Stripe provider', () => {
  it('adds cards through SetupIntents (never a card number), charges an upgrade, refuses a declined card with its reason', async () => {
    const a = await signUp(t.app);
    const list = (await a.request({ method: 'GET', url: '/api/v1/payment-methods' })).json();
    expect(list).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_fake', data: [] });
    // the sandbox form is refused: card numbers never reach the server with Stripe
    const raw = await a.request({ method: 'POST', url: '/api/v1/payment-methods', payload: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' } });
    expect(raw.statusCode).toBe(400);

    const declined = await addStripeCard(a, '4000000000009995');
    expect(declined.statusCode).toBe(402);
    expect(declined.json().code).toBe('insufficient_funds');

    const added = await addStripeCard(a, '4242424242424242');
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2040, isDefault: true });

    const up = await a.request({ method: 'PUT', url: '/api/v1/subscription', payload: { plan: 'starter', interval: 'month' } });
    expect(up.statusCode, up.body).toBe(200);
    const inv = (up.json() as SubscriptionChangeResult).invoice!;
    expect(inv.status).toBe('paid');
    // Starter's credits for the days left of the month came with it
    const upgraded = await balance(a);
    expect(upgraded).toBeGreaterThan(50);
    const charge = fake.requests.find((r) => r.path === '/v1/payment_intents' && r.method === 'POST')!;
    expect(charge.body).toMatchObject({ amount: String(inv.totalCents), currency: 'usd', confirm: 'true', off_session: 'false', 'metadata[invoiceId]': expect.stringContaining(inv.id) });
    expect(charge.body.customer).toMatch(/^cus_/);
    expect(fake.requests.every((r) => !JSON.stringify(r.body).includes('4242424242424242'))).toBe(true);

    // a card that fails every charge: 402 card_declined, nothing changes
    const failing = (await addStripeCard(a, '4000000000000341')).json() as PaymentMethod;
    await a.request({ method: 'POST', url: `/api/v1/payment-methods/${failing.id}/default` });
    const refused = await a.request({ method: 'POST', url: '/api/v1/credit-packs/pack_1000/purchase' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe('card_declined');
    expect(await balance(a)).toBe(upgraded);
  });

  it('completes a 3-D Secure payment from the signed webhook, once; refuses a bad signature', async () => {
    const a = await signUp(t.app);
    expect((await addStripeCard(a, '4000002500003155')).statusCode).toBe(201);
    const res = await a.request({ method: 'POST', url: '/api/v1/credit-packs/pack_5000/purchase' });
    expect(res.statusCode, res.body).toBe(402);
    const problem = res.json() as { code: string; invoiceId: string; clientSecret: string };
    expect(problem.code).toBe('requires_action');
    const piId = problem.clientSecret.split('_secret_')[0]!;
    expect(piId).toMatch(/^pi_/);
    expect(await balance(a)).toBe(50);

    // the browser passes 3-D Secure; Stripe sends payment_intent.succeeded
    const pi = fake.completeAction(piId);
    const event = { id: `evt_${piId}`, object: 'event', type: 'payment_intent.succeeded', data: { object: pi }, created: Math.floor(Date.now() / 1000), livemode: false, api_version: Stripe.API_VERSION };

    const forged = await webhook(event, 'whsec_wrong');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('invalid_signature');
    expect(await balance(a)).toBe(50);

    const first = await webhook(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(await balance(a)).toBe(5050);
    const invoice = (await a.request({ method: 'GET', url: `/api/v1/invoices/${problem.invoiceId}` })).json();
    expect(invoice.status).toBe('paid');

    // a replay is acknowledged and does nothing
    const replay = await webhook(event);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await balance(a)).toBe(5050);
    // and the browser coming back afterwards finds it paid
    expect((await a.request({ method: 'POST', url: `/api/v1/invoices/${problem.invoiceId}/pay`, payload: {} })).statusCode).toBe(409);
  });

  it('records a failed payment’s reason from the webhook', async () => {
    const a = await signUp(t.app);
    await addStripeCard(a, '4000002500003155');
    const res = await a.request({ method: 'PUT', url: '/api/v1/subscription', payload: { plan: 'professional', interval: 'month' } });
    const problem = res.json() as { invoiceId: string; clientSecret: string };
    const piId = problem.clientSecret.split('_secret_')[0]!;
    const pi = { ...fake.paymentIntents.get(piId)!, status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } };
    const out = await webhook({ id: `evt_fail_${piId}`, object: 'event', type: 'payment_intent.payment_failed', data: { object: pi }, created: Math.floor(Date.now() / 1000), livemode: false });
    expect(out.statusCode).toBe(200);
    const invoice = (await a.request({ method: 'GET', url: `/api/v1/invoices/${problem.invoiceId}` })).json();
    expect(invoice).toMatchObject({ status: 'open', failureCode: 'insufficient_funds' });
    expect((await a.request({ method: 'GET', url: '/api/v1/subscription' })).json().plan).toBe('free');
  });
});
