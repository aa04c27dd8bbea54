import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Plan, CreditPackPurchaseResult, CreditTransactionPage, Invoice, InvoicePage, PaymentMethod, Subscription, SubscriptionChangeResult, SubscriptionPreview } from '@leadtrail/contracts';
import { createTestApp, signUp, uniqueEmail, type TestContext } from '../../../test/helpers.js';
import { addTeammate } from '../../../test/team-helpers.js';
import { linePeriod } from './invoice-pdf.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Who = Awaited<ReturnType<typeof signUp>>;
const YEAR = new Date().getUTCFullYear() + 2;
const card = (number: string, extra: Record<string, unknown> = {}) => ({ number, expMonth: 12, expYear: YEAR, cvc: '123', ...extra });

async function addCard(who: Pick<Who, 'request'>, number: string, extra: Record<string, unknown> = {}) {
  return who.request({ method: 'POST', url: '/api/v1/payment-methods', payload: card(number, extra) });
}
async function subscription(who: Pick<Who, 'request'>) {
  const res = await who.request({ method: 'GET', url: '/api/v1/subscription' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Subscription;
}
async function invoices(who: Pick<Who, 'request'>) {
  const res = await who.request({ method: 'GET', url: '/api/v1/invoices' });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as InvoicePage).data;
}
const change = (who: Pick<Who, 'request'>, plan: string, interval = 'month', key?: string) =>
  who.request({ method: 'PUT', url: '/api/v1/subscription', payload: { plan, interval }, headers: key ? { 'idempotency-key': key } : {} });
const balance = async (who: Pick<Who, 'request'>) => ((await who.request({ method: 'GET', url: '/api/v1/credits' })).json() as { balance: number }).balance;
const invite = (who: Pick<Who, 'request'>) => who.request({ method: 'POST', url: '/api/v1/invitations', payload: { email: uniqueEmail('seat'), role: 'member' } });
const ledgerSum = (workspaceId: string) => t.container.credits.audit(workspaceId);
/** A plan's monthly credits for the days left of this UTC month, today counted, half up: what an upgrade from Free grants. */
function leftOfMonth(monthly: number, at = new Date()) {
  const day = (m: number, d: number) => Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + m, d) / 86_400_000;
  const left = day(1, 1) - day(0, at.getUTCDate());
  const total = day(1, 1) - day(0, 1);
  return { credits: Math.floor((monthly * left * 2 + total) / (2 * total)), left, total };
}

describe('plans', () => {
  it('lists Free, Starter, Professional (annual = 10 × monthly) and Enterprise on request', async () => {
    const a = await signUp(t.app);
    const res = await a.request({ method: 'GET', url: '/api/v1/plans' });
    expect(res.statusCode).toBe(200);
    const plans = res.json().data as Plan[];
    expect(plans.map((p) => [p.id, p.monthlyPriceCents, p.annualPriceCents, p.seats, p.monthlyCredits, p.monthlyVerifications])).toEqual([
      ['free', 0, 0, 3, 50, 100],
      ['starter', 4900, 49000, 5, 1000, 5000],
      ['professional', 9900, 99000, 15, 5000, 25000],
      ['enterprise', null, null, null, null, null],
    ]);
    const s = await subscription(a);
    expect(s).toMatchObject({ plan: 'free', interval: 'month', status: 'active', pastDue: false, seats: { used: 1, limit: 3 }, monthlyCredits: 50, provider: 'sandbox' });
  });

  it('emails an Enterprise inquiry to the sales address', async () => {
    const a = await signUp(t.app);
    const res = await a.request({ method: 'POST', url: '/api/v1/plans/enterprise-inquiry', payload: { name: 'Ada', email: 'ada@bigco.example', company: 'BigCo', seats: 80, message: 'We need SSO' } });
    expect(res.statusCode, res.body).toBe(202);
    const text = await t.mail.waitFor('sales@leadtrail.example');
    expect(text).toContain('BigCo');
    expect(text).toContain('We need SSO');
  });
});

describe('payment methods (sandbox)', () => {
  it.each([
    ['4000000000000002', 'card_declined'],
    ['4000000000009995', 'insufficient_funds'],
    ['4000000000000069', 'expired_card'],
    ['4242424242424241', 'incorrect_number'],
  ])('refuses %s with 402 %s and saves nothing', async (number, code) => {
    const a = await signUp(t.app);
    const res = await addCard(a, number);
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({ code, status: 402 });
    expect(res.json().detail).toBeTruthy();
    const list = await a.request({ method: 'GET', url: '/api/v1/payment-methods' });
    expect(list.json().data).toEqual([]);
  });

  it('checks expiry and CVC', async () => {
    const a = await signUp(t.app);
    expect((await addCard(a, '4242424242424242', { expYear: 2020 })).json().code).toBe('expired_card');
    expect((await addCard(a, '4242424242424242', { cvc: '12' })).statusCode).toBe(400);
    expect((await addCard(a, '378282246310005', { cvc: '123' })).json().code).toBe('incorrect_cvc');
    expect((await addCard(a, '378282246310005', { cvc: '1234' })).statusCode).toBe(201);
  });

  it('saves brand, last four and expiry only; the first card is the default; makes default and removes', async () => {
    const a = await signUp(t.app);
    const first = await addCard(a, '4242 4242 4242 4242', { name: 'Ada L' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: YEAR, isDefault: true, name: 'Ada L' });
    const second = (await addCard(a, '5555555555554444')).json() as PaymentMethod;
    expect(second).toMatchObject({ brand: 'mastercard', last4: '4444', isDefault: false });
    const rows = await t.db.orm.execute(sql`select row_to_json(p)::text as j from payment_methods p where workspace_id = ${a.me.workspace.id}`);
    for (const r of rows.rows as { j: string }[]) {
      expect(r.j).not.toContain('4242424242424242');
      expect(r.j).not.toContain('5555555555554444');
    }
    expect((await a.request({ method: 'POST', url: `/api/v1/payment-methods/${second.id}/default` })).json().isDefault).toBe(true);
    const list = (await a.request({ method: 'GET', url: '/api/v1/payment-methods' })).json() as { data: PaymentMethod[]; provider: string };
    expect(list.provider).toBe('sandbox');
    expect(list.data.filter((p) => p.isDefault).map((p) => p.id)).toEqual([second.id]);
    expect((await a.request({ method: 'DELETE', url: `/api/v1/payment-methods/${second.id}` })).statusCode).toBe(204);
    const after = (await a.request({ method: 'GET', url: '/api/v1/payment-methods' })).json() as { data: PaymentMethod[] };
    expect(after.data.map((p) => [p.last4, p.isDefault])).toEqual([['4242', true]]);
  });
});

describe('upgrade', () => {
  it('Free → Starter with 4242: a prorated invoice charged at once, Starter’s credits for the days left, 5 seats', async () => {
    const a = await signUp(t.app, { companyName: 'Acme Widgets' });
    await a.request({ method: 'PATCH', url: '/api/v1/workspace', payload: { address: '1 Main St, Springfield', taxId: 'US-123', taxRateBps: 2000 } });
    expect((await addCard(a, '4242424242424242')).statusCode).toBe(201);
    for (let i = 0; i < 2; i++) expect((await invite(a)).statusCode).toBe(201);
    const fourth = await invite(a);
    expect(fourth.statusCode).toBe(402);
    expect(fourth.json().code).toBe('seat_limit_reached');

    const preview = (await a.request({ method: 'POST', url: '/api/v1/subscription/preview', payload: { plan: 'starter', interval: 'month' } })).json() as SubscriptionPreview;
    expect(preview.change).toBe('upgrade');
    expect(preview.lines).toHaveLength(1);
    expect(preview.lines[0]!.kind).toBe('proration_charge');
    expect(preview.subtotalCents).toBe(preview.lines[0]!.amountCents);
    expect(preview.taxCents).toBe(Math.round(preview.subtotalCents * 0.2));
    expect(preview.totalCents).toBe(preview.subtotalCents + preview.taxCents);
    // Starter's credits pro rata to the days left of the month, like the price; Free's 50 stay
    const share = leftOfMonth(1000);
    expect(preview.creditsGranted).toBe(share.credits);
    expect(preview.creditProration).toEqual({ daysLeft: share.left, daysTotal: share.total, newPlanCredits: share.credits, currentPlanCredits: 0 });
    const before = await balance(a);
    expect(before).toBe(50);

    const res = await change(a, 'starter');
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json() as SubscriptionChangeResult;
    expect(out.subscription).toMatchObject({ plan: 'starter', interval: 'month', seats: { limit: 5 }, monthlyCredits: 1000 });
    expect(out.invoice).toMatchObject({ number: 'LT-ACMEWI-0001', status: 'paid', reason: 'subscription_upgrade', totalCents: preview.totalCents, companyName: 'Acme Widgets', companyAddress: '1 Main St, Springfield', companyTaxId: 'US-123', taxRateBps: 2000 });
    expect(out.invoice!.lines.reduce((s, l) => s + l.amountCents, 0)).toBe(out.invoice!.subtotalCents);

    expect(await balance(a)).toBe(50 + share.credits);
    const log = (await a.request({ method: 'GET', url: '/api/v1/credit-transactions?kind=grant' })).json() as CreditTransactionPage;
    expect(log.data[0]).toMatchObject({ kind: 'grant', feature: 'plan', credits: share.credits, reference: out.invoice!.id });
    expect(log.data[0]!.description).toContain(`for the ${share.left} of ${share.total} days left of`);
    const sums = await ledgerSum(a.me.workspace.id);
    expect(sums.ledgerSum).toBe(sums.balance);

    expect((await invite(a)).statusCode).toBe(201);
    expect((await invite(a)).statusCode).toBe(201);
    expect((await invite(a)).statusCode).toBe(402);
    // the Users page reads the plan's seats
    expect((await a.request({ method: 'GET', url: '/api/v1/members' })).json().seats).toMatchObject({ limit: 5, used: 5 });

    const pdf = await a.request({ method: 'GET', url: `/api/v1/invoices/${out.invoice!.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(path.join(tmpdir(), 'lt-invoice-'));
    writeFileSync(path.join(dir, 'i.pdf'), pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'i.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('LT-ACMEWI-0001');
    expect(text).toContain('Acme Widgets');
    expect(text).toContain('1 Main St, Springfield');
    expect(text).toContain('Tax ID: US-123');
    expect(text).toContain('Tax (20%)');
    expect(text).toContain(`$${(out.invoice!.totalCents / 100).toFixed(2)}`);
    expect(text).toContain('Paid');
    // the seller, each line's own period (not the invoice's), how it was paid, what is due
    expect(text).toContain('Leadtrail Inc.');
    expect(text).toContain('San Francisco, CA');
    for (const line of out.invoice!.lines) {
      const period = linePeriod(new Date(line.periodStart!), new Date(line.periodEnd!));
      expect(period).not.toBe('');
      expect(text.replace(/\s+/g, ' ')).toContain(period);
    }
    expect(text).toMatch(/Paid \$[\d,.]+ on .+ with Visa ending in 4242/);
    expect(text).toMatch(/Amount due\s+\$0\.00/);
  });

  it('a card that fails every charge (0341) changes nothing and says why; no number is used up', async () => {
    const a = await signUp(t.app, { companyName: 'Zeta' });
    expect((await addCard(a, '4000000000000341')).statusCode).toBe(201);
    const res = await change(a, 'professional', 'year');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'card_declined' });
    expect(await subscription(a)).toMatchObject({ plan: 'free' });
    expect(await invoices(a)).toEqual([]);
    expect(await balance(a)).toBe(50);
    // a working card: the first invoice is still number 1
    const good = (await addCard(a, '4242424242424242')).json() as PaymentMethod;
    await a.request({ method: 'POST', url: `/api/v1/payment-methods/${good.id}/default` });
    const ok = await change(a, 'professional', 'year');
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as SubscriptionChangeResult).invoice!.number).toBe('LT-ZETA-0001');
  });

  it('refuses without a card (402 payment_method_required); Free → Free changes nothing', async () => {
    const a = await signUp(t.app);
    const same = await change(a, 'free', 'year');
    expect(same.statusCode).toBe(200);
    expect((same.json() as SubscriptionChangeResult).subscription).toMatchObject({ plan: 'free', cancelAtPeriodEnd: false, pendingChange: null });
    const res = await change(a, 'starter');
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('payment_method_required');
  });

  it('a 3-D Secure card (3155) asks for confirmation (402 requires_action), then POST …/pay completes it', async () => {
    const a = await signUp(t.app);
    expect((await addCard(a, '4000002500003155')).statusCode).toBe(201);
    const res = await change(a, 'starter');
    expect(res.statusCode, res.body).toBe(402);
    const p = res.json() as { code: string; invoiceId: string; clientSecret: string };
    expect(p.code).toBe('requires_action');
    expect(p.clientSecret).toBeTruthy();
    expect(await subscription(a)).toMatchObject({ plan: 'free' });
    const open = (await a.request({ method: 'GET', url: `/api/v1/invoices/${p.invoiceId}` })).json() as Invoice;
    expect(open.status).toBe('open');
    const paid = await a.request({ method: 'POST', url: `/api/v1/invoices/${p.invoiceId}/pay`, payload: {} });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('paid');
    expect(await subscription(a)).toMatchObject({ plan: 'starter' });
    const granted = 50 + leftOfMonth(1000).credits;
    expect(await balance(a)).toBe(granted);
    // paying twice is refused and grants nothing more
    expect((await a.request({ method: 'POST', url: `/api/v1/invoices/${p.invoiceId}/pay`, payload: {} })).statusCode).toBe(409);
    expect(await balance(a)).toBe(granted);
  });

  it('voids an upgrade still waiting for confirmation when another change supersedes it', async () => {
    const a = await signUp(t.app);
    const pm = (await addCard(a, '4000002500003155')).json() as PaymentMethod;
    const waiting = (await change(a, 'professional')).json() as { invoiceId: string };
    const good = (await addCard(a, '4242424242424242')).json() as PaymentMethod;
    await a.request({ method: 'POST', url: `/api/v1/payment-methods/${good.id}/default` });
    expect((await change(a, 'starter')).statusCode).toBe(200);
    expect((await a.request({ method: 'GET', url: `/api/v1/invoices/${waiting.invoiceId}` })).json().status).toBe('void');
    const late = await a.request({ method: 'POST', url: `/api/v1/invoices/${waiting.invoiceId}/pay`, payload: {} });
    expect(late.statusCode).toBe(409);
    expect(await subscription(a)).toMatchObject({ plan: 'starter' });
    expect(pm.last4).toBe('3155');
  });

  it('Starter → Professional mid-period credits the unused Starter days and charges Professional for them', async () => {
    const a = await signUp(t.app);
    await addCard(a, '4242424242424242');
    expect((await change(a, 'starter')).statusCode).toBe(200);
    const preview = (await a.request({ method: 'POST', url: '/api/v1/subscription/preview', payload: { plan: 'professional', interval: 'month' } })).json() as SubscriptionPreview;
    expect(preview.lines.map((l) => l.kind)).toEqual(['proration_credit', 'proration_charge']);
    expect(preview.lines[0]!.amountCents).toBeLessThan(0);
    const res = (await change(a, 'professional')).json() as SubscriptionChangeResult;
    expect(res.invoice!.totalCents).toBe(preview.totalCents);
    expect(res.invoice!.number).toMatch(/-0002$/);
  });
});

describe('idempotency and the audit log', () => {
  it('honours the Idempotency-Key of a plan change: one invoice, one charge, one grant', async () => {
    const a = await signUp(t.app);
    await addCard(a, '4242424242424242');
    const [r1, r2] = await Promise.all([change(a, 'starter', 'month', 'up-1'), change(a, 'starter', 'month', 'up-1')]);
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r2.statusCode, r2.body).toBe(200);
    expect((r2.json() as SubscriptionChangeResult).invoice!.id).toBe((r1.json() as SubscriptionChangeResult).invoice!.id);
    expect(await invoices(a)).toHaveLength(1);
    expect(await balance(a)).toBe(50 + leftOfMonth(1000).credits);
    expect((await change(a, 'professional', 'month', 'up-1')).statusCode).toBe(422);
  });

  it('keeps the answer of a payment that needs 3-D Secure: retries with the key get one invoice, paid once', async () => {
    const a = await signUp(t.app);
    await addCard(a, '4000002500003155');
    const buy = () => a.request({ method: 'POST', url: '/api/v1/credit-packs/pack_1000/purchase', headers: { 'idempotency-key': 'pack-3ds' } });
    const answers = [await buy(), await buy(), await buy()];
    for (const r of answers) expect(r.statusCode, r.body).toBe(402);
    const first = answers[0]!.json() as { code: string; invoiceId: string; clientSecret: string };
    expect(first).toMatchObject({ code: 'requires_action', invoiceId: expect.any(String), clientSecret: expect.any(String) });
    for (const r of answers.slice(1)) expect(r.json()).toEqual(first);
    expect((await invoices(a)).map((i) => [i.id, i.status])).toEqual([[first.invoiceId, 'open']]);
    expect((await a.request({ method: 'POST', url: `/api/v1/invoices/${first.invoiceId}/pay`, payload: {} })).statusCode).toBe(200);
    expect(await balance(a)).toBe(1050);
    // after payment the key still answers the same; nothing more is invoiced or granted
    expect((await buy()).json()).toEqual(first);
    expect(await invoices(a)).toHaveLength(1);
    expect(await balance(a)).toBe(1050);
    // a plan change needing confirmation: the same
    const up = [await change(a, 'starter', 'month', 'up-3ds'), await change(a, 'starter', 'month', 'up-3ds')];
    expect(up.map((r) => r.statusCode)).toEqual([402, 402]);
    expect(up[1]!.json()).toEqual(up[0]!.json());
    expect(await invoices(a)).toHaveLength(2);
  });

  it('records every billing change as an audit row', async () => {
    const a = await signUp(t.app);
    await addCard(a, '4242424242424242');
    await change(a, 'starter');
    await a.request({ method: 'POST', url: '/api/v1/credit-packs/pack_1000/purchase' });
    await a.request({ method: 'POST', url: '/api/v1/subscription/cancel' });
    await a.request({ method: 'POST', url: '/api/v1/subscription/resume' });
    const res = await a.request({ method: 'GET', url: '/api/v1/audit-log?limit=50' });
    expect(res.statusCode, res.body).toBe(200);
    const actions = (res.json().data as { action: string }[]).map((r) => r.action).filter((x) => x.startsWith('billing.')).reverse();
    expect(actions).toEqual(['billing.payment_method_updated', 'billing.plan_changed', 'billing.credits_purchased', 'billing.subscription_canceled', 'billing.subscription_resumed']);
  });
});

describe('downgrade, cancel, resume', () => {
  it('waits for the period’s end, refuses while seats are above the target plan’s, and can be dropped', async () => {
    const a = await signUp(t.app);
    await addCard(a, '4242424242424242');
    expect((await change(a, 'professional')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await invite(a)).statusCode).toBe(201);
    // 6 seats used: Starter has 5
    const refused = await change(a, 'starter');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'seats_over_limit', seatsToRemove: 1 });
    const preview = (await a.request({ method: 'POST', url: '/api/v1/subscription/preview', payload: { plan: 'starter', interval: 'month' } })).json() as SubscriptionPreview;
    expect(preview).toMatchObject({ change: 'downgrade', seatsToRemove: 1, totalCents: 0 });
    const cancel = await a.request({ method: 'POST', url: '/api/v1/subscription/cancel' });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject({ code: 'seats_over_limit', seatsToRemove: 3 });

    const pending = (await a.request({ method: 'GET', url: '/api/v1/invitations' })).json() as { data: { id: string }[] };
    await a.request({ method: 'DELETE', url: `/api/v1/invitations/${pending.data[0]!.id}` });
    const down = await change(a, 'starter');
    expect(down.statusCode, down.body).toBe(200);
    const s = (down.json() as SubscriptionChangeResult).subscription;
    expect(s.plan).toBe('professional');
    expect(s.pendingChange).toMatchObject({ plan: 'starter', interval: 'month', at: s.currentPeriodEnd });
    expect((down.json() as SubscriptionChangeResult).invoice).toBeNull();
    const resumed = await a.request({ method: 'POST', url: '/api/v1/subscription/resume' });
    expect(resumed.json()).toMatchObject({ plan: 'professional', pendingChange: null, cancelAtPeriodEnd: false });
  });

  it('cancels to Free at the period’s end and resumes', async () => {
    const a = await signUp(t.app);
    await addCard(a, '4242424242424242');
    await change(a, 'starter');
    const c = await a.request({ method: 'POST', url: '/api/v1/subscription/cancel' });
    expect(c.json()).toMatchObject({ plan: 'starter', cancelAtPeriodEnd: true });
    const r = await a.request({ method: 'POST', url: '/api/v1/subscription/resume' });
    expect(r.json()).toMatchObject({ plan: 'starter', cancelAtPeriodEnd: false });
  });

  it('keeps the last card of a paid plan', async () => {
    const a = await signUp(t.app);
    const pm = (await addCard(a, '4242424242424242')).json() as PaymentMethod;
    await change(a, 'starter');
    const res = await a.request({ method: 'DELETE', url: `/api/v1/payment-methods/${pm.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('last_payment_method');
  });
});

describe('credit packs', () => {
  it('lists the packs and buys one: a paid invoice and never-expiring credits, once per Idempotency-Key', async () => {
    const a = await signUp(t.app);
    const packs = (await a.request({ method: 'GET', url: '/api/v1/credit-packs' })).json().data as { id: string; credits: number; priceCents: number }[];
    expect(packs.map((p) => [p.id, p.credits])).toEqual([
      ['pack_1000', 1000],
      ['pack_5000', 5000],
      ['pack_20000', 20000],
    ]);
    await addCard(a, '4242424242424242');
    const buy = () => a.request({ method: 'POST', url: '/api/v1/credit-packs/pack_5000/purchase', headers: { 'idempotency-key': 'pack-key-1' } });
    const [r1, r2] = await Promise.all([buy(), buy()]);
    expect(r1.statusCode, r1.body).toBe(201);
    expect(r2.statusCode, r2.body).toBe(201);
    const o1 = r1.json() as CreditPackPurchaseResult;
    expect(r2.json().invoice.id).toBe(o1.invoice.id);
    expect(o1.invoice).toMatchObject({ status: 'paid', reason: 'credit_pack', subtotalCents: 19900 });
    expect(o1.invoice.lines).toEqual([expect.objectContaining({ kind: 'credit_pack', amountCents: 19900 })]);
    expect(await balance(a)).toBe(5050);
    expect(await invoices(a)).toHaveLength(1);
    const grants = (await a.request({ method: 'GET', url: '/api/v1/credit-transactions?feature=purchase' })).json() as CreditTransactionPage;
    expect(grants.data).toEqual([expect.objectContaining({ kind: 'grant', credits: 5000, reference: o1.invoice.id })]);
    const expiring = (await a.request({ method: 'GET', url: '/api/v1/credits' })).json() as { expiring: { amount: number }[] };
    expect(expiring.expiring.map((e) => e.amount)).toEqual([50]);
    // the same key for another pack is refused
    const other = await a.request({ method: 'POST', url: '/api/v1/credit-packs/pack_1000/purchase', headers: { 'idempotency-key': 'pack-key-1' } });
    expect(other.statusCode).toBe(422);
  });

  it('insufficient funds at purchase leaves no invoice and no credits', async () => {
    const a = await signUp(t.app);
    await addCard(a, '4000000000000341');
    const res = await a.request({ method: 'POST', url: '/api/v1/credit-packs/pack_1000/purchase' });
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('card_declined');
    expect(await invoices(a)).toEqual([]);
    expect(await balance(a)).toBe(50);
  });
});

describe('roles and workspaces', () => {
  it('members read plans and the subscription only (403 elsewhere); admins manage', async () => {
    const owner = await signUp(t.app);
    const member = await addTeammate(t, owner.request, 'member');
    const admin = await addTeammate(t, owner.request, 'admin');
    expect((await member.request({ method: 'GET', url: '/api/v1/plans' })).statusCode).toBe(200);
    expect((await member.request({ method: 'GET', url: '/api/v1/subscription' })).statusCode).toBe(200);
    const refused: [string, string, unknown?][] = [
      ['POST', '/api/v1/subscription/preview', { plan: 'starter', interval: 'month' }],
      ['PUT', '/api/v1/subscription', { plan: 'starter', interval: 'month' }],
      ['POST', '/api/v1/subscription/cancel'],
      ['POST', '/api/v1/subscription/resume'],
      ['GET', '/api/v1/payment-methods'],
      ['POST', '/api/v1/payment-methods', card('4242424242424242')],
      ['GET', '/api/v1/invoices'],
      ['GET', '/api/v1/credit-packs'],
      ['POST', '/api/v1/credit-packs/pack_1000/purchase'],
      ['POST', '/api/v1/plans/enterprise-inquiry', { name: 'x', email: 'x@y.example', company: 'x' }],
    ];
    for (const [method, url, payload] of refused) {
      const res = await member.request({ method: method as 'GET', url, payload: payload as object });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await addCard(admin, '4242424242424242')).statusCode).toBe(201);
    expect((await change(admin, 'starter')).statusCode).toBe(200);
  });

  it('answers 404 for another workspace’s invoices, PDFs and cards', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const pm = (await addCard(a, '4242424242424242')).json() as PaymentMethod;
    const inv = (await change(a, 'starter')).json() as SubscriptionChangeResult;
    await addCard(b, '4242424242424242');
    for (const [method, url] of [
      ['GET', `/api/v1/invoices/${inv.invoice!.id}`],
      ['GET', `/api/v1/invoices/${inv.invoice!.id}/pdf`],
      ['POST', `/api/v1/invoices/${inv.invoice!.id}/pay`],
      ['POST', `/api/v1/payment-methods/${pm.id}/default`],
      ['DELETE', `/api/v1/payment-methods/${pm.id}`],
    ] as const) {
      const res = await b.request({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await invoices(b)).toEqual([]);
    expect((await a.request({ method: 'GET', url: `/api/v1/invoices/${inv.invoice!.id}` })).statusCode).toBe(200);
  });
});
