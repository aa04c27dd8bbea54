import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact, CreditTransactionPage, RevealJob, RevealResult, SuppressionPage } from '@leadtrail/contracts';
import { jobContext } from '../../core/request-context.js';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { ensureTestProspects } from './cli/prospects-fixture.js';
import { createRevealRepository } from './prospects-reveal.repository.js';
import { createRevealService } from './prospects-reveal.service.js';

/**
 * A reveal's life (issue 27, findings 4 and 5, decision 0027): a refunded email leaves the
 * contact and is neither handed back nor charged again (another address is); an erased person
 * can be revealed again, their ledger rows no longer name them, and one bad person never fails
 * a bulk reveal's batch.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await ensureTestProspects(t.db.pool);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Who = Awaited<ReturnType<typeof signUp>>;
type Person = { id: string; email: string; first_name: string; last_name: string; company_name: string };

let taken = 0;
/** People with a valid email (charged in a bulk reveal too: decision 0035) and no phone, a name and an employer, from the end of the set (others take from its start). */
async function people(n: number): Promise<Person[]> {
  const r = await t.db.pool.query<Person>(
    `select id, email, first_name, last_name, company_name from prospect_people
     where email is not null and email_status = 'valid' and phone is null and first_name is not null and last_name is not null and company_name is not null
     order by id desc offset $1 limit $2`,
    [taken, n],
  );
  taken += n;
  expect(r.rows).toHaveLength(n);
  return r.rows;
}

let keys = 0;
const newKey = () => `life-${process.pid}-${++keys}`;
const reveal = (who: Who, ids: string[], key = newKey()) =>
  who.request({ method: 'POST', url: '/api/v1/prospects/reveal', payload: { ids, fields: 'email' }, headers: { 'idempotency-key': key } });
const revealed = async (who: Who, ids: string[], key = newKey()) => {
  const res = await reveal(who, ids, key);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RevealResult;
};
const spends = async (who: Who) =>
  ((await who.request({ method: 'GET', url: '/api/v1/credit-transactions?limit=500&kind=spend' })).json() as CreditTransactionPage).data;
const balanced = async (who: Who) => {
  const a = await t.container.credits.audit(who.me.workspace.id);
  expect(a.ledgerSum).toBe(a.balance);
  return a.balance;
};

async function workspace(credits: number) {
  const who = await signUp(t.app);
  await who.request({ method: 'GET', url: '/api/v1/credits' });
  if (credits !== 50) await t.container.credits.adjust(who.me.workspace.id, credits - 50, 'life test');
  return who;
}

describe('an email reported invalid', () => {
  it('is refunded and leaves the contact; a later reveal neither hands it back nor charges; another address is revealed and charged', async () => {
    const a = await workspace(50);
    const [p] = await people(1);
    const key = newKey();
    const first = await revealed(a, [p!.id], key);
    expect(first).toMatchObject({ charged: 1, revealed: [{ email: p!.email }] });
    const contactId = first.revealed[0]!.contactId;
    const report = () => a.request({ method: 'POST', url: `/api/v1/contacts/${contactId}/report-invalid-email` });
    expect((await report()).json()).toEqual({ refunded: 1, balance: 50 });

    const contact = (await a.request({ method: 'GET', url: `/api/v1/contacts/${contactId}` })).json() as Contact;
    expect(contact.email).toBeNull();
    const csv = await a.request({ method: 'GET', url: '/api/v1/contacts/export' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(p!.email);
    const record = await t.db.pool.query(
      `select email_revealed, email_refunded_at is not null as refunded, email_refunded_hash from prospect_reveals where workspace_id = $1 and prospect_id = $2`,
      [a.me.workspace.id, p!.id],
    );
    expect(record.rows[0]).toMatchObject({ email_revealed: false, refunded: true, email_refunded_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });

    // the same address: not handed back, not charged (nor by replaying the first key); a second report gives nothing back
    const again = await revealed(a, [p!.id]);
    expect(again).toMatchObject({ charged: 0, revealed: [], skipped: { noData: 1 } });
    expect(JSON.stringify(await revealed(a, [p!.id], key))).not.toContain(p!.email);
    expect((await report()).json()).toEqual({ refunded: 0, balance: 50 });

    // the database learns another address: that one is revealed and charged (and refundable)
    const other = `other-${process.pid}-${p!.email}`;
    await t.db.pool.query(`update prospect_people set email = $2 where id = $1`, [p!.id, other]);
    try {
      const next = await revealed(a, [p!.id]);
      expect(next).toMatchObject({ charged: 1, revealed: [{ contactId, email: other }] });
      expect(((await a.request({ method: 'GET', url: `/api/v1/contacts/${contactId}` })).json() as Contact).email).toBe(other);
      expect((await report()).json()).toEqual({ refunded: 1, balance: 50 });
    } finally {
      await t.db.pool.query(`update prospect_people set email = $2 where id = $1`, [p!.id, p!.email]);
    }
    expect(await balanced(a)).toBe(50);
  });
});

/** Erases the person's address, then lifts the suppression the erasure added (an admin may). */
async function eraseAndUnsuppress(a: Who, email: string) {
  const erased = await a.request({ method: 'POST', url: '/api/v1/privacy/erasures', payload: { email } });
  expect(erased.statusCode, erased.body).toBe(200);
  const entries = (await a.request({ method: 'GET', url: '/api/v1/suppressions?reason=erasure_request' })).json() as SuppressionPage;
  for (const e of entries.data) expect((await a.request({ method: 'DELETE', url: `/api/v1/suppressions/${e.id}` })).statusCode).toBe(204);
}

describe('an erased person', () => {
  it('is revealed again as a new reveal (charged), and the ledger no longer names them', async () => {
    const a = await workspace(50);
    const [p] = await people(1);
    expect((await revealed(a, [p!.id])).charged).toBe(1);
    // one row per reveal action, naming nobody (decision 0035): the person is a line of it
    expect((await spends(a))[0]!.description).toBe('Revealed 1 email');

    await eraseAndUnsuppress(a, p!.email);
    const rows = await spends(a);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ description: 'Revealed 1 email', credits: -1 });
    const text = JSON.stringify((await a.request({ method: 'GET', url: '/api/v1/credit-transactions?limit=500' })).json());
    for (const part of [p!.first_name, p!.last_name, p!.company_name]) expect(text).not.toContain(part);

    const again = await revealed(a, [p!.id]);
    expect(again).toMatchObject({ charged: 1, revealed: [{ prospectId: p!.id, email: p!.email }] });
    expect(await balanced(a)).toBe(48);
  });

  it('among 101 people of a bulk reveal: every one is revealed and charged once', async () => {
    const a = await workspace(200);
    const [p, ...rest] = await people(101);
    expect((await revealed(a, [p!.id])).charged).toBe(1);
    await eraseAndUnsuppress(a, p!.email);
    const res = await reveal(a, [p!.id, ...rest.map((x) => x.id)]);
    expect(res.statusCode, res.body).toBe(202);
    let job = res.json() as RevealJob;
    for (let i = 0; i < 300 && (job.status === 'queued' || job.status === 'running'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      job = (await a.request({ method: 'GET', url: `/api/v1/prospects/reveal-jobs/${job.id}` })).json() as RevealJob;
    }
    expect(job).toMatchObject({ status: 'completed', done: 101, revealed: 101, charged: 101, reserved: 0, skipped: { failed: 0 } });
    expect(await balanced(a)).toBe(200 - 102);
  });
});

describe('one bad person in a bulk reveal', () => {
  it('is skipped (counted as failed, never charged); the rest of the batch is revealed', async () => {
    const a = await workspace(200);
    const ps = await people(101);
    const bad = ps[50]!;
    const c = t.container;
    // the database refuses the bad person's contact (as it refused an erased person's spend)
    const contacts = {
      ...c.recordProspects,
      createManyFromProspectsIn: async (...args: Parameters<typeof c.recordProspects.createManyFromProspectsIn>) => {
        if (args[2].some((x) => x.email === bad.email)) throw Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
        return c.recordProspects.createManyFromProspectsIn(...args);
      },
    };
    const service = createRevealService({ uow: c.uow, repo: createRevealRepository(), credits: c.credits, prospects: c.prospects, contacts, lists: c.lists, queue: () => async () => {} });
    const ctx = jobContext({ userId: a.me.user.id, workspaceId: a.me.workspace.id, memberId: a.me.member.id, role: 'owner' });
    const accepted = await service.reveal(ctx, { ids: ps.map((x) => x.id), fields: 'email' }, 'bad-1');
    const id = (accepted as { job: RevealJob }).job.id;
    await service.runJob(a.me.workspace.id, id);
    expect(await service.job(ctx, id)).toMatchObject({ status: 'completed', done: 101, revealed: 100, charged: 100, skipped: { failed: 1 }, reserved: 0 });
    expect((await spends(a)).some((r) => r.reference === bad.id)).toBe(false);
    expect(await balanced(a)).toBe(100);
  });
});
