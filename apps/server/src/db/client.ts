import pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema/index.js';

export type Tx = Parameters<Parameters<NodePgDatabase<typeof schema>['transaction']>[0]>[0];

/** Who a transaction acts for: the row-level security policies read these settings. */
export type Scope = { workspaceId?: string; userId?: string };

/** The restricted role every request query runs as (no BYPASSRLS). */
export const APP_ROLE = 'leadtrail_app';

export type Db = ReturnType<typeof createDb>;

export function createDb(url: string, options: { max?: number; acquireTimeoutMs?: number } = {}) {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // no request waits forever: a pool that can't hand out a connection in time answers 503
    // (errors.plugin), and a transaction left idle is ended by the server
    connectionTimeoutMillis: options.acquireTimeoutMs ?? 10_000,
    idle_in_transaction_session_timeout: 60_000,
  });
  pool.on('error', () => {
    // an idle client lost its connection; the pool replaces it
  });
  // A checked-out client whose connection drops between two queries (an open transaction, an
  // import holding its lock) emits 'error' with no listener, which would end the process
  // (issue 16, finding 13). The loss still reaches its holder: the next query on it fails.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const orm = drizzle(pool, { schema });

  /**
   * Deprecated: modules use core/unit-of-work.ts (tenant/admin) instead; this stays only
   * until every repository takes `tx` from its service's unit of work.
   * Runs fn in a transaction as the restricted role with the workspace and user set
   * transaction-locally (never session-level: that would leak through the pool).
   */
  async function run<T>(scope: Scope, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return orm.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('role', ${APP_ROLE}, true),
                   set_config('app.workspace_id', ${scope.workspaceId ?? ''}, true),
                   set_config('app.user_id', ${scope.userId ?? ''}, true)`,
      );
      return fn(tx);
    });
  }

  return {
    pool,
    orm,
    run,
    tenant: <T>(workspaceId: string, fn: (tx: Tx) => Promise<T>, userId?: string) =>
      run({ workspaceId, userId }, fn),
    close: () => pool.end(),
  };
}
