import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/auth.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { monitoringRoutes } from './monitoring/monitoring.routes.js';
import { publicConfigRoutes } from './public-config/public-config.routes.js';
import type { ModuleDeps, Services } from './services.js';

/** One line per module: its routes, given the services they call. */
export async function registerModules(app: FastifyInstance, deps: ModuleDeps, services: Services) {
  const { config, db } = deps;
  await app.register(healthRoutes, { db });
  await app.register(publicConfigRoutes, { config });
  await app.register(monitoringRoutes, { config });
  await app.register(authRoutes, {
    service: services.auth,
    secureCookies: config.appUrl.startsWith('https://'),
    rateLimit: config.authRateLimit,
  });
}
