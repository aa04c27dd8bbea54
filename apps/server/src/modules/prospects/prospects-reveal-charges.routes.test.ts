import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditTransactionDetail, CreditTransactionPage, RevealJob, RevealReceipt, RevealResult } from '@leadtrail/contracts';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { ensureTestProspects } from './cli/prospects-fixture.js';

/**
 * Fair charges (issue 26, decision 0035): an email the database marks invalid is never charged,
 * "valid emails only", the receipt's status mix and shortfall, the partial reveal "as many as my
 * balance covers", and one ledger row per reveal action.
 */
let t: TestContext;
type Who = Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  await ensureTestProspects(t.db.pool);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

let taken = 0;
/** People with an email of this status and no phone, in id order (none used twice in this file). */
async function withStatus(status: 'valid' | 'risky' | 'unknown' | 'invalid', n: number): Promise<string[]> {
  const r = await t.db.pool.query<{ id: string }>(
    `select id from prospect_people where email is not null and phone is null and email_status = $1 order by id offset $2 limit $3`,
    [status, taken, n],
  );
  taken += n;
  expect(r.rows).toHaveLength(n);
  return r.rows.map((x) => x.id);
}

let keys = 0;
const newKey = () => `charges-${process.pid}-${++keys}`;
const reveal = (who: Who, payload: object, key = newKey()) =>
  who.request({ method: 'POST', url: '/api/v1/prospects/reveal', payload, headers: { 'idempotency-key': key } });
const preview = async (who: Who, payload: object) => {
  const res = await who.request({ method: 'POST', url: '/api/v1/prospects/reveal/preview', payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RevealReceipt;
};
const spends = async (who: Who) =>
  ((await who.request({ method: 'GET', url: '/api/v1/credit-transactions?limit=500&kind=spend' })).json() as CreditTransactionPage).data;
const audit = (who: Who) => t.container.credits.audit(who.me.workspace.id);

async function workspaceWith(balance: number) {
  const who = await signUp(t.app);
  await who.request({ method: 'GET', url: '/api/v1/credits' });
  if (balance !== 50) await t.container.credits.adjust(who.me.workspace.id, balance - 50, 'test balance');
  return who;
}

describe('the status of an email', () => {
  it('never charges nor hands out an email the database marks invalid; the receipt shows the mix', async () => {
    const a = await workspaceWith(50);
    const [valid, risky, unknown, invalid] = [await withStatus('valid', 2), await withStatus('risky', 1), await withStatus('unknown', 1), await withStatus('invalid', 1)];
    const ids = [...valid, ...risky, ...unknown, ...invalid];
    // a few chosen people: valid emails only is off by default, an invalid one is still never charged
    const r = await preview(a, { ids, fields: 'email' });
    expect(r).toMatchObject({
      validOnly: false,
      cost: 4,
      charge: { emails: 4, phones: 0 },
      emailStatus: { valid: 2, risky: 1, unknown: 1, invalid: 0 },
      skippedEmails: { valid: 0, risky: 0, unknown: 0, invalid: 1 },
      skipped: { emails: 1, noData: 0, suppressed: 0 },
    });
    const res = await reveal(a, { ids, fields: 'email' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as RevealResult;
    expect(body).toMatchObject({ charged: 4, balance: 46, skipped: { emails: 1 } });
    expect(body.revealed.map((p) => p.prospectId).sort()).toEqual([...valid, ...risky, ...unknown].sort());
    expect(await audit(a)).toEqual({ ledgerSum: 46, balance: 46 });
  });

  it('"valid emails only" charges and reveals only valid emails, and is the default for a search', async () => {
    const a = await workspaceWith(50);
    const ids = [...(await withStatus('valid', 1)), ...(await withStatus('risky', 2)), ...(await withStatus('unknown', 1))];
    const r = await preview(a, { ids, fields: 'email', validOnly: true });
    expect(r).toMatchObject({ validOnly: true, cost: 1, emailStatus: { valid: 1, risky: 0, unknown: 0, invalid: 0 }, skippedEmails: { risky: 2, unknown: 1, invalid: 0 } });
    const res = await reveal(a, { ids, fields: 'email', validOnly: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ charged: 1, balance: 49, skipped: { emails: 3 } });
    expect((res.json() as RevealResult).revealed.map((p) => p.prospectId)).toEqual([ids[0]]);
    // a search (bulk) is valid emails only unless it says otherwise
    const bulk = await a.request({ method: 'POST', url: '/api/v1/prospects/reveal/preview', payload: { q: '', limit: 5, fields: 'email' } });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect((bulk.json() as RevealReceipt).validOnly).toBe(true);
    expect((await preview(a, { q: '', limit: 5, fields: 'email', validOnly: false })).validOnly).toBe(false);
  });
});

describe('not enough credits', () => {
  it('the receipt states the shortfall and what the balance covers; a partial reveal charges exactly that, once', async () => {
    const a = await workspaceWith(3);
    const ids = [...(await withStatus('valid', 2)), ...(await withStatus('invalid', 1)), ...(await withStatus('valid', 3))];
    const r = await preview(a, { ids, fields: 'email' });
    // 5 chargeable emails against 3 credits: 2 short; the first 4 people (2 valid, 1 invalid, 1 valid) fit
    expect(r).toMatchObject({ cost: 5, shortfall: 2, shortfallReason: 'balance', affordable: { people: 4, charged: 3, cost: 3 } });
    const refused = await reveal(a, { ids, fields: 'email' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'insufficient_credits', shortfall: 2 });

    const key = newKey();
    const res = await reveal(a, { ids, fields: 'email', limitToBalance: true }, key);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as RevealResult;
    expect(body).toMatchObject({ charged: 3, balance: 0 });
    // the first people in the selection's order
    expect(body.revealed.map((p) => p.prospectId)).toEqual([ids[0], ids[1], ids[3]]);
    // a retry with the same key answers the same, charged once
    const again = await reveal(a, { ids, fields: 'email', limitToBalance: true }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
    expect(await audit(a)).toEqual({ ledgerSum: 0, balance: 0 });
    // nothing left: even a partial reveal is refused whole
    const none = await reveal(a, { ids: ids.slice(4), fields: 'email', limitToBalance: true });
    expect(none.statusCode).toBe(402);
  });
});

describe('a partial reveal of more than 100 people', () => {
  it('runs as a job over the start of the selection the balance covers, charged once, as one ledger row', async () => {
    const a = await workspaceWith(150);
    const ids = await withStatus('valid', 300);
    const key = newKey();
    const res = await reveal(a, { ids, fields: 'email', limitToBalance: true }, key);
    expect(res.statusCode, res.body).toBe(202);
    let job = res.json() as RevealJob;
    expect(job).toMatchObject({ total: 150, reserved: 150 });
    for (let i = 0; i < 300 && (job.status === 'queued' || job.status === 'running'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      job = (await a.request({ method: 'GET', url: `/api/v1/prospects/reveal-jobs/${job.id}` })).json() as RevealJob;
    }
    expect(job).toMatchObject({ status: 'completed', done: 150, charged: 150, revealed: 150, reserved: 0 });
    const again = await reveal(a, { ids, fields: 'email', limitToBalance: true }, key);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ id: job.id });
    expect((await spends(a)).map((r) => [r.description, r.credits, r.reference])).toEqual([['Revealed 150 emails', -150, job.id]]);
    const revealed = await t.db.pool.query<{ prospect_id: string }>(`select prospect_id from prospect_reveals where workspace_id = $1`, [a.me.workspace.id]);
    expect(revealed.rows.map((r) => r.prospect_id).sort()).toEqual(ids.slice(0, 150).sort());
    expect(await audit(a)).toEqual({ ledgerSum: 0, balance: 0 });
  }, 60_000);
});

describe('the transactions log', () => {
  it('records one reveal action as one row per feature, with its count', async () => {
    const a = await workspaceWith(1050);
    const ids = await withStatus('valid', 12);
    expect((await reveal(a, { ids, fields: 'email' })).statusCode).toBe(200);
    const rows = await spends(a);
    expect(rows.map((r) => [r.description, r.credits, r.feature, r.dataRequested])).toEqual([['Revealed 12 emails', -12, 'prospect_email', 'email']]);
    expect(rows[0]!.balanceAfter).toBe(1038);
    // the row lists its people, in the order charged
    const detail = await a.request({ method: 'GET', url: `/api/v1/credit-transactions/${rows[0]!.id}` });
    expect(detail.statusCode, detail.body).toBe(200);
    // each with the contact it became, by the name the workspace keeps
    const made = await t.db.pool.query<{ prospect_id: string; contact_id: string; name: string }>(
      `select r.prospect_id, r.contact_id, trim(concat_ws(' ', c.first_name, c.last_name)) as name
         from prospect_reveals r join contacts c on c.workspace_id = r.workspace_id and c.id = r.contact_id where r.workspace_id = $1`,
      [a.me.workspace.id],
    );
    const contactOf = new Map(made.rows.map((r) => [r.prospect_id, r]));
    expect((detail.json() as CreditTransactionDetail).people).toEqual(
      ids.map((prospectId) => ({ prospectId, credits: 1, contactId: contactOf.get(prospectId)!.contact_id, name: contactOf.get(prospectId)!.name })),
    );
    expect(made.rows).toHaveLength(12);
    // another workspace does not see it
    expect((await (await signUp(t.app)).request({ method: 'GET', url: `/api/v1/credit-transactions/${rows[0]!.id}` })).statusCode).toBe(404);
    // a person's charge is still found for the refund of a reported email
    const contactId = ((await reveal(a, { ids: [ids[0]], fields: 'email' })).json() as RevealResult).revealed[0]!.contactId;
    const refund = await a.request({ method: 'POST', url: `/api/v1/contacts/${contactId}/report-invalid-email` });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json()).toMatchObject({ refunded: 1, balance: 1039 });
    expect(await audit(a)).toEqual({ ledgerSum: 1039, balance: 1039 });
  });
});
