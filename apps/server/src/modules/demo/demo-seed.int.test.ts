import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createTestApp, ORIGIN, type TestContext } from '../../../test/helpers.js';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from './demo.seed.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const EXTERNAL = 'postgres://leadtrail@db.example:5432/leadtrail';
const demoUsers = async () =>
  Number((await t.db.pool.query('select count(*) as n from users where email = $1', [DEMO_EMAIL])).rows[0].n);
const start = (config: { env: 'development' | 'production'; databaseUrl?: string; demoWorkspace: boolean }) =>
  seedDemo({ ...t.container, config: { databaseUrl: undefined, ...config } }, () => {});

describe('the demo workspace', () => {
  it('is made by default on the embedded database only; DEMO_WORKSPACE=true asks for it explicitly', () => {
    expect(loadConfig({}).demoWorkspace).toBe(true);
    expect(loadConfig({ DATABASE_URL: EXTERNAL }).demoWorkspace).toBe(false);
    expect(loadConfig({ DATABASE_URL: EXTERNAL, DEMO_WORKSPACE: 'true' }).demoWorkspace).toBe(true);
    expect(loadConfig({ DEMO_WORKSPACE: 'false' }).demoWorkspace).toBe(false);
  });

  it('is not created against a DATABASE_URL by default, and a production start refuses DEMO_WORKSPACE=true', async () => {
    expect(await start({ env: 'development', databaseUrl: EXTERNAL, demoWorkspace: false })).toBeNull();
    await expect(start({ env: 'production', databaseUrl: EXTERNAL, demoWorkspace: true })).rejects.toThrow(
      /Refusing to start: DEMO_WORKSPACE=true/,
    );
    expect(await demoUsers()).toBe(0);
  });

  it('a production start refuses while the demo account has the known password, and starts once it is changed', async () => {
    // an older version (or DEMO_WORKSPACE=true outside production) left the demo account behind
    expect(await start({ env: 'development', databaseUrl: EXTERNAL, demoWorkspace: true })).toEqual({
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
    });
    expect(await demoUsers()).toBe(1);
    await expect(start({ env: 'production', databaseUrl: EXTERNAL, demoWorkspace: false })).rejects.toThrow(
      `Refusing to start: the demo account ${DEMO_EMAIL} still has the password printed in the README`,
    );
    // the embedded database is a developer's own machine: no refusal there
    expect(await start({ env: 'production', demoWorkspace: false })).toBeNull();

    // the operator changes the password: the start goes ahead
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: ORIGIN,
      payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((c) => c.name === 'lt_session')!;
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/password',
      headers: { ...ORIGIN, cookie: `lt_session=${cookie.value}` },
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'a private passphrase of our own' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await start({ env: 'production', databaseUrl: EXTERNAL, demoWorkspace: false })).toBeNull();
    // seeding the demo records takes a while
  }, 120_000);
});
