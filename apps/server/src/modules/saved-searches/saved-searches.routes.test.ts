import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProspectFacets, SavedSearch } from '@leadtrail/contracts';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { addTeammate } from '../../../test/team-helpers.js';
import { ensureTestProspects } from '../prospects/cli/prospects-fixture.js';
import { NEW_COUNT_LIMIT } from './saved-searches.service.js';

/**
 * Saved prospect searches: private and shared visibility, who may change them, another
 * workspace's ids, and "N new" against the prospect search's own totals (never hard-coded).
 */
let t: TestContext;
type Owner = Awaited<ReturnType<typeof signUp>>;
type Requester = Owner['request'];
let a: Owner;
let b: Owner;
let admin: Requester;
let member: Requester;

const founders = { filter: { field: 'seniority', op: 'is', value: 'founder' } };

beforeAll(async () => {
  t = await createTestApp();
  await ensureTestProspects(t.db.pool);
  a = await signUp(t.app, { companyName: 'Saved A' });
  b = await signUp(t.app, { companyName: 'Saved B' });
  admin = (await addTeammate(t, a.request, 'admin', 'Admin')).request;
  member = (await addTeammate(t, a.request, 'member', 'Member')).request;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function create(who: Requester, payload: Record<string, unknown>) {
  const res = await who({ method: 'POST', url: '/api/v1/saved-searches', payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as SavedSearch;
}
async function list(who: Requester) {
  const res = await who({ method: 'GET', url: '/api/v1/saved-searches' });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: SavedSearch[] }).data;
}
/** The prospect search's own total for a query (all scope). */
async function totalOf(who: Requester, query: { filter?: unknown }) {
  const qs = query.filter ? `?filter=${encodeURIComponent(JSON.stringify(query.filter))}` : '';
  const res = await who({ method: 'GET', url: `/api/v1/prospects/facets${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ProspectFacets).totals.all;
}

describe('saved searches', () => {
  it('creates, lists, renames and deletes a search of its creator', async () => {
    const s = await create(member, { name: 'Founders', query: founders });
    expect(s).toMatchObject({ name: 'Founders', shared: false, mine: true, newCount: 0, query: { scope: 'all', ...founders } });
    expect((await list(member)).map((x) => x.id)).toContain(s.id);

    const renamed = await member({ method: 'PATCH', url: `/api/v1/saved-searches/${s.id}`, payload: { name: 'Founders everywhere' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Founders everywhere', query: founders });

    const del = await member({ method: 'DELETE', url: `/api/v1/saved-searches/${s.id}` });
    expect(del.statusCode).toBe(204);
    expect((await list(member)).map((x) => x.id)).not.toContain(s.id);
  });

  it('refuses a second search of the same name (any case) for the same member, and bad input', async () => {
    await create(admin, { name: 'Dup', query: {} });
    const again = await admin({ method: 'POST', url: '/api/v1/saved-searches', payload: { name: 'dup', query: {} } });
    expect(again.statusCode).toBe(409);
    // another member may use the name
    await create(member, { name: 'Dup', query: {} });
    const empty = await admin({ method: 'POST', url: '/api/v1/saved-searches', payload: { name: '  ', query: {} } });
    expect(empty.statusCode).toBe(400);
    const badFilter = await admin({ method: 'POST', url: '/api/v1/saved-searches', payload: { name: 'Bad', query: { filter: { field: 'salary', op: 'is', value: 1 } } } });
    expect(badFilter.statusCode).toBe(400);
    expect((await list(admin)).map((x) => x.name)).not.toContain('Bad');
  });

  it('shows a private search to its creator only, a shared one to the whole workspace', async () => {
    const priv = await create(member, { name: 'Private one', query: founders });
    const shared = await create(member, { name: 'Shared one', query: founders, shared: true });
    for (const other of [admin, a.request]) {
      const ids = (await list(other)).map((x) => x.id);
      expect(ids).toContain(shared.id);
      expect(ids).not.toContain(priv.id);
      const open = await other({ method: 'POST', url: `/api/v1/saved-searches/${priv.id}/open` });
      expect(open.statusCode).toBe(404);
      const patch = await other({ method: 'PATCH', url: `/api/v1/saved-searches/${priv.id}`, payload: { name: 'Mine now' } });
      expect(patch.statusCode).toBe(404);
    }
    expect((await list(admin)).find((x) => x.id === shared.id)?.mine).toBe(false);
  });

  it('lets only the creator, or an owner or admin for a shared search, change or delete it', async () => {
    // a member can't change an admin's shared search
    const byAdminShared = await create(admin, { name: 'Team founders', query: founders, shared: true });
    const byMember = await member({ method: 'PATCH', url: `/api/v1/saved-searches/${byAdminShared.id}`, payload: { name: 'Hijacked' } });
    expect(byMember.statusCode).toBe(403);
    const delByMember = await member({ method: 'DELETE', url: `/api/v1/saved-searches/${byAdminShared.id}` });
    expect(delByMember.statusCode).toBe(403);
    expect((await list(admin)).find((x) => x.id === byAdminShared.id)?.name).toBe('Team founders');
    // but may open it
    const opened = await member({ method: 'POST', url: `/api/v1/saved-searches/${byAdminShared.id}/open` });
    expect(opened.statusCode).toBe(200);

    // an admin and the owner may change and delete a member's shared search
    const shared = await create(member, { name: 'Member shares', query: founders, shared: true });
    const byAdmin = await admin({ method: 'PATCH', url: `/api/v1/saved-searches/${shared.id}`, payload: { name: 'Renamed by admin' } });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await list(member)).find((x) => x.id === shared.id)?.name).toBe('Renamed by admin');
    const delByOwner = await a.request({ method: 'DELETE', url: `/api/v1/saved-searches/${shared.id}` });
    expect(delByOwner.statusCode).toBe(204);
    expect((await list(member)).map((x) => x.id)).not.toContain(shared.id);
  });

  it("answers 404 for another workspace's search on every route", async () => {
    const s = await create(a.request, { name: 'A only', query: founders, shared: true });
    const calls = [
      { method: 'PATCH' as const, url: `/api/v1/saved-searches/${s.id}`, payload: { name: 'B' } },
      { method: 'DELETE' as const, url: `/api/v1/saved-searches/${s.id}` },
      { method: 'POST' as const, url: `/api/v1/saved-searches/${s.id}/open` },
    ];
    for (const call of calls) expect((await b.request(call)).statusCode).toBe(404);
    expect((await list(b.request)).map((x) => x.id)).not.toContain(s.id);
    expect((await list(a.request)).find((x) => x.id === s.id)?.name).toBe('A only');
  });

  it('counts what the search finds beyond its total when last opened: 0 after open, more once the search grows', async () => {
    const s = await create(a.request, { name: 'Growing', query: founders });
    const narrow = await totalOf(a.request, founders);
    const broad = await totalOf(a.request, {});
    expect(broad).toBeGreaterThan(narrow);

    const opened = await a.request({ method: 'POST', url: `/api/v1/saved-searches/${s.id}/open` });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ newCount: 0 });
    expect((opened.json() as SavedSearch).lastOpenedAt).not.toBeNull();
    expect((await list(a.request)).find((x) => x.id === s.id)?.newCount).toBe(0);

    // broader without opening: everything beyond the founders is new
    const patched = await a.request({ method: 'PATCH', url: `/api/v1/saved-searches/${s.id}`, payload: { query: {} } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await list(a.request)).find((x) => x.id === s.id)?.newCount).toBe(broad - narrow);

    // narrower again: fewer than seen is never negative
    await a.request({ method: 'POST', url: `/api/v1/saved-searches/${s.id}/open` });
    await a.request({ method: 'PATCH', url: `/api/v1/saved-searches/${s.id}`, payload: { query: founders } });
    expect((await list(a.request)).find((x) => x.id === s.id)?.newCount).toBe(0);
  });

  it(`counts "N new" for the first ${NEW_COUNT_LIMIT} searches of the list only`, async () => {
    const c = await signUp(t.app, { companyName: 'Saved C' });
    const ids: string[] = [];
    for (let i = 0; i <= NEW_COUNT_LIMIT; i++) {
      const s = await create(c.request, { name: `Search ${i}`, query: founders });
      const widened = await c.request({ method: 'PATCH', url: `/api/v1/saved-searches/${s.id}`, payload: { query: {} } });
      expect(widened.statusCode, widened.body).toBe(200);
      ids.push(s.id);
    }
    const grown = (await totalOf(c.request, {})) - (await totalOf(c.request, founders));
    expect(grown).toBeGreaterThan(0);
    const listed = await list(c.request);
    expect(listed.map((s) => s.id)).toEqual(ids);
    expect(listed.map((s) => s.newCount)).toEqual([...Array<number>(NEW_COUNT_LIMIT).fill(grown), 0]);
  });
});
