import { sql, type SQL } from 'drizzle-orm';
import { invalidCursor, invalidField } from '../errors.js';
import { isSortValue, UUID_RE } from './cursor-values.js';
import type { FieldRegistry, SortDef } from './compile.js';

/**
 * Keyset (cursor) paging over any sort: rows are ordered by (sort expression, id), the
 * cursor carries the last row's sort value and id, and the next page starts strictly
 * after it, so a page costs the same at row 50 and at row 900,000 when the sort is indexed.
 *
 * Ascending puts empty values last, descending first (PostgreSQL's defaults, so one
 * (workspace_id, expr, id) index serves both directions). Row comparisons skip nulls,
 * so a nullable sort is paged as two segments: the non-null values, then the nulls by id.
 */

export type ResolvedSort = { key: string; field: string; dir: 'asc' | 'desc'; def: SortDef };

export function resolveSort(
  sort: string | undefined,
  registry: FieldRegistry,
  fallback: string,
  path = 'query.sort',
): ResolvedSort {
  const key = sort && sort.trim() ? sort.trim() : fallback;
  const dir = key.startsWith('-') ? 'desc' : 'asc';
  const field = key.replace(/^-/, '');
  const def = registry.get(field)?.sort;
  if (!def) throw invalidField(path, `Can't sort by "${field}"`);
  return { key, field, dir, def };
}

type CursorData = { s: string; v: string | null; id: string };

export const encodeCursor = (sortKey: string, value: string | null, id: string): string =>
  Buffer.from(JSON.stringify({ s: sortKey, v: value, id } satisfies CursorData)).toString('base64url');

export function decodeCursor(cursor: string, sortKey: string, path = 'query.cursor'): { v: string | null; id: string } {
  let data: Partial<CursorData>;
  try {
    data = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorData>;
  } catch {
    throw invalidCursor(path);
  }
  if (!data || typeof data !== 'object' || typeof data.id !== 'string' || !UUID_RE.test(data.id) || (data.v !== null && typeof data.v !== 'string')) {
    throw invalidCursor(path);
  }
  if (data.s !== sortKey) throw invalidCursor(path, 'This cursor belongs to another sort; start from the first page');
  return { v: data.v ?? null, id: data.id };
}

/**
 * One query of a page: its extra condition and its ORDER BY. Run in order until the page is full.
 * `orderOver` is the same order over other columns holding the sort value and the id (a
 * subquery's output: grid-query.ts sorts a filter's matches itself).
 */
export type Segment = { where: SQL | null; orderBy: SQL; orderOver: (value: SQL, id: SQL) => SQL };

export function keysetSegments(sort: ResolvedSort, cursor: { v: string | null; id: string } | null, idExpr: SQL): Segment[] {
  const { expr, type, nullable } = sort.def;
  const asc = sort.dir === 'asc';
  const d = sql.raw(asc ? 'asc' : 'desc');
  const cmp = sql.raw(asc ? '>' : '<');
  const segment = (where: SQL | null, order: (value: SQL, id: SQL) => SQL): Segment => ({ where, orderBy: order(expr, idExpr), orderOver: order });
  const full = (v: SQL, i: SQL) => sql`${v} ${d} nulls ${sql.raw(asc ? 'last' : 'first')}, ${i} ${d}`;
  const values = (v: SQL, i: SQL) => sql`${v} ${d}, ${i} ${d}`;
  const nullsById = (_v: SQL, i: SQL) => sql`${i} ${d}`;
  if (!cursor) return [segment(null, full)];
  // the value is cast to the sort's type in SQL: one PostgreSQL refuses must be the client's 400
  if (cursor.v !== null && !isSortValue(type, cursor.v)) throw invalidCursor();
  const id = sql`${cursor.id}::uuid`;
  if (cursor.v !== null) {
    const after = sql`(${expr}, ${idExpr}) ${cmp} (${cursor.v}::${sql.raw(type)}, ${id})`;
    if (!nullable || !asc) return [segment(after, values)];
    return [segment(after, values), segment(sql`${expr} is null`, nullsById)];
  }
  if (!nullable) return [segment(sql`${idExpr} ${cmp} ${id}`, values)];
  const inNulls = segment(sql`${expr} is null and ${idExpr} ${cmp} ${id}`, nullsById);
  return asc ? [inNulls] : [inNulls, segment(sql`${expr} is not null`, values)];
}
