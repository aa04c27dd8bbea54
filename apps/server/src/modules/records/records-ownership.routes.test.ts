import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { expectProblem, joinAsMember } from '../../../test/records-kit.js';

/**
 * Issue 16 finding 6: a member's own records are those they created or that an owner or admin
 * assigned to them. A member can't take (or hand out) others' records by setting the owner, by
 * PATCH, bulk assign or a merge's chosen values, and so can't delete or merge them away after.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const bodies = {
  contacts: (tag: string) => ({ firstName: tag, email: `${tag}@own.example` }),
  companies: (tag: string) => ({ name: tag, domain: `${tag}.own.example` }),
};

describe.each(['contacts', 'companies'] as const)('%s: members own what they created or were assigned', (entity) => {
  it('a member cannot set the owner of a record they do not own (PATCH, bulk assign, merge) and so cannot delete it', async () => {
    const owner = await signUp(t.app, { name: 'Olga Owner' });
    const member = await joinAsMember(t.db, owner, await signUp(t.app, { name: 'Max Member' }));
    const make = async (who: { request: typeof owner.request }, tag: string) => {
      const res = await who.request({ method: 'POST', url: `/api/v1/${entity}`, payload: bodies[entity](tag) });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string; ownerId: string };
    };
    const theirs = await make(owner, 'theirs');
    const mine = await make(member, 'mine');
    expect(mine.ownerId).toBe(member.memberId);
    const get = async (id: string) => (await owner.request({ method: 'GET', url: `/api/v1/${entity}/${id}` })).json();
    const before = await get(theirs.id);

    const patch = (payload: Record<string, unknown>) => member.request({ method: 'PATCH', url: `/api/v1/${entity}/${theirs.id}`, payload });
    expectProblem(await patch({ ownerId: member.memberId }), 403, 'forbidden');
    expectProblem(await patch({ ownerId: null }), 403, 'forbidden');
    expectProblem(await patch({ ownerId: member.memberId, city: 'Taken' }), 403, 'forbidden');
    const assign = (selection: unknown, ownerId: string | null) =>
      member.request({ method: 'POST', url: `/api/v1/${entity}/bulk/assign-owner`, payload: { selection, ownerId } });
    expectProblem(await assign({ ids: [theirs.id, mine.id] }, member.memberId), 403, 'forbidden');
    expectProblem(await assign({ matching: {} }, member.memberId), 403, 'forbidden');
    const merge = member.request({ method: 'POST', url: `/api/v1/${entity}/merge`, payload: { keepId: theirs.id, mergeId: mine.id, values: { ownerId: 'merge' } } });
    expectProblem(await merge, 403, 'forbidden');
    expect(await get(theirs.id)).toEqual(before);
    expect((await get(mine.id)).id).toBe(mine.id);
    expectProblem(await member.request({ method: 'DELETE', url: `/api/v1/${entity}/${theirs.id}` }), 403, 'forbidden');

    // other edits stay open to members, and the owner field of their own records too
    const edited = await patch({ city: 'Lyon' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ city: 'Lyon', ownerId: owner.me.member.id });
    expect((await assign({ ids: [mine.id] }, owner.me.member.id)).json()).toEqual({ affected: 1, skipped: 0 });
    // created by the member: still theirs to delete after handing it over
    expect((await member.request({ method: 'DELETE', url: `/api/v1/${entity}/${mine.id}` })).statusCode).toBe(204);

    // assigned by an owner: now the member's own
    const given = await owner.request({ method: 'PATCH', url: `/api/v1/${entity}/${theirs.id}`, payload: { ownerId: member.memberId } });
    expect(given.statusCode, given.body).toBe(200);
    expect((await patch({ ownerId: owner.me.member.id })).statusCode).toBe(200);
    expect((await owner.request({ method: 'POST', url: `/api/v1/${entity}/bulk/assign-owner`, payload: { selection: { ids: [theirs.id] }, ownerId: member.memberId } })).json()).toEqual({
      affected: 1,
      skipped: 0,
    });
    expect((await member.request({ method: 'DELETE', url: `/api/v1/${entity}/${theirs.id}` })).statusCode).toBe(204);
  });
});
