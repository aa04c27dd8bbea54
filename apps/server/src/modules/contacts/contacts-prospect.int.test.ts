import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { ownerContext as ctxOf } from '../../../test/records-kit.js';

/** The write paths prospects use (a revealed person becomes a contact), inside one unit of work. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('contacts from prospects', () => {
  it('creates the contact (source prospect) and its company once, answers existing and suppressed without writing', async () => {
    const owner = await signUp(t.app);
    const ctx = ctxOf(owner);
    const { contacts, companies, uow } = t.container;
    const company = { name: 'Initech', domain: 'https://www.initech.example/about', industry: 'Software' };
    const first = await uow.tenant(ctx, (tx) =>
      contacts.createFromProspectIn(tx, ctx, { firstName: 'Peter', lastName: 'Gibbons', email: 'Peter@Initech.example', company }),
    );
    expect(first.outcome).toBe('created');
    const peter = (await owner.request({ method: 'GET', url: `/api/v1/contacts/${first.contactId}` })).json();
    expect(peter).toMatchObject({ email: 'peter@initech.example', source: 'prospect', ownerId: owner.me.member.id, companyName: 'Initech' });
    const co = (await owner.request({ method: 'GET', url: `/api/v1/companies/${peter.companyId}` })).json();
    expect(co).toMatchObject({ domain: 'initech.example', source: 'prospect', industry: 'Software' });

    // a second person of the same company joins it; the same email again is the existing contact
    const second = await uow.tenant(ctx, (tx) => contacts.createFromProspectIn(tx, ctx, { email: 'milton@initech.example', company }));
    expect(second).toMatchObject({ outcome: 'created', companyId: co.id });
    const again = await uow.tenant(ctx, (tx) => contacts.createFromProspectIn(tx, ctx, { email: 'peter@initech.example', company }));
    expect(again).toEqual({ outcome: 'existing', contactId: first.contactId, companyId: null });
    const byDomain = await uow.tenant(ctx, (tx) => companies.findOrCreateByDomainIn(tx, ctx, { name: 'Other name', domain: 'INITECH.example' }));
    expect(byDomain).toEqual({ id: co.id, created: false });
    const nameless = await uow.tenant(ctx, (tx) => companies.findOrCreateByDomainIn(tx, ctx, { name: ' ', domain: 'nameless.example' }));
    expect((await owner.request({ method: 'GET', url: `/api/v1/companies/${nameless.id}` })).json()).toMatchObject({ name: 'nameless.example' });
    await expect(uow.tenant(ctx, (tx) => companies.findOrCreateByDomainIn(tx, ctx, { name: 'X', domain: 'not a domain' }))).rejects.toMatchObject({ status: 400 });

    await owner.request({ method: 'POST', url: '/api/v1/suppressions', payload: { entries: [{ value: 'chotchkies.example' }] } });
    const suppressed = await uow.tenant(ctx, (tx) =>
      contacts.createFromProspectIn(tx, ctx, { email: 'joanna@chotchkies.example', company: { name: "Chotchkie's", domain: 'chotchkies.example' } }),
    );
    expect(suppressed).toEqual({ outcome: 'suppressed', contactId: null, companyId: null });
    expect((await owner.request({ method: 'GET', url: '/api/v1/contacts/count' })).json().total).toBe(2);
    expect((await owner.request({ method: 'GET', url: '/api/v1/companies/count' })).json().total).toBe(2);
  });

  it('rolls back with the caller: nothing stays when the unit of work fails later', async () => {
    const owner = await signUp(t.app);
    const ctx = ctxOf(owner);
    const { contacts, uow } = t.container;
    await expect(
      uow.tenant(ctx, async (tx) => {
        await contacts.createFromProspectIn(tx, ctx, { email: 'bill@lumbergh.example', company: { name: 'Lumbergh', domain: 'lumbergh.example' } });
        throw new Error('the reveal failed after');
      }),
    ).rejects.toThrow('the reveal failed after');
    expect((await owner.request({ method: 'GET', url: '/api/v1/contacts/count' })).json().total).toBe(0);
    expect((await owner.request({ method: 'GET', url: '/api/v1/companies/count' })).json().total).toBe(0);
  });

  it('finds or creates one company when two units of work race for the same domain', async () => {
    const owner = await signUp(t.app);
    const ctx = ctxOf(owner);
    const { companies, uow } = t.container;
    const results = await Promise.all(
      [1, 2, 3].map(() => uow.tenant(ctx, (tx) => companies.findOrCreateByDomainIn(tx, ctx, { name: 'Race', domain: 'race.example' }))),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
  });
});
