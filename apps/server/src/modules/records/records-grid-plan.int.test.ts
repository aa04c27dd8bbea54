import { sql, type SQL } from 'drizzle-orm';
import type { FilterNode } from '@leadtrail/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import type { Tx } from '../../core/unit-of-work.js';
import { compileFilter } from '../../lib/filters/compile.js';
import { keysetPage, WALK_ROWS, type BoundedWalk } from '../../lib/filters/grid-query.js';
import { decodeCursor, resolveSort } from '../../lib/filters/keyset.js';
import { contactRegistry, contactSql } from './contacts/contacts.repository.js';
import { createRecordsRepository } from './records.repository.js';

/**
 * Issue 28 (decision 0041): a filter whose two columns correlate, and whose matches lie at the far
 * end of the grid's order. The oldest quarter of the workspace's contacts are French "Mil…" (no
 * other last name starts "Mil"; a third of the others are French), so "country is France AND last
 * name starts with Mil" matches 1/4 where the planner, multiplying France (1/2) by "Mil" (1/4),
 * expects 1/8, spread evenly: it walks the newest-first index expecting a page within a few hundred
 * rows and reads three quarters of the workspace first (bench:contacts has the same at 1M, 1/16).
 */

const N = 32_000;
let t: TestContext;
let workspaceId: string;

const and = (...c: FilterNode[]): FilterNode => ({ and: c });
const franceMil = and({ field: 'country', op: 'is', value: 'France' }, { field: 'lastName', op: 'startsWith', value: 'Mil' });
const spainBra = and({ field: 'country', op: 'is', value: 'Spain' }, { field: 'lastName', op: 'startsWith', value: 'Bra' });

beforeAll(async () => {
  t = await createTestApp();
  workspaceId = (await signUp(t.app)).me.workspace.id;
  await t.container.uow.tenant({ workspaceId }, (tx) =>
    tx.execute(sql`
      insert into contacts (workspace_id, id, first_name, last_name, email, country, created_at, updated_at)
      select ${workspaceId}::uuid, gen_random_uuid(),
             (array['Ann','Bob','Cy','Di','Ed','Flo','Gus','Hal'])[1 + (hashint4(g + 1) & 2147483647) % 8],
             case when g <= ${N / 4} then (array['Milano','Miller','Mills','Milton'])[1 + g % 4]
                  when g % 50 = 0 then null
                  when (hashint4(g + 2) & 2147483647) % 15 = 0 then (array['Bradley','Brandt','Braun','Bravo'])[1 + g % 4]
                  else (array['Adams','Baker','Clark','Davis','Evans','Ford','Green','Hill','Jones','King'])[1 + (hashint4(g + 3) & 2147483647) % 10] end,
             'p' || g || '@example.com',
             case when g <= ${N / 4} then 'France'
                  else (array['France','France','France','France','France','Spain','Spain','Germany','Italy','Japan','Brazil','India','Canada','Chile','Peru'])[1 + (hashint4(g + 5) & 2147483647) % 15] end,
             -- three contacts an instant: the id breaks the ties
             now() - ((${N} - g) / 3) * interval '1 second', now()
      from generate_series(1, ${N}) g`),
  );
  // the planner's statistics, as autovacuum keeps them
  await t.db.pool.query('analyze contacts');
});
afterAll(() => t.close());

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Actual Rows': number; 'Actual Loops': number; 'Rows Removed by Filter'?: number; Plans?: PlanNode[] };

/** Rows each statement read from contacts (returned or removed by a filter), by EXPLAIN ANALYZE on the same connection. */
function explaining(tx: Tx, reads: number[]): Tx {
  const rowsOfContacts = (n: PlanNode): number =>
    (n['Relation Name'] === 'contacts' ? (n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0)) * n['Actual Loops'] : 0) +
    (n.Plans ?? []).reduce((s, p) => s + rowsOfContacts(p), 0);
  return {
    execute: async (q: SQL) => {
      const plan = await tx.execute<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(sql`explain (analyze, format json) ${q}`);
      reads.push(rowsOfContacts(plan.rows[0]!['QUERY PLAN'][0].Plan));
      return tx.execute(q);
    },
  } as unknown as Tx;
}

/** Every match in the grid's order, the obvious way. */
async function reference(filter: FilterNode, sortKey: string): Promise<string[]> {
  const sort = resolveSort(sortKey, contactRegistry([]), '-createdAt');
  const where = compileFilter(filter, contactRegistry([])).where;
  const d = sql.raw(sort.dir);
  const res = await t.container.uow.read({ workspaceId }, (tx) =>
    tx.execute<{ id: string }>(sql`select c.id from contacts c where c.workspace_id = ${workspaceId} and ${where}
      order by ${sort.def.expr} ${d} nulls ${sql.raw(sort.dir === 'asc' ? 'last' : 'first')}, c.id ${d}`),
  );
  return res.rows.map((r) => r.id);
}

describe('a grid page under a filter whose columns correlate (issue 28)', () => {
  it('reads a bounded number of rows for its first page, whatever plan the planner would choose for one statement', async () => {
    const repo = createRecordsRepository(contactSql);
    const expected = (await reference(franceMil, '-createdAt')).slice(0, 50);
    expect(expected).toHaveLength(50);

    // the trap: the planner's one statement for this page usually walks the newest-first index and
    // reads most of the workspace (the bench's 1M case; decision 0041). With another sample of
    // statistics it may pick the "Mil" index and read only the matches (CI's PostgreSQL 15 pass once
    // did), so the test does not depend on the trap being set: the grid's page must be bounded either way
    // the page as the grid reads it: its statements together read a bounded number of contacts
    const reads: number[] = [];
    const page = await t.container.uow.read({ workspaceId }, (tx) =>
      repo.page(explaining(tx, reads), workspaceId, [], { filter: franceMil }, { limit: 50 }),
    );
    expect(page.rows.map((r) => r.id)).toEqual(expected);
    expect(page.nextCursor).not.toBeNull();
    // the walk (WALK_ROWS), where it ended (WALK_ROWS index entries), the N/4 matches, the page's 50 rows and one more
    expect(reads.reduce((s, n) => s + n, 0)).toBeLessThanOrEqual(2 * WALK_ROWS + N / 4 + 51);
  });

  it('a filter matching many rows near the front still fills its page from the walk alone', async () => {
    const repo = createRecordsRepository(contactSql);
    const reads: number[] = [];
    const filter: FilterNode = { field: 'country', op: 'isNot', value: 'Japan' };
    const page = await t.container.uow.read({ workspaceId }, (tx) => repo.page(explaining(tx, reads), workspaceId, [], { filter }, { limit: 50 }));
    expect(page.rows.map((r) => r.id)).toEqual((await reference(filter, '-createdAt')).slice(0, 50));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toBeLessThanOrEqual(200);
  });

  // every stage with a few rows: a walk of 100, then at most `sortMatches` matches sorted, else the planner's query
  const spain: FilterNode = { field: 'country', op: 'is', value: 'Spain' };
  const cases: [string, FilterNode, string, number][] = [
    ['matches only past the walk, too many to sort (the planner reads them)', franceMil, '-createdAt', 400],
    ['matches only past the walk, sorted', franceMil, '-createdAt', 20_000],
    ['matches spread out, sorted by first name', spainBra, 'firstName', 400],
    ['last name ascending: empty names last, pages crossing into them (sorted)', spain, 'lastName', 20_000],
    ['last name ascending: empty names last (the planner reads them)', spain, 'lastName', 400],
    ['last name descending: empty names first (sorted)', { field: 'country', op: 'anyOf', value: ['Italy', 'Chile'] }, '-lastName', 20_000],
    ['last name descending: empty names first (the planner reads them)', { field: 'country', op: 'anyOf', value: ['Italy', 'Chile'] }, '-lastName', 400],
    ['updated at one instant for all: the id orders them', spainBra, '-updatedAt', 400],
  ];
  it.each(cases)('pages through every match in order, each once: %s', async (_name, filter, sortKey, sortMatches) => {
    const sort = resolveSort(sortKey, contactRegistry([]), '-createdAt');
    const where = sql`c.workspace_id = ${workspaceId} and ${compileFilter(filter, contactRegistry([])).where}`;
    const bounded: BoundedWalk = {
      table: sql`contacts`,
      alias: sql`c`,
      scope: sql`c.workspace_id = ${workspaceId}`,
      keysFrom: sql`contacts c`,
      fromOver: (rows) => sql`${rows} c`,
      walkRows: 100,
      sortMatches,
    };
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 200; pages++) {
      const page: { rows: { id: string }[]; nextCursor: string | null } = await t.container.uow.read({ workspaceId }, (tx) =>
        keysetPage<{ id: string }>(tx, {
          select: sql`c.id`,
          from: sql`contacts c`,
          where,
          idExpr: sql`c.id`,
          sort,
          cursor: cursor ? decodeCursor(cursor, sort.key) : null,
          limit: 97,
          bounded,
        }),
      );
      seen.push(...page.rows.map((r) => r.id));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(await reference(filter, sortKey));
  });
});
