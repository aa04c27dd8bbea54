// first: sets up Sentry (when SENTRY_DSN is set) before anything creates a server
import './instrument.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createDb } from './db/client.js';
import { checkDatabaseUrl, databaseFor } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { startJobs } from './core/jobs.js';
import { seedDemo } from './modules/demo/demo.seed.js';
import { createContainer } from './container.js';
import { loggerOptions } from './lib/logging.js';
import { createMailer } from './lib/mail.js';
import pino from 'pino';
import { registerWorkers } from './modules/workers.js';
import { flushSentry } from './lib/monitoring/sentry.js';
import { createMetrics } from './modules/metrics/metrics.js';
import { startMetricsServer } from './modules/metrics/metrics-server.js';
import { instrumentJobs } from './modules/monitoring/instrument-jobs.js';
import { ensureDefaultProspects, runProspectsCommand } from './modules/prospects/cli/prospects.cli.js';
import { runCreditsCommand } from './modules/credits/credits.cli.js';
import { StartupError, errorCode, startupFailureText } from './lib/startup-error.js';

type Role = 'all' | 'web' | 'worker';

/** CLI: `start [--role all|web|worker]`, `migrate`, `seed` (main.ts loads it after setting the heap limits). */
async function main() {
  const [command = 'start', ...rest] = process.argv.slice(2);
  const roleArg = rest[rest.indexOf('--role') + 1];
  const role: Role = rest.includes('--role') && (roleArg === 'web' || roleArg === 'worker') ? roleArg : 'all';
  const config = loadConfig();
  const log = (msg: string) => console.log(`[leadtrail] ${msg}`);

  const database = await databaseFor(config, log);
  const db = createDb(database.url);
  await migrate(db.pool, log);
  // the prospect tables' own database when PROSPECTS_DATABASE_URL is set (decision 0043): the whole
  // schema is migrated there too, and only its prospect tables are used
  if (config.prospectsDatabaseUrl) await checkDatabaseUrl(config.prospectsDatabaseUrl, undefined, 'PROSPECTS_DATABASE_URL');
  const prospectsDb = config.prospectsDatabaseUrl ? createDb(config.prospectsDatabaseUrl) : null;
  if (prospectsDb) await migrate(prospectsDb.pool, (msg) => log(`prospects database: ${msg}`));
  const closeDbs = async () => {
    await db.close();
    await prospectsDb?.close();
  };

  if (command === 'migrate') {
    await closeDbs();
    await database.stop();
    return;
  }
  // the prospect database: `prospects generate|load …` as the owner; the default start fills an empty one
  if (command === 'prospects') {
    await runProspectsCommand((prospectsDb ?? db).pool, rest, log);
    await closeDbs();
    await database.stop();
    return;
  }
  if (command === 'start') await ensureDefaultProspects((prospectsDb ?? db).pool, log);
  const logger = pino(loggerOptions(config.logLevel));
  const jobs = command === 'start' ? await startJobs(database.url, (err) => log(`jobs error: ${err.message}`), { log }) : null;
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log: logger });
  const container = createContainer({ config, db, prospectsDb, jobs, mailer, log: logger });
  // the operator's credit corrections: `credits adjust --workspace ID --amount N --reason TEXT` (never the API)
  if (command === 'credits') {
    process.exitCode = await runCreditsCommand(rest, container.credits, log);
    await closeDbs();
    await database.stop();
    return;
  }
  if (command === 'seed' || command === 'start') {
    const demo = await seedDemo(container, log);
    if (demo) log(`demo workspace: sign in at ${config.appUrl}/login as ${demo.email} / ${demo.password}`);
    if (command === 'seed') {
      await closeDbs();
      await database.stop();
      return;
    }
  }
  if (!jobs) throw new Error(`unknown command: ${command}`);
  const metrics = createMetrics();
  instrumentJobs(jobs, metrics);
  // a worker answers no HTTP: it builds no app (routes, schemas, the API document); only the
  // caches the app would start, which its jobs read through too
  const app = role === 'worker' ? null : await buildApp(config, { db, jobs, metrics, mailer, container });
  if (!app) await container.caches.start();
  // the prospect facets' in-memory columns, read once ahead of the first search (seconds at a million)
  if (app) void container.prospects.warmFacets().catch((err: Error) => log(`prospect facets: ${err.message}`));
  const metricsServer = config.metricsPort
    ? await startMetricsServer({ metrics, port: config.metricsPort, token: config.metricsToken })
    : null;
  if (metricsServer) log(`metrics on http://127.0.0.1:${config.metricsPort}/metrics`);
  if (role !== 'web') await registerWorkers({ jobs, container, log: logger });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    if (app) await app.close().catch(() => {});
    else await container.caches.stop().catch(() => {});
    await metricsServer?.close().catch(() => {});
    await jobs.stop({ graceful: true, timeout: 10_000 }).catch(() => {});
    await closeDbs().catch(() => {});
    await database.stop().catch(() => {});
    await flushSentry();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (app) {
    await app.listen({ port: config.port, host: config.host }).catch((err: unknown) => {
      if (errorCode(err) !== 'EADDRINUSE' && errorCode(err) !== 'EACCES') throw err;
      throw new StartupError(
        errorCode(err) === 'EADDRINUSE'
          ? `port ${config.port} (PORT) on ${config.host} is in use by another program (another copy of Leadtrail?)`
          : `port ${config.port} (PORT) on ${config.host} may not be opened by this user`,
        'stop that program, or set PORT to a free port (and APP_URL to match)',
        { cause: err },
      );
    });
    log(`serving on ${config.appUrl}`);
  } else {
    log('worker running');
  }
}

main().catch((err: unknown) => {
  // what failed and what to do (lib/startup-error.ts); never a bare `undefined`
  console.error(startupFailureText(err));
  process.exit(1);
});
