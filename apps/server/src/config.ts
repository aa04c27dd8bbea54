import { Resolver } from 'node:dns';
import path from 'node:path';
import addressparser from 'nodemailer/lib/addressparser';
import { z } from 'zod';
import { StartupError } from './lib/startup-error.js';

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: optionalUrl,
  PROSPECTS_DATABASE_URL: optionalUrl,
  // empty counts as unset (a taken default port is then replaced by a free one)
  EMBEDDED_PG_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(65535).optional()),
  DEMO_WORKSPACE: z.enum(['true', 'false', '1', '0']).optional(),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Leadtrail <no-reply@leadtrail.example>'),
  SENTRY_DSN: optionalUrl,
  SENTRY_ORG_ID: z.string().optional(),
  SENTRY_ENVIRONMENT: z.string().optional(),
  METRICS_TOKEN: z.string().optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SENTRY_TRACES_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(1),
  MONITORING_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
  DEBUG_ERROR_ROUTE: z.enum(['true', 'false', '1', '0']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  HEAVY_PER_WORKSPACE: z.coerce.number().int().min(1).default(3),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  WEBHOOK_ALLOW_PRIVATE: z.enum(['true', 'false', '1', '0']).optional(),
  SALES_EMAIL: z.string().email().default('sales@leadtrail.example'),
  INVOICE_SELLER_NAME: z.string().trim().min(1).default('Leadtrail Inc.'),
  INVOICE_SELLER_ADDRESS: z.string().trim().min(1).default('100 Example Street, Suite 400, San Francisco, CA 94105, United States'),
  INVOICE_SELLER_TAX_ID: z.string().trim().optional(),
  STRIPE_SECRET_KEY: z.string().trim().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().trim().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().optional(),
  STRIPE_API_BASE: optionalUrl,
  REDIS_URL: optionalUrl,
  REDIS_KEY_PREFIX: z.string().default('leadtrail:'),
  // the email verifier (modules/verification, decision 0030)
  VERIFY_HELO_HOST: z
    .string()
    .trim()
    .regex(/^(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?|\[[0-9a-f.:]+\])$/i, 'a host name (or an [address literal])')
    .optional(),
  VERIFY_MAIL_FROM: z.string().trim().email().optional(),
  VERIFY_DNS_SERVERS: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(',').map((x) => x.trim()).filter(Boolean))
    .superRefine((list, ctx) => {
      // the Resolver that will use them is the judge of their form (IPv4, IPv6, [v6]:port, v4:port)
      const expected = 'a comma-separated list of DNS server addresses, optionally with :port';
      try {
        new Resolver().setServers(list);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: `${expected} (${(err as Error).message})` });
        return;
      }
      // setServers takes any port number; a bare IPv6 address has no port
      for (const server of list) {
        const port = server.split(':').length === 2 || server.startsWith('[') ? Number(/:(\d+)$/.exec(server)?.[1] ?? 53) : 53;
        if (port < 1 || port > 65535) ctx.addIssue({ code: 'custom', message: `${expected} (port of ${server} out of range)` });
      }
    }),
  VERIFY_SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(25),
  VERIFY_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(2),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** the prospect tables' own PostgreSQL (a replica or a separate database, decision 0043); unset: the app's database */
  prospectsDatabaseUrl: string | undefined;
  embeddedPgPort: number;
  /** EMBEDDED_PG_PORT unset: a taken default port is replaced by a free one (said at start) */
  embeddedPgPortIsDefault: boolean;
  /** create the demo workspace at start: by default only on the embedded database (issue 16) */
  demoWorkspace: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  sentryDsn: string | undefined;
  sentryOrgId: string | undefined;
  sentryEnvironment: string;
  metricsToken: string | undefined;
  /** when set, /metrics is served only on 127.0.0.1:<port>, not on the public port */
  metricsPort: number | undefined;
  sentryTracesSampleRate: number;
  /** envelopes per minute per IP through the /monitoring tunnel */
  monitoringRateLimit: number;
  /** GET /api/v1/debug/error throws, to check error reporting end to end (off unless configured) */
  debugErrorRoute: boolean;
  logLevel: string;
  /** requests per minute per IP on login, register and password reset */
  authRateLimit: number;
  /** heavy statements (filtered grids, exports, bulk changes) one workspace runs at once per process (decision 0029) */
  heavyPerWorkspace: number;
  webDist: string;
  /** addresses or CIDRs of the proxies in front (X-Forwarded-For is believed only from them) */
  trustProxy: string | undefined;
  /** webhooks may target private, loopback and link-local addresses (tests, local development only) */
  webhookAllowPrivate: boolean;
  release: string;
  /** where Enterprise inquiries are emailed */
  salesEmail: string;
  /** who invoices say issued them: name, postal address and tax ID (none: left out) */
  invoiceSeller: { name: string; address: string; taxId: string | null };
  /** Stripe when STRIPE_SECRET_KEY is set (the sandbox otherwise); apiBase points the SDK elsewhere (tests) */
  stripe: { secretKey: string; publishableKey: string | null; webhookSecret: string | null; apiBase: string | undefined } | null;
  /** with several web processes: rate limits counted in Redis (in the process's memory when unset) */
  redisUrl: string | undefined;
  /** what every Redis key of this deployment starts with (several deployments or test runs on one Redis) */
  redisKeyPrefix: string;
  /** the email verifier: EHLO name, MAIL FROM, DNS servers (none: the system's), SMTP port, connections per MX host */
  verify: { heloHost: string; mailFrom: string; dnsServers: string[] | undefined; smtpPort: number; concurrency: number };
};

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The bare address of a From value such as `Leadtrail <no-reply@leadtrail.example>`. */
function mailboxOf(from: string): string {
  const first = addressparser(from, { flatten: true })[0];
  return first?.address || from;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new StartupError(
      `Invalid configuration:\n${lines.join('\n')}`,
      'correct the environment variables named above (README.md, "Configuration", lists each with its default)',
    );
  }
  const e = parsed.data;
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    dataDir: path.resolve(repoRoot, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    prospectsDatabaseUrl: e.PROSPECTS_DATABASE_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT ?? 5488,
    embeddedPgPortIsDefault: e.EMBEDDED_PG_PORT === undefined,
    demoWorkspace: e.DEMO_WORKSPACE ? e.DEMO_WORKSPACE === 'true' || e.DEMO_WORKSPACE === '1' : !e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sentryDsn: e.SENTRY_DSN,
    sentryOrgId: e.SENTRY_ORG_ID,
    sentryEnvironment: e.SENTRY_ENVIRONMENT ?? e.NODE_ENV,
    metricsToken: e.METRICS_TOKEN || undefined,
    metricsPort: e.METRICS_PORT,
    sentryTracesSampleRate: e.SENTRY_TRACES_SAMPLE_RATE,
    monitoringRateLimit: e.MONITORING_RATE_LIMIT,
    debugErrorRoute: e.DEBUG_ERROR_ROUTE === 'true' || e.DEBUG_ERROR_ROUTE === '1',
    logLevel: e.LOG_LEVEL,
    authRateLimit: e.AUTH_RATE_LIMIT,
    heavyPerWorkspace: e.HEAVY_PER_WORKSPACE,
    trustProxy: e.TRUST_PROXY,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === 'true' || e.WEBHOOK_ALLOW_PRIVATE === '1',
    webDist: path.resolve(repoRoot, e.WEB_DIST ?? 'apps/web/dist'),
    release: process.env.npm_package_version ?? '0.1.0',
    salesEmail: e.SALES_EMAIL,
    invoiceSeller: { name: e.INVOICE_SELLER_NAME, address: e.INVOICE_SELLER_ADDRESS, taxId: e.INVOICE_SELLER_TAX_ID || null },
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, publishableKey: e.STRIPE_PUBLISHABLE_KEY || null, webhookSecret: e.STRIPE_WEBHOOK_SECRET || null, apiBase: e.STRIPE_API_BASE }
      : null,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    verify: {
      heloHost: e.VERIFY_HELO_HOST ?? new URL(appUrl).hostname,
      mailFrom: e.VERIFY_MAIL_FROM ?? mailboxOf(e.MAIL_FROM),
      dnsServers: e.VERIFY_DNS_SERVERS.length ? e.VERIFY_DNS_SERVERS : undefined,
      smtpPort: e.VERIFY_SMTP_PORT,
      concurrency: e.VERIFY_CONCURRENCY,
    },
  };
}
