import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema/index.js';

/** A transaction handle (core/unit-of-work.ts opens them; repositories take one). */
export type Tx = Parameters<Parameters<NodePgDatabase<typeof schema>['transaction']>[0]>[0];

/** The restricted role every request query runs as (no BYPASSRLS). */
export const APP_ROLE = 'leadtrail_app';
/** A read use case's statements end after this long (a transaction's default: core/unit-of-work.ts). */
const READ_STATEMENT_TIMEOUT_MS = 30_000;

export type Db = ReturnType<typeof createDb>;

/**
 * A pool whose lost connections end no process: an idle client that loses its connection is
 * replaced, and a checked-out client whose connection drops between two queries (an open
 * transaction, an import holding its lock) would otherwise emit 'error' with no listener
 * (issue 16, finding 13). The loss still reaches its holder: the next query on it fails.
 */
function survivingPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return pool;
}

/** Connections of the credential pool: sign-in and the per-request credential check (decision 0029). */
const AUTH_POOL_MAX = 3;

export function createDb(url: string, options: { max?: number; acquireTimeoutMs?: number; authMax?: number } = {}) {
  // no request waits forever: a pool that can't hand out a connection in time answers 503
  // (errors.plugin), and a transaction left idle is ended by the server
  const pool = survivingPool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.acquireTimeoutMs ?? 10_000,
    idle_in_transaction_session_timeout: 60_000,
  });
  const orm = drizzle(pool, { schema });
  // uow.read's connections: the restricted role and read-only from their start (no per-request
  // BEGIN and settings); their workspace scope is set at session level by uow.read, which alone uses them
  const readPool = survivingPool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.acquireTimeoutMs ?? 10_000,
    options: `-c role=${APP_ROLE} -c default_transaction_read_only=on -c statement_timeout=${READ_STATEMENT_TIMEOUT_MS}`,
  });

  // who the caller is (the credential check of every request, sign-in) is asked on a pool of its
  // own: user work, however heavy, can't take these connections (issue 27: a flood of bulk
  // updates held the main pool and every other workspace's sign-in answered 503)
  const authPool = survivingPool({
    connectionString: url,
    max: options.authMax ?? AUTH_POOL_MAX,
    connectionTimeoutMillis: options.acquireTimeoutMs ?? 10_000,
    idle_in_transaction_session_timeout: 60_000,
  });

  return {
    pool,
    readPool,
    authPool,
    orm,
    close: async () => {
      await Promise.all([pool.end(), readPool.end(), authPool.end()]);
    },
  };
}
