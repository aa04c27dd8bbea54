import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { Mailer } from '../lib/mail.js';
import type { Jobs } from '../plugins/jobs.js';
import { createAuthRepository } from './auth/auth.repository.js';
import { createAuthService } from './auth/auth.service.js';
import { createSecondFactor } from './auth/second-factor.js';

export type ModuleDeps = { config: Config; db: Db; jobs: Jobs | null; mailer: Mailer };

/** Every module's service, built once from its narrow dependencies. */
export function createServices(deps: ModuleDeps) {
  const { config, db, mailer } = deps;
  const auth = createAuthService({
    repo: createAuthRepository(db),
    mailer,
    appUrl: config.appUrl,
    secondFactor: createSecondFactor(db),
  });
  return { auth };
}

export type Services = ReturnType<typeof createServices>;
