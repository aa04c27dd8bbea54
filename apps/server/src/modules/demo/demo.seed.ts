import type { AuthService } from '../auth/auth.service.js';
import { seedDemoContacts, type DemoContactsDeps } from './demo-contacts.js';
import { seedDemoLists, type DemoListsDeps } from './demo-lists.js';

export const DEMO_EMAIL = 'demo@leadtrail.example';
export const DEMO_PASSWORD = 'sales-pipeline-2026';

export type DemoSeedDeps = { auth: AuthService } & DemoContactsDeps & DemoListsDeps;

/** On first start: a demo workspace with its owner (and sample records as modules add them). */
export async function seedDemo(deps: DemoSeedDeps, log: (m: string) => void) {
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
