import net from 'node:net';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/client.js';

/**
 * A TCP relay in front of the test database that can be cut and restored, so one app sees
 * its database go away and come back (issue 16: "when PostgreSQL goes away the app keeps
 * running, answers 503 on /readyz and API calls, reconnects when it comes back").
 */
async function relayTo(target: URL) {
  const sockets = new Set<net.Socket>();
  let up = true;
  const server = net.createServer((client) => {
    if (!up) return client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    /** Every open connection is cut and new ones are refused, as when the database goes away. */
    cut() {
      up = false;
      for (const s of sockets) s.destroy();
    },
    restore() {
      up = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('readiness follows the database', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const f of cleanup.reverse()) await f().catch(() => undefined);
  });

  it('answers 503 on /readyz and on the API while the database is away, and 200 again once it is back', async () => {
    const target = new URL(inject('databaseUrl'));
    const relay = await relayTo(target);
    cleanup.push(relay.close);
    const url = new URL(target);
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    const db = createDb(url.toString(), { max: 2, acquireTimeoutMs: 2_000 });
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
