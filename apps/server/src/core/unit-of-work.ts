import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { APP_ROLE, type Db, type Tx } from '../db/client.js';

/** A transaction handle: repositories take it as their first argument and never open one. */
export type { Tx };

/** Whom a transaction acts for: the row-level security policies read these settings. */
export type TenantScope = { workspaceId: string; userId?: string | null };

export type TxOptions = {
  /**
   * false runs as the connecting (owner) role: only for the import's staging COPY, which
   * PostgreSQL refuses under row-level security (docs/decisions/0010).
   */
  restricted?: boolean;
  /** 'off' for import batches, whose checkpoint commits with the work (decision 0012). */
  synchronousCommit?: 'off';
  /** Per statement, in ms; 0 for none (streamed exports). Default 30 s. */
  statementTimeoutMs?: number;
};

export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

/**
 * The one place that switches role and scope: every transaction starts with these settings,
 * transaction-local (never session-level, which would leak through the pool).
 */
function settings(scope: { workspaceId: string; userId: string }, opts: TxOptions): [string, string][] {
  const out: [string, string][] = [
    ['app.workspace_id', scope.workspaceId],
    ['app.user_id', scope.userId],
    ['statement_timeout', String(opts.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS)],
  ];
  if (opts.restricted !== false) out.push(['role', APP_ROLE]);
  if (opts.synchronousCommit === 'off') out.push(['synchronous_commit', 'off']);
  return out;
}

/**
 * Units of work. A service method is one use case: it opens one of these and passes `tx`
 * to every repository call, so the use case commits or rolls back as a whole.
 * - `tenant(ctx, tx => …)`: scoped to the caller's workspace (row-level security applies);
 * - `admin(tx => …)`: no workspace: global tables (users, sessions, credentials, tokens);
 * - `resolve(tx => scope, (tx, scope) => …)`: an admin look-up that names the scope, then the
 *   tenant work in that scope, in one transaction (a request's caller, an invitation link);
 * - `tenantClient(ctx, client => …)`: the same on a raw client, for COPY streams.
 */
export function createUnitOfWork(db: Db) {
  async function apply(tx: Tx, pairs: [string, string][]) {
    const set = pairs.map(([k, v]) => sql`set_config(${k}, ${v}, true)`);
    await tx.execute(sql`select ${sql.join(set, sql`, `)}`);
  }

  async function run<T>(workspaceId: string, userId: string, fn: (tx: Tx) => Promise<T>, opts: TxOptions): Promise<T> {
    return db.orm.transaction(async (tx) => {
      await apply(tx, settings({ workspaceId, userId }, opts));
      return fn(tx);
    });
  }

  /**
   * One transaction whose scope is found inside it: `find` runs with no workspace (global
   * tables, e.g. a credential by its token hash), then the scope it returns is set and `fn`
   * runs under row-level security for it. null, without `fn`, when `find` finds nothing.
   */
  async function resolve<S extends TenantScope, T>(
    find: (tx: Tx) => Promise<S | null>,
    fn: (tx: Tx, scope: S) => Promise<T>,
    opts: TxOptions = {},
  ): Promise<T | null> {
    return db.orm.transaction(async (tx) => {
      await apply(tx, settings({ workspaceId: '', userId: '' }, opts));
      const scope = await find(tx);
      if (!scope) return null;
      await apply(tx, [
        ['app.workspace_id', scope.workspaceId],
        ['app.user_id', scope.userId ?? ''],
      ]);
      return fn(tx, scope);
    });
  }

  async function tenantClient<T>(scope: TenantScope, fn: (client: pg.PoolClient) => Promise<T>, opts: TxOptions = {}): Promise<T> {
    const client = await db.pool.connect();
    let ok = false;
    try {
      await client.query('begin');
      const set = settings({ workspaceId: scope.workspaceId, userId: scope.userId ?? '' }, opts);
      await client.query(`select ${set.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ')}`, set.flat());
      const result = await fn(client);
      await client.query('commit');
      ok = true;
      return result;
    } finally {
      // a failed connection (maybe mid-COPY) is closed, not reused: closing it ends the
      // transaction on the server, where a ROLLBACK could wait behind unread COPY data
      client.release(ok ? undefined : true);
    }
  }

  return {
    tenant: <T>(scope: TenantScope, fn: (tx: Tx) => Promise<T>, opts: TxOptions = {}) =>
      run(scope.workspaceId, scope.userId ?? '', fn, opts),
    admin: <T>(fn: (tx: Tx) => Promise<T>, opts: TxOptions = {}) => run('', '', fn, opts),
    resolve,
    tenantClient,
    /** Whether the database answers (readiness). */
    ping: async () => {
      await db.pool.query('select 1');
    },
  };
}

export type UnitOfWork = ReturnType<typeof createUnitOfWork>;
