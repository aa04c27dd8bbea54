import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorsPlugin } from './errors.plugin.js';

/** An error as the driver throws it (code), or as the query builder wraps it (cause.code). */
const pgError = (code: string, wrapped: boolean) => {
  const driver = Object.assign(new Error(`database error ${code}`), { code });
  return wrapped ? new Error('Failed query', { cause: driver }) : driver;
};

async function statusFor(code: string, wrapped = false) {
  const app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  app.get('/api/x', async () => {
    throw pgError(code, wrapped);
  });
  const res = await app.inject({ method: 'GET', url: '/api/x' });
  await app.close();
  return { status: res.statusCode, code: (res.json() as { code: string }).code };
}

describe('errors plugin: PostgreSQL data exceptions', () => {
  it('answers the whole 22xxx class with 400 invalid_value (issue 27, finding 9)', async () => {
    // 22009: time zone displacement out of range; 22P02: invalid JSON (a lone surrogate);
    // 22012: division by zero; 22021: a NUL byte
    for (const code of ['22009', '22P02', '22012', '22021']) {
      expect(await statusFor(code), code).toEqual({ status: 400, code: 'invalid_value' });
      expect(await statusFor(code, true), `${code} wrapped`).toEqual({ status: 400, code: 'invalid_value' });
    }
  });

  it('leaves other classes alone: a constraint or syntax error is still ours (500)', async () => {
    for (const code of ['23505', '42601', '2200']) {
      expect((await statusFor(code)).status, code).toBe(500);
    }
  });
});
