import type pg from 'pg';
import { generateIntoDatabase } from './prospects.cli.js';
import { generateProspects } from './prospects-generator.js';
import { withProspectLoadLock } from './prospects-store.js';

/** The prospect set API tests share (the tables are global: every test file of a run sees the same people). */
export const TEST_PROSPECTS = { people: 3000, seed: 'api-tests' } as const;

/**
 * Generates the shared test set unless the database already holds it (same count and same
 * first person), under an advisory lock so parallel test files generate it once.
 */
export async function ensureTestProspects(pool: pg.Pool, opts: { people: number; seed: string } = TEST_PROSPECTS): Promise<void> {
  const first = generateProspects(opts).next().value!.people[0]!.id;
  await withProspectLoadLock(pool, async () => {
    const r = await pool.query<{ n: string; has: boolean }>(
      'select (select count(*) from prospect_people) as n, exists (select 1 from prospect_people where id = $1) as has',
      [first],
    );
    if (Number(r.rows[0]!.n) !== opts.people || !r.rows[0]!.has) await generateIntoDatabase(pool, opts);
  });
}
