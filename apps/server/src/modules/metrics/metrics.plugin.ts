import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Metrics } from './metrics.js';

/**
 * Counts and times every answered request by route pattern. Registered with fastify-plugin
 * before the routes so its hook covers all of them.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: { metrics: Metrics }) => {
  app.addHook('onResponse', async (request, reply) => {
    // unmatched URLs share one label: raw URLs would make the series unbounded
    const route = request.routeOptions.url ?? 'unmatched';
    opts.metrics.recordRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
});
