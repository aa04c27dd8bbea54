import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { ownerContext as ctxOf } from '../../../test/records-kit.js';

/** Records' prospect API (record-prospects.service.ts): a revealed person becomes a contact, inside one unit of work. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
});
afterAll(async () => {
  await t?.close();
});

describe('contacts from prospects', () => {
  it('creates the contact (source prospect) and its company once, answers existing and suppressed without writing', async () => {
    const owner = await signUp(t.app);
    const ctx = ctxOf(owner);
    const { recordProspects: prospects, uow } = t.container;
    const company = { name: 'Initech', domain: 'https://www.initech.example/about', industry: 'Software' };
    const first = await uow.tenant(ctx, (tx) =>
      prospects.createFromProspectIn(tx, ctx, { firstName: 'Peter', lastName: 'Gibbons', email: 'Peter@Initech.example', company }),
    );
    expect(first.outcome).toBe('created');
    const peter = (await owner.request({ method: 'GET', url: `/api/v1/contacts/${first.contactId}` })).json();
    expect(peter).toMatchObject({ email: 'peter@initech.example', source: 'prospect', ownerId: owner.me.member.id, companyName: 'Initech' });
    const co = (await owner.request({ method: 'GET', url: `/api/v1/companies/${peter.companyId}` })).json();
    expect(co).toMatchObject({ domain: 'initech.example', source: 'prospect', industry: 'Software' });

    // a second person of the same company joins it; the same email again is the existing contact
    const second = await uow.tenant(ctx, (tx) => prospects.createFromProspectIn(tx, ctx, { email: 'milton@initech.example', company }));
    expect(second).toMatchObject({ outcome: 'created', companyId: co.id });
    const again = await uow.tenant(ctx, (tx) => prospects.createFromProspectIn(tx, ctx, { email: 'peter@initech.example', company }));
    expect(again).toEqual({ outcome: 'existing', contactId: first.contactId, companyId: null });
    const byDomain = await uow.tenant(ctx, (tx) => prospects.findOrCreateByDomainIn(tx, ctx, { name: 'Other name', domain: 'INITECH.example' }));
    expect(byDomain).toEqual({ id: co.id, created: false });
    const nameless = await uow.tenant(ctx, (tx) => prospects.findOrCreateByDomainIn(tx, ctx, { name: ' ', domain: 'nameless.example' }));
    expect((await owner.request({ method: 'GET', url: `/api/v1/companies/${nameless.id}` })).json()).toMatchObject({ name: 'nameless.example' });
    await expect(uow.tenant(ctx, (tx) => prospects.findOrCreateByDomainIn(tx, ctx, { name: 'X', domain: 'not a domain' }))).rejects.toMatchObject({ status: 400 });

    await owner.request({ method: 'POST', url: '/api/v1/suppressions', payload: { entries: [{ value: 'chotchkies.example' }] } });
    const suppressed = await uow.tenant(ctx, (tx) =>
      prospects.createFromProspectIn(tx, ctx, { email: 'joanna@chotchkies.example', company: { name: "Chotchkie's", domain: 'chotchkies.example' } }),
    );
    expect(suppressed).toEqual({ outcome: 'suppressed', contactId: null, companyId: null });
    expect((await owner.request({ method: 'GET', url: '/api/v1/contacts/count' })).json().total).toBe(2);
    expect((await owner.request({ method: 'GET', url: '/api/v1/companies/count' })).json().total).toBe(2);
  });

  it('many at once: suppression, existing and repeated emails, one company per domain, email-domain links; timeline and webhook rows set-based', async () => {
    const owner = await signUp(t.app);
    const ctx = ctxOf(owner);
    const ws = owner.me.workspace.id;
    const { recordProspects: prospects, uow } = t.container;
    // a webhook endpoint listens (its deliveries are only queued here)
    const hook = await owner.request({ method: 'POST', url: '/api/v1/webhooks', payload: { url: 'http://127.0.0.1:9/hook', events: ['contact.created', 'company.created'] } });
    expect(hook.statusCode, hook.body).toBe(201);
    await owner.request({ method: 'POST', url: '/api/v1/suppressions', payload: { entries: [{ value: 'banned.example' }] } });
    const old = (await owner.request({ method: 'POST', url: '/api/v1/contacts', payload: { email: 'old@initech.example' } })).json();
    const acme = (await owner.request({ method: 'POST', url: '/api/v1/companies', payload: { name: 'Acme', domain: 'acme.example' } })).json();
    const initech = { name: 'Initech', domain: 'initech.example', industry: 'Software', employeeRange: '51-200' as const };
    const results = await uow.tenant(ctx, (tx) =>
      prospects.createManyFromProspectsIn(tx, ctx, [
        { firstName: 'Peter', lastName: 'Gibbons', email: 'Peter@Initech.example', jobTitle: 'Engineer', company: initech },
        { firstName: 'Milton', email: 'milton@initech.example', company: initech },
        { email: 'old@initech.example', company: initech },
        { email: 'joanna@banned.example', company: { name: 'Banned', domain: 'banned.example' } },
        { firstName: 'Peter again', email: 'peter@initech.example', company: initech },
        { firstName: 'Samir', email: 'samir@acme.example' },
        { firstName: 'Nina', lastName: 'Nomail', workPhone: '+1 415 555 0100', company: { name: ' ', domain: 'nomail.example' } },
      ]),
    );
    expect(results.map((r) => r.outcome)).toEqual(['created', 'created', 'existing', 'suppressed', 'existing', 'created', 'created']);
    expect(results[2]!.contactId).toBe(old.id);
    expect(results[4]!.contactId).toBe(results[0]!.contactId);
    expect(results[0]!.companyId).toBe(results[1]!.companyId);
    expect(results[5]!.companyId).toBe(acme.id);

    const peter = (await owner.request({ method: 'GET', url: `/api/v1/contacts/${results[0]!.contactId}` })).json();
    expect(peter).toMatchObject({ firstName: 'Peter', email: 'peter@initech.example', emailStatus: 'unverified', jobTitle: 'Engineer', source: 'prospect', ownerId: owner.me.member.id, companyName: 'Initech' });
    const nina = (await owner.request({ method: 'GET', url: `/api/v1/contacts/${results[6]!.contactId}` })).json();
    expect(nina).toMatchObject({ lastName: 'Nomail', email: null, workPhone: '+14155550100', companyName: 'nomail.example' });
    const co = (await owner.request({ method: 'GET', url: `/api/v1/companies/${results[0]!.companyId}` })).json();
    expect(co).toMatchObject({ name: 'Initech', domain: 'initech.example', industry: 'Software', employeeRange: '51-200', source: 'prospect', ownerId: owner.me.member.id });
    // nothing for the suppressed person, not even the company
    expect((await owner.request({ method: 'GET', url: '/api/v1/contacts/count' })).json().total).toBe(5);
    expect((await owner.request({ method: 'GET', url: '/api/v1/companies/count' })).json().total).toBe(3);

    const created = [0, 1, 5, 6].map((i) => results[i]!.contactId);
    const timeline = await t.db.pool.query<{ contact_id: string | null; company_id: string | null; data: unknown }>(
      `select contact_id, company_id, data from activities where workspace_id = $1 and type = 'created' and (contact_id = any($2::uuid[]) or company_id = any($3::uuid[]))`,
      [ws, created, [results[0]!.companyId, results[6]!.companyId]],
    );
    expect(timeline.rows).toHaveLength(6);
    expect(timeline.rows.every((r) => (r.data as { source: string }).source === 'prospect')).toBe(true);
    const events = await t.db.pool.query<{ type: string; payload: { id: string; email?: string; companyName?: string; name?: string } }>(
      `select type, payload from webhook_events where workspace_id = $1 and payload->>'source' = 'prospect' order by type, payload->>'id'`,
      [ws],
    );
    expect(events.rows.filter((e) => e.type === 'company.created').map((e) => e.payload.name).sort()).toEqual(['Initech', 'nomail.example']);
    const contactEvents = events.rows.filter((e) => e.type === 'contact.created');
    expect(contactEvents.map((e) => e.payload.id).sort()).toEqual([...created].sort());
    expect(contactEvents.find((e) => e.payload.id === results[0]!.contactId)!.payload).toMatchObject({ email: 'peter@initech.example', companyName: 'Initech' });
    // one delivery per event to the endpoint
    const deliveries = await t.db.pool.query(`select 1 from webhook_deliveries d join webhook_events e on e.id = d.event_id and e.workspace_id = d.workspace_id where d.workspace_id = $1 and e.payload->>'source' = 'prospect'`, [ws]);
    expect(deliveries.rowCount).toBe(6);

    // bad input changes nothing: a person without a name or an email refuses the whole call
    await expect(uow.tenant(ctx, (tx) => prospects.createManyFromProspectsIn(tx, ctx, [{ email: 'fine@initech.example' }, { firstName: ' ' }]))).rejects.toMatchObject({ status: 400 });
    expect((await owner.request({ method: 'GET', url: '/api/v1/contacts/count' })).json().total).toBe(5);
  });

  it('a required company custom field refuses only a company that would be created, as one at a time does', async () => {
    const owner = await signUp(t.app);
    const ctx = ctxOf(owner);
    const { recordProspects: prospects, uow } = t.container;
    const known = (await owner.request({ method: 'POST', url: '/api/v1/companies', payload: { name: 'Known', domain: 'known.example' } })).json();
    const field = await owner.request({ method: 'POST', url: '/api/v1/custom-fields', payload: { entity: 'companies', label: 'Tier', type: 'text', required: true } });
    expect(field.statusCode, field.body).toBe(201);
    const joined = await uow.tenant(ctx, (tx) =>
      prospects.createManyFromProspectsIn(tx, ctx, [{ email: 'a@known.example', company: { name: 'Known', domain: 'known.example' } }]),
    );
    expect(joined).toEqual([{ outcome: 'created', contactId: expect.any(String), companyId: known.id }]);
    await expect(
      uow.tenant(ctx, (tx) =>
        prospects.createManyFromProspectsIn(tx, ctx, [
          { email: 'b@known.example', company: { name: 'Known', domain: 'known.example' } },
          { email: 'c@unknown.example', company: { name: 'Unknown', domain: 'unknown.example' } },
        ]),
      ),
    ).rejects.toMatchObject({ status: 400 });
    expect((await owner.request({ method: 'GET', url: '/api/v1/contacts/count' })).json().total).toBe(1);
  });

  it('rolls back with the caller: nothing stays when the unit of work fails later', async () => {
    const owner = await signUp(t.app);
    const ctx = ctxOf(owner);
    const { recordProspects: prospects, uow } = t.container;
    await expect(
      uow.tenant(ctx, async (tx) => {
        await prospects.createFromProspectIn(tx, ctx, { email: 'bill@lumbergh.example', company: { name: 'Lumbergh', domain: 'lumbergh.example' } });
        throw new Error('the reveal failed after');
      }),
    ).rejects.toThrow('the reveal failed after');
    expect((await owner.request({ method: 'GET', url: '/api/v1/contacts/count' })).json().total).toBe(0);
    expect((await owner.request({ method: 'GET', url: '/api/v1/companies/count' })).json().total).toBe(0);
  });

  it('finds or creates one company when two units of work race for the same domain', async () => {
    const owner = await signUp(t.app);
    const ctx = ctxOf(owner);
    const { recordProspects: prospects, uow } = t.container;
    const results = await Promise.all(
      [1, 2, 3].map(() => uow.tenant(ctx, (tx) => prospects.findOrCreateByDomainIn(tx, ctx, { name: 'Race', domain: 'race.example' }))),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
  });
});
