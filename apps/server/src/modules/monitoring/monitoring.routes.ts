import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { sendProblem } from '../../lib/problem.js';
import { createTunnel, MAX_ENVELOPE_BYTES } from './tunnel.js';

/**
 * POST /monitoring?o=<org>&p=<project>: the browser SDK's tunnel. Registered only when a DSN is
 * configured; without one the path is a 404 like any unknown path.
 *
 * Envelopes arrive as text/plain (string bodies), application/x-sentry-envelope, or with no
 * content type at all (binary bodies): this plugin's own catch-all parser keeps the raw bytes,
 * limited to 1 MB (413 beyond). The parser is scoped to this plugin; JSON routes are unaffected.
 */
export async function monitoringRoutes(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;

  if (config.debugErrorRoute) {
    app.log.warn('DEBUG_ERROR_ROUTE is on: GET /api/v1/debug/error throws on purpose');
    // A deliberate failure through the real 500 path (error handler, log, Sentry), to check error
    // reporting end to end after a deploy and in the e2e run. Off unless configured.
    app.get('/api/v1/debug/error', { config: { access: 'public' }, schema: { hide: true } }, async () => {
      throw new Error('Deliberate error from GET /api/v1/debug/error');
    });
  }

  if (!config.sentryDsn) return;
  const tunnel = createTunnel({ dsn: config.sentryDsn, orgId: config.sentryOrgId });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_ENVELOPE_BYTES }, (_req, body, done) => done(null, body));

  app.post(
    '/monitoring',
    {
      config: {
        access: 'public',
        // its own budget per client IP, apart from the sign-in limiter
        rateLimit: { max: config.monitoringRateLimit, timeWindow: '1 minute' },
      },
      schema: { hide: true },
    },
    async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const answer = await tunnel.forward(request.query as Record<string, unknown>, body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        origin: request.headers.origin,
        referer: request.headers.referer,
      });
      if (answer.status >= 500) {
        request.log.warn({ status: answer.status }, 'monitoring tunnel: the ingest did not accept the envelope');
        return sendProblem(reply, 502, 'monitoring_unavailable', 'The monitoring service could not be reached');
      }
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    },
  );
}
