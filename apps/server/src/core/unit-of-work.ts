import pg from 'pg';
import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { APP_ROLE, type Db, type Tx } from '../db/client.js';
import { isStalePreparedPlan, preparingClient } from './prepared-statements.js';
import type { HeavySlots } from './heavy-slots.js';
import { unitTally } from './unit-tally.js';

/** A transaction handle: repositories take it as their first argument and never open one. */
export type { Tx };

/** What each open transaction runs once it has committed (nothing when it rolls back). */
const afterCommit = new WeakMap<object, (() => void)[]>();

/**
 * Work to start once the caller's transaction has committed, never when it rolls back: a mail's
 * delivery (its outbox row is written in the transaction, as webhook events are). Runs outside the
 * request's tally (core/unit-tally.ts): it is not the use case's unit of work.
 */
export function onCommit(tx: Tx, fn: () => void): void {
  const list = afterCommit.get(tx);
  if (!list) throw new Error('onCommit needs a transaction (uow.tenant, admin or resolve)');
  list.push(fn);
}

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
  /**
   * A heavy use case (a filtered grid, an export, a bulk change): it takes one of its workspace's
   * slots before it takes a connection, or is refused at once (core/heavy-slots.ts, decision 0029).
   */
  heavy?: boolean;
};

export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

/**
 * Each read connection's session-level scope (`workspace\nuser`), as last set on it: one map for
 * every unit of work, since two of them share the read pool (the app's and the credential
 * check's, decision 0029) and one must see what the other set.
 */
const readScopes = new WeakMap<pg.PoolClient, string>();

/** A notification channel every transaction's connection listens to, and who hears it. */
export type Listen = { channel: string; onNotification: (msg: pg.Notification) => void };

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
export function createUnitOfWork(db: Db, opts: { listen?: Listen; heavy?: HeavySlots } = {}) {
  /** A slot when the use case is heavy (taken before any connection), else nothing to give back. */
  const slotFor = (workspaceId: string, o: TxOptions | undefined) => (o?.heavy && opts.heavy ? opts.heavy.take(workspaceId) : () => {});

  // each connection a transaction runs on listens to `listen.channel` from its first BEGIN on
  // (same round trip): a use case hears its own notifications before its COMMIT returns
  const listening = new WeakSet<pg.PoolClient>();
  const listenSql = (client: pg.PoolClient) => {
    const l = opts.listen;
    if (!l || listening.has(client)) return '';
    listening.add(client);
    client.on('notification', l.onNotification);
    return `listen ${pg.escapeIdentifier(l.channel)}; `;
  };

  async function apply(tx: Tx, pairs: [string, string][]) {
    const set = pairs.map(([k, v]) => sql`set_config(${k}, ${v}, true)`);
    await tx.execute(sql`select ${sql.join(set, sql`, `)}`);
  }

  // drizzle's own transaction() sends BEGIN alone and the settings after it: two round trips
  // (and two statements) before any work, on every request (issue 13). This sends both as one
  // simple query; the transaction handle is drizzle's, bound to the checked-out client.
  const orm = db.orm as unknown as { dialect: ConstructorParameters<typeof NodePgSession>[1] };
  /**
   * drizzle's handle over a checked-out client (its repeated statements prepared): no BEGIN is sent
   * by it. A new one per use case: services keep what one transaction has read under its handle
   * (webhooks' endpoints, records' default region). Without the schema: given it, drizzle builds a
   * relational query builder for every table on each handle (2% of a grid page's CPU); no code
   * uses drizzle's relational queries (`tx.query`), which are empty on this handle.
   */
  const txOn = (client: pg.PoolClient) =>
    new NodePgTransaction(orm.dialect, new NodePgSession(preparingClient(client), orm.dialect, undefined), undefined) as unknown as Tx;
  /** A transaction-local setting to the value of an SQL expression. */
  const setConfig = (key: string, expr: string) => `set_config(${pg.escapeLiteral(key)}, ${expr}, true)`;
  const setSql = (pairs: [string, string][]) => `select ${pairs.map(([k, v]) => setConfig(k, pg.escapeLiteral(v))).join(', ')}`;

  async function transaction<T>(kind: string, pairs: [string, string][], fn: (tx: Tx) => Promise<T>): Promise<T> {
    unitTally.opening(kind);
    const client = await db.pool.connect();
    // a connection whose BEGIN, COMMIT or ROLLBACK failed is in an unknown state: closed, not reused
    let broken: Error | undefined;
    const end = async (statement: 'commit' | 'rollback') => {
      try {
        await client.query(statement);
      } catch (err) {
        broken = err as Error;
        throw err;
      }
    };
    try {
      const tx = txOn(client);
      afterCommit.set(tx, []);
      try {
        await client.query(`${listenSql(client)}begin; ${setSql(pairs)}`);
      } catch (err) {
        broken = err as Error;
        throw err;
      }
      let result: T;
      try {
        result = await unitTally.within(() => fn(tx));
      } catch (err) {
        if (isStalePreparedPlan(err)) broken = err as Error;
        await end('rollback').catch(() => {});
        throw err;
      }
      await end('commit');
      for (const fn of afterCommit.get(tx) ?? []) unitTally.aside(fn);
      return result;
    } finally {
      client.release(broken);
    }
  }

  async function run<T>(kind: string, workspaceId: string, userId: string, fn: (tx: Tx) => Promise<T>, o: TxOptions): Promise<T> {
    const release = slotFor(workspaceId, o);
    try {
      return await transaction(kind, settings({ workspaceId, userId }, o), fn);
    } finally {
      release();
    }
  }

  /**
   * A read use case (a grid page, a record's detail) in as many round trips as it has statements:
   * no BEGIN, no settings, no COMMIT (issue 13). It runs on the read pool (db/client.ts), whose
   * connections are the restricted role and read-only from their start, and keep their scope at
   * session level: a connection last used for another scope is switched first (one round trip
   * more). Each statement sees its own snapshot, so a use case that must see several tables at
   * one instant, or writes anything, is a `tenant` transaction.
   */
  async function read<T>(scope: TenantScope, fn: (tx: Tx) => Promise<T>, o: Pick<TxOptions, 'heavy'> = {}): Promise<T> {
    const release = slotFor(scope.workspaceId, o);
    unitTally.opening('read');
    let client: pg.PoolClient;
    try {
      client = await db.readPool.connect();
    } catch (err) {
      release();
      throw err;
    }
    let broken: Error | undefined;
    try {
      const want = `${scope.workspaceId}\n${scope.userId ?? ''}`;
      if (readScopes.get(client) !== want) {
        readScopes.delete(client);
        try {
          await client.query(`select set_config('app.workspace_id', $1, false), set_config('app.user_id', $2, false)`, [
            scope.workspaceId,
            scope.userId ?? '',
          ]);
        } catch (err) {
          broken = err as Error;
          throw err;
        }
        readScopes.set(client, want);
      }
      try {
        return await unitTally.within(() => fn(txOn(client)));
      } catch (err) {
        if (isStalePreparedPlan(err)) broken = err as Error;
        throw err;
      }
    } finally {
      client.release(broken);
      release();
    }
  }

  /**
   * One read in one round trip, outside any transaction: the settings and the statement go as
   * one simple query, which PostgreSQL runs as one implicit transaction (the transaction-local
   * settings end with it). The settings' values are SQL expressions (they may read what the
   * statement needs, e.g. a credential's workspace); the statement takes no bind parameters:
   * values are inlined with `literal`. For the per-request credential check (issue 13).
   */
  async function readOnce<T>(pairs: [string, string][], statement: string, opts: TxOptions = {}): Promise<T[]> {
    const base = settings({ workspaceId: '', userId: '' }, opts).filter(([k]) => !pairs.some(([p]) => p === k));
    const set = [...base.map(([k, v]) => setConfig(k, pg.escapeLiteral(v))), ...pairs.map(([k, expr]) => setConfig(k, expr))];
    unitTally.opening('readOnce');
    const results = (await db.pool.query(`select ${set.join(', ')}; ${statement}`)) as unknown as pg.QueryResult[];
    return results[results.length - 1]!.rows as T[];
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
    return transaction('resolve', settings({ workspaceId: '', userId: '' }, opts), async (tx) => {
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
    const release = slotFor(scope.workspaceId, opts);
    unitTally.opening('tenantClient');
    let client: pg.PoolClient;
    try {
      client = await db.pool.connect();
    } catch (err) {
      release();
      throw err;
    }
    let ok = false;
    try {
      await client.query('begin');
      const set = settings({ workspaceId: scope.workspaceId, userId: scope.userId ?? '' }, opts);
      await client.query(`select ${set.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ')}`, set.flat());
      const result = await unitTally.within(() => fn(client));
      await client.query('commit');
      ok = true;
      return result;
    } finally {
      // a failed connection (maybe mid-COPY) is closed, not reused: closing it ends the
      // transaction on the server, where a ROLLBACK could wait behind unread COPY data
      client.release(ok ? undefined : true);
      release();
    }
  }

  return {
    tenant: <T>(scope: TenantScope, fn: (tx: Tx) => Promise<T>, opts: TxOptions = {}) =>
      run('tenant', scope.workspaceId, scope.userId ?? '', fn, opts),
    admin: <T>(fn: (tx: Tx) => Promise<T>, opts: TxOptions = {}) => run('admin', '', '', fn, opts),
    resolve,
    readOnce,
    read,
    /**
     * A heavy slot held across several units of work (an export: taken before its headers go,
     * given back when its stream ends); a 429/503 when the workspace or the process is full.
     */
    heavySlot: (workspaceId: string) => slotFor(workspaceId, { heavy: true }),
    /** A value as an SQL literal, for readOnce's statement. */
    literal: (v: string) => pg.escapeLiteral(v),
    tenantClient,
    /** Whether the database answers (readiness). */
    ping: async () => {
      await db.pool.query('select 1');
    },
  };
}

export type UnitOfWork = ReturnType<typeof createUnitOfWork>;

/**
 * Where the prospect tables (prospect_people, prospect_companies, prospect_facet_counts) are
 * read (docs/decisions/0043). They are global and read-only to the app: no workspace scope, no
 * row-level security, written only by a load's swap. With one database (PROSPECTS_DATABASE_URL
 * unset) a read runs on the use case's own transaction, so the use case stays one unit of work.
 * With a database of their own, a read runs in a short read-only transaction on that database's
 * read pool (restricted role): not a unit of work of the app's database, and not counted as one
 * (core/unit-tally.ts); reading it beside the app's transaction is safe because the prospect set
 * only changes by a load's swap. No query ever joins a prospect table with a workspace table.
 */
export type ProspectReads = {
  /** true when the prospect tables live in a database of their own */
  separate: boolean;
  /** `fn` on the prospect tables' executor, from inside the use case whose transaction is `tx`. */
  in<T>(tx: Tx, fn: (ptx: Tx) => Promise<T>): Promise<T>;
};

export function createProspectReads(prospectsDb: Db | null): ProspectReads {
  if (!prospectsDb) return { separate: false, in: (tx, fn) => fn(tx) };
  const orm = prospectsDb.orm as unknown as { dialect: ConstructorParameters<typeof NodePgSession>[1] };
  return {
    separate: true,
    async in(_tx, fn) {
      const client = await prospectsDb.readPool.connect();
      let broken: Error | undefined;
      try {
        // one snapshot for the read's statements; the pool's connections are the restricted role, read-only
        await client.query('begin read only');
        const ptx = new NodePgTransaction(orm.dialect, new NodePgSession(client, orm.dialect, undefined), undefined) as unknown as Tx;
        try {
          const out = await fn(ptx);
          await client.query('commit');
          return out;
        } catch (err) {
          await client.query('rollback').catch((e: Error) => (broken = e));
          throw err;
        }
      } finally {
        client.release(broken);
      }
    },
  };
}
