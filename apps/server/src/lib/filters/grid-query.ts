import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { encodeCursor, keysetSegments, type ResolvedSort, type Segment } from './keyset.js';

/**
 * A filtered page's first stage reads at most this many rows in the sort's order (issue 28,
 * decision 0041): a filter matching more than 1 row in 40 of them fills its page here.
 */
export const WALK_ROWS = 2_000;
/** Its second stage sorts at most this many matches itself; beyond them the planner's own query runs. */
export const SORT_MATCHES = 100_000;

type Position = { v: string | null; id: string };

/**
 * What a filtered page needs to read in bounded stages: the grid's table (its alias is the one
 * `where` and the sort use), its workspace condition, the FROM of a statement that reads only
 * ids and sort values, and the page's FROM over another relation of the table's rows.
 */
export type BoundedWalk = {
  table: SQL;
  alias: SQL;
  scope: SQL;
  keysFrom: SQL;
  fromOver: (rows: SQL) => SQL;
  /** WALK_ROWS and SORT_MATCHES unless given (tests reach every stage with a few rows). */
  walkRows?: number;
  sortMatches?: number;
};

/**
 * Runs one grid page: the keyset segments in order until `limit` rows (plus one, to know
 * whether there is a next page) are found. `select` must not include the sort key; it is
 * added as `__sort` (text) for the cursor.
 *
 * With `bounded` (a filter, a search or a list narrows the rows, and the sort walks an index),
 * the page does not trust the planner's estimate of how many rows match, nor where they lie in
 * the order (decision 0041): it walks the next WALK_ROWS rows of the order, then sorts the
 * remaining matches itself when there are at most SORT_MATCHES of them, and only past both runs
 * the query the planner chooses.
 */
export async function keysetPage<T extends Record<string, unknown>>(
  tx: Tx,
  q: {
    select: SQL;
    from: SQL;
    where: SQL;
    idExpr: SQL;
    sort: ResolvedSort;
    cursor: Position | null;
    limit: number;
    bounded?: BoundedWalk | null;
  },
): Promise<{ rows: T[]; nextCursor: string | null }> {
  type Row = T & { __sort: string | null; __id: string };
  const rows: Row[] = [];
  const want = () => q.limit + 1 - rows.length;
  const head = sql`select ${q.select}, (${q.sort.def.expr})::text as __sort, ${q.idExpr} as __id`;
  const and = (seg: Segment) => (seg.where ? sql` and ${seg.where}` : sql``);
  const take = async (statement: SQL) => {
    const res = await tx.execute<Row>(statement);
    rows.push(...(res.rows as Row[]));
  };

  // a segment's rows as the planner chooses to read them
  const planned = (seg: Segment) => take(sql`${head} from ${q.from} where ${q.where}${and(seg)} order by ${seg.orderBy} limit ${sql.raw(String(want()))}`);
  if (q.bounded && q.sort.def.walk) {
    await boundedStages(tx, q, q.bounded, { want, head, and, take, planned });
  } else {
    for (const seg of keysetSegments(q.sort, q.cursor, q.idExpr)) {
      if (want() <= 0) break;
      await planned(seg);
    }
  }
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  const nextCursor = rows.length > q.limit && last ? encodeCursor(q.sort.key, last.__sort, last.__id) : null;
  return { rows: page, nextCursor };
}

/** The two bounded stages, then the planner's query for a segment whose matches are too many to sort. */
async function boundedStages(
  tx: Tx,
  q: { where: SQL; idExpr: SQL; sort: ResolvedSort; from: SQL; cursor: Position | null },
  b: BoundedWalk,
  h: { want: () => number; head: SQL; and: (seg: Segment) => SQL; take: (s: SQL) => Promise<void>; planned: (seg: Segment) => Promise<void> },
): Promise<void> {
  const { expr } = q.sort.def;
  const n = (x: number) => sql.raw(String(x));
  const walkRows = b.walkRows ?? WALK_ROWS;
  const sortMatches = b.sortMatches ?? SORT_MATCHES;

  // 1. The next WALK_ROWS rows in order, matches kept: a filter that matches many rows fills its
  // page here whatever its estimate (the subquery's LIMIT keeps the planner from walking further)
  let after: Position | null = null;
  for (const seg of keysetSegments(q.sort, q.cursor, q.idExpr)) {
    if (h.want() <= 0) return;
    const window = sql`(select * from ${b.table} ${b.alias} where ${b.scope}${h.and(seg)} order by ${seg.orderBy} limit ${n(walkRows)})`;
    await h.take(sql`${h.head} from ${b.fromOver(window)} where ${q.where} order by ${seg.orderBy} limit ${n(h.want())}`);
    if (h.want() <= 0) return;
    // where the window ended (an index-only read), or nothing: the segment ended inside it
    const end = await tx.execute<Position>(sql`
      select (${expr})::text as v, ${q.idExpr} as id from ${b.table} ${b.alias} where ${b.scope}${h.and(seg)}
      order by ${seg.orderBy} offset ${n(walkRows - 1)} limit 1`);
    const last = end.rows[0] as Position | undefined;
    if (last) {
      after = last;
      break;
    }
  }
  if (!after) return;

  // 2. The matches after the window, at most SORT_MATCHES of them read in whatever way the
  // planner finds cheapest for all of them (no order asked), sorted here by their ids and sort
  // values only; the page's columns are read for the page's rows alone
  for (const seg of keysetSegments(q.sort, after, q.idExpr)) {
    if (h.want() <= 0) return;
    const keys = await tx.execute<{ id: string; n: string }>(sql`
      select y.id, y.n from (
        select x.id, x.k, count(*) over () as n from (
          select ${q.idExpr} as id, ${expr} as k from ${b.keysFrom} where ${q.where}${h.and(seg)} limit ${n(sortMatches + 1)}
        ) x
      ) y order by ${seg.orderOver(sql`y.k`, sql`y.id`)} limit ${n(h.want())}`);
    const found = keys.rows as { id: string; n: string }[];
    if (!found.length) continue;
    // more matches than this stage sorts: the planner's query reads this segment
    if (Number(found[0]!.n) > sortMatches) {
      await h.planned(seg);
      continue;
    }
    await h.take(sql`${h.head} from ${q.from} where ${b.scope} and ${q.idExpr} = any(${sql.param(found.map((r) => r.id))}::uuid[])
      order by ${seg.orderBy}`);
  }
}
