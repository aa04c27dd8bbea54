import Fastify, { type FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.js';
import { metricsAccess, sendMetrics } from './metrics.routes.js';

/**
 * The internal metrics listener (METRICS_PORT): 127.0.0.1 only, nothing but GET /metrics. Also
 * what a `--role worker` process, which has no public port, is scraped on.
 */
export async function startMetricsServer(opts: { metrics: Metrics; port: number; token?: string; host?: string }): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.get('/metrics', async (request, reply) => {
    // a token, when also set, is still required here
    if (opts.token && metricsAccess(request, opts.token) !== 'ok') return reply.code(401).send('unauthorized\n');
    return sendMetrics(reply, opts.metrics);
  });
  await app.listen({ port: opts.port, host: opts.host ?? '127.0.0.1' });
  return app;
}
