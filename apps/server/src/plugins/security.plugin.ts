import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers; the CSP allows no inline script (Mantine needs inline styles). Helmet's
 * middleware is built once and applied to every response: @fastify/helmet built it again for
 * each request (the CSP's directives parsed anew), ~3.5% of a grid page's CPU (issue 13).
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { appUrl: string; connectSrc?: string[]; jsProfiling?: boolean }) => {
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // plus the monitoring service's origin when a DSN is set (session replays upload there)
        connectSrc: ["'self'", ...(opts.connectSrc ?? [])],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // only when APP_URL is https: a deployment over plain HTTP (an intranet host, a
    // developer's machine) must not tell browsers to insist on https for a year
    hsts: new URL(opts.appUrl).protocol === 'https:',
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
  if (opts.jsProfiling) {
    // the browser's JS Self-Profiling API (Sentry browser profiling) is only offered to documents that ask
    app.addHook('onSend', async (_req, reply) => {
      reply.header('document-policy', 'js-profiling');
    });
  }
});
