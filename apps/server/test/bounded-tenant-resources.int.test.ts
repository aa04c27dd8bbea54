import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import pg from 'pg';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, ORIGIN, signUp, STRONG_PASSWORD, type TestContext } from './helpers.js';
import { filterParam } from './records-kit.js';

/**
 * Issue 27, finding 2: one member's flood of heavy requests must not starve another workspace.
 * The flood is made deterministic without big data: its bulk updates wait on row locks this test
 * holds, so each one admitted keeps its connection for as long as the test wants (as a 30-second
 * statement would). Before: the flood took the whole pool and the other workspace's sign-in
 * waited for a connection until 503.
 */
let t: TestContext;
let a: Awaited<ReturnType<typeof signUp>>;
let b: Awaited<ReturnType<typeof signUp>>;
const aIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  a = await signUp(t.app, { companyName: 'Flooder' });
  b = await signUp(t.app, { companyName: 'Bystander' });
  for (const n of ['one', 'two', 'three']) {
    const res = await a.request({ method: 'POST', url: '/api/v1/contacts', payload: { firstName: n, email: `${n}@flood.example`, city: 'Lyon' } });
    aIds.push(res.json().id);
  }
  await b.request({ method: 'POST', url: '/api/v1/contacts', payload: { firstName: 'Bea', email: 'bea@calm.example', city: 'Oslo' } });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const timed = async (run: () => Promise<LightMyRequestResponse>) => {
  const started = performance.now();
  const res = await run();
  return { res, ms: performance.now() - started };
};

describe('bounded tenant resources', () => {
  it("keeps another workspace's sign-in, grid and create answering within 1 s while one member floods", async () => {
    const locker = new pg.Client({ connectionString: inject('databaseUrl') });
    await locker.connect();
    const flood: Promise<LightMyRequestResponse>[] = [];
    try {
      // the flooder's records are locked: each bulk update admitted waits, holding its connection
      await locker.query('begin');
      await locker.query('select id from contacts where workspace_id = $1 for update', [a.me.workspace.id]);
      const body = { selection: { ids: aIds }, field: 'city', value: 'Paris' };
      for (let i = 0; i < 8; i++) flood.push(a.request({ method: 'POST', url: '/api/v1/contacts/bulk-update', payload: body }));
      const waiting = async () =>
        (await locker.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)).rows[0]!.n;
      for (let tries = 0; (await waiting()) < 1; tries++) {
        if (tries > 200) throw new Error('no bulk update ever waited on the locks');
        await new Promise((done) => setTimeout(done, 20));
      }
      // heavy reads of the flooder while its slots are taken: refused at once, not queued
      const heavyFilter = filterParam({ or: Array.from({ length: 10 }, (_, i) => ({ field: 'city', op: 'contains', value: `x${i}` })) });
      const floodRead = await timed(() => a.request({ method: 'GET', url: `/api/v1/contacts/count?filter=${heavyFilter}` }));
      expect(floodRead.res.statusCode, floodRead.res.body).toBe(429);
      expect(floodRead.res.headers['retry-after']).toBe('2');
      expect(floodRead.ms).toBeLessThan(1000);

      // the other workspace: sign-in, a grid page, a filtered (heavy) grid page, a create
      const login = await timed(() =>
        t.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: ORIGIN, payload: { email: b.email, password: STRONG_PASSWORD } }),
      );
      const grid = await timed(() => b.request({ method: 'GET', url: '/api/v1/contacts?limit=50' }));
      const filtered = await timed(() => b.request({ method: 'GET', url: `/api/v1/contacts?limit=50&filter=${heavyFilter}` }));
      const create = await timed(() => b.request({ method: 'POST', url: '/api/v1/contacts', payload: { firstName: 'Cal', email: 'cal@calm.example' } }));
      for (const [name, r, status] of [['login', login, 200], ['grid', grid, 200], ['filtered grid', filtered, 200], ['create', create, 201]] as const) {
        expect(r.res.statusCode, `${name}: ${r.res.body}`).toBe(status);
        expect(r.ms, name).toBeLessThan(1000);
      }
      expect(grid.res.json().data.map((c: { firstName: string }) => c.firstName)).toEqual(['Bea']);
    } finally {
      await locker.query('rollback').catch(() => {});
      await locker.end();
    }
    // the flood: its workspace's share ran (once the locks went), the excess was refused with Retry-After
    const answers = await Promise.all(flood);
    const ran = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(ran.length + refused.length, answers.map((r) => r.body).join('\n')).toBe(8);
    expect(ran.length).toBeGreaterThanOrEqual(1);
    expect(ran.length).toBeLessThanOrEqual(t.container.heavyLimits.perWorkspace);
    for (const r of refused) {
      expect(r.headers['retry-after']).toBe('2');
      expect(r.json()).toMatchObject({ status: 429, code: 'workspace_busy' });
    }
  }, 30_000);
});
