import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { relayTo } from './db-relay.js';
import { outboxMail } from './helpers.js';
import { serverProcess } from './server-process.js';

/**
 * PostgreSQL away for 10 s under a real server process (web and workers), as the pen test
 * did (issue 27): the process stays up and answers 503 quickly throughout, then recovers on
 * its own, with no restart: the same session works and the job queue runs jobs again.
 */
const OUTAGE_MS = 10_000;

let relay: Awaited<ReturnType<typeof relayTo>>;
let server: Awaited<ReturnType<typeof serverProcess>>;
beforeAll(async () => {
  relay = await relayTo(new URL(inject('databaseUrl')));
  server = await serverProcess({ tmpPrefix: 'lt-outage-', connect: (url) => relay.through(url) });
  await server.start();
}, 120_000);
afterAll(async () => {
  relay?.restore();
  await server?.stop();
  await relay?.close();
});

/** A request that must answer within 5 s (a hang is a failure, not a wait). */
async function timed(method: string, url: string, body?: unknown) {
  const started = Date.now();
  const res = await Promise.race([
    server.api(method, url, body),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${method} ${url} hung`)), 5_000)),
  ]);
  return { ...res, ms: Date.now() - started };
}

describe('the database away for 10 s', () => {
  it('keeps the process up, answers 503 meanwhile, and recovers without a restart', async () => {
    const email = `outage-${Date.now()}@test.example`;
    const asked = await server.api('POST', '/api/v1/auth/register', {
      name: 'Outage Tester',
      email,
      password: 'correct horse battery staple',
      companyName: 'Outage Co',
    });
    expect(asked.status, asked.text).toBe(202);
    const token = (await outboxMail(server.databaseUrl, email)).match(/\/register\/confirm\/([\w-]+)/)![1];
    const reg = await server.api('POST', '/api/v1/auth/register/confirm', { token });
    expect(reg.status, reg.text).toBe(201);
    server.keepSession(reg);
    const pid = server.pid();
    expect(pid).toBeDefined();

    relay.cut();
    const until = Date.now() + OUTAGE_MS;
    const seen = new Set<string>();
    while (Date.now() < until) {
      const ready = await timed('GET', '/readyz');
      expect(ready.status, ready.text).toBe(503);
      const me = await timed('GET', '/api/v1/me');
      expect(me.status, me.text).toBe(503);
      expect(me.json().code).toBe('service_unavailable');
      seen.add(`${ready.status}/${me.status}`);
      expect(server.pid()).toBe(pid);
      await new Promise((r) => setTimeout(r, 500));
    }
    expect([...seen]).toEqual(['503/503']);
    relay.restore();

    // back within seconds, the same process
    let ready = await timed('GET', '/readyz');
    for (let i = 0; i < 100 && ready.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      ready = await timed('GET', '/readyz');
    }
    expect(ready.status, ready.text).toBe(200);
    expect(server.pid()).toBe(pid);
    const me = await timed('GET', '/api/v1/me');
    expect(me.status, me.text).toBe(200);
    expect(me.json().user.email).toBe(email);

    // the workers' queue recovered too: a workspace export is a job, and it finishes
    const started = await timed('POST', '/api/v1/privacy/exports');
    expect(started.status, started.text).toBe(202);
    const id = started.json().id as string;
    let status = '';
    for (let i = 0; i < 300 && status !== 'ready' && status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await timed('GET', `/api/v1/privacy/exports/${id}`)).json().status as string;
    }
    expect(status).toBe('ready');
    expect(server.pid()).toBe(pid);
  }, 90_000);
});
