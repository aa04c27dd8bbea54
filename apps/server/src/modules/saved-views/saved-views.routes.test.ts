import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedView } from '@leadtrail/contracts';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { addTeammate } from '../../../test/team-helpers.js';

/** Saved grid views: private vs shared, only the creator changes one, checked filters, other workspaces' ids. */
let t: TestContext;
type Owner = Awaited<ReturnType<typeof signUp>>;
type Requester = Owner['request'];
let a: Owner;
let b: Owner;
let admin: Requester;
let member: Requester;

const france = { and: [{ field: 'country', op: 'is', value: 'France' }] };

async function create(who: Requester, payload: Record<string, unknown>) {
  const res = await who({ method: 'POST', url: '/api/v1/saved-views', payload: { grid: 'contacts', ...payload } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as SavedView;
}
async function list(who: Requester, grid = 'contacts') {
  const res = await who({ method: 'GET', url: `/api/v1/saved-views?grid=${grid}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: SavedView[] }).data;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await signUp(t.app, { companyName: 'Views A' });
  b = await signUp(t.app, { companyName: 'Views B' });
  admin = (await addTeammate(t, a.request, 'admin', 'Admin')).request;
  member = (await addTeammate(t, a.request, 'member', 'Member')).request;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('saved views', () => {
  it('saves a filter, sort and columns, lists it per grid, changes and deletes it', async () => {
    const v = await create(member, { name: 'French VPs', filter: france, sort: '-createdAt', columns: ['name', 'email', 'ownerId'], q: 'acme' });
    expect(v).toMatchObject({ grid: 'contacts', name: 'French VPs', filter: france, sort: '-createdAt', columns: ['name', 'email', 'ownerId'], q: 'acme', shared: false, mine: true });
    expect((await list(member)).map((x) => x.id)).toEqual([v.id]);
    expect(await list(member, 'companies')).toEqual([]);

    const patched = await member({ method: 'PATCH', url: `/api/v1/saved-views/${v.id}`, payload: { name: 'France', columns: ['name'], filter: null } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'France', columns: ['name'], filter: null, sort: '-createdAt' });

    const del = await member({ method: 'DELETE', url: `/api/v1/saved-views/${v.id}` });
    expect(del.statusCode).toBe(204);
    expect(await list(member)).toEqual([]);
  });

  it('shows a private view to its creator only and a shared one to the whole workspace', async () => {
    const priv = await create(member, { name: 'Mine', filter: france });
    const shared = await create(member, { name: 'Team', filter: france, shared: true });
    for (const other of [admin, a.request]) {
      const seen = await list(other);
      expect(seen.map((x) => x.id)).toContain(shared.id);
      expect(seen.map((x) => x.id)).not.toContain(priv.id);
      expect(seen.find((x) => x.id === shared.id)?.mine).toBe(false);
      const patch = await other({ method: 'PATCH', url: `/api/v1/saved-views/${priv.id}`, payload: { name: 'Taken' } });
      expect(patch.statusCode).toBe(404);
    }
  });

  it("lets nobody but its creator change or delete a shared view (not even an owner)", async () => {
    const shared = await create(admin, { name: 'Admin shares', filter: france, shared: true });
    for (const other of [member, a.request]) {
      const patch = await other({ method: 'PATCH', url: `/api/v1/saved-views/${shared.id}`, payload: { name: 'Hijacked' } });
      expect(patch.statusCode).toBe(403);
      const del = await other({ method: 'DELETE', url: `/api/v1/saved-views/${shared.id}` });
      expect(del.statusCode).toBe(403);
    }
    expect((await list(member)).find((x) => x.id === shared.id)?.name).toBe('Admin shares');
    // unshared by its creator: gone from the others' tabs
    const unshare = await admin({ method: 'PATCH', url: `/api/v1/saved-views/${shared.id}`, payload: { shared: false } });
    expect(unshare.statusCode).toBe(200);
    expect((await list(member)).map((x) => x.id)).not.toContain(shared.id);
  });

  it('refuses a duplicate name, a bad filter or sort, and an unknown grid', async () => {
    await create(admin, { name: 'Dup' });
    const dup = await admin({ method: 'POST', url: '/api/v1/saved-views', payload: { grid: 'contacts', name: 'dup' } });
    expect(dup.statusCode).toBe(409);
    // another grid may use the name
    await create(admin, { name: 'Dup', grid: 'companies' });
    const bad = [
      { grid: 'contacts', name: 'Bad filter', filter: { field: 'salary', op: 'is', value: 1 } },
      { grid: 'contacts', name: 'Bad sort', sort: 'salary' },
      { grid: 'prospects', name: 'Bad grid' },
      { grid: 'contacts', name: ' ' },
    ];
    for (const payload of bad) {
      const res = await admin({ method: 'POST', url: '/api/v1/saved-views', payload });
      expect(res.statusCode, payload.name).toBe(400);
    }
    expect((await list(admin)).map((x) => x.name)).not.toContain('Bad filter');
    expect((await list(admin)).filter((x) => x.name === 'Dup' || x.name === 'dup')).toHaveLength(1);
  });

  it("answers 404 for another workspace's view on every route", async () => {
    const v = await create(a.request, { name: 'A only', shared: true });
    const calls = [
      { method: 'PATCH' as const, url: `/api/v1/saved-views/${v.id}`, payload: { name: 'B' } },
      { method: 'DELETE' as const, url: `/api/v1/saved-views/${v.id}` },
    ];
    for (const call of calls) expect((await b.request(call)).statusCode).toBe(404);
    expect(await list(b.request)).toEqual([]);
    expect((await list(a.request)).find((x) => x.id === v.id)?.name).toBe('A only');
  });
});
