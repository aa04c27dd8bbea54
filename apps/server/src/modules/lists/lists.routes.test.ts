import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { createContact, createList, expectProblem, filterParam, joinAsMember, pageThrough, parseCsv } from '../../../test/records-kit.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Owner = Awaited<ReturnType<typeof signUp>>;
type Req = Owner['request'];
const post = (who: { request: Req }, url: string, payload: unknown) => who.request({ method: 'POST', url, payload: payload as Record<string, unknown> });
const get = (who: { request: Req }, url: string) => who.request({ method: 'GET', url });
const del = (who: { request: Req }, url: string, payload?: unknown) =>
  who.request({ method: 'DELETE', url, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });

const contact = createContact;

const list = (who: Parameters<typeof createList>[0], name: string, entity: 'contacts' | 'companies' = 'contacts', description?: string) =>
  createList(who, { name, entity, ...(description ? { description } : {}) });

/** A workspace with five contacts: three in France (two at acme.test), two in Spain. */
async function people() {
  const owner = await signUp(t.app, { name: 'Olga Owner' });
  const ada = await contact(owner, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.test', country: 'France' });
  const bob = await contact(owner, { firstName: 'Bob', lastName: 'Martin', email: 'bob@sales.acme.test', country: 'France' });
  const cy = await contact(owner, { firstName: 'Cy', lastName: 'Young', email: 'cy@globex.test', country: 'France' });
  const dee = await contact(owner, { firstName: 'Dee', lastName: 'Dee', email: 'dee@initech.test', country: 'Spain' });
  const eve = await contact(owner, { firstName: 'Eve', lastName: 'Adams', country: 'Spain' });
  return { owner, ada, bob, cy, dee, eve };
}

const france = { and: [{ field: 'country', op: 'is', value: 'France' }] };

describe('lists: create, rename, describe, delete', () => {
  it('creates lists with unique names whatever their case, renames and describes them', async () => {
    const owner = await signUp(t.app, { name: 'Olga Owner' });
    const created = await list(owner, ' Q1 targets ', 'contacts', 'Accounts for the first quarter');
    expect(created).toMatchObject({
      name: 'Q1 targets',
      entity: 'contacts',
      description: 'Accounts for the first quarter',
      ownerId: owner.me.member.id,
      ownerName: 'Olga Owner',
      memberCount: 0,
    });
    const dup = expectProblem(await post(owner, '/api/v1/lists', { name: 'q1 TARGETS', entity: 'companies' }), 409, 'list_name_taken');
    expect(dup.existingId).toBe(created.id);
    expect(dup.errors).toEqual([{ path: 'name', message: 'A list with this name already exists' }]);

    const other = await list(owner, 'Churned');
    expectProblem(await owner.request({ method: 'PATCH', url: `/api/v1/lists/${other.id}`, payload: { name: 'Q1 TARGETS' } }), 409, 'list_name_taken');
    // a change of case of its own name is fine
    const renamed = await owner.request({ method: 'PATCH', url: `/api/v1/lists/${created.id}`, payload: { name: 'Q1 Targets', description: null } });
    expect(renamed.json()).toMatchObject({ name: 'Q1 Targets', description: null });

    const bad = expectProblem(await post(owner, '/api/v1/lists', { name: '   ', entity: 'contacts' }), 400);
    expect(bad.errors?.[0]?.path).toBe('name');
    expectProblem(await post(owner, '/api/v1/lists', { name: 'X', entity: 'people' }), 400);
    expectProblem(await owner.request({ method: 'PATCH', url: `/api/v1/lists/${created.id}`, payload: {} }), 400);
  });

  it('pages, searches, filters by entity and sorts by name or member count', async () => {
    const { owner, ada, bob } = await people();
    const big = await list(owner, 'Bravo');
    const small = await list(owner, 'alpha', 'contacts', 'for the conference');
    const companies = await list(owner, 'Charlie', 'companies');
    await post(owner, `/api/v1/lists/${big.id}/members`, { ids: [ada.id, bob.id] });
    await post(owner, `/api/v1/lists/${small.id}/members`, { ids: [ada.id] });

    const names = async (query: string) => (await get(owner, `/api/v1/lists?${query}`)).json().data.map((l: { name: string }) => l.name);
    expect(await names('sort=name')).toEqual(['alpha', 'Bravo', 'Charlie']);
    expect(await names('sort=-memberCount')).toEqual(['Bravo', 'alpha', 'Charlie']);
    expect(await names('entity=companies')).toEqual(['Charlie']);
    expect(await names('q=CONFERENCE')).toEqual(['alpha']);
    const page = (await get(owner, '/api/v1/lists?sort=name&limit=2&count=true')).json();
    expect(page.total).toBe(3);
    expect(page.data.map((l: { memberCount: number }) => l.memberCount)).toEqual([1, 2]);
    const rest = (await get(owner, `/api/v1/lists?sort=name&limit=2&cursor=${page.nextCursor}`)).json();
    expect(rest.data.map((l: { id: string }) => l.id)).toEqual([companies.id]);
    expect(rest.nextCursor).toBeNull();
    expectProblem(await get(owner, '/api/v1/lists?cursor=-4'), 400);
    expectProblem(await get(owner, '/api/v1/lists?sort=color'), 400);
  });

  it('deleting a list keeps its contacts', async () => {
    const { owner, ada } = await people();
    const l = await list(owner, 'Temporary');
    await post(owner, `/api/v1/lists/${l.id}/members`, { ids: [ada.id] });
    expect((await del(owner, `/api/v1/lists/${l.id}`)).statusCode).toBe(204);
    expect((await get(owner, `/api/v1/lists/${l.id}`)).statusCode).toBe(404);
    expect((await get(owner, `/api/v1/contacts/${ada.id}`)).statusCode).toBe(200);
    expect((await get(owner, `/api/v1/contacts/${ada.id}/lists`)).json().data).toEqual([]);
  });
});

describe('members', () => {
  it('adds by ids and by filter, idempotently, reporting added and already present', async () => {
    const { owner, ada, bob, cy, dee } = await people();
    const l = await list(owner, 'France');
    expect((await post(owner, `/api/v1/lists/${l.id}/members`, { ids: [ada.id, dee.id, ada.id] })).json()).toEqual({ added: 2, alreadyPresent: 0 });
    // by filter: the three French contacts, Ada already there
    expect((await post(owner, `/api/v1/lists/${l.id}/members`, { filter: france })).json()).toEqual({ added: 2, alreadyPresent: 1 });
    expect((await post(owner, `/api/v1/lists/${l.id}/members`, { filter: france })).json()).toEqual({ added: 0, alreadyPresent: 3 });
    // with quick search
    expect((await post(owner, `/api/v1/lists/${l.id}/members`, { filter: null, q: 'young' })).json()).toEqual({ added: 0, alreadyPresent: 1 });
    expect((await get(owner, `/api/v1/lists/${l.id}`)).json().memberCount).toBe(4);

    const ids = await pageThrough(owner.request, `/api/v1/lists/${l.id}/members?sort=firstName`, 2);
    expect(ids).toEqual([ada.id, bob.id, cy.id, dee.id]);
    // the timeline says who added it to which list
    const timeline = (await get(owner, `/api/v1/contacts/${bob.id}/activity`)).json().data;
    expect(timeline[0]).toMatchObject({ type: 'added_to_list', actorId: owner.me.member.id, data: { listId: l.id, listName: 'France' } });
  });

  it('concurrent adds to one list take turns: nothing doubled, nothing lost, no error', async () => {
    const { owner } = await people();
    const l = await list(owner, 'Race');
    const results = await Promise.all([1, 2, 3].map(() => post(owner, `/api/v1/lists/${l.id}/members`, { filter: france })));
    const bodies = results.map((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json() as { added: number; alreadyPresent: number };
    });
    expect(bodies.reduce((n, b) => n + b.added, 0)).toBe(3);
    expect(bodies.every((b) => b.added + b.alreadyPresent === 3)).toBe(true);
    expect((await get(owner, `/api/v1/lists/${l.id}`)).json().memberCount).toBe(3);
  });

  it('the members grid is the contacts grid scoped to the list: filters, search, sort, count', async () => {
    const { owner, ada, bob, dee, eve } = await people();
    const l = await list(owner, 'Mixed');
    await post(owner, `/api/v1/lists/${l.id}/members`, { ids: [ada.id, bob.id, dee.id] });
    const page = (await get(owner, `/api/v1/lists/${l.id}/members?filter=${filterParam(france)}&sort=-lastName&count=true`)).json();
    expect(page.data.map((c: { id: string }) => c.id)).toEqual([bob.id, ada.id]);
    expect(page.total).toBe(2);
    expect(page.data[0]).toMatchObject({ firstName: 'Bob', email: 'bob@sales.acme.test', suppressed: false });
    expect((await get(owner, `/api/v1/lists/${l.id}/members?q=dee`)).json().data.map((c: { id: string }) => c.id)).toEqual([dee.id]);
    expect((await get(owner, `/api/v1/lists/${l.id}/members/count?q=acme`)).json()).toEqual({ total: 2 });
    expect((await get(owner, `/api/v1/lists/${l.id}/members`)).json().data.map((c: { id: string }) => c.id)).not.toContain(eve.id);
    expectProblem(await get(owner, `/api/v1/lists/${l.id}/members?filter=${filterParam({ and: [{ field: 'shoeSize', op: 'is', value: '9' }] })}`), 400);
  });

  it('removes by ids or by filter within the list; the contacts stay', async () => {
    const { owner, ada, bob, cy, dee } = await people();
    const l = await list(owner, 'Cleanup');
    await post(owner, `/api/v1/lists/${l.id}/members`, { ids: [ada.id, bob.id, cy.id, dee.id] });
    expect((await del(owner, `/api/v1/lists/${l.id}/members`, { ids: [ada.id] })).json()).toEqual({ removed: 1 });
    expect((await del(owner, `/api/v1/lists/${l.id}/members`, { ids: [ada.id] })).json()).toEqual({ removed: 0 });
    // "all matching" removes only members matching: Bob and Cy are French, Dee stays
    expect((await del(owner, `/api/v1/lists/${l.id}/members`, { filter: france })).json()).toEqual({ removed: 2 });
    expect((await get(owner, `/api/v1/lists/${l.id}/members`)).json().data.map((c: { id: string }) => c.id)).toEqual([dee.id]);
    expect((await get(owner, `/api/v1/contacts/${bob.id}`)).statusCode).toBe(200);
    const timeline = (await get(owner, `/api/v1/contacts/${bob.id}/activity`)).json().data;
    expect(timeline[0]).toMatchObject({ type: 'removed_from_list', data: { listName: 'Cleanup' } });
  });

  it("a contact's lists, and deleting a contact leaves its lists", async () => {
    const { owner, ada, bob } = await people();
    const a = await list(owner, 'A');
    const b = await list(owner, 'B');
    await post(owner, `/api/v1/lists/${a.id}/members`, { ids: [ada.id, bob.id] });
    await post(owner, `/api/v1/lists/${b.id}/members`, { ids: [ada.id] });
    const lists = (await get(owner, `/api/v1/contacts/${ada.id}/lists`)).json().data;
    expect(lists.map((l: { name: string }) => l.name).sort()).toEqual(['A', 'B']);
    expect(lists[0]).toMatchObject({ id: expect.any(String), addedAt: expect.any(String) });
    expect((await del(owner, `/api/v1/contacts/${bob.id}`)).statusCode).toBe(204);
    expect((await get(owner, `/api/v1/lists/${a.id}`)).json().memberCount).toBe(1);
    // a bulk delete of contacts and a list's deletion take their memberships along
    const bulk = await post(owner, '/api/v1/contacts/bulk/delete', { selection: { ids: [ada.id] } });
    expect(bulk.json()).toEqual({ affected: 1, skipped: 0 });
    expect((await get(owner, `/api/v1/lists/${b.id}`)).json().memberCount).toBe(0);
    const c = await contact(owner, { email: 'cy2@example.test' });
    await post(owner, `/api/v1/lists/${b.id}/members`, { ids: [c.id] });
    expect((await del(owner, `/api/v1/lists/${b.id}`)).statusCode).toBe(204);
    const left = await t.db.pool.query('select count(*)::int as n from list_contacts where list_id = any($1::uuid[])', [[a.id, b.id]]);
    expect(left.rows[0].n).toBe(0);
  });

  it("merging two contacts keeps the merged one's lists on the kept contact, once each", async () => {
    const { owner, ada, bob } = await people();
    const a = await list(owner, 'Both in it');
    const b = await list(owner, 'Only Bob');
    await post(owner, `/api/v1/lists/${a.id}/members`, { ids: [ada.id, bob.id] });
    await post(owner, `/api/v1/lists/${b.id}/members`, { ids: [bob.id] });
    const merged = await post(owner, '/api/v1/contacts/merge', { keepId: ada.id, mergeId: bob.id });
    expect(merged.statusCode, merged.body).toBe(200);
    const lists = (await get(owner, `/api/v1/contacts/${ada.id}/lists`)).json().data;
    expect(lists.map((l: { name: string }) => l.name).sort()).toEqual(['Both in it', 'Only Bob']);
    expect((await get(owner, `/api/v1/lists/${a.id}`)).json().memberCount).toBe(1);
    expect((await get(owner, `/api/v1/lists/${b.id}`)).json().memberCount).toBe(1);
  });

  it('lists of companies take companies, by ids and by filter', async () => {
    const owner = await signUp(t.app);
    const acme = (await post(owner, '/api/v1/companies', { name: 'Acme', country: 'France' })).json();
    const globex = (await post(owner, '/api/v1/companies', { name: 'Globex', country: 'Spain' })).json();
    const c = await contact(owner, { email: 'someone@acme.test' });
    const l = await list(owner, 'Accounts', 'companies');
    expect((await post(owner, `/api/v1/lists/${l.id}/members`, { ids: [acme.id, c.id] })).json()).toEqual({ added: 1, alreadyPresent: 0 });
    expect((await post(owner, `/api/v1/lists/${l.id}/members`, { filter: null })).json()).toEqual({ added: 1, alreadyPresent: 1 });
    const page = (await get(owner, `/api/v1/lists/${l.id}/members?sort=name`)).json();
    expect(page.data.map((x: { name: string }) => x.name)).toEqual(['Acme', 'Globex']);
    expect((await get(owner, `/api/v1/companies/${globex.id}/lists`)).json().data.map((x: { name: string }) => x.name)).toEqual(['Accounts']);
    const rows = parseCsv(await get(owner, `/api/v1/lists/${l.id}/export?columns=name,country&sort=name`));
    expect(rows).toEqual([
      ['Name', 'Country'],
      ['Acme', 'France'],
      ['Globex', 'Spain'],
    ]);
  });

  it('validates the body', async () => {
    const { owner } = await people();
    const l = await list(owner, 'V');
    expectProblem(await post(owner, `/api/v1/lists/${l.id}/members`, { ids: [] }), 400);
    expectProblem(await post(owner, `/api/v1/lists/${l.id}/members`, { ids: ['nope'] }), 400);
    expectProblem(await post(owner, `/api/v1/lists/${l.id}/members`, {}), 400);
    expectProblem(await post(owner, `/api/v1/lists/${l.id}/members`, { filter: { and: [{ field: 'country', op: 'sounds like', value: 'x' }] } }), 400);
  });
});

describe('inside another use case (addRecordsIn, moveMembershipsIn)', () => {
  it("adds the workspace's records of the list's entity in the caller's unit of work, with timeline entries, and rolls back with it", async () => {
    const { owner, ada, bob } = await people();
    const l = await list(owner, 'Revealed');
    const stranger = await signUp(t.app);
    const theirs = await contact(stranger, { email: 'x@theirs.test' });
    const company = (await post(owner, '/api/v1/companies', { name: 'Initech' })).json();
    const ctx = { workspaceId: owner.me.workspace.id, memberId: owner.me.member.id };
    const { uow, lists } = t.container;

    // a use case that fails after adding: nothing stays
    const failed = uow.tenant(ctx, async (tx) => {
      await lists.addRecordsIn(tx, ctx, l.id, [ada.id]);
      throw new Error('injected: the reveal fails after the add');
    });
    await expect(failed).rejects.toThrow('injected');
    expect((await get(owner, `/api/v1/lists/${l.id}`)).json().memberCount).toBe(0);

    // another workspace's contact and a company select nothing; a repeat is counted, never doubled
    const res = await uow.tenant(ctx, (tx) => lists.addRecordsIn(tx, ctx, l.id, [ada.id, bob.id, theirs.id, company.id]));
    expect(res).toEqual({ added: 2, alreadyPresent: 0 });
    expect(await uow.tenant(ctx, (tx) => lists.addRecordsIn(tx, ctx, l.id, [ada.id]))).toEqual({ added: 0, alreadyPresent: 1 });
    expect((await get(owner, `/api/v1/lists/${l.id}`)).json().memberCount).toBe(2);
    const timeline = (await get(owner, `/api/v1/contacts/${ada.id}/activity`)).json().data;
    expect(timeline.filter((e: { type: string }) => e.type === 'added_to_list')).toHaveLength(1);

    // another workspace's list is not found
    const theirList = await list(stranger, 'Theirs');
    await expect(uow.tenant(ctx, (tx) => lists.addRecordsIn(tx, ctx, theirList.id, [ada.id]))).rejects.toMatchObject({ status: 404 });
  });
});

describe('export and suppression', () => {
  it("exports the list's members, leaving suppressed contacts out unless asked; the count says how many", async () => {
    const { owner, ada, bob, cy } = await people();
    const l = await list(owner, 'Outreach');
    await post(owner, `/api/v1/lists/${l.id}/members`, { ids: [ada.id, bob.id, cy.id] });
    await post(owner, '/api/v1/suppressions', { entries: [{ value: 'acme.test', reason: 'customer' }] });

    const members = (await get(owner, `/api/v1/lists/${l.id}/members?sort=firstName`)).json().data;
    expect(members.map((c: { suppressed: boolean }) => c.suppressed)).toEqual([true, true, false]);
    const onlySuppressed = (await get(owner, `/api/v1/lists/${l.id}/members?filter=${filterParam({ and: [{ field: 'suppressed', op: 'is', value: true }] })}`)).json();
    expect(onlySuppressed.data.map((c: { id: string }) => c.id).sort()).toEqual([ada.id, bob.id].sort());

    const res = await get(owner, `/api/v1/lists/${l.id}/export?columns=email&sort=email`);
    expect(parseCsv(res)).toEqual([['Email'], ['cy@globex.test']]);
    // what the export dialog shows: how many it leaves out
    const left = await get(owner, `/api/v1/lists/${l.id}/members/count?filter=${filterParam({ and: [{ field: 'suppressed', op: 'is', value: true }] })}`);
    expect(left.json()).toEqual({ total: 2 });
    const all = await get(owner, `/api/v1/lists/${l.id}/export?columns=email&sort=email&includeSuppressed=true`);
    expect(parseCsv(all)).toEqual([['Email'], ['ada@acme.test'], ['bob@sales.acme.test'], ['cy@globex.test']]);
  });
});

describe('roles', () => {
  it("members edit any list and its members, but delete only their own lists; admins delete any", async () => {
    const { owner, ada } = await people();
    const member = await signUp(t.app, { name: 'Mia Member' });
    const m = await joinAsMember(t.db, owner, member, 'member');
    const admin = await signUp(t.app, { name: 'Adam Admin' });
    await joinAsMember(t.db, owner, admin, 'admin');

    const owners = await list(owner, "Owner's list");
    expect((await member.request({ method: 'PATCH', url: `/api/v1/lists/${owners.id}`, payload: { description: 'edited by Mia' } })).statusCode).toBe(200);
    expect((await post(member, `/api/v1/lists/${owners.id}/members`, { ids: [ada.id] })).json()).toEqual({ added: 1, alreadyPresent: 0 });
    expectProblem(await del(member, `/api/v1/lists/${owners.id}`), 403, 'forbidden');
    expectProblem(await member.request({ method: 'PATCH', url: `/api/v1/lists/${owners.id}`, payload: { ownerId: m.memberId } }), 403);
    expect((await get(owner, `/api/v1/lists/${owners.id}`)).statusCode).toBe(200);

    const mine = await list(member, "Mia's list");
    expect(mine.ownerId).toBe(m.memberId);
    expect((await del(member, `/api/v1/lists/${mine.id}`)).statusCode).toBe(204);
    expect((await del(admin, `/api/v1/lists/${owners.id}`)).statusCode).toBe(204);
  });
});

describe('another workspace', () => {
  it('answers 404 for every list route with an id, and never adds its records', async () => {
    const { owner, ada } = await people();
    const l = await list(owner, 'Private');
    await post(owner, `/api/v1/lists/${l.id}/members`, { ids: [ada.id] });
    const stranger = await signUp(t.app);
    const theirs = await contact(stranger, { email: 'x@stranger.test' });
    const theirList = await list(stranger, 'Theirs');

    const calls: [string, string, unknown?][] = [
      ['GET', `/api/v1/lists/${l.id}`],
      ['PATCH', `/api/v1/lists/${l.id}`, { name: 'Hacked' }],
      ['DELETE', `/api/v1/lists/${l.id}`],
      ['GET', `/api/v1/lists/${l.id}/members`],
      ['GET', `/api/v1/lists/${l.id}/members/count`],
      ['POST', `/api/v1/lists/${l.id}/members`, { ids: [theirs.id] }],
      ['DELETE', `/api/v1/lists/${l.id}/members`, { ids: [ada.id] }],
      ['GET', `/api/v1/lists/${l.id}/export`],
      ['GET', `/api/v1/contacts/${ada.id}/lists`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await stranger.request({ method: method as 'GET', url, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
      expectProblem(res, 404, 'not_found');
    }
    // the owner's contact can't be put in the stranger's list
    expect((await post(stranger, `/api/v1/lists/${theirList.id}/members`, { ids: [ada.id] })).json()).toEqual({ added: 0, alreadyPresent: 0 });
    expect((await get(owner, `/api/v1/lists/${l.id}`)).json()).toMatchObject({ name: 'Private', memberCount: 1 });
    expect((await get(stranger, '/api/v1/lists')).json().data.map((x: { id: string }) => x.id)).toEqual([theirList.id]);
  });
});
