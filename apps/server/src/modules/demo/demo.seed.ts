import type { Config } from '../../config.js';
import type { AuthService } from '../auth/auth.service.js';
import { seedDemoContacts, type DemoContactsDeps } from './demo-contacts.js';
import { seedDemoLists, type DemoListsDeps } from './demo-lists.js';

export const DEMO_EMAIL = 'demo@leadtrail.example';
export const DEMO_PASSWORD = 'sales-pipeline-2026';

export type DemoSeedDeps = {
  auth: AuthService;
  config: Pick<Config, 'env' | 'databaseUrl' | 'demoWorkspace'>;
} & DemoContactsDeps &
  DemoListsDeps;

/**
 * A production database must not hold an account whose password is printed in the README:
 * anyone could sign in to it. Thrown at start, so the process exits saying why.
 */
async function refuseKnownPassword(deps: DemoSeedDeps) {
  const { env, databaseUrl, demoWorkspace } = deps.config;
  if (env !== 'production' || !databaseUrl) return;
  if (demoWorkspace) {
    throw new Error(
      `Refusing to start: DEMO_WORKSPACE=true would create ${DEMO_EMAIL} with the password printed in the README on a production database. Unset DEMO_WORKSPACE.`,
    );
  }
  if (await deps.auth.passwordMatches(DEMO_EMAIL, DEMO_PASSWORD)) {
    throw new Error(
      `Refusing to start: the demo account ${DEMO_EMAIL} still has the password printed in the README, so anyone can sign in to it. Change its password (or delete the account), then start again.`,
    );
  }
}

/**
 * At start: a demo workspace with its owner and sample records, only where asked
 * (the embedded database, or DEMO_WORKSPACE=true); null when none is made or kept.
 */
export async function seedDemo(deps: DemoSeedDeps, log: (m: string) => void) {
  await refuseKnownPassword(deps);
  if (!deps.config.demoWorkspace) return null;
  const account = await deps.auth.createAccount({
    name: 'Dana Demo',
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
    companyName: 'Acme Robotics (demo)',
  });
  if (account) {
    log('demo workspace created');
    const records = await seedDemoContacts(deps, account);
    log(`demo data: ${records.companies} companies, ${records.contacts} contacts`);
    const lists = await seedDemoLists(deps, account);
    log(`demo data: ${lists.lists} lists, ${lists.suppressions} suppression entries`);
  }
  return { email: DEMO_EMAIL, password: DEMO_PASSWORD };
}
