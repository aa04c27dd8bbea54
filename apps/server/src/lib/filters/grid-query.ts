import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { encodeCursor, keysetSegments, type ResolvedSort } from './keyset.js';

/**
 * Runs one grid page: the keyset segments in order until `limit` rows (plus one, to know
 * whether there is a next page) are found. `select` must not include the sort key; it is
 * added as `__sort` (text) for the cursor.
 */
export async function keysetPage<T extends Record<string, unknown>>(
  tx: Tx,
  q: {
    select: SQL;
    from: SQL;
    where: SQL;
    idExpr: SQL;
    sort: ResolvedSort;
    cursor: { v: string | null; id: string } | null;
    limit: number;
  },
): Promise<{ rows: T[]; nextCursor: string | null }> {
  const rows: (T & { __sort: string | null; __id: string })[] = [];
  for (const seg of keysetSegments(q.sort, q.cursor, q.idExpr)) {
    const want = q.limit + 1 - rows.length;
    if (want <= 0) break;
    const res = await tx.execute<T & { __sort: string | null; __id: string }>(sql`
      select ${q.select}, (${q.sort.def.expr})::text as __sort, ${q.idExpr} as __id
      from ${q.from}
      where ${q.where}${seg.where ? sql` and ${seg.where}` : sql``}
      order by ${seg.orderBy}
      limit ${sql.raw(String(want))}`);
    rows.push(...(res.rows as (T & { __sort: string | null; __id: string })[]));
  }
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  const nextCursor = rows.length > q.limit && last ? encodeCursor(q.sort.key, last.__sort, last.__id) : null;
  return { rows: page, nextCursor };
}

/**
 * Streams a query's rows in batches through a server-side cursor inside the caller's
 * transaction: memory stays at one batch whatever the row count. `onBatch` should wait
 * for the consumer (back-pressure) before returning.
 */
export async function streamQuery<T extends Record<string, unknown>>(
  tx: Tx,
  query: SQL,
  onBatch: (rows: T[]) => Promise<void>,
  batchSize = 2000,
): Promise<number> {
  const name = `export_${Math.random().toString(36).slice(2, 10)}`;
  // the whole result is read: plan for total time (hash joins, hashed subplans), not first rows
  await tx.execute(sql`set local cursor_tuple_fraction = 1`);
  await tx.execute(sql`declare ${sql.raw(name)} no scroll cursor for ${query}`);
  const fetchNext = () => tx.execute<T>(sql.raw(`fetch forward ${batchSize} from ${name}`)).then((r) => r.rows as T[]);
  let total = 0;
  // the next batch is fetched while this one is written: the database and Node work in parallel
  let next: Promise<T[]> | null = fetchNext();
  while (next) {
    const rows: T[] = await next;
    next = rows.length === batchSize ? fetchNext() : null;
    if (rows.length === 0) break;
    total += rows.length;
    try {
      await onBatch(rows);
    } catch (err) {
      // let the fetch in flight settle before the transaction is rolled back
      await next?.catch(() => {});
      throw err;
    }
  }
  await tx.execute(sql.raw(`close ${name}`));
  return total;
}
