import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDb, type Db } from '../src/db/client.js';
import { newToken } from '../src/lib/tokens.js';
import type { FastifyInstance } from 'fastify';
import { APP_URL, ORIGIN, signUp, STRONG_PASSWORD, uniqueEmail } from './helpers.js';

/** The app logging at info level into memory, as JSON lines. */
let app: FastifyInstance;
let db: Db;
const lines: string[] = [];
const logs = () => lines.join('');
const entries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', APP_URL, AUTH_RATE_LIMIT: '1000' });
  db = createDb(inject('databaseUrl'), { max: 2 });
  app = await buildApp(config, { db, logStream: stream });
  // a careless handler that logs whole headers and bodies: redaction must still hold
  app.post('/api/v1/test-log-everything', { config: { access: 'public' } }, async (request) => {
    request.log.info({ headers: request.headers, body: request.body }, 'everything');
    request.log.info({ req: { headers: request.headers } }, 'request headers');
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.close();
});

describe('logs', () => {
  it('are JSON lines with a request id, the one the client sent when valid', async () => {
    const before = lines.length;
    await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'trace-me-42' } });
    const mine = entries().slice(before);
    expect(mine.length).toBeGreaterThanOrEqual(2);
    for (const e of mine) expect(e.reqId).toBe('trace-me-42');
    expect(mine.some((e) => (e.res as { statusCode?: number } | undefined)?.statusCode === 200)).toBe(true);
  });

  it('never contain passwords, session cookies, bearer keys or TOTP codes', async () => {
    const email = uniqueEmail('log');
    const { cookie } = await signUp(app, { email, name: 'Log Test', companyName: 'Logs Inc' });
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: ORIGIN,
      payload: { email, password: 'a wrong password entirely', totpCode: '123456' },
    });
    await app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    await app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: 'Bearer lt_live_supersecretkey' } });
    await app.inject({
      method: 'POST',
      url: '/api/v1/test-log-everything',
      headers: { ...ORIGIN, cookie, authorization: 'Bearer lt_live_supersecretkey', 'x-api-key': 'another-secret-key' },
      payload: {
        password: STRONG_PASSWORD,
        token: 'body-token-value',
        totpCode: '654321',
        nested: { password: 'nested-secret' },
      },
    });

    const text = logs();
    expect(text).toContain('everything');
    expect(text).toContain('[redacted]');
    for (const secret of [
      STRONG_PASSWORD,
      'a wrong password entirely',
      cookie.split('=')[1]!,
      'lt_live_supersecretkey',
      'another-secret-key',
      'body-token-value',
      '654321',
      'nested-secret',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it('hide tokens that travel in URLs (invitation and reset links)', async () => {
    const token = newToken();
    await app.inject({ method: 'GET', url: `/api/v1/invitations/${token}` });
    await app.inject({ method: 'GET', url: `/reset-password/${token}?token=${token}` });
    const text = logs();
    expect(text).not.toContain(token);
    expect(text).toContain('/api/v1/invitations/[redacted]');
  });

  it('log an unexpected error with its stack, while the client gets none', async () => {
    const before = lines.length;
    const boom = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' }), {
      db,
      logStream: new Writable({
        write(chunk: Buffer, _enc, done) {
          lines.push(chunk.toString('utf8'));
          done();
        },
      }),
    });
    boom.get('/api/v1/test-boom', { config: { access: 'public' } }, async () => {
      throw new Error('kaboom in handler');
    });
    await boom.ready();
    try {
      const res = await boom.inject({ method: 'GET', url: '/api/v1/test-boom', headers: { 'x-request-id': 'boom-1' } });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('kaboom');
      const error = entries()
        .slice(before)
        .find((e) => e.msg === 'unhandled error');
      expect(error).toBeDefined();
      expect(error!.reqId).toBe('boom-1');
      expect(error!.level).toBe(50);
      expect(JSON.stringify(error!.err)).toContain('kaboom in handler');
    } finally {
      await boom.close();
    }
  });
});
