import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema/index.js';

/** A transaction handle (core/unit-of-work.ts opens them; repositories take one). */
export type Tx = Parameters<Parameters<NodePgDatabase<typeof schema>['transaction']>[0]>[0];

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

  return {
    pool,
    orm,
    close: () => pool.end(),
  };
}
