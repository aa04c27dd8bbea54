import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/** Security headers; the CSP allows no inline script (Mantine needs inline styles). */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { production: boolean; connectSrc?: string[]; jsProfiling?: boolean }) => {
  await app.register(helmet, {
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
    hsts: opts.production,
  });
  if (opts.jsProfiling) {
    // the browser's JS Self-Profiling API (Sentry browser profiling) is only offered to documents that ask
    app.addHook('onSend', async (_req, reply) => {
      reply.header('document-policy', 'js-profiling');
    });
  }
});
