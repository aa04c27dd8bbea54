import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { hashPassword } from '../../lib/passwords.js';
import { createAuthRepository } from '../auth/auth.repository.js';

export const DEMO_EMAIL = 'demo@leadtrail.example';
export const DEMO_PASSWORD = 'leadtrail-demo-2026';

/** On first start: a demo workspace with its owner (and sample records as modules add them). */
export async function seedDemo(db: Db, log: (m: string) => void) {
  const existing = await db.run({}, (tx) => tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL)).limit(1));
  if (existing.length === 0) {
    const repo = createAuthRepository(db);
    await repo.createAccount({
      name: 'Dana Demo',
      email: DEMO_EMAIL,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      companyName: 'Acme Robotics (demo)',
    });
    log('demo workspace created');
  }
  return { email: DEMO_EMAIL, password: DEMO_PASSWORD };
}
