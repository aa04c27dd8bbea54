import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, ORIGIN, type TestContext } from '../../../test/helpers.js';
import { startFakeSentry } from '../../../test/fake-sentry.js';

let ingest: Awaited<ReturnType<typeof startFakeSentry>>;
let t: TestContext;
let tunnelUrl: string;

/** An envelope with a JSON event item and a binary item (bytes that are not UTF-8, NULs, newlines). */
function envelope(dsn: string) {
  const event = JSON.stringify({ event_id: 'a'.repeat(32), message: 'hello' });
  const binary = Buffer.from([0x00, 0xff, 0xfe, 0x0a, 0x0a, 0x80, 0x7b, 0x00, 0xc3, 0x28]);
  return Buffer.concat([
    Buffer.from(`${JSON.stringify({ event_id: 'a'.repeat(32), dsn, sent_at: new Date().toISOString() })}\n`),
    Buffer.from(`${JSON.stringify({ type: 'event', length: Buffer.byteLength(event) })}\n${event}\n`),
    Buffer.from(`${JSON.stringify({ type: 'replay_recording', length: binary.length })}\n`),
    binary,
  ]);
}

const post = (url: string, payload: Buffer, headers: Record<string, string> = { 'content-type': 'text/plain;charset=UTF-8' }, remoteAddress = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url, payload, headers: { ...ORIGIN, ...headers }, remoteAddress });

beforeAll(async () => {
  ingest = await startFakeSentry();
  t = await createTestApp({ SENTRY_DSN: ingest.dsn(), SENTRY_ORG_ID: '7', MONITORING_RATE_LIMIT: '1000' });
  const config = (await t.app.inject({ method: 'GET', url: '/api/v1/config' })).json();
  tunnelUrl = config.sentry.tunnel;
});
afterAll(async () => {
  await t.close();
  await ingest.close();
});
beforeEach(() => {
  ingest.received.length = 0;
  ingest.answerWith({ status: 200 });
});

describe('POST /monitoring (the browser SDK tunnel)', () => {
  it('is the tunnel /api/v1/config hands to the browser', () => {
    expect(tunnelUrl).toBe('/monitoring?o=7&p=42');
  });

  it('forwards a valid envelope byte for byte to the configured ingest, with the client IP', async () => {
    const body = envelope(ingest.dsn());
    const res = await post(tunnelUrl, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'fake' });
    expect(ingest.received).toHaveLength(1);
    const got = ingest.received[0]!;
    expect(got.path).toBe('/api/42/envelope/');
    expect(got.query.get('sentry_key')).toBe('publickey');
    expect(Buffer.compare(got.body, body)).toBe(0);
    expect(got.headers['content-type']).toBe('application/x-sentry-envelope');
    expect(got.headers['x-sentry-forwarded-for']).toBe('203.0.113.7');
  });

  it('takes the content types the SDK sends: x-sentry-envelope and none at all (binary bodies)', async () => {
    const body = envelope(ingest.dsn());
    expect((await post(tunnelUrl, body, { 'content-type': 'application/x-sentry-envelope' })).statusCode).toBe(200);
    expect((await post(tunnelUrl, body, {})).statusCode).toBe(200);
    expect(ingest.received).toHaveLength(2);
    for (const got of ingest.received) expect(Buffer.compare(got.body, body)).toBe(0);
  });

  it('passes Sentry rate limits back to the SDK', async () => {
    ingest.answerWith({ status: 429, headers: { 'retry-after': '60', 'x-sentry-rate-limits': '60:error:organization' } });
    const res = await post(tunnelUrl, envelope(ingest.dsn()));
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('60');
    expect(res.headers['x-sentry-rate-limits']).toBe('60:error:organization');
  });

  it('refuses a forged DSN host and does not forward it', async () => {
    const forged = [
      'http://publickey@evil.example/42',
      `http://publickey@127.0.0.1:${ingest.port + 1}/42`,
      `https://publickey@127.0.0.1:${ingest.port}/42`,
    ];
    for (const dsn of forged) {
      const res = await post(tunnelUrl, envelope(dsn));
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('dsn_not_allowed');
    }
    expect(ingest.received).toHaveLength(0);
  });

  it('refuses another project or key in the envelope, and does not forward it', async () => {
    for (const dsn of [ingest.dsn(43), ingest.dsn(42, 'otherkey')]) {
      const res = await post(tunnelUrl, envelope(dsn));
      expect(res.statusCode).toBe(403);
    }
    expect(ingest.received).toHaveLength(0);
  });

  it('refuses a query naming another organisation or project, or none', async () => {
    const body = envelope(ingest.dsn());
    for (const url of ['/monitoring?o=8&p=42', '/monitoring?o=7&p=43', '/monitoring?o=&p=42']) {
      const res = await post(url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('tunnel_target_refused');
    }
    for (const url of ['/monitoring', '/monitoring?p=42', '/monitoring?o=7', '/monitoring?o=7&p=42&p=43']) {
      const res = await post(url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('invalid_tunnel_query');
    }
    expect(ingest.received).toHaveLength(0);
  });

  it('answers 400 for something that is not an envelope', async () => {
    for (const payload of ['not json\n{}', '{"no":"dsn"}\n{}', '']) {
      const res = await post(tunnelUrl, Buffer.from(payload));
      expect(res.statusCode, payload).toBe(400);
    }
    expect(ingest.received).toHaveLength(0);
  });

  it('answers 413 beyond 1 MB and forwards nothing', async () => {
    const big = Buffer.concat([envelope(ingest.dsn()), Buffer.alloc(1024 * 1024, 0x61)]);
    const res = await post(tunnelUrl, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
    expect(ingest.received).toHaveLength(0);
  });

  it('answers 502 when the ingest is down', async () => {
    const down = await createTestApp({ SENTRY_DSN: 'http://publickey@127.0.0.1:1/42', SENTRY_ORG_ID: '7' });
    try {
      const res = await down.app.inject({ method: 'POST', url: tunnelUrl, payload: envelope('http://publickey@127.0.0.1:1/42'), headers: { 'content-type': 'text/plain' } });
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('monitoring_unavailable');
    } finally {
      await down.close();
    }
  });
});

describe('page headers with a DSN', () => {
  it('let the page upload replays to the ingest (CSP connect-src) and profile itself (Document-Policy)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    const connect = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('connect-src'));
    expect(connect?.trim()).toBe(`connect-src 'self' http://127.0.0.1:${ingest.port}`);
    expect(res.headers['document-policy']).toBe('js-profiling');
  });
});

describe('tunnel rate limit', () => {
  it('has its own limit per client, apart from the sign-in limiter', async () => {
    const limited = await createTestApp({ SENTRY_DSN: ingest.dsn(), SENTRY_ORG_ID: '7', MONITORING_RATE_LIMIT: '2', AUTH_RATE_LIMIT: '5' });
    try {
      const send = (ip: string) =>
        limited.app.inject({ method: 'POST', url: tunnelUrl, payload: envelope(ingest.dsn()), headers: { 'content-type': 'text/plain' }, remoteAddress: ip });
      expect((await send('198.51.100.1')).statusCode).toBe(200);
      expect((await send('198.51.100.1')).statusCode).toBe(200);
      const third = await send('198.51.100.1');
      expect(third.statusCode).toBe(429);
      expect(third.json().code).toBe('rate_limited');
      // another client has its own budget
      expect((await send('198.51.100.2')).statusCode).toBe(200);
      // and the sign-in limiter is untouched by tunnel traffic
      const login = await limited.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: ORIGIN,
        payload: { email: 'nobody@test.example', password: 'wrong password here' },
        remoteAddress: '198.51.100.1',
      });
      expect(login.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('without a DSN', () => {
  it('answers 404 on /monitoring and hands the browser no Sentry settings', async () => {
    const off = await createTestApp();
    try {
      const res = await off.app.inject({ method: 'POST', url: '/monitoring?o=7&p=42', payload: envelope(ingest.dsn()), headers: { 'content-type': 'text/plain' } });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
      const config = await off.app.inject({ method: 'GET', url: '/api/v1/config' });
      expect(config.json()).toEqual({ sentry: null });
      expect(String(config.headers['content-security-policy'])).toContain("connect-src 'self';");
      expect(config.headers['document-policy']).toBeUndefined();
      expect(ingest.received).toHaveLength(0);
    } finally {
      await off.close();
    }
  });
});

describe('GET /api/v1/debug/error', () => {
  it('fails through the real 500 path only when DEBUG_ERROR_ROUTE is on', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/debug/error' })).statusCode).toBe(404);
    const on = await createTestApp({ DEBUG_ERROR_ROUTE: 'true' });
    try {
      const res = await on.app.inject({ method: 'GET', url: '/api/v1/debug/error' });
      expect(res.statusCode).toBe(500);
      expect(res.json().code).toBe('internal_error');
      expect(res.body).not.toContain('Deliberate');
    } finally {
      await on.close();
    }
  });
});
