import type * as SentryNode from '@sentry/node';
import { redactUrl } from '../logging.js';
import { parseDsn } from '../sentry-dsn.js';

type Sentry = typeof SentryNode;

export type SentrySettings = {
  dsn: string | undefined;
  orgId: string | undefined;
  environment: string;
  release: string;
  tracesSampleRate: number;
};

/**
 * The SDK, loaded only when a DSN is configured: without one no Sentry code runs at all
 * (the module is never imported), and every helper below is a no-op.
 */
let sentry: Sentry | null = null;

/** Paths whose requests are not traced: the tunnel (one span per browser envelope would loop), probes, metrics. */
const UNTRACED = /^\/(monitoring|metrics|healthz|readyz)(\/|\?|$)/;

const URL_ATTRIBUTES = ['url.full', 'url.path', 'url.query', 'http.target', 'http.url', 'http.route'];

const SECRET_HEADERS = new Set(['cookie', 'authorization', 'set-cookie', 'x-api-key', 'proxy-authorization']);

/** Drops what must never leave the server even if an integration collected it. */
function scrub<T extends SentryNode.Event>(event: T): T {
  const request = event.request;
  if (request) {
    delete request.cookies;
    delete request.data;
    if (request.headers) {
      for (const name of Object.keys(request.headers)) {
        if (SECRET_HEADERS.has(name.toLowerCase())) delete request.headers[name];
      }
    }
    if (request.url) request.url = redactUrl(request.url);
    if (typeof request.query_string === 'string') request.query_string = redactUrl(`?${request.query_string}`).slice(1);
  }
  return event;
}

/**
 * Starts @sentry/node when a DSN is set. Runs from instrument.ts before the app is built, so the
 * HTTP and Fastify instrumentation (diagnostics channels) sees the server and every request.
 */
export async function initSentry(settings: SentrySettings): Promise<boolean> {
  if (!settings.dsn || sentry) return !!sentry;
  const dsn = parseDsn(settings.dsn, settings.orgId);
  if (!dsn) throw new Error('SENTRY_DSN is not a valid DSN (https://<key>@<host>/<project id>)');
  const S = await import('@sentry/node');
  S.init({
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    tracesSampleRate: settings.tracesSampleRate,
    ...(dsn.orgId ? { orgId: dsn.orgId as `${number}` } : {}),
    // contact data is personal data: collect the shape of requests, not their content
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: { request: { deny: [...SECRET_HEADERS] }, response: false },
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
    },
    integrations: [
      S.httpIntegration({ ignoreIncomingRequests: (urlPath) => UNTRACED.test(urlPath) }),
      // 500s are captured where the error handler logs them (plugins/errors.plugin.ts): one place, once.
      S.fastifyIntegration({ shouldHandleError: () => false }),
    ],
    // the Fastify request span of these paths (named after the route) and everything under it
    ignoreSpans: [{ name: /^(\w+ )?\/(monitoring|metrics|healthz|readyz)$/ }],
    beforeSend: (event) => scrub(event),
    beforeSendSpan: (span) => {
      // invitation and reset tokens travel in paths
      span.name = redactUrl(span.name);
      for (const key of URL_ATTRIBUTES) {
        const value = span.attributes[key];
        if (typeof value === 'string') span.attributes[key] = redactUrl(value);
      }
      return span;
    },
  });
  sentry = S;
  return true;
}

export const sentryEnabled = () => sentry !== null;

/** Reports an unexpected error (the 500 path), inside the request's trace; returns the event id. */
export function captureServerError(error: unknown, context: { requestId?: string; route?: string } = {}): string | undefined {
  if (!sentry) return undefined;
  const S = sentry;
  return S.withScope((scope) => {
    if (context.route) scope.setTag('route', context.route);
    if (context.requestId) scope.setTag('request_id', context.requestId);
    return S.captureException(error, { mechanism: { handled: false, type: 'auto.http.fastify.error_handler' } });
  });
}

/** Runs a background job as its own transaction (a new trace: jobs outlive the request that queued them). */
export async function traceJob<T>(queue: string, fn: () => Promise<T>): Promise<T> {
  const S = sentry;
  if (!S) return fn();
  return S.startNewTrace(() =>
    S.startSpan({ name: `job ${queue}`, op: 'queue.process', forceTransaction: true, attributes: { 'messaging.destination.name': queue } }, async () => {
      try {
        return await fn();
      } catch (error) {
        S.withScope((scope) => {
          scope.setTag('queue', queue);
          S.captureException(error, { mechanism: { handled: false, type: 'auto.queue.pg-boss' } });
        });
        throw error;
      }
    }),
  );
}

/** Sends what is queued before the process exits. */
export async function flushSentry(timeoutMs = 2000): Promise<void> {
  if (sentry) await sentry.close(timeoutMs).catch(() => false);
}

/** The SDK's own allow-listing tunnel forwarder (only loaded when a DSN is set). */
export async function sentryTunnelHandler(): Promise<Sentry['handleTunnelRequest']> {
  return (sentry ?? (await import('@sentry/node'))).handleTunnelRequest;
}

/** The DSN as the SDKs write it into envelope headers (`dsnToString(makeDsn(dsn))`). */
export async function canonicalDsn(raw: string): Promise<string | undefined> {
  const core = await import('@sentry/core');
  const parsed = core.makeDsn(raw);
  return parsed ? core.dsnToString(parsed) : undefined;
}
