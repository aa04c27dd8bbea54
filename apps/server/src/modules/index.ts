import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { Mailer } from '../lib/mail.js';
import type { Jobs } from '../plugins/jobs.js';
import { createAuthRepository } from './auth/auth.repository.js';
import { authRoutes } from './auth/auth.routes.js';
import { createAuthService } from './auth/auth.service.js';
import { createSecondFactor } from './auth/second-factor.js';
import { healthRoutes } from './health/health.routes.js';
import { publicConfigRoutes } from './public-config/public-config.routes.js';

export type ModuleDeps = { config: Config; db: Db; jobs: Jobs | null; mailer: Mailer };

/** One line per module: its services are built here and its routes registered. */
export async function registerModules(app: FastifyInstance, deps: ModuleDeps) {
  const { config, db, mailer } = deps;
  const authService = createAuthService({
    repo: createAuthRepository(db),
    mailer,
    appUrl: config.appUrl,
    secondFactor: createSecondFactor(db),
  });

  await app.register(healthRoutes, { db });
  await app.register(publicConfigRoutes, { config });
  await app.register(authRoutes, {
    service: authService,
    secureCookies: config.appUrl.startsWith('https://'),
    rateLimit: config.authRateLimit,
  });
}
