import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import type { Tx } from '../../core/unit-of-work.js';
import { ensureTestProspects } from './cli/prospects-fixture.js';
import { mergeExceptions, scopeIds, toExceptions } from './prospect-exceptions.js';
import { createProspectsRepository, type ProspectSearch } from './prospects.repository.js';

/**
 * The plan of a search's first page (decision 0040). At 5M people the page cost seconds where
 * its SQL costs milliseconds: the scope and suppression were `not in (subquery)`, and once the
 * subquery's estimate outgrew work_mem PostgreSQL scanned its list again for every person the
 * page walked past. The page now takes the workspace's exceptions as constant arrays: whatever
 * work_mem and the estimates, the plan walks the primary key, reads no workspace table and
 * stops after a page.
 */
let t: TestContext;
let ws: string;
const repo = createProspectsRepository();

type PlanNode = { 'Node Type': string; 'Parent Relationship'?: string; 'Relation Name'?: string; 'Index Name'?: string; Filter?: string; 'Actual Rows': number; Plans?: PlanNode[] };
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

beforeAll(async () => {
  t = await createTestApp();
  await ensureTestProspects(t.db.pool);
  const owner = await signUp(t.app, { companyName: 'Plan Co' });
  ws = owner.me.workspace.id;
  // a workspace with people of its own in the set: 300 contacts, 50 suppressed addresses, a suppressed domain
  await t.db.pool.query(
    `insert into contacts (workspace_id, id, first_name, last_name, email)
     select $1, gen_random_uuid(), first_name, last_name, email from prospect_people where email is not null and company_id is not null order by id limit 300`,
    [ws],
  );
  await t.db.pool.query(
    `insert into suppressions (workspace_id, id, kind, value)
     select $1, gen_random_uuid(), 'email', email from prospect_people where email is not null and company_id is not null order by id offset 400 limit 50`,
    [ws],
  );
  await t.db.pool.query(
    `insert into suppressions (workspace_id, id, kind, value)
     select $1, gen_random_uuid(), 'domain', company_domain from prospect_people where company_id is not null order by id desc limit 1`,
    [ws],
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** The page statement the repository runs (its last one), captured rather than run. */
async function pageSql(search: ProspectSearch): Promise<SQL> {
  // the exceptions' two steps as the service takes them (decision 0043), on one database
  const exceptions = await t.container.uow.tenant({ workspaceId: ws }, async (tx) => {
    const found = await repo.probeExceptions(tx, await repo.exceptionKeys(tx, ws));
    const emails = [...new Set(found.filter((f) => f.candidate && f.email !== null).map((f) => f.email!))];
    return mergeExceptions(found, new Set(await repo.suppressedAmong(tx, ws, emails)));
  });
  let last: SQL | null = null;
  const capture = { execute: async (q: SQL) => ((last = q), { rows: [] }) } as unknown as Tx;
  await repo.page(capture, search, scopeIds(toExceptions(exceptions)), { cursor: null, limit: 25 });
  return last!;
}

describe('the first page of a prospect search', () => {
  for (const scope of ['all', 'net_new', 'mine'] as const) {
    it(`walks a page, not the workspace's exceptions per person (scope ${scope}, suppressed hidden, work_mem at its minimum)`, async () => {
      const search: ProspectSearch = { q: null, filter: { field: 'seniority', op: 'anyOf', value: ['manager', 'director', 'vp', 'senior', 'entry'] }, scope, includeSuppressed: false };
      const statement = await pageSql(search);
      const { plan, rows } = await t.container.uow.tenant({ workspaceId: ws }, async (tx) => {
        // the smallest work_mem: a subquery would no longer be hashed, as at 5M people it was not
        await tx.execute(sql`select set_config('work_mem', '64kB', true), set_config('plan_cache_mode', 'force_custom_plan', true)`);
        const explained = await tx.execute<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(sql`explain (analyze, format json) ${statement}`);
        const result = await tx.execute<{ id: string }>(statement);
        return { plan: explained.rows[0]!['QUERY PLAN'][0].Plan, rows: result.rows };
      });
      const all = nodes(plan);
      expect(all.filter((n) => n['Parent Relationship'] === 'SubPlan' || n['Parent Relationship'] === 'InitPlan'), JSON.stringify(plan)).toEqual([]);
      expect(all.filter((n) => ['contacts', 'suppressions', 'prospect_reveals'].includes(n['Relation Name'] ?? '')), JSON.stringify(plan)).toEqual([]);
      expect(plan['Node Type']).toBe('Limit');
      if (scope !== 'mine') {
        const walk = all.find((n) => n['Relation Name'] === 'prospect_people')!;
        expect(walk['Index Name'], JSON.stringify(plan)).toBe('prospect_people_pkey');
        expect(walk.Filter, JSON.stringify(plan)).toMatch(/<> ALL/);
      }
      // and the page is the one SQL finds without the workspace part, minus its exceptions
      const mine = (await t.db.pool.query<{ id: string }>(
        `select distinct p.id from prospect_people p join contacts c on c.email = p.email where c.workspace_id = $1`, [ws])).rows.map((r) => r.id);
      const hidden = (await t.db.pool.query<{ id: string }>(
        `select p.id from prospect_people p join suppressions s on s.workspace_id = $1 and (s.value = p.email or s.value = p.company_domain)`, [ws])).rows.map((r) => r.id);
      const expected = (await t.db.pool.query<{ id: string }>(
        `select id from prospect_people p where seniority = any($1) and not (id = any($2::uuid[]))
           and ($3 = 'all' or ($3 = 'net_new') = not (id = any($4::uuid[]))) order by id limit 26`,
        [['manager', 'director', 'vp', 'senior', 'entry'], hidden, scope, mine],
      )).rows.map((r) => r.id);
      expect(rows.map((r) => r.id)).toEqual(expected);
      expect(mine.length).toBeGreaterThan(100);
      expect(hidden.length).toBeGreaterThan(10);
    });
  }
});
