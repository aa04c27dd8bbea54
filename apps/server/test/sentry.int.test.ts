import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushSentry, initSentry, sentryEnabled, traceJob } from '../src/lib/monitoring/sentry.js';
import { envelopeItems, startFakeSentry, type ReceivedEnvelope } from './fake-sentry.js';
import { createTestApp, type TestContext } from './helpers.js';

// This file runs in its own process (vitest forks): Sentry's global set-up stays here.
let ingest: Awaited<ReturnType<typeof startFakeSentry>>;
let t: TestContext;
let base: string;

type ErrorEvent = {
  exception?: { values?: { value?: string; mechanism?: { type?: string; handled?: boolean } }[] };
  contexts?: { trace?: { trace_id?: string } };
  tags?: Record<string, string>;
  request?: { headers?: Record<string, string>; cookies?: unknown; url?: string };
};

const errorEvents = (e: ReceivedEnvelope) =>
  envelopeItems(e.body)
    .items.filter((i) => i.type === 'event')
    .map((i) => i.payload as ErrorEvent);

/** Every trace id an envelope mentions (events, spans, transactions, its header). */
const traceIdsOf = (e: ReceivedEnvelope): string[] => JSON.stringify(envelopeItems(e.body)).match(/[0-9a-f]{32}/g) ?? [];

beforeAll(async () => {
  ingest = await startFakeSentry();
  expect(sentryEnabled()).toBe(false);
  await initSentry({ dsn: ingest.dsn(), orgId: '7', environment: 'test', release: 'test', tracesSampleRate: 1 });
  // the app (and its Fastify instance) is created after Sentry, as main.ts does via instrument.ts
  t = await createTestApp({ SENTRY_DSN: ingest.dsn(), SENTRY_ORG_ID: '7', DEBUG_ERROR_ROUTE: 'true' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await t?.close();
  await flushSentry();
  await ingest?.close();
});

describe('@sentry/node with a DSN', () => {
  it('reports an API route error in the trace the browser started, without cookies', async () => {
    const traceId = randomBytes(16).toString('hex');
    const parentSpan = randomBytes(8).toString('hex');
    const res = await fetch(`${base}/api/v1/debug/error`, {
      headers: {
        'sentry-trace': `${traceId}-${parentSpan}-1`,
        baggage: `sentry-trace_id=${traceId},sentry-public_key=publickey,sentry-org_id=7,sentry-sample_rate=1,sentry-sampled=true`,
        cookie: 'lt_session=do-not-send-me',
        'x-request-id': 'req-sentry-1',
      },
    });
    expect(res.status).toBe(500);
    const envelope = await ingest.waitFor((e) => errorEvents(e).some((ev) => ev.contexts?.trace?.trace_id === traceId));
    const event = errorEvents(envelope).find((ev) => ev.contexts?.trace?.trace_id === traceId)!;
    expect(event.exception?.values?.[0]?.value).toContain('Deliberate error');
    expect(event.exception?.values?.[0]?.mechanism).toMatchObject({ handled: false, type: 'auto.http.fastify.error_handler' });
    expect(event.tags).toMatchObject({ route: '/api/v1/debug/error', request_id: 'req-sentry-1' });
    expect(JSON.stringify(event)).not.toContain('do-not-send-me');
    // the request itself is a span in the same trace
    await ingest.waitFor((e) => !errorEvents(e).length && traceIdsOf(e).includes(traceId));
  });

  it('does not report client errors (4xx)', async () => {
    const traceId = randomBytes(16).toString('hex');
    await fetch(`${base}/api/v1/me`, { headers: { 'sentry-trace': `${traceId}-${randomBytes(8).toString('hex')}-1` } });
    await new Promise((r) => setTimeout(r, 300));
    expect(ingest.received.flatMap(errorEvents).some((ev) => ev.contexts?.trace?.trace_id === traceId)).toBe(false);
  });

  it('does not trace tunnel requests (each browser envelope would send another one)', async () => {
    const tunnelTrace = randomBytes(16).toString('hex');
    const controlTrace = randomBytes(16).toString('hex');
    const envelope = `${JSON.stringify({ dsn: ingest.dsn() })}\n${JSON.stringify({ type: 'event' })}\n{}`;
    const tunnel = await fetch(`${base}/monitoring?o=7&p=42`, {
      method: 'POST',
      body: envelope,
      headers: { 'sentry-trace': `${tunnelTrace}-${randomBytes(8).toString('hex')}-1` },
    });
    expect(tunnel.status).toBe(200);
    await fetch(`${base}/api/v1/config`, { headers: { 'sentry-trace': `${controlTrace}-${randomBytes(8).toString('hex')}-1` } });
    await ingest.waitFor((e) => traceIdsOf(e).includes(controlTrace));
    expect(ingest.received.some((e) => traceIdsOf(e).includes(tunnelTrace))).toBe(false);
  });

  it('reports a failing job as its own transaction, tagged with the queue', async () => {
    await expect(
      traceJob('test-queue', async () => {
        throw new Error('job failed on purpose');
      }),
    ).rejects.toThrow('job failed on purpose');
    const envelope = await ingest.waitFor((e) => errorEvents(e).some((ev) => ev.tags?.queue === 'test-queue'));
    const event = errorEvents(envelope).find((ev) => ev.tags?.queue === 'test-queue')!;
    expect(event.exception?.values?.[0]?.value).toBe('job failed on purpose');
    expect(event.contexts?.trace?.trace_id).toMatch(/^[0-9a-f]{32}$/);
  });
});
