import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createDb, type Db } from '../src/db/client.js';
import { createUnitOfWork, type UnitOfWork } from '../src/core/unit-of-work.js';
import { unitCheckPlugin, UNIT_EXCEPTIONS } from '../src/plugins/unit-check.plugin.js';
import { createTestApp, signUp, type TestContext } from './helpers.js';

// Issue 25, decision 0039: a request-level use case opens one unit of work. The test app counts
// the units each request opens (core/unit-tally.ts) and fails a request that opens more than its
// route's documented count, or one unit inside another; these tests hold the check itself, and
// the use cases made one unit (notes, timeline, a record's lists: their guard moved inside).
describe('one unit of work per request (plugins/unit-check.plugin.ts)', () => {
  let db: Db;
  let uow: UnitOfWork;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = createDb(inject('databaseUrl'), { max: 3 });
    uow = createUnitOfWork(db);
    app = Fastify();
    await app.register(unitCheckPlugin, { exceptions: { 'GET /excepted': { units: 2, kind: 'deliberate', reason: 'a test' } } });
    const one = () => uow.admin(async (tx) => tx.execute('select 1'));
    app.get('/one', async () => (await one(), { ok: true }));
    app.get('/two', async () => (await one(), await one(), { ok: true }));
    app.get('/excepted', async () => (await one(), await one(), { ok: true }));
    app.get('/nested', async () => (await uow.admin(async () => one()), { ok: true }));
    app.get('/read-then-write', async () => (await uow.read({ workspaceId: '' }, async () => null), await one(), { ok: true }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('passes one unit and a documented exception; fails a second unit, a unit inside another, a read before a write', async () => {
    expect((await app.inject('/one')).statusCode).toBe(200);
    expect((await app.inject('/excepted')).statusCode).toBe(200);
    for (const url of ['/two', '/nested', '/read-then-write']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(500);
    }
  });

  it('lists each exception with its count and reason', () => {
    for (const [route, e] of Object.entries(UNIT_EXCEPTIONS)) {
      expect(route).toMatch(/^(GET|POST|PATCH|PUT|DELETE) \/api\/v1\//);
      expect(e.units, route).toBeGreaterThan(1);
      expect(e.reason.length, route).toBeGreaterThan(10);
    }
  });
});

describe('use cases made one unit of work (issue 25)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("notes, a record's timeline and its lists check the record inside their one unit (404 for another workspace's)", async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    for (const entity of ['contacts', 'companies'] as const) {
      const body = entity === 'contacts' ? { email: `one-unit-${Date.now()}@example.com` } : { name: 'One Unit Inc' };
      const rec = (await owner.request({ method: 'POST', url: `/api/v1/${entity}`, payload: body })).json() as { id: string };
      const note = await owner.request({ method: 'POST', url: `/api/v1/${entity}/${rec.id}/notes`, payload: { body: 'first' } });
      expect(note.statusCode, note.body).toBe(201);
      const noteId = (note.json() as { id: string }).id;
      const urls = [`/api/v1/${entity}/${rec.id}/notes`, `/api/v1/${entity}/${rec.id}/activity`, `/api/v1/${entity}/${rec.id}/lists`];
      for (const url of urls) expect((await owner.request({ method: 'GET', url })).statusCode, url).toBe(200);
      const edited = await owner.request({ method: 'PATCH', url: `/api/v1/${entity}/${rec.id}/notes/${noteId}`, payload: { body: 'second' } });
      expect(edited.statusCode, edited.body).toBe(200);
      // another workspace's record is not found, whichever satellite is asked for
      for (const url of urls) expect((await stranger.request({ method: 'GET', url })).statusCode, url).toBe(404);
      const foreign = await stranger.request({ method: 'POST', url: `/api/v1/${entity}/${rec.id}/notes`, payload: { body: 'x' } });
      expect(foreign.statusCode).toBe(404);
      expect((await owner.request({ method: 'DELETE', url: `/api/v1/${entity}/${rec.id}/notes/${noteId}` })).statusCode).toBe(204);
    }
  });
});
