import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/client.js';
import { relayTo } from './db-relay.js';

// issue 16: "when PostgreSQL goes away the app keeps running, answers 503 on /readyz and
// API calls, reconnects when it comes back"; a real process through a 10 s outage is in
// database-outage.int.test.ts

describe('readiness follows the database', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const f of cleanup.reverse()) await f().catch(() => undefined);
  });

  it('answers 503 on /readyz and on the API while the database is away, and 200 again once it is back', async () => {
    const target = new URL(inject('databaseUrl'));
    const relay = await relayTo(target);
    cleanup.push(relay.close);
    const db = createDb(relay.through(target.toString()), { max: 2, acquireTimeoutMs: 2_000 });
    cleanup.push(() => db.close());
    const app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), { db });
    cleanup.push(() => app.close());
    await app.ready();
    const ready = () => app.inject({ method: 'GET', url: '/readyz' });

    expect((await ready()).json()).toEqual({ status: 'ready' });

    relay.cut();
    const down = await ready();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'database unreachable' });
    // the API answers a retryable 503 problem too (not a 500, not a hang)
    const api = await app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { origin: 'http://localhost:3000' }, payload: { email: 'nobody@test.example', password: 'irrelevant password' } });
    expect(api.statusCode, api.body).toBe(503);
    expect(api.json().code).toBe('service_unavailable');
    expect(api.headers['retry-after']).toBe('5');

    relay.restore();
    // the pool replaces the connections it lost: ready again without a restart
    let back = await ready();
    for (let i = 0; i < 20 && back.statusCode !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      back = await ready();
    }
    expect(back.json()).toEqual({ status: 'ready' });
  });

  it('answers 200 again after the database ends every connection (pg_terminate_backend)', async () => {
    const db = createDb(inject('databaseUrl'), { max: 2 });
    cleanup.push(() => db.close());
    const admin = createDb(inject('databaseUrl'), { max: 1 });
    cleanup.push(() => admin.close());
    const app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), { db });
    cleanup.push(() => app.close());
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    // the app's pooled connections are all this application's; the admin's is not terminated
    const pids = (await db.pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows.map((r) => r.pid);
    await admin.pool.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
    let res = await app.inject({ method: 'GET', url: '/readyz' });
    for (let i = 0; i < 20 && res.statusCode !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      res = await app.inject({ method: 'GET', url: '/readyz' });
    }
    expect(res.json()).toEqual({ status: 'ready' });
  });
});
