import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { migrate } from '../../db/migrate.js';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { dropDatabase, freshDatabase } from '../../../test/scratch-database.js';
import { generateProspects } from './cli/prospects-generator.js';
import { replaceProspects } from './cli/prospects-store.js';
import { createProspectsRepository } from './prospects.repository.js';
import { createProspectsService } from './prospects.service.js';

/**
 * The in-memory facet and keyword columns (decision 0040) on data the shared test set does not
 * have: more than 255 values in a facet and in a keyword field (codes widened past one byte), and
 * a value holding the record separator the columns are read with (that batch read again as JSON).
 * The counts must be SQL's, whatever the path. A database of its own: the load replaces the set.
 */
const server = inject('databaseUrl');
const name = `leadtrail_facet_columns_${process.pid}`;

let t: TestContext;
let pool: pg.Pool;
let ctx: { workspaceId: string; userId: string; memberId: string; role: 'owner'; permissions: []; via: 'job'; sessionId: null };

beforeAll(async () => {
  const url = await freshDatabase(server, name);
  pool = new pg.Pool({ connectionString: url, max: 2 });
  await migrate(pool);
  await replaceProspects(pool, async (sink) => {
    let i = 0;
    for (const { company, people } of generateProspects({ people: 1_200, seed: 'facet-columns' })) {
      sink.company(company);
      for (const p of people) {
        i++;
        // 400 countries and 600 titles: both dictionaries past one byte; one title holds the separator
        const title = i === 7 ? 'Head\u001eof Revenue' : i % 2 ? `Account Executive ${i % 600}` : p.title;
        await sink.person({ ...p, country: `Country ${i % 400}`, title });
      }
    }
  });
  t = await createTestApp({ DATABASE_URL: url });
  const owner = await signUp(t.app, { companyName: 'Columns Co' });
  ctx = { workspaceId: owner.me.workspace.id, userId: owner.me.user.id, memberId: owner.me.member.id, role: 'owner', permissions: [], via: 'job', sessionId: null };
}, 120_000);
afterAll(async () => {
  await t?.close();
  await pool?.end();
  await dropDatabase(server, name);
});

describe('the in-memory facet columns', () => {
  it('count as SQL does past one-byte dictionaries and across a value holding the separator', async () => {
    const sqlOnly = createProspectsService({ uow: t.container.uow, repo: createProspectsRepository(), inMemoryFacets: false });
    const searches = [
      { q: 'revenue' },
      { q: 'head of' },
      { q: 'account executive 12' },
      { filter: JSON.stringify({ field: 'country', op: 'anyOf', value: ['Country 5', 'country 399'] }) },
      { filter: JSON.stringify({ and: [{ field: 'country', op: 'isNot', value: 'Country 1' }, { field: 'seniority', op: 'is', value: 'manager' }] }), q: 'account' },
    ];
    for (const s of searches) {
      const params = { ...s, scope: 'all' as const, includeSuppressed: false };
      const bySql = await sqlOnly.facets(ctx, params);
      expect(await t.container.prospects.facets(ctx, params), JSON.stringify(s)).toEqual(bySql);
      expect(bySql.totals.all, JSON.stringify(s)).toBeGreaterThan(0);
    }
    // the in-memory path answered (not the SQL fallback): the index was built, with both wide dictionaries
    expect(t.container.prospects.facetIndexSize()?.people).toBe(1_200);
  });
});
