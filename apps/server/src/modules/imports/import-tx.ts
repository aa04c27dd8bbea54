import type pg from 'pg';
import { APP_ROLE, type Db } from '../../db/client.js';

/**
 * A transaction on a raw pg client for the import processor, with the workspace set
 * transaction-locally. `restricted` (the default) switches to the application role so
 * row-level security applies; the staging COPY runs without it because PostgreSQL refuses
 * COPY FROM under row-level security (docs/decisions/0010-import-staging-and-checkpoints.md).
 */
export async function inImportTx<T>(
  db: Db,
  workspaceId: string,
  fn: (client: pg.PoolClient) => Promise<T>,
  opts: { restricted?: boolean } = {},
): Promise<T> {
  const client = await db.pool.connect();
  try {
    await client.query('begin');
    // synchronous_commit off: a commit doesn't wait for its WAL to reach the disk. A database
    // crash may then lose the last moments of commits, but each commit holds a batch's work
    // with its checkpoint, so a lost one is simply done again: exactly once still holds.
    await client.query(
      `select set_config('app.workspace_id', $1, true), set_config('synchronous_commit', 'off', true)${opts.restricted === false ? '' : `, set_config('role', '${APP_ROLE}', true)`}`,
      [workspaceId],
    );
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** A value for COPY's text format: \N for null, and backslash, tab and line breaks escaped. */
export function copyValue(v: string | number | boolean | null | undefined): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v !== 'string') return String(v);
  let out = '';
  let last = 0;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c === 92 || c === 9 || c === 10 || c === 13) {
      out += v.slice(last, i) + (c === 92 ? '\\\\' : c === 9 ? '\\t' : c === 10 ? '\\n' : '\\r');
      last = i + 1;
    }
  }
  return last === 0 ? v : out + v.slice(last);
}
