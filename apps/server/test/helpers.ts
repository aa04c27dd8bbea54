import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { createDb, type Db } from '../src/db/client.js';
import { createContainer, type Container } from '../src/container.js';
import { createMailer } from '../src/lib/mail.js';
import pg from 'pg';
import pino from 'pino';
import { startMailCatcher } from './mail-catcher.js';
import { apiClient } from './api-client.js';

export const APP_URL = 'http://localhost:3000';
export const ORIGIN = { origin: APP_URL };

export type TestContext = {
  app: FastifyInstance;
  db: Db;
  /** the prospect tables' own database when the app was built with PROSPECTS_DATABASE_URL (decision 0043) */
  prospectsDb: Db | null;
  config: Config;
  /** the app's service graph: use cases without HTTP (demo seed, processors, fault injection) */
  container: Container;
  mail: Awaited<ReturnType<typeof startMailCatcher>>;
  close: () => Promise<void>;
};

/** Each test app's mail catcher: signing up follows the emailed link. */
const mailOf = new WeakMap<FastifyInstance, Awaited<ReturnType<typeof startMailCatcher>>>();

/**
 * The real app on the run's test database (or `env.DATABASE_URL`), with mail caught by a real SMTP
 * server; with `env.PROSPECTS_DATABASE_URL`, the prospect tables are read there (decision 0043).
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const mail = await startMailCatcher();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL,
    AUTH_RATE_LIMIT: '10000',
    SMTP_URL: mail.url,
    ...env,
  });
  const db = createDb(env.DATABASE_URL ?? inject('databaseUrl'), { max: 4 });
  const prospectsDb = config.prospectsDatabaseUrl ? createDb(config.prospectsDatabaseUrl, { max: 4 }) : null;
  const log = pino({ level: 'silent' });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log });
  const container = createContainer({ config, db, prospectsDb, jobs: null, mailer, log });
  // every request's use case is one unit of work, or a documented exception (decision 0039)
  const app = await buildApp(config, { db, mailer, container, unitCheck: { tallyFile: process.env.UNIT_TALLY_FILE } });
  await app.ready();
  mailOf.set(app, mail);
  return {
    app,
    db,
    prospectsDb,
    config,
    container,
    mail,
    close: async () => {
      await app.close();
      await db.close();
      await prospectsDb?.close();
      await mail.close();
    },
  };
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${process.pid}-${Date.now().toString(36)}-${++counter}@test.example`;

export const STRONG_PASSWORD = 'correct horse battery staple';

/**
 * A signed-in user with a new workspace: the typed API client (`api`) and an inject helper
 * (`request`), both carrying the session. Sign-up goes through the typed client, as a customer's
 * generated client would.
 */
export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{ email: string; name: string; companyName: string }> = {},
) {
  const email = overrides.email ?? uniqueEmail();
  const anonymous = apiClient(app, APP_URL);
  const registered = await anonymous.POST('/api/v1/auth/register', {
    body: {
      name: overrides.name ?? 'Test User',
      email,
      password: STRONG_PASSWORD,
      companyName: overrides.companyName ?? 'Test Co',
    },
  });
  if (registered.response.status !== 202) {
    throw new Error(`register failed: ${registered.response.status} ${JSON.stringify(registered.error)}`);
  }
  const token = await signUpTokenFor(app, email);
  const confirmed = await anonymous.POST('/api/v1/auth/register/confirm', { body: { token } });
  if (confirmed.response.status !== 201 || !confirmed.data) {
    throw new Error(`register confirm failed: ${confirmed.response.status} ${JSON.stringify(confirmed.error)}`);
  }
  return signedIn(app, email, confirmed.response, confirmed.data);
}

/** Signs in with email and password through the typed client (no second factor). */
export async function signIn(app: FastifyInstance, email: string, password = STRONG_PASSWORD) {
  const res = await apiClient(app, APP_URL).POST('/api/v1/auth/login', { body: { email, password } });
  if (res.response.status !== 200 || !res.data)
    throw new Error(`login failed: ${res.response.status} ${JSON.stringify(res.error)}`);
  return signedIn(app, email, res.response, res.data);
}

/** A sign-in's answer as a signed-in account: its session cookie, an inject helper and a typed client. */
export function signedIn<Me>(app: FastifyInstance, email: string, response: Response, me: Me) {
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('lt_session='));
  if (!cookie) throw new Error('no session cookie set');
  return { email, cookie, me, request: requester(app, cookie), api: apiClient(app, APP_URL, { cookie }) };
}

/** The token of the sign-up link mailed to `email`. */
async function signUpTokenFor(app: FastifyInstance, email: string): Promise<string> {
  const mail = mailOf.get(app);
  // an app made without the catcher (no SMTP) keeps its mail in the outbox table
  const text = mail ? await mail.waitFor(email) : await outboxMail(inject('databaseUrl'), email);
  const token = text.match(/\/register\/confirm\/([\w-]+)/)?.[1];
  if (!token) throw new Error(`no sign-up link in the mail to ${email}`);
  return token;
}

/** Follows the sign-up link mailed to `email` (registration answers 202, then this signs in). */
export async function confirmRegistration(app: FastifyInstance, email: string): Promise<LightMyRequestResponse> {
  const token = await signUpTokenFor(app, email);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register/confirm',
    headers: ORIGIN,
    payload: { token },
  });
  if (res.statusCode !== 201) throw new Error(`register confirm failed: ${res.statusCode} ${res.body}`);
  return res;
}

/** The newest message to `email` in the outbox table of the database at `url` (waits up to 5 s). */
export async function outboxMail(url: string, email: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let waited = 0; waited < 5000; waited += 25) {
      const r = await client.query<{ text_body: string }>(
        'select text_body from mail_outbox where to_address = $1 order by created_at desc limit 1',
        [email],
      );
      if (r.rows[0]) return r.rows[0].text_body;
      await new Promise((done) => setTimeout(done, 25));
    }
    throw new Error(`no mail to ${email} in the outbox`);
  } finally {
    await client.end();
  }
}

export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'lt_session');
  if (!c) throw new Error('no session cookie set');
  return `lt_session=${c.value}`;
}

/** inject() with the session cookie and a same-origin Origin header. */
export const requester = (app: FastifyInstance, cookie: string) => (opts: InjectOptions & { url: string }) =>
  app.inject({ ...opts, headers: { ...ORIGIN, cookie, ...(opts.headers ?? {}) } });
export { firstLinkIn } from './mail-catcher.js';
