import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, workspaces } from '../src/db/schema/index.js';
import { createTestApp, signUp, type TestContext } from './helpers.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('row-level security', () => {
  it('runs request queries as a role without BYPASSRLS', async () => {
    const [row] = await t.container.uow.admin(async (tx) => {
      const r = await tx.execute(
        sql`select current_user as who, (select rolbypassrls from pg_roles where rolname = current_user) as bypass, (select rolsuper from pg_roles where rolname = current_user) as super`,
      );
      return r.rows as { who: string; bypass: boolean; super: boolean }[];
    });
    expect(row).toEqual({ who: 'leadtrail_app', bypass: false, super: false });
  });

  it('a query without the workspace setting sees no tenant rows', async () => {
    await signUp(t.app);
    const unscoped = await t.container.uow.admin((tx) => tx.select().from(members));
    expect(unscoped).toHaveLength(0);
    const ws = await t.container.uow.admin((tx) => tx.select().from(workspaces));
    expect(ws).toHaveLength(0);
    // while the tables do hold rows
    const all = await t.db.pool.query('select count(*)::int as n from members');
    expect(all.rows[0].n).toBeGreaterThan(0);
  });

  it('a workspace sees only its own rows and cannot write into another', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const seen = await t.container.uow.tenant({ workspaceId: a.me.workspace.id }, (tx) => tx.select().from(members));
    expect(seen.map((m) => m.workspaceId)).toEqual([a.me.workspace.id]);
    await expect(
      t.container.uow.tenant({ workspaceId: a.me.workspace.id }, (tx) =>
        tx.insert(members).values({ workspaceId: b.me.workspace.id, id: crypto.randomUUID(), userId: a.me.user.id, role: 'admin' }),
      ),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/row-level security/) } });
  });

  it('uow.resolve: the look-up runs with no workspace, the rest only in the scope it found', async () => {
    const a = await signUp(t.app);
    await signUp(t.app);
    const out = await t.container.uow.resolve(
      async (tx) => {
        // no workspace yet: no tenant row is visible
        expect(await tx.select().from(members)).toHaveLength(0);
        return { workspaceId: a.me.workspace.id, userId: a.me.user.id };
      },
      async (tx) => {
        const r = await tx.execute(sql`select current_user as who`);
        return { who: (r.rows[0] as { who: string }).who, seen: await tx.select().from(members) };
      },
    );
    expect(out?.who).toBe('leadtrail_app');
    expect(out?.seen.map((m) => m.workspaceId)).toEqual([a.me.workspace.id]);
    // nothing found: the scoped part does not run
    let ran = false;
    const none = await t.container.uow.resolve(
      async () => null,
      async () => {
        ran = true;
      },
    );
    expect(none).toBeNull();
    expect(ran).toBe(false);
  });

  it('the setting is transaction-local and does not leak through the pool', async () => {
    const a = await signUp(t.app);
    await t.container.uow.tenant({ workspaceId: a.me.workspace.id }, (tx) => tx.select().from(members));
    for (let i = 0; i < 8; i++) {
      const leaked = await t.container.uow.admin((tx) => tx.select().from(members));
      expect(leaked).toHaveLength(0);
    }
    const r = await t.db.pool.query(`select current_setting('app.workspace_id', true) as ws, current_user as who`);
    expect(r.rows[0].ws ?? '').toBe('');
    expect(r.rows[0].who).not.toBe('leadtrail_app');
  });

  it('every table with a workspace_id has forced row-level security', async () => {
    const r = await t.db.pool.query(`
      select c.relname, c.relrowsecurity, c.relforcerowsecurity
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'workspace_id' and not a.attisdropped)
        and c.relname not in ('sessions', 'api_keys')`);
    expect(r.rows.length).toBeGreaterThan(0);
    // import_rows: enabled, not forced, because COPY FROM is refused under RLS and the
    // import reader copies into it as the owner (docs/decisions/0010-import-staging-and-checkpoints.md)
    const notForced = new Set(['import_rows']);
    for (const row of r.rows)
      expect({ table: row.relname, rls: row.relrowsecurity, force: row.relforcerowsecurity }).toEqual({
        table: row.relname,
        rls: true,
        force: !notForced.has(row.relname),
      });
  });
});
