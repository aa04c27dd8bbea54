import type pg from 'pg';
import { generateIntoDatabase } from './prospects.cli.js';
import { generateProspects } from './prospects-generator.js';
import { withProspectLoadLock } from './prospects-store.js';

/** The prospect set API tests share (the tables are global: every test file of a run sees the same people). */
export const TEST_PROSPECTS = { people: 3000, seed: 'api-tests' } as const;

/**
 * Generates the shared test set unless the database already holds every person of it, under an
 * advisory lock so parallel test files generate it once. People a test adds beside the set (one
 * with a chosen address) are no reason to load it again: a reload would truncate them under
 * the test that is using them.
 */
export async function ensureTestProspects(pool: pg.Pool, opts: { people: number; seed: string } = TEST_PROSPECTS): Promise<void> {
  const ids = [...generateProspects(opts)].flatMap((g) => g.people.map((p) => p.id));
  await withProspectLoadLock(pool, async () => {
    const r = await pool.query<{ n: string }>('select count(*) as n from prospect_people where id = any($1::uuid[])', [ids]);
    if (Number(r.rows[0]!.n) !== ids.length) await generateIntoDatabase(pool, opts);
  });
}
