import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DuplicatesMergeResult, DuplicatesPage } from '@leadtrail/contracts';
import { createTestApp, signUp, type TestContext } from '../../../../test/helpers.js';
import { addTeammate } from '../../../../test/team-helpers.js';
import { expectProblem } from '../../../../test/records-kit.js';

/**
 * Issue 26 (decision 0037): the duplicates view of contacts — detection by each key (and not of
 * different people, nor across workspaces), the bulk merge with its preview, its undo restoring
 * records, notes, timeline and list memberships exactly, once, and the members' limits.
 */
let t: TestContext;
let a: Awaited<ReturnType<typeof signUp>>;
let b: Awaited<ReturnType<typeof signUp>>;
type Requester = typeof a.request;

async function call(who: Requester, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, status = 200) {
  const res = await who({ method, url, payload: payload as Record<string, unknown> | undefined });
  expect(res.statusCode, res.body).toBe(status);
  return res.body ? res.json() : null;
}
const make = async (who: Requester, body: Record<string, unknown>) => (await call(who, 'POST', '/api/v1/contacts', body, 201)).id as string;
const duplicates = (who: Requester, qs = '') => call(who, 'GET', `/api/v1/contacts/duplicates${qs}`) as Promise<DuplicatesPage>;
const merge = (who: Requester, pairs: { keepId: string; mergeId: string }[], dryRun = false) =>
  call(who, 'POST', '/api/v1/contacts/duplicates/merge', { pairs, dryRun }) as Promise<DuplicatesMergeResult>;
const key = (x: string, y: string) => [x, y].sort().join('+');
const pairKeys = (p: DuplicatesPage) => p.data.map((d) => key(d.keep.id, d.merge.id));

/** Everything a contact is: the record, its notes, timeline and lists, as the API shows them. */
async function whole(who: Requester, id: string) {
  const [rec, notes, activity, lists] = await Promise.all(
    ['', '/notes', '/activity?limit=100', '/lists'].map((s) => call(who, 'GET', `/api/v1/contacts/${id}${s}`)),
  );
  return { rec, notes, activity, lists };
}

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  a = await signUp(t.app, { companyName: 'Dupes A', name: 'Olga Owner' });
  b = await signUp(t.app, { companyName: 'Dupes B' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('contacts duplicates', () => {
  const ids: Record<string, string> = {};
  let acme = '';

  it('finds pairs by name at the same company, by phone and by LinkedIn URL, most certain first; not different people, not another workspace', async () => {
    acme = (await call(a.request, 'POST', '/api/v1/companies', { name: 'Acme', domain: 'acme.example' }, 201)).id;
    const beta = (await call(a.request, 'POST', '/api/v1/companies', { name: 'Beta', domain: 'beta.example' }, 201)).id;
    ids.ann1 = await make(a.request, { firstName: 'Ann', lastName: 'Lee', companyId: acme, email: 'ann@acme.example', city: 'Paris' });
    ids.ann2 = await make(a.request, { firstName: ' ann ', lastName: 'LEE', companyId: acme, jobTitle: 'CTO' });
    ids.bob = await make(a.request, { firstName: 'Bob', lastName: 'Lee', companyId: acme });
    ids.annBeta = await make(a.request, { firstName: 'Ann', lastName: 'Lee', companyId: beta });
    ids.pat1 = await make(a.request, { firstName: 'Pat', workPhone: '+33 1 23 45 67 89' });
    ids.pat2 = await make(a.request, { firstName: 'Patricia', mobilePhone: '+33123456789' });
    ids.lou1 = await make(a.request, { firstName: 'Lou', linkedinUrl: 'https://www.linkedin.com/in/lou-x', otherPhone: '+442079460000' });
    ids.lou2 = await make(a.request, { firstName: 'Louis', linkedinUrl: 'https://www.linkedin.com/in/lou-x', workPhone: '+442079460000' });
    // a switchboard number shared by six people flags nobody
    for (let i = 0; i < 6; i++) await make(a.request, { firstName: `Desk${i}`, workPhone: '+12025550100' });
    // workspace B holds the same person and URL: never paired with A's
    await make(b.request, { firstName: 'Lou', linkedinUrl: 'https://www.linkedin.com/in/lou-x' });

    const page = await duplicates(a.request);
    expect(page.total).toBe(3);
    expect(pairKeys(page)[0]).toBe(key(ids.lou1!, ids.lou2!));
    expect(new Set(pairKeys(page))).toEqual(new Set([key(ids.lou1!, ids.lou2!), key(ids.ann1!, ids.ann2!), key(ids.pat1!, ids.pat2!)]));
    const byKey = new Map(page.data.map((d) => [key(d.keep.id, d.merge.id), d]));
    expect(byKey.get(key(ids.lou1!, ids.lou2!))).toMatchObject({ reasons: ['same_linkedin', 'same_phone'], score: 5 });
    expect(byKey.get(key(ids.ann1!, ids.ann2!))).toMatchObject({ reasons: ['same_name_and_company'], score: 2 });
    expect(byKey.get(key(ids.pat1!, ids.pat2!))).toMatchObject({ reasons: ['same_phone'], score: 2 });
    // the more complete one is the suggested keeper
    expect(byKey.get(key(ids.ann1!, ids.ann2!))!.keep).toMatchObject({ id: ids.ann1, companyName: 'Acme', email: 'ann@acme.example' });

    // paging: most certain first, then a cursor to the rest
    const first = await duplicates(a.request, '?limit=1');
    expect(pairKeys(first)).toEqual([key(ids.lou1!, ids.lou2!)]);
    const rest = await duplicates(a.request, `?limit=5&cursor=${first.nextCursor}`);
    expect(rest.nextCursor).toBeNull();
    expect(new Set(pairKeys(rest))).toEqual(new Set([key(ids.ann1!, ids.ann2!), key(ids.pat1!, ids.pat2!)]));
    expectProblem(await a.request({ method: 'GET', url: '/api/v1/contacts/duplicates?cursor=bogus' }), 400);

    const other = await duplicates(b.request);
    expect(other).toEqual({ data: [], nextCursor: null, total: 0 });

    // "not duplicates": the pair leaves the view (another workspace's ids answer 404)
    expectProblem(await b.request({ method: 'POST', url: '/api/v1/contacts/duplicates/dismiss', payload: { contactIds: [ids.pat1, ids.pat2] } }), 404);
    await call(a.request, 'POST', '/api/v1/contacts/duplicates/dismiss', { contactIds: [ids.pat2, ids.pat1] }, 204);
    expect(new Set(pairKeys(await duplicates(a.request)))).toEqual(new Set([key(ids.lou1!, ids.lou2!), key(ids.ann1!, ids.ann2!)]));
  });

  it('merges pairs in bulk after a preview, and the undo restores records, notes, timeline and lists exactly, once', async () => {
    const pairs = [
      { keepId: ids.ann1!, mergeId: ids.ann2! },
      { keepId: ids.lou1!, mergeId: ids.lou2! },
    ];
    // notes and list memberships on both sides: one list holds only the merged contact, one both
    await call(a.request, 'POST', `/api/v1/contacts/${ids.ann2}/notes`, { body: 'Met at the fair' }, 201);
    await call(a.request, 'POST', `/api/v1/contacts/${ids.ann1}/notes`, { body: 'Keeper note' }, 201);
    const only = (await call(a.request, 'POST', '/api/v1/lists', { name: 'Only merged', entity: 'contacts' }, 201)).id;
    const both = (await call(a.request, 'POST', '/api/v1/lists', { name: 'Both', entity: 'contacts' }, 201)).id;
    await call(a.request, 'POST', `/api/v1/lists/${only}/members`, { ids: [ids.ann2, ids.lou2] });
    await call(a.request, 'POST', `/api/v1/lists/${both}/members`, { ids: [ids.ann1, ids.ann2] });
    await call(a.request, 'POST', '/api/v1/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['contact.created', 'contact.updated'] }, 201);
    const involved = [ids.ann1!, ids.ann2!, ids.lou1!, ids.lou2!];
    const before = await Promise.all(involved.map((id) => whole(a.request, id)));

    // the preview: what the keepers would hold (blanks filled from the other), nothing changed
    const preview = await merge(a.request, pairs, true);
    expect(preview).toMatchObject({ id: null, dryRun: true, merged: 2, skipped: 0 });
    expect(preview.items[0]).toMatchObject({ mergeId: ids.ann2, before: { jobTitle: null }, after: { id: ids.ann1, jobTitle: 'CTO', email: 'ann@acme.example' } });
    expect(await Promise.all(involved.map((id) => whole(a.request, id)))).toEqual(before);

    // another workspace's ids are skipped, not merged
    const foreign = await merge(b.request, pairs);
    expect(foreign).toMatchObject({ id: null, merged: 0, skipped: 2 });
    expect(await Promise.all(involved.map((id) => whole(a.request, id)))).toEqual(before);

    const done = await merge(a.request, pairs);
    expect(done).toMatchObject({ dryRun: false, merged: 2, skipped: 0 });
    expectProblem(await a.request({ method: 'GET', url: `/api/v1/contacts/${ids.ann2}` }), 404);
    const kept = await whole(a.request, ids.ann1!);
    expect(kept.rec).toMatchObject({ jobTitle: 'CTO', city: 'Paris' });
    expect(kept.notes.data.map((n: { body: string }) => n.body).sort()).toEqual(['Keeper note', 'Met at the fair']);
    expect(kept.lists.data.map((l: { id: string }) => l.id).sort()).toEqual([only, both].sort());
    expect((await duplicates(a.request)).total).toBe(0);
    const history = await call(a.request, 'GET', '/api/v1/contacts/duplicates/merges');
    expect(history.data[0]).toMatchObject({ id: done.id, merged: 2, undoneAt: null });

    // another workspace can't see or undo it
    expectProblem(await b.request({ method: 'POST', url: `/api/v1/contacts/duplicates/merges/${done.id}/undo` }), 404);

    const undone = await call(a.request, 'POST', `/api/v1/contacts/duplicates/merges/${done.id}/undo`);
    expect(undone).toEqual({ restored: 2 });
    // webhooks hear that the merged contacts are back (the merge told them they were deleted)
    const events = await t.db.pool.query<{ id: string }>(
      `select payload->>'id' as id from webhook_events where workspace_id = $1 and type = 'contact.created' and payload->>'restoredFrom' = $2`,
      [a.me.workspace.id, done.id],
    );
    expect(events.rows.map((r) => r.id).sort()).toEqual([ids.ann2!, ids.lou2!].sort());
    expect(await Promise.all(involved.map((id) => whole(a.request, id)))).toEqual(before);
    expect((await duplicates(a.request)).total).toBe(2);
    expectProblem(await a.request({ method: 'POST', url: `/api/v1/contacts/duplicates/merges/${done.id}/undo` }), 409);
  });

  it("a member's bulk merge merges their own pairs and skips the others, counted; only the author or an admin undoes", async () => {
    const member = await addTeammate(t, a.request, 'member', 'Max Member');
    const mine1 = await make(member.request, { firstName: 'Mo', linkedinUrl: 'https://www.linkedin.com/in/mo-m' });
    const mine2 = await make(member.request, { firstName: 'Mo', linkedinUrl: 'https://www.linkedin.com/in/mo-m', city: 'Rome' });
    const result = await merge(member.request, [
      { keepId: ids.ann1!, mergeId: ids.ann2! },
      { keepId: mine2, mergeId: mine1 },
    ]);
    expect(result).toMatchObject({ merged: 1, skipped: 1, skippedPairs: [{ keepId: ids.ann1, mergeId: ids.ann2 }] });
    expect((await call(a.request, 'GET', `/api/v1/contacts/${ids.ann2}`)).id).toBe(ids.ann2);
    expectProblem(await a.request({ method: 'GET', url: `/api/v1/contacts/${mine1}` }), 404);

    // the owner merges a pair; the member may not undo it, the owner may undo the member's
    const owners = await merge(a.request, [{ keepId: ids.ann1!, mergeId: ids.ann2! }]);
    expectProblem(await member.request({ method: 'POST', url: `/api/v1/contacts/duplicates/merges/${owners.id}/undo` }), 403, 'forbidden');
    expect(await call(a.request, 'POST', `/api/v1/contacts/duplicates/merges/${result.id}/undo`)).toEqual({ restored: 1 });
    expect((await call(member.request, 'GET', `/api/v1/contacts/${mine1}`)).firstName).toBe('Mo');
  });

  it("refuses an undo that can't restore a contact (its email taken since), changing nothing, until it can", async () => {
    const url = 'https://www.linkedin.com/in/zoe-z';
    const zoe1 = await make(a.request, { firstName: 'Zoe', email: 'zoe1@dupes.example', linkedinUrl: url });
    const zoe2 = await make(a.request, { firstName: 'Zoe', email: 'zoe2@dupes.example', linkedinUrl: url, city: 'Oslo' });
    const done = await merge(a.request, [{ keepId: zoe1, mergeId: zoe2 }]);
    const kept = await whole(a.request, zoe1);
    const blocker = await make(a.request, { firstName: 'Other', email: 'zoe2@dupes.example' });
    const refused = await a.request({ method: 'POST', url: `/api/v1/contacts/duplicates/merges/${done.id}/undo` });
    expectProblem(refused, 409, 'conflict');
    expect(refused.json().detail).toContain('zoe2@dupes.example');
    expect(await whole(a.request, zoe1)).toEqual(kept);
    await call(a.request, 'DELETE', `/api/v1/contacts/${blocker}`, undefined, 204);
    expect(await call(a.request, 'POST', `/api/v1/contacts/duplicates/merges/${done.id}/undo`)).toEqual({ restored: 1 });
    expect((await call(a.request, 'GET', `/api/v1/contacts/${zoe2}`)).city).toBe('Oslo');
  });
});
