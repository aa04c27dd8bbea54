import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem } from '../../lib/problem.js';
import type { Metrics } from './metrics.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Compares in constant time (hashes first, so lengths don't leak either). */
export function tokenMatches(given: string | undefined, expected: string): boolean {
  return given !== undefined && timingSafeEqual(digest(given), digest(expected));
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Who may read /metrics on the public port:
 * - with METRICS_TOKEN: only `Authorization: Bearer <token>`;
 * - without: only a direct connection from this machine (a scraper on the host or a sidecar). A
 *   request that came through a proxy (X-Forwarded-For / Forwarded present) is refused even
 *   from loopback: a reverse proxy on the same host would otherwise expose it to everyone.
 */
export function metricsAccess(request: FastifyRequest, token: string | undefined): 'ok' | 'unauthorized' | 'forbidden' {
  if (token) {
    const bearer = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    return tokenMatches(bearer, token) ? 'ok' : 'unauthorized';
  }
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !proxied && LOOPBACK.test(request.socket.remoteAddress ?? '') ? 'ok' : 'forbidden';
}

export async function sendMetrics(reply: FastifyReply, metrics: Metrics) {
  const body = await metrics.render();
  return reply.header('cache-control', 'no-store').type(metrics.contentType).send(body);
}

/**
 * GET /metrics in Prometheus text format. Not registered when METRICS_PORT is set: then the
 * metrics are served only by the internal listener (metrics-server.ts) and this path is a 404.
 */
export async function metricsRoutes(app: FastifyInstance, opts: { metrics: Metrics; token: string | undefined }) {
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const access = metricsAccess(request, opts.token);
    if (access === 'unauthorized') {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      return sendProblem(reply, 401, 'unauthorized', 'A bearer token is needed to read the metrics');
    }
    if (access === 'forbidden') {
      return sendProblem(reply, 403, 'forbidden', 'Metrics are served to this machine only (set METRICS_TOKEN to scrape remotely)');
    }
    return sendMetrics(reply, opts.metrics);
  });
}
