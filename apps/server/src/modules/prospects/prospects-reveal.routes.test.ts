import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditsSummary, CreditTransactionPage, RevealJob, RevealReceipt, RevealResult } from '@leadtrail/contracts';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { addTeammate } from '../../../test/team-helpers.js';
import { ensureTestProspects } from './cli/prospects-fixture.js';

/**
 * Reveals against the shared generated prospect set: costs, free repeats, skips, idempotency,
 * concurrency (the credit lock), member limits, refunds and workspaces kept apart. Figures come
 * from SQL on the same data.
 */
let t: TestContext;
type Who = { request: Awaited<ReturnType<typeof signUp>>['request']; me: { workspace: { id: string }; member: { id: string } } };
type Person = { id: string; email: string | null; phone: string | null };

beforeAll(async () => {
  t = await createTestApp();
  await ensureTestProspects(t.db.pool);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

let taken = 0;
/** People nobody in this file used yet (each test gets its own), by what they have. */
async function people(n: number, where: string): Promise<Person[]> {
  const r = await t.db.pool.query<Person>(`select id, email, phone from prospect_people p where ${where} order by id offset $1 limit $2`, [taken, n]);
  taken += n;
  expect(r.rows).toHaveLength(n);
  return r.rows;
}
// an email the database marks invalid is never charged (decision 0035): these people's emails are chargeable
const withBoth = (n: number) => people(n, "email is not null and phone is not null and email_status is distinct from 'invalid'");
const emailOnly = (n: number) => people(n, "email is not null and phone is null and email_status is distinct from 'invalid'");
const nothing = (n: number) => people(n, 'email is null and phone is null');

let keyCounter = 0;
const newKey = () => `key-${process.pid}-${++keyCounter}`;

const reveal = (who: Who, payload: object, key: string | null = newKey()) =>
  who.request({ method: 'POST', url: '/api/v1/prospects/reveal', payload, headers: key ? { 'idempotency-key': key } : {} });
const preview = async (who: Who, payload: object) => {
  const res = await who.request({ method: 'POST', url: '/api/v1/prospects/reveal/preview', payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RevealReceipt;
};
const credits = async (who: Who) => (await who.request({ method: 'GET', url: '/api/v1/credits' })).json() as CreditsSummary;
const ledger = async (who: Who, qs = '') => (await who.request({ method: 'GET', url: `/api/v1/credit-transactions?limit=500${qs}` })).json() as CreditTransactionPage;
const audit = (who: Who) => t.container.credits.audit(who.me.workspace.id);

/** A new workspace holding exactly `balance` credits (the plan's 50, adjusted by the operator). */
async function workspaceWith(balance: number) {
  const who = await signUp(t.app);
  await credits(who);
  if (balance !== 50) await t.container.credits.adjust(who.me.workspace.id, balance - 50, 'test balance');
  return who;
}

describe('preview and reveal', () => {
  it('the receipt prices emails at 1 and phones at 5, only for data that exists, and changes nothing', async () => {
    const a = await workspaceWith(50);
    const both = await withBoth(2);
    const mail = await emailOnly(1);
    const none = await nothing(1);
    const ids = [...both, ...mail, ...none].map((p) => p.id);
    const r = await preview(a, { ids, fields: 'both' });
    expect(r).toEqual({
      people: 4,
      charge: { emails: 3, phones: 2 },
      cost: 13,
      free: 0,
      skipped: { suppressed: 0, noData: 1, emails: 0 },
      balance: 50,
      reserved: 0,
      balanceAfter: 37,
      memberRemainingAfter: null,
      shortfall: 0,
      shortfallReason: null,
      runsAsJob: false,
      validOnly: false,
      emailStatus: r.emailStatus,
      skippedEmails: { valid: 0, risky: 0, unknown: 0, invalid: 0 },
      affordable: { people: 4, charged: 3, cost: 13 },
    } satisfies RevealReceipt);
    expect(Object.values(r.emailStatus).reduce((x, y) => x + y, 0)).toBe(3);
    expect((await preview(a, { ids, fields: 'phone' })).cost).toBe(10);
    expect((await credits(a)).balance).toBe(50);
    expect((await ledger(a)).data).toHaveLength(1);
  });

  it('reveals into contacts (source prospect, company found or created), charges once, and a repeat is free', async () => {
    const a = await workspaceWith(50);
    const [p] = await withBoth(1);
    const res = await reveal(a, { ids: [p!.id], fields: 'email' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as RevealResult;
    expect(body).toMatchObject({ charged: 1, balance: 49, skipped: { suppressed: 0, noData: 0 } });
    expect(body.revealed).toEqual([{ prospectId: p!.id, contactId: expect.any(String), email: p!.email, phone: null }]);
    const contact = await a.request({ method: 'GET', url: `/api/v1/contacts/${body.revealed[0]!.contactId}` });
    expect(contact.statusCode).toBe(200);
    expect(contact.json()).toMatchObject({ email: p!.email, source: 'prospect', companyId: expect.any(String) });

    const again = (await reveal(a, { ids: [p!.id], fields: 'email' })).json() as RevealResult;
    expect(again).toMatchObject({ charged: 0, balance: 49 });
    expect(again.revealed[0]!.contactId).toBe(body.revealed[0]!.contactId);
    // then the phone: only the phone is paid for, the same contact
    const phone = (await reveal(a, { ids: [p!.id], fields: 'both' })).json() as RevealResult;
    expect(phone).toMatchObject({ charged: 5, balance: 44 });
    expect(phone.revealed[0]).toMatchObject({ email: p!.email, phone: p!.phone, contactId: body.revealed[0]!.contactId });

    // one row per reveal action (decision 0035), its reference the action, not the person
    const rows = (await ledger(a, '&kind=spend')).data;
    expect(rows.map((r) => [r.feature, r.credits, r.description, r.dataRequested])).toEqual([
      ['prospect_phone', -5, 'Revealed 1 phone', 'phone'],
      ['prospect_email', -1, 'Revealed 1 email', 'email'],
    ]);
    expect(rows[0]!.reference).not.toBe(p!.id);
    expect(rows[0]!.memberId).toBe(a.me.member.id);
    expect(await audit(a)).toEqual({ ledgerSum: 44, balance: 44 });
  });

  it('asks for an Idempotency-Key and rejects bad selections, changing nothing', async () => {
    const a = await workspaceWith(50);
    const [p] = await emailOnly(1);
    const missing = await reveal(a, { ids: [p!.id], fields: 'email' }, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('idempotency_key_required');
    expect((await reveal(a, { ids: [], fields: 'email' })).statusCode).toBe(400);
    expect((await reveal(a, { ids: ['not-a-uuid'], fields: 'email' })).statusCode).toBe(400);
    expect((await reveal(a, { ids: [p!.id], fields: 'fax' })).statusCode).toBe(400);
    const otherList = await (await signUp(t.app)).request({ method: 'POST', url: '/api/v1/lists', payload: { name: 'Theirs', entity: 'contacts' } });
    expect((await reveal(a, { ids: [p!.id], fields: 'email', listId: otherList.json().id })).statusCode).toBe(404);
    expect(await audit(a)).toEqual({ ledgerSum: 50, balance: 50 });
  });

  it('selects by search: the first `limit` people matching the filter', async () => {
    const a = await workspaceWith(50);
    const { rows } = await t.db.pool.query<{ country: string }>(`select country from prospect_people where country is not null group by 1 order by count(*) desc limit 1`);
    const country = rows[0]!.country;
    const matching = await t.db.pool.query<{ n: string; emails: string; valid: string }>(
      `select count(*) as n, count(email) as emails, count(email) filter (where email_status = 'valid') as valid
       from (select email, email_status from prospect_people where lower(country) = lower($1) order by id limit 40) p`,
      [country],
    );
    const filter = { and: [{ field: 'country', op: 'is', value: country }] };
    // a search is bulk: valid emails only by default (decision 0035)
    const r = await preview(a, { filter, scope: 'all', limit: 40, fields: 'email' });
    expect(r.people).toBe(Number(matching.rows[0]!.n));
    expect(r.validOnly).toBe(true);
    expect(r.cost).toBe(Number(matching.rows[0]!.valid));
    expect(r.emailStatus.valid).toBe(r.cost);
    expect(r.skipped.emails).toBe(Number(matching.rows[0]!.emails) - r.cost);
    expect(r.skipped.noData).toBe(r.people - Number(matching.rows[0]!.emails));
    expect((await preview(a, { filter, fields: 'email' })).runsAsJob).toBe(true);
  });

  it('adds revealed people to a contacts list', async () => {
    const a = await workspaceWith(50);
    const list = (await a.request({ method: 'POST', url: '/api/v1/lists', payload: { name: 'Revealed', entity: 'contacts' } })).json() as { id: string };
    const ps = await emailOnly(2);
    const res = await reveal(a, { ids: ps.map((p) => p.id), fields: 'email', listId: list.id });
    expect(res.statusCode, res.body).toBe(200);
    const members = await a.request({ method: 'GET', url: `/api/v1/lists/${list.id}/members` });
    expect((members.json() as { data: { email: string }[] }).data.map((c) => c.email).sort()).toEqual(ps.map((p) => p.email).sort());
  });
});

describe('never charged for nothing', () => {
  it('skips suppressed people and people without the data', async () => {
    const a = await workspaceWith(50);
    const [sup] = await withBoth(1);
    const none = await nothing(1);
    const [noPhone] = await emailOnly(1);
    const added = await a.request({ method: 'POST', url: '/api/v1/suppressions', payload: { entries: [{ value: sup!.email }] } });
    expect(added.statusCode, added.body).toBe(200);
    const ids = [sup!.id, none[0]!.id];
    expect(await preview(a, { ids, fields: 'both' })).toMatchObject({ cost: 0, skipped: { suppressed: 1, noData: 1 } });
    const res = (await reveal(a, { ids, fields: 'both' })).json() as RevealResult;
    expect(res).toMatchObject({ charged: 0, revealed: [], skipped: { suppressed: 1, noData: 1 } });
    const phoneOnly = (await reveal(a, { ids: [noPhone!.id], fields: 'phone' })).json() as RevealResult;
    expect(phoneOnly).toMatchObject({ charged: 0, revealed: [], skipped: { noData: 1 } });
    expect((await ledger(a, '&kind=spend')).data).toEqual([]);
    expect(await audit(a)).toEqual({ ledgerSum: 50, balance: 50 });
  });
});

describe('idempotency', () => {
  it('the same key and body answer the same, charged once, even at the same time; another body with it is refused', async () => {
    const a = await workspaceWith(50);
    const ps = await emailOnly(3);
    const key = newKey();
    const body = { ids: ps.map((p) => p.id), fields: 'email' };
    const answers = await Promise.all([reveal(a, body, key), reveal(a, body, key), reveal(a, body, key)]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const first = answers[0]!.json() as RevealResult;
    expect(first.charged).toBe(3);
    for (const res of answers) expect(res.json()).toEqual(first);
    const later = await reveal(a, { fields: 'email', ids: [...body.ids] }, key);
    expect(later.json()).toEqual(first);
    const other = await reveal(a, { ids: [ps[0]!.id], fields: 'email' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('idempotency_key_reused');
    expect((await credits(a)).balance).toBe(47);
    expect(await audit(a)).toEqual({ ledgerSum: 47, balance: 47 });
  });
});

describe('concurrency', () => {
  it('50 parallel reveals of different people against 10 credits charge exactly 10; the ledger sums to the balance', async () => {
    const a = await workspaceWith(10);
    const ps = await emailOnly(50);
    const answers = await Promise.all(ps.map((p) => reveal(a, { ids: [p.id], fields: 'email' })));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 402)).toHaveLength(40);
    const refused = answers.find((r) => r.statusCode === 402)!.json();
    expect(refused).toMatchObject({ code: 'insufficient_credits', shortfall: 1, shortfallReason: 'balance' });
    expect((await credits(a)).balance).toBe(0);
    expect((await ledger(a, '&kind=spend')).data).toHaveLength(10);
    expect(await audit(a)).toEqual({ ledgerSum: 0, balance: 0 });
  });

  it('two members revealing the same person at once charge once', async () => {
    const owner = await workspaceWith(50);
    const mate = await addTeammate(t, owner.request, 'member');
    const [p] = await withBoth(1);
    const [x, y] = await Promise.all([
      reveal(owner, { ids: [p!.id], fields: 'both' }),
      reveal({ request: mate.request, me: mate.me }, { ids: [p!.id], fields: 'both' }),
    ]);
    expect([x!.statusCode, y!.statusCode]).toEqual([200, 200]);
    expect([x!.json().charged, y!.json().charged].sort()).toEqual([0, 6]);
    expect(x!.json().revealed[0].contactId).toBe(y!.json().revealed[0].contactId);
    expect((await credits(owner)).balance).toBe(44);
    expect(await audit(owner)).toEqual({ ledgerSum: 44, balance: 44 });
  });
});

describe('member limits', () => {
  it('a member over their monthly limit is refused whole with the shortfall; within it they reveal', async () => {
    const owner = await workspaceWith(50);
    const mate = await addTeammate(t, owner.request, 'member');
    const m: Who = { request: mate.request, me: mate.me };
    await owner.request({ method: 'PUT', url: `/api/v1/members/${mate.memberId}/credit-limit`, payload: { limit: 3 } });
    const [phone] = await withBoth(1);
    const r = await preview(m, { ids: [phone!.id], fields: 'phone' });
    expect(r).toMatchObject({ cost: 5, shortfall: 2, shortfallReason: 'member_limit', memberRemainingAfter: 0, balanceAfter: 45 });
    const refused = await reveal(m, { ids: [phone!.id], fields: 'phone' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'insufficient_credits', shortfall: 2, shortfallReason: 'member_limit' });
    const ps = await emailOnly(3);
    expect((await reveal(m, { ids: ps.map((p) => p.id), fields: 'email' })).statusCode).toBe(200);
    expect(await credits(m)).toMatchObject({ memberLimit: 3, memberUsedThisPeriod: 3, memberRemaining: 0, balance: 47 });
    const [one] = await emailOnly(1);
    expect((await reveal(m, { ids: [one!.id], fields: 'email' })).statusCode).toBe(402);
    // the owner has no limit; the member's rows are theirs, and they see only those
    expect((await reveal(owner, { ids: [one!.id], fields: 'email' })).statusCode).toBe(200);
    // one row per reveal action (decision 0035): the member's 3 emails are one row
    const mine = (await ledger(m)).data;
    expect(mine.map((row) => [row.description, row.credits])).toEqual([['Revealed 3 emails', -3]]);
    expect(mine.every((row) => row.memberId === mate.memberId)).toBe(true);
    expect((await ledger(owner, '&kind=spend')).data).toHaveLength(2);
    const usage = await m.request({ method: 'GET', url: '/api/v1/credit-transactions/usage' });
    expect(usage.json().data).toEqual([{ day: new Date().toISOString().slice(0, 10), feature: 'prospect_email', credits: 3 }]);
  });
});

describe('refund of an invalid email', () => {
  it('refunds the email credit once, shown in the ledger', async () => {
    const a = await workspaceWith(50);
    const [p] = await withBoth(1);
    const res = (await reveal(a, { ids: [p!.id], fields: 'both' })).json() as RevealResult;
    const contactId = res.revealed[0]!.contactId;
    const report = () => a.request({ method: 'POST', url: `/api/v1/contacts/${contactId}/report-invalid-email` });
    const first = await report();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ refunded: 1, balance: 45 });
    expect((await report()).json()).toEqual({ refunded: 0, balance: 45 });
    const refunds = (await ledger(a, '&kind=refund')).data;
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ feature: 'prospect_email', credits: 1, reference: p!.id, memberId: a.me.member.id });
    expect((await ledger(a, '&includeRefunds=false')).data.some((r) => r.kind === 'refund')).toBe(false);
    expect(await audit(a)).toEqual({ ledgerSum: 45, balance: 45 });
    const other = await workspaceWith(50);
    expect((await other.request({ method: 'POST', url: `/api/v1/contacts/${contactId}/report-invalid-email` })).statusCode).toBe(404);
  });
});

describe('workspaces apart', () => {
  it("another workspace's reveal doesn't make a person free here; its rows and jobs answer 404", async () => {
    const a = await workspaceWith(50);
    const b = await workspaceWith(500);
    const [p] = await emailOnly(1);
    expect((await reveal(b, { ids: [p!.id], fields: 'email' })).json().charged).toBe(1);
    expect(await preview(a, { ids: [p!.id], fields: 'email' })).toMatchObject({ cost: 1, free: 0 });
    expect((await reveal(a, { ids: [p!.id], fields: 'email' })).json().charged).toBe(1);
    const bRow = (await ledger(b, '&kind=spend')).data[0]!;
    expect((await a.request({ method: 'GET', url: `/api/v1/credit-transactions/${bRow.id}` })).statusCode).toBe(404);
    expect((await ledger(a)).data.some((r) => r.id === bRow.id)).toBe(false);
    const bulk = await emailOnly(101);
    const job = await reveal(b, { ids: bulk.map((x) => x.id), fields: 'email' });
    expect(job.statusCode, job.body).toBe(202);
    const jobId = (job.json() as RevealJob).id;
    expect((await b.request({ method: 'GET', url: `/api/v1/prospects/reveal-jobs/${jobId}` })).statusCode).toBe(200);
    expect((await a.request({ method: 'GET', url: `/api/v1/prospects/reveal-jobs/${jobId}` })).statusCode).toBe(404);
  });
});
