import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { suppressedFlagSql, suppressionEntrySql, suppressionMatchSql } from './suppression-match.js';

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

  it('a null email is never suppressed, and NOT of the check is true for it', async () => {
    const [row] = await t.container.uow.tenant({ workspaceId }, async (tx) => {
      const e = sql`null::text`;
      return (await tx.execute<{ m: boolean; notm: boolean }>(sql`select ${suppressionMatchSql(workspaceId, e)} as m, not ${suppressionMatchSql(workspaceId, e)} as notm`)).rows;
    });
    expect(row).toEqual({ m: false, notm: true });
  });
});
