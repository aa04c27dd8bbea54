import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/**
 * A local fake of the few Stripe endpoints billing calls, speaking their request shapes
 * (form-encoded bodies, Bearer secret key, Idempotency-Key) and response shapes (objects with
 * `id` and `object`, card errors as 402 `{error: {type: 'card_error', code, decline_code,
 * payment_intent}}`). The browser's part (Elements confirming a SetupIntent, a 3-D Secure
 * step) is played by `confirmSetupIntent` and `completeAction`.
 */
type Card = { number: string; brand: string; last4: string; exp_month: number; exp_year: number };
type Obj = Record<string, unknown> & { id: string };

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

const declines: Record<string, { code: string; decline_code?: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
};

export async function startStripeFake() {
  const customers = new Map<string, Obj>();
  const setupIntents = new Map<string, Obj>();
  const paymentMethods = new Map<string, Obj & { card: Omit<Card, 'number'> }>();
  const cardNumbers = new Map<string, string>();
  const paymentIntents = new Map<string, Obj>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const requests: { method: string; path: string; body: Record<string, string>; auth: string | undefined }[] = [];

  function paymentIntentOf(p: Record<string, string>): { status: number; body: unknown } {
    const pmId = p.payment_method!;
    const number = cardNumbers.get(pmId) ?? '';
    const pi: Obj = {
      id: id('pi'),
      object: 'payment_intent',
      amount: Number(p.amount),
      currency: p.currency,
      customer: p.customer ?? null,
      payment_method: pmId,
      description: p.description ?? null,
      metadata: { invoiceId: p['metadata[invoiceId]'] },
      status: 'requires_payment_method',
      client_secret: '',
      last_payment_error: null,
    };
    pi.client_secret = `${pi.id}_secret_${randomBytes(6).toString('hex')}`;
    paymentIntents.set(pi.id, pi);
    const offSession = p.off_session === 'true';
    const fail = (code: string, message: string, decline_code?: string) => {
      pi.last_payment_error = { type: 'card_error', code, decline_code, message };
      return { status: 402, body: { error: { type: 'card_error', code, decline_code, message, payment_intent: pi } } };
    };
    if (number === '4000000000000341') return fail('card_declined', 'Your card was declined.', 'generic_decline');
    if (number === '4000002500003155') {
      if (offSession) return fail('authentication_required', 'Your card was declined. This transaction requires authentication.', 'authentication_required');
      pi.status = 'requires_action';
      pi.next_action = { type: 'use_stripe_sdk' };
      return { status: 200, body: pi };
    }
    pi.status = 'succeeded';
    return { status: 200, body: pi };
  }

  function route(method: string, path: string, p: Record<string, string>): { status: number; body: unknown } {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const c: Obj = { id: id('cus'), object: 'customer', name: p.name ?? null, metadata: { workspaceId: p['metadata[workspaceId]'] } };
      customers.set(c.id, c);
      return { status: 200, body: c };
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const si: Obj = { id: id('seti'), object: 'setup_intent', customer: p.customer ?? null, usage: p.usage ?? 'off_session', status: 'requires_payment_method', payment_method: null, last_setup_error: null, client_secret: '' };
      si.client_secret = `${si.id}_secret_${randomBytes(6).toString('hex')}`;
      setupIntents.set(si.id, si);
      return { status: 200, body: si };
    }
    if (method === 'GET' && (m = /^\/v1\/setup_intents\/([\w]+)$/.exec(path))) {
      const si = setupIntents.get(m[1]!);
      return si ? { status: 200, body: si } : missing('setup_intent', m[1]!);
    }
    if (method === 'GET' && (m = /^\/v1\/payment_methods\/([\w]+)$/.exec(path))) {
      const pm = paymentMethods.get(m[1]!);
      return pm ? { status: 200, body: pm } : missing('payment_method', m[1]!);
    }
    if (method === 'POST' && (m = /^\/v1\/payment_methods\/([\w]+)\/detach$/.exec(path))) {
      const pm = paymentMethods.get(m[1]!);
      if (!pm) return missing('payment_method', m[1]!);
      pm.customer = null;
      return { status: 200, body: pm };
    }
    if (method === 'POST' && path === '/v1/payment_intents') return paymentIntentOf(p);
    if (method === 'GET' && (m = /^\/v1\/payment_intents\/([\w]+)$/.exec(path))) {
      const pi = paymentIntents.get(m[1]!);
      return pi ? { status: 200, body: pi } : missing('payment_intent', m[1]!);
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } } };
  }

  const missing = (what: string, x: string) => ({ status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${x}'` } } });

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      requests.push({ method: req.method ?? 'GET', path: url.pathname, body, auth: req.headers.authorization });
      let answer: { status: number; body: unknown };
      if (req.headers.authorization !== 'Bearer sk_test_fake') {
        answer = { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
      } else {
        const key = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
        const k = typeof key === 'string' ? `${url.pathname}:${key}` : null;
        answer = (k && idempotent.get(k)) || route(req.method ?? 'GET', url.pathname, body);
        if (k) idempotent.set(k, answer);
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    paymentIntents,
    /** What Stripe Elements does in the browser: the card is entered and the SetupIntent confirmed. */
    confirmSetupIntent(setupIntentId: string, number: string) {
      const si = setupIntents.get(setupIntentId)!;
      const decline = declines[number];
      if (decline) {
        si.last_setup_error = { type: 'card_error', ...decline };
        return si;
      }
      const brand = number.startsWith('4') ? 'visa' : number.startsWith('5') ? 'mastercard' : 'amex';
      const pm = { id: id('pm'), object: 'payment_method', type: 'card', customer: si.customer, card: { brand, last4: number.slice(-4), exp_month: 12, exp_year: 2040 } };
      paymentMethods.set(pm.id, pm);
      cardNumbers.set(pm.id, number);
      si.status = 'succeeded';
      si.payment_method = pm.id;
      return si;
    },
    /** The holder passes 3-D Secure in the browser. */
    completeAction(paymentIntentId: string) {
      const pi = paymentIntents.get(paymentIntentId)!;
      pi.status = 'succeeded';
      return pi;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
