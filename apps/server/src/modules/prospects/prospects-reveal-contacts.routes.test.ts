import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact, CreditsSummary, MemberList, RevealResult } from '@leadtrail/contracts';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { addTeammate } from '../../../test/team-helpers.js';
import { ensureTestProspects } from './cli/prospects-fixture.js';

/**
 * What a reveal leaves on contacts and members: a second field revealed later fills the
 * existing contact, "report invalid email" marks the contact's email invalid, and the Users
 * page shows each member's credits spent this period.
 */
let t: TestContext;
type Who = { request: Awaited<ReturnType<typeof signUp>>['request']; me: { workspace: { id: string }; member: { id: string } } };
type Person = { id: string; email: string; phone: string };

beforeAll(async () => {
  t = await createTestApp();
  await ensureTestProspects(t.db.pool);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

let taken = 0;
/** People with an email and a phone (from the end of the set: other files take from its start). */
async function withBoth(n: number): Promise<Person[]> {
  const r = await t.db.pool.query<Person>(
    "select id, email, phone from prospect_people where email is not null and email_status = 'valid' and phone is not null order by id desc offset $1 limit $2",
    [taken, n],
  );
  taken += n;
  expect(r.rows).toHaveLength(n);
  return r.rows;
}
let keys = 0;
const reveal = async (who: Pick<Who, 'request'>, ids: string[], fields: 'email' | 'phone' | 'both') => {
  const res = await who.request({ method: 'POST', url: '/api/v1/prospects/reveal', payload: { ids, fields }, headers: { 'idempotency-key': `rc-${process.pid}-${++keys}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RevealResult;
};
const contact = async (who: Pick<Who, 'request'>, id: string) => {
  const res = await who.request({ method: 'GET', url: `/api/v1/contacts/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Contact;
};

describe('a later reveal fills the existing contact', () => {
  it('email then phone: the contact gets the phone; phone then email: it gets the email', async () => {
    const a = await signUp(t.app);
    const [p, q] = await withBoth(2);

    const first = await reveal(a, [p!.id], 'email');
    const id = first.revealed[0]!.contactId;
    expect(await contact(a, id)).toMatchObject({ email: p!.email.toLowerCase(), workPhone: null });
    const second = await reveal(a, [p!.id], 'phone');
    expect(second.charged).toBe(5);
    expect(second.revealed[0]!.contactId).toBe(id);
    const filled = await contact(a, id);
    expect(filled.workPhone).not.toBeNull();
    expect(filled.email).toBe(p!.email.toLowerCase());

    const byPhone = await reveal(a, [q!.id], 'phone');
    const qid = byPhone.revealed[0]!.contactId;
    expect(await contact(a, qid)).toMatchObject({ email: null });
    await reveal(a, [q!.id], 'email');
    expect((await contact(a, qid)).email).toBe(q!.email.toLowerCase());
  });

  it("never overwrites what the user put on the contact", async () => {
    const a = await signUp(t.app);
    const [p] = await withBoth(1);
    const id = (await reveal(a, [p!.id], 'email')).revealed[0]!.contactId;
    const edit = await a.request({ method: 'PATCH', url: `/api/v1/contacts/${id}`, payload: { workPhone: '+44 20 7946 0000' } });
    expect(edit.statusCode, edit.body).toBe(200);
    const kept = (edit.json() as Contact).workPhone;
    await reveal(a, [p!.id], 'phone');
    expect((await contact(a, id)).workPhone).toBe(kept);
  });
});

describe('report invalid email', () => {
  it("takes the refunded email off the contact (decision 0027); another workspace's contact answers 404", async () => {
    const a = await signUp(t.app);
    const [p] = await withBoth(1);
    const id = (await reveal(a, [p!.id], 'email')).revealed[0]!.contactId;
    expect((await contact(a, id)).emailStatus).not.toBe('invalid');
    const res = await a.request({ method: 'POST', url: `/api/v1/contacts/${id}/report-invalid-email` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ refunded: 1 });
    expect(await contact(a, id)).toMatchObject({ email: null, emailStatus: 'unverified' });
    const b = await signUp(t.app);
    expect((await b.request({ method: 'POST', url: `/api/v1/contacts/${id}/report-invalid-email` })).statusCode).toBe(404);
  });
});

describe('credits used per member on the Users page', () => {
  it("GET /members shows each member's spend this period, from the ledger", async () => {
    const a = await signUp(t.app);
    const mate = await addTeammate(t, a.request, 'member');
    const [p, q] = await withBoth(2);
    await reveal(a, [p!.id], 'both');
    await reveal(mate, [q!.id], 'email');
    const res = await a.request({ method: 'GET', url: '/api/v1/members' });
    expect(res.statusCode, res.body).toBe(200);
    const used = new Map((res.json() as MemberList).data.map((m) => [m.id, m.creditsUsedThisPeriod]));
    expect(used.get(a.me.member.id)).toBe(6);
    expect(used.get(mate.memberId)).toBe(1);
    const summary = (await a.request({ method: 'GET', url: '/api/v1/credits' })).json() as CreditsSummary;
    expect(summary.usedThisPeriod).toBe(7);
  });
});
