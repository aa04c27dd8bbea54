import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { suppressedFlagSql, suppressionEntrySql, suppressionMatchSql } from './suppression-match.sql.js';

/**
 * THE check against a reference written the obvious way in TypeScript, on random emails and
 * entries drawn from a small alphabet (so they collide): the WHERE form, the select-list flag and
 * the matching entry must all agree with it, and NOT of the check must never be null.
 */

let t: TestContext;
let workspaceId: string;
beforeAll(async () => {
  t = await createTestApp();
  workspaceId = (await signUp(t.app)).me.workspace.id;
});
afterAll(() => t.close());

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const label = fc.constantFrom('acme', 'eu', 'sales', 'mail', 'x', 'co');
const domain = fc.array(label, { minLength: 1, maxLength: 8 }).map((ls) => [...ls, 'com'].join('.'));
const email = fc.tuple(fc.constantFrom('jo', 'ann', 'j.doe', 'a+b'), domain).map(([u, d]) => `${u}@${d}`);
const entry = fc.oneof(
  domain.map((v) => ({ kind: 'domain' as const, value: v })),
  email.map((v) => ({ kind: 'email' as const, value: v })),
  email.map((v) => ({ kind: 'hash' as const, value: sha(v) })),
);

type Entry = { kind: 'email' | 'domain' | 'hash'; value: string };
function reference(e: string, entries: Entry[]): boolean {
  const d = e.slice(e.indexOf('@') + 1);
  return entries.some(
    (x) =>
      (x.kind === 'email' && x.value === e) ||
      (x.kind === 'hash' && x.value === sha(e)) ||
      // parents are looked up up to 6 labels deep (decision 0006); the full domain always
      (x.kind === 'domain' && (d === x.value || (d.endsWith(`.${x.value}`) && x.value.split('.').length <= 6))),
  );
}

describe('suppression-match', () => {
  it('agrees with the reference for random emails and entries (domains cover subdomains, by labels)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(entry, { minLength: 1, maxLength: 12, selector: (x) => `${x.kind}:${x.value}` }), fc.array(email, { minLength: 1, maxLength: 15 }), async (entries, emails) => {
        const rows = await t.container.uow.tenant({ workspaceId }, async (tx) => {
          await tx.execute(sql`delete from suppressions where workspace_id = ${workspaceId}::uuid`);
          for (const x of entries) {
            await tx.execute(sql`insert into suppressions (workspace_id, id, kind, value) values (${workspaceId}::uuid, gen_random_uuid(), ${x.kind}, ${x.value})`);
          }
          const e = sql.raw('e.email');
          const res = await tx.execute<{ email: string; m: boolean; notm: boolean | null; f: boolean; entry: { kind: string; value: string } | null }>(sql`
            select e.email, ${suppressionMatchSql(workspaceId, e)} as m, not ${suppressionMatchSql(workspaceId, e)} as notm,
                   ${suppressedFlagSql(workspaceId, e)} as f, ${suppressionEntrySql(workspaceId, e)} as entry
            from unnest(${sql.param(emails)}::text[]) as e(email)`);
          return res.rows;
        });
        for (const r of rows) {
          const want = reference(r.email, entries);
          expect({ email: r.email, m: r.m, notm: r.notm, f: r.f, entry: r.entry !== null }).toEqual({ email: r.email, m: want, notm: !want, f: want, entry: want });
        }
      }),
      { numRuns: 60 },
    );
  });

  it("finds a row's entry by index probes under row-level security, however many entries the workspace has", async () => {
    // the domain candidates and the hash are function calls PostgreSQL does not know to be leakproof:
    // inside the condition on suppressions, row-level security kept them out of the index condition
    // and every row read all the workspace's domain and hash entries (3.4 s a page at 90,000)
    type PlanNode = {
      'Node Type': string;
      'Relation Name'?: string;
      'Index Cond'?: string;
      'Actual Rows': number;
      'Rows Removed by Filter'?: number;
      Plans?: PlanNode[];
    };
    const scans: PlanNode[] = [];
    const walk = (n: PlanNode) => {
      if (n['Relation Name'] === 'suppressions') scans.push(n);
      n.Plans?.forEach(walk);
    };
    const uow = t.container.uow;
    await uow.tenant({ workspaceId }, async (tx) => {
      await tx.execute(sql`delete from suppressions where workspace_id = ${workspaceId}::uuid`);
      await tx.execute(sql`
        insert into suppressions (workspace_id, id, kind, value)
        select ${workspaceId}::uuid, gen_random_uuid(), k.kind, k.value
        from generate_series(1, 2000) g,
             lateral (values ('email', 'e' || g || '@example.com'), ('domain', 'd' || g || '.example'),
                             ('hash', encode(sha256(convert_to('x' || g, 'UTF8')), 'hex'))) k(kind, value)`);
      await tx.execute(sql`insert into suppressions (workspace_id, id, kind, value) values (${workspaceId}::uuid, gen_random_uuid(), 'domain', 'acme.com'),
                             (${workspaceId}::uuid, gen_random_uuid(), 'hash', ${sha('jo@other.org')})`);
    });
    // the planner's statistics, as autovacuum keeps them in production
    await t.db.pool.query('analyze suppressions');
    try {
      const emails = sql.param(['jo@sales.acme.com', 'jo@other.org', 'ann@nowhere.net', 'e7@example.com']);
      const e = sql.raw('e.email');
      // the workspace given by its id (imports), and as a column of the row (the grid: scoped by row-level security)
      for (const [ws, from] of [
        [workspaceId, sql`from unnest(${emails}::text[]) as e(email)`],
        [sql.raw('w.id'), sql`from unnest(${emails}::text[]) as e(email), (select ${workspaceId}::uuid as id) w`],
      ] as const) {
        const { role, plan, entries } = await uow.tenant({ workspaceId }, async (tx) => {
          const role = (await tx.execute<{ r: string }>(sql`select current_user as r`)).rows[0]!.r;
          const explained = await tx.execute<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
            sql`explain (analyze, format json) select ${suppressionEntrySql(ws, e)} as entry ${from}`,
          );
          const found = await tx.execute<{ entry: { kind: string; value: string } | null }>(sql`select ${suppressionEntrySql(ws, e)} as entry ${from}`);
          return { role, plan: explained.rows[0]!['QUERY PLAN'][0].Plan, entries: found.rows.map((r) => r.entry && `${r.entry.kind}:${r.entry.value}`) };
        });
        expect(role).toBe('leadtrail_app'); // row-level security applies
        expect(entries).toEqual(['domain:acme.com', `hash:${sha('jo@other.org')}`, null, 'email:e7@example.com']);
        scans.length = 0;
        walk(plan);
        // every read of suppressions finds at most the one entry it looks for (or the one that says a
        // kind exists), by its index: none reads the workspace's entries of a kind
        expect(scans.filter((n) => /\bvalue = /.test(n['Index Cond'] ?? '')).length).toBeGreaterThanOrEqual(3);
        for (const scan of scans) {
          expect(scan['Actual Rows'], JSON.stringify(scan)).toBeLessThanOrEqual(1);
          expect(scan['Rows Removed by Filter'] ?? 0, JSON.stringify(scan)).toBe(0);
        }
      }
    } finally {
      await uow.tenant({ workspaceId }, (tx) => tx.execute(sql`delete from suppressions where workspace_id = ${workspaceId}::uuid`));
    }
  });

  it('a null email is never suppressed, and NOT of the check is true for it', async () => {
    const [row] = await t.container.uow.tenant({ workspaceId }, async (tx) => {
      const e = sql`null::text`;
      return (await tx.execute<{ m: boolean; notm: boolean }>(sql`select ${suppressionMatchSql(workspaceId, e)} as m, not ${suppressionMatchSql(workspaceId, e)} as notm`)).rows;
    });
    expect(row).toEqual({ m: false, notm: true });
  });
});
