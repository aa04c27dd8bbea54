import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { loggerOptions } from './lib/logging.js';
import { createMailer, type Mailer } from './lib/mail.js';
import { sentryEnabled } from './lib/monitoring/sentry.js';
import { parseDsn } from './lib/sentry-dsn.js';
import { createMetrics, type Metrics } from './modules/metrics/metrics.js';
import { metricsPlugin } from './modules/metrics/metrics.plugin.js';
import { metricsRoutes } from './modules/metrics/metrics.routes.js';
import { authPlugin } from './plugins/auth.plugin.js';
import { unitCheckPlugin } from './plugins/unit-check.plugin.js';
import { errorsPlugin } from './plugins/errors.plugin.js';
import { sendProblem } from './lib/problem.js';
import type { Jobs } from './core/jobs.js';
import { responseSerializer } from './core/response-serializer.js';
import { securityPlugin } from './plugins/security.plugin.js';
import { connectRedis } from './core/redis.js';
import { registerModules } from './modules/index.js';
import { createContainer, type Container } from './container.js';
import { apiDocsOptions } from './openapi/document.js';
import { operations } from './openapi/operations.js';

export type AppDeps = {
  db: Db;
  jobs?: Jobs | null;
  mailer?: Mailer;
  /** where log lines go (tests capture them); stdout when absent */
  logStream?: DestinationStream;
  /** shared with the job workers in main.ts; a fresh registry when absent */
  metrics?: Metrics;
  /** the process's service graph (main.ts builds it once for the app and the workers); built here when absent */
  container?: Container;
  /** tests: fail a request whose use case opens more than one unit of work (plugins/unit-check.plugin.ts) */
  unitCheck?: { tallyFile?: string };
};

export const MAX_UPLOAD_BYTES = 512 * 1024 * 1024;

/** The whole HTTP application, without listening (tests inject requests). */
/** Helmet's headers that apply to documents only (framing, CSP, isolation, old IE). */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel, deps.logStream),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,128}$/.test(given) ? given : crypto.randomUUID();
    },
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  // tests and development check every response against its contract; production copies the contract's keys
  app.setSerializerCompiler(responseSerializer(config.env === 'production' ? 'picked' : 'checked'));
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  if (sentryEnabled()) {
    // Sentry's Fastify instrumentation chains on a returned reply several times, each adding
    // 'close' listeners to streamed responses (the SPA's index.html): not a leak, but Node warns
    app.addHook('onRequest', async (_req, reply) => {
      reply.raw.setMaxListeners(32);
    });
  }

  const mailer = deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: deps.db, log: app.log });

  const metrics = deps.metrics ?? createMetrics();
  metrics.watchPool('app', deps.db.pool);
  // the credential pool (decision 0029): waiting clients here mean sign-ins are queuing
  metrics.watchPool('auth', deps.db.authPool);
  await app.register(errorsPlugin);
  await app.register(metricsPlugin, { metrics });
  // with METRICS_PORT the metrics are served on the internal listener only (main.ts)
  if (!config.metricsPort) await app.register(metricsRoutes, { metrics, token: config.metricsToken });
  // replays go straight to the monitoring service (docs/decisions/0005-monitoring-tunnel.md)
  const sentryDsn = config.sentryDsn ? parseDsn(config.sentryDsn) : null;
  await app.register(securityPlugin, {
    appUrl: config.appUrl,
    connectSrc: sentryDsn ? [`${sentryDsn.protocol}//${sentryDsn.host}`] : [],
    jsProfiling: !!sentryDsn,
  });
  // the API's JSON answers go brotli (quality 4) or gzip as the client accepts, above 1 KB (a grid page's 37 KB
  // is ~5 KB on a phone's slow link, issue 13); the web app's files are compressed at build time, and files and
  // CSV exports (an operation that `produces` something else) stream as they are
  app.addHook('onRoute', (route) => {
    const json = [route.method].flat().every((method) => !operations[`${method} ${route.url}`]?.produces);
    if (!route.url.startsWith('/api/') || !json) route.compress = false;
  });
  await app.register(compress, { encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(cookie);
  // several web processes count one limit in Redis (REDIS_URL); one process keeps it in memory
  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${config.redisKeyPrefix}rate-limit:`, skipOnError: true } : {}),
  });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20 } });
  await app.register(swagger, apiDocsOptions(config.appUrl));
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  const container = deps.container ?? createContainer({ config, db: deps.db, jobs: deps.jobs ?? null, mailer, log: app.log });
  await app.register(authPlugin, { auth: container.auth, appUrl: config.appUrl });
  if (deps.unitCheck) await app.register(unitCheckPlugin, deps.unitCheck);
  // credentials and definitions read by earlier requests are reused while the database's change notices are heard
  await container.caches.start();
  app.addHook('onClose', async () => container.caches.stop());

  app.get('/api/v1/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  await registerModules(app, container);

  const webIndex = path.join(config.webDist, 'index.html');
  const serveWeb = config.env !== 'test' && fs.existsSync(webIndex);
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // the build writes a .br and a .gz next to each text file: sent as the client accepts them
      preCompressed: true,
      setHeaders: (res, file) => {
        // hashed file names never change content; index.html and public/ files must be revalidated
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // a script or a style sheet is not a document: these headers mean nothing on it and cost
        // ~700 bytes per file on a phone's first visit (nosniff, CORP, HSTS and referrer policy stay)
        if (hashed) for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const apiLike = /^\/(api|monitoring|metrics|healthz|readyz)(\/|\?|$)/.test(req.url);
    if (!apiLike && serveWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      // the single-page app draws its own not-found screen
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendProblem(reply, 404, 'not_found', `No route for ${req.method} ${req.url.split('?')[0]}`);
  });

  return app;
}
