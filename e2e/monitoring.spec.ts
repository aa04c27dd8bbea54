import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { expect, test, type Page, type Request } from '@playwright/test';
import { errorEvents, mentionsTrace, sdkOf, startFakeSentry, type FakeSentry } from './support/fake-sentry';

/**
 * Monitoring end to end. The shared e2e server runs without a DSN, so this spec starts its own
 * (scripts/e2e-server.mjs on port 3150, its own embedded database) with SENTRY_DSN pointing at a
 * fake Sentry ingest on 127.0.0.1, and DEBUG_ERROR_ROUTE on for a route that fails on purpose.
 */
const PORT = 3150;
const BASE = `http://localhost:${PORT}`;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let ingest: FakeSentry;

type StreamedSpan = { name: string; is_segment?: boolean; attributes?: Record<string, { value?: unknown }> };
let server: ChildProcess | null = null;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  ingest = await startFakeSentry();
  server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: `.data/e2e-${PORT}`,
      SENTRY_DSN: ingest.dsn,
      SENTRY_ORG_ID: '7',
      SENTRY_ENVIRONMENT: 'e2e',
      DEBUG_ERROR_ROUTE: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 200_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the monitoring e2e server exited with ${server.exitCode}`);
    const ready = await fetch(`${BASE}/readyz`).then((r) => r.ok).catch(() => false);
    if (ready) break;
    if (Date.now() > deadline) throw new Error('the monitoring e2e server did not become ready');
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
  }
  await ingest?.close();
});

/** A replay recording payload as text: `{"segment_id":…}\n` then the events, compressed by the SDK's worker or not. */
function readRecording(payload: Buffer): string {
  const newline = payload.indexOf(0x0a);
  const events = payload.subarray(newline + 1);
  for (const unpack of [zlib.gunzipSync, zlib.inflateSync, zlib.inflateRawSync]) {
    try {
      return unpack(events).toString('utf8');
    } catch {
      // try the next format
    }
  }
  return events.toString('utf8');
}

/** Every request the page makes, with the headers it sent. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  return requests;
}

async function openSignIn(page: Page) {
  await page.goto(`${BASE}/login`);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
}

test('the browser gets the Sentry settings at run time', async ({ request }) => {
  const config = await (await request.get(`${BASE}/api/v1/config`)).json();
  expect(config.sentry).toEqual({ dsn: ingest.dsn, tunnel: '/monitoring?o=7&p=42', environment: 'e2e', release: expect.any(String) });
});

test('a browser error reaches the ingest through the /monitoring tunnel', async ({ page }) => {
  const requests = recordRequests(page);
  await openSignIn(page);
  const marker = `e2e browser error ${Date.now()}`;
  await page.evaluate((message) => {
    setTimeout(() => {
      throw new Error(message);
    });
  }, marker);

  const envelope = await ingest.waitFor(
    () => ingest.envelopes.find((e) => errorEvents(e).some((ev) => ev.exception?.values?.some((v) => v.value === marker))),
    'browser error event',
  );
  expect(envelope.viaTunnel).toBe(true);
  expect(sdkOf(envelope)).toContain('javascript');
  expect(envelope.header.dsn).toBe(ingest.dsn);
  // the page sent it to its own origin, to the tunnel path with the organisation and project
  const tunnelled = requests.filter((r) => r.url().startsWith(`${BASE}/monitoring?`));
  expect(tunnelled.length).toBeGreaterThan(0);
  for (const r of tunnelled) expect(r.url()).toBe(`${BASE}/monitoring?o=7&p=42`);
  // and the browser sent nothing but replays to the ingest directly
  const direct = ingest.envelopes.filter((e) => !e.viaTunnel && !sdkOf(e).includes('node'));
  expect(direct.every((e) => e.items.every((i) => i.type.startsWith('replay_')))).toBe(true);
});

test('the replay of a session with an error goes to the ingest directly, not through the product', async ({ page }) => {
  const requests = recordRequests(page);
  await openSignIn(page);
  // some activity to record, masked: typed text must not appear in the recording
  await page.getByLabel('Email').fill('replay-secret@example.com');
  await page.waitForTimeout(5_500); // replays shorter than 5 s are not sent
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('e2e error with a replay');
    });
  });
  const replay = await ingest.waitFor(
    () => ingest.envelopes.find((e) => e.items.some((i) => i.type === 'replay_recording') && e.headers.origin === BASE),
    'replay envelope',
    30_000,
  );
  expect(replay.viaTunnel).toBe(false);
  expect(replay.items.map((i) => i.type)).toEqual(['replay_event', 'replay_recording']);
  const recording = replay.items.find((i) => i.type === 'replay_recording')!.payload as Buffer;
  const text = readRecording(recording);
  expect(text).toContain('"type":'); // rrweb events: the recording was readable
  expect(text).not.toContain('replay-secret@example.com');
  expect(text).toContain('*'.repeat('replay-secret@example.com'.length)); // recorded, masked
  // the page never posted a replay to its own tunnel
  for (const r of requests.filter((r) => r.url().startsWith(`${BASE}/monitoring`))) {
    expect(r.postDataBuffer()?.toString('latin1') ?? '').not.toContain('"type":"replay_recording"');
  }
});

test('an API error arrives too, in the same trace as the browser request that caused it', async ({ page }) => {
  await openSignIn(page);
  const apiRequest = page.waitForRequest((r) => r.url() === `${BASE}/api/v1/debug/error`);
  const status = await page.evaluate(() => fetch('/api/v1/debug/error').then((r) => r.status));
  expect(status).toBe(500);
  const headers = (await apiRequest).headers();

  // the browser attached the propagation headers to its own /api
  const sentryTrace = headers['sentry-trace'];
  expect(sentryTrace).toMatch(/^[0-9a-f]{32}-[0-9a-f]{16}(-[01])?$/);
  const traceId = sentryTrace!.slice(0, 32);
  expect(headers.baggage).toContain(`sentry-trace_id=${traceId}`);
  expect(headers.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-0[01]$`));

  // the server reported the failure in that trace
  const serverEnvelope = await ingest.waitFor(
    () => ingest.envelopes.find((e) => sdkOf(e).includes('node') && errorEvents(e).some((ev) => ev.contexts?.trace?.trace_id === traceId)),
    'server error event in the browser trace',
  );
  const event = errorEvents(serverEnvelope).find((ev) => ev.contexts?.trace?.trace_id === traceId)!;
  expect(event.exception?.values?.[0]?.value).toContain('Deliberate error');
  // sent by the server itself, not through the tunnel
  expect(serverEnvelope.viaTunnel).toBe(false);

  // and the browser's own spans of that trace (page load, the fetch) arrived through the tunnel
  const browserSpans = await ingest.waitFor(
    () => ingest.envelopes.find((e) => e.viaTunnel && e.items.some((i) => i.type === 'span' || i.type === 'transaction') && mentionsTrace(e, traceId)),
    'browser spans of the same trace',
  );
  expect(sdkOf(browserSpans)).toContain('javascript');
});

test('propagation headers go to the own /api, never to another origin', async ({ page }) => {
  const requests = recordRequests(page);
  await openSignIn(page);
  await page.evaluate(async (url) => {
    await fetch('/api/v1/config');
    await fetch(url);
  }, `${ingest.origin}/third-party?x=/api/&localhost`);

  const own = requests.find((r) => r.url() === `${BASE}/api/v1/config` && r.headers()['sentry-trace']);
  expect(own, 'a same-origin /api request with sentry-trace').toBeDefined();
  expect(own!.headers().baggage).toBeTruthy();
  expect(own!.headers().traceparent).toBeTruthy();

  const other = await ingest.waitFor(() => ingest.thirdParty.find((r) => r.method === 'GET'), 'third-party request');
  for (const name of ['sentry-trace', 'baggage', 'traceparent']) expect(other.headers[name], name).toBeUndefined();
  // not even a preflight asking to send them
  expect(ingest.thirdParty.filter((r) => r.method === 'OPTIONS')).toHaveLength(0);
});

test('page loads and route changes are named after the route pattern', async ({ page }) => {
  // a token in the URL: the transaction is named by the pattern, not the token
  await page.goto(`${BASE}/reset-password/e2e-not-a-real-token-123`);
  await expect(page.getByRole('heading').first()).toBeVisible();
  await page.goto(`${BASE}/login`);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(`${BASE}/reset-password`);

  const segment = (name: string, op: string) =>
    ingest.envelopes
      .filter((e) => e.viaTunnel)
      .flatMap((e) => e.items.filter((i) => i.type === 'span'))
      .flatMap((i) => (i.payload as { items?: StreamedSpan[] }).items ?? [])
      .find((span) => span.is_segment && span.name === name && span.attributes?.['sentry.op']?.value === op);
  await ingest.waitFor(() => segment('/reset-password/:token', 'pageload'), 'pageload named /reset-password/:token');
  await ingest.waitFor(() => segment('/reset-password', 'navigation'), 'navigation named /reset-password');
  // neither the browser nor the server sent the token anywhere (URLs, span names, breadcrumbs)
  await page.waitForTimeout(2_000);
  for (const e of ingest.envelopes) expect(e.body.toString('latin1'), sdkOf(e)).not.toContain('e2e-not-a-real-token-123');
});

test('a failing screen shows a friendly error with the event id the ingest received', async ({ page }) => {
  // the session check fails with a server error: the app's error screen takes over
  await page.route(`${BASE}/api/v1/me`, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/problem+json',
      body: JSON.stringify({ type: 'about:blank', title: 'Internal server error', status: 500, code: 'internal_error', detail: 'Something went wrong on our side' }),
    }),
  );
  await page.goto(`${BASE}/my-contacts/contacts`);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible({ timeout: 20_000 });
  const reference = page.getByTestId('error-event-id');
  await expect(reference).toBeVisible();
  const eventId = (await reference.locator('code').textContent())!.trim();
  expect(eventId).toMatch(/^[0-9a-f]{32}$/);
  const envelope = await ingest.waitFor(() => ingest.envelopes.find((e) => errorEvents(e).some((ev) => ev.event_id === eventId)), 'the error screen event');
  expect(envelope.viaTunnel).toBe(true);
});

test('with a DSN the SDK is loaded; without one (the shared e2e server) no Sentry code runs', async ({ page }) => {
  await openSignIn(page);
  expect(await page.evaluate(() => '__SENTRY__' in window)).toBe(true);

  // the shared server (baseURL) runs without SENTRY_DSN
  const plain = await page.context().newPage();
  try {
    const requests = recordRequests(plain);
    await plain.goto('/login');
    await expect(plain.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await plain.evaluate(() => fetch('/api/v1/config'));
    expect(await plain.evaluate(() => '__SENTRY__' in window)).toBe(false);
    const apiCalls = requests.filter((r) => new URL(r.url()).pathname.startsWith('/api/'));
    expect(apiCalls.length).toBeGreaterThan(0);
    for (const r of apiCalls) expect(r.headers()['sentry-trace'], r.url()).toBeUndefined();
    expect(requests.some((r) => r.url().includes('/monitoring'))).toBe(false);
    const tunnel = await plain.request.post('/monitoring?o=7&p=42', { data: '{}\n' });
    expect(tunnel.status()).toBe(404);
  } finally {
    await plain.close();
  }
});
