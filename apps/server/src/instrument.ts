// Imported first by cli.ts: Sentry must be set up before Fastify creates its server so the
// HTTP and Fastify instrumentation (diagnostics channels) sees every request. Without
// SENTRY_DSN this loads nothing from Sentry at all.
import { loadConfig } from './config.js';
import { initSentry } from './lib/monitoring/sentry.js';

let config: ReturnType<typeof loadConfig> | null = null;
try {
  config = loadConfig();
} catch {
  // main.ts reports the configuration error itself
}

if (config?.sentryDsn) {
  await initSentry({
    dsn: config.sentryDsn,
    orgId: config.sentryOrgId,
    environment: config.sentryEnvironment,
    release: config.release,
    tracesSampleRate: config.sentryTracesSampleRate,
  });
}
