import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createDb, type Db } from '../db/client.js';
import { createUnitOfWork, type UnitOfWork } from './unit-of-work.js';

/**
 * The unit of work's own round trips (issue 13): BEGIN and the settings go as one simple query,
 * and a request's credential check is one statement with its settings. Both must leave a pooled
 * connection as they found it: role, workspace and user are transaction-local.
 */
describe('unit of work', () => {
  let db: Db;
  let uow: UnitOfWork;
  const ws = '0190a0b0-0000-7000-8000-0000000000aa';

  beforeAll(() => {
    // one connection: every check below sees the connection the unit of work just used
    db = createDb(inject('databaseUrl'), { max: 1 });
    uow = createUnitOfWork(db);
  });
  afterAll(() => db.close());

  const leftover = async () =>
    (await db.pool.query<{ ws: string | null; u: string | null; role: string; tx: boolean }>(
      `select current_setting('app.workspace_id', true) as ws, current_setting('app.user_id', true) as u, current_user as role,
              now() <> statement_timestamp() as tx`,
    )).rows[0]!;

  it('runs the work as the app role in the scope, commits, and leaves nothing set on the connection', async () => {
    const seen = await uow.tenant({ workspaceId: ws, userId: null }, async (tx) => {
      const r = await tx.execute<{ ws: string; role: string; timeout: string }>(
        sql`select current_setting('app.workspace_id') as ws, current_user as role, current_setting('statement_timeout') as timeout`,
      );
      return r.rows[0]!;
    });
    expect(seen).toEqual({ ws, role: 'leadtrail_app', timeout: '30s' });
    const after = await leftover();
    expect(after.role).not.toBe('leadtrail_app');
    expect(after.ws ?? '').toBe('');
  });

  it('rolls back on an error and the connection serves the next unit of work', async () => {
    await db.pool.query('create table if not exists uow_probe (n int)');
    await db.pool.query('grant select, insert on uow_probe to leadtrail_app');
    await expect(
      uow.tenant({ workspaceId: ws }, async (tx) => {
        await tx.execute(sql`insert into uow_probe values (1)`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await db.pool.query('select count(*)::int as n from uow_probe')).rows[0].n).toBe(0);
    await uow.tenant({ workspaceId: ws }, (tx) => tx.execute(sql`insert into uow_probe values (2)`));
    expect((await db.pool.query('select count(*)::int as n from uow_probe')).rows[0].n).toBe(1);
    // a statement error inside the work: rolled back too, the connection still usable
    await expect(uow.tenant({ workspaceId: ws }, (tx) => tx.execute(sql`select 1/0`))).rejects.toThrow();
    expect((await leftover()).role).not.toBe('leadtrail_app');
    await db.pool.query('drop table uow_probe');
  });

  it('read: two units of work on one read pool (the app and the credential check) never run in the scope the other left', async () => {
    const ws2 = '0190a0b0-0000-7000-8000-0000000000bb';
    const other = createUnitOfWork({ ...db, pool: db.authPool });
    const scopeOf = (u: UnitOfWork, workspaceId: string) =>
      u.read({ workspaceId }, async (tx) => (await tx.execute<{ ws: string }>(sql`select current_setting('app.workspace_id') as ws`)).rows[0]!.ws);
    expect(await scopeOf(uow, ws)).toBe(ws);
    // the same (only) read connection, switched by the other unit of work
    expect(await scopeOf(other, ws2)).toBe(ws2);
    expect(await scopeOf(uow, ws)).toBe(ws);
  });

  it('read: the app role, read-only, in the scope; a connection last used for another scope is switched first', async () => {
    const ws2 = '0190a0b0-0000-7000-8000-0000000000bb';
    const probe = (scope: { workspaceId: string; userId?: string }) =>
      uow.read(scope, async (tx) => {
        const r = await tx.execute<{ ws: string; u: string; role: string; ro: string }>(
          sql`select current_setting('app.workspace_id') as ws, current_setting('app.user_id') as u, current_user as role,
                     current_setting('transaction_read_only') as ro`,
        );
        return r.rows[0]!;
      });
    const user = '0190a0b0-0000-7000-8000-0000000000cc';
    expect(await probe({ workspaceId: ws, userId: user })).toEqual({ ws, u: user, role: 'leadtrail_app', ro: 'on' });
    // the same (only) read connection, another workspace and no user: switched, nothing of the first kept
    expect(await probe({ workspaceId: ws2 })).toEqual({ ws: ws2, u: '', role: 'leadtrail_app', ro: 'on' });
    expect(await probe({ workspaceId: ws, userId: user })).toEqual({ ws, u: user, role: 'leadtrail_app', ro: 'on' });
    // a write is refused, and the connection still serves the next read
    const refused = await uow.read({ workspaceId: ws }, (tx) => tx.execute(sql`create temporary table uow_read_probe (n int)`)).catch((e: Error) => e);
    // read_only_sql_transaction
    expect((refused as Error & { cause?: { code?: string } }).cause?.code).toBe('25006');
    expect((await probe({ workspaceId: ws2 })).ws).toBe(ws2);
    // the transactions' pool is another: nothing of the read's scope or role there
    expect((await leftover()).role).not.toBe('leadtrail_app');
  });

  it('readOnce: settings (SQL expressions) and the statement in one implicit transaction, nothing left after', async () => {
    const rows = await uow.readOnce<{ ws: string; role: string }>(
      [['app.workspace_id', uow.literal(ws)]],
      `select current_setting('app.workspace_id') as ws, current_user as role`,
    );
    expect(rows).toEqual([{ ws, role: 'leadtrail_app' }]);
    const after = await leftover();
    expect(after.role).not.toBe('leadtrail_app');
    expect(after.ws ?? '').toBe('');
    // a value is a literal, never SQL
    const odd = await uow.readOnce<{ v: string }>([['app.user_id', uow.literal("x'); drop table users; --")]], `select current_setting('app.user_id') as v`);
    expect(odd[0]!.v).toBe("x'); drop table users; --");
  });
});
