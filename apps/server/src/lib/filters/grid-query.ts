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
