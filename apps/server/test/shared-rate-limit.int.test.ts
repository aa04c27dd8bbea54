import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/client.js';
import { StartupError } from '../src/lib/startup-error.js';
import { freePort } from './process-kit.js';

/**
 * REDIS_URL (issue 13): the rate limits of several app instances are one count in Redis, under the
 * deployment's key prefix; a Redis that can't be reached stops the start with what to do.
 */

const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const run = `leadtrail-test-rl-${process.pid}-${Date.now()}`;
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const f of cleanup.reverse()) await f().catch(() => undefined);
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${run}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

const db = createDb(inject('databaseUrl'), { max: 4 });
cleanup.push(() => db.close());

async function app(env: Record<string, string>): Promise<FastifyInstance> {
  const a = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '3', ...env }), { db });
  cleanup.push(() => a.close());
  return a;
}

const login = (a: FastifyInstance, i: number) =>
  a.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress: '198.51.100.9',
    payload: { email: `nobody-${i}@rl.test.example`, password: 'not the password' },
  });

describe('rate limits shared through Redis', () => {
  it('two instances on one prefix count one limit; another prefix counts its own', async () => {
    const a = await app({ REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `${run}:one:` });
    const b = await app({ REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `${run}:one:` });
    const other = await app({ REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `${run}:two:` });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(i % 2 ? b : a, i)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect((await login(other, 9)).statusCode).toBe(401);
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${run}:one:rate-limit:*`);
    await redis.quit();
    expect(keys).toEqual([`${run}:one:rate-limit:POST/api/v1/auth/login-198.51.100.9`]);
  });

  it('without REDIS_URL each instance counts alone (one web process only)', async () => {
    const a = await app({});
    const b = await app({});
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(i % 2 ? b : a, i)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
  });

  it('a Redis that refuses stops the start with its host and port and what to do', async () => {
    const port = await freePort();
    const failed = await app({ REDIS_URL: `redis://:hush-pw@127.0.0.1:${port}` }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(failed).toBeInstanceOf(StartupError);
    const err = failed as StartupError;
    expect(err.what).toContain(`Redis at 127.0.0.1:${port} (REDIS_URL) could not be reached: connect ECONNREFUSED`);
    expect(err.todo).toContain('unset REDIS_URL');
    expect(`${err.what} ${err.todo}`).not.toContain('hush-pw');
  });
});
