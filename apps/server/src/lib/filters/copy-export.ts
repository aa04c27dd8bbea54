import type pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * Exports as `COPY (query) TO STDOUT (FORMAT csv)`: PostgreSQL writes the CSV (RFC 4180
 * quoting, in C) and Node only passes the bytes on, so memory stays flat and the rate is
 * the database's. The query runs on a client the unit of work hands out
 * (`uow.tenantClient(ctx, client => copyCsv(client, …), { statementTimeoutMs: 0 })`): in its
 * transaction, as the restricted role with the workspace set, so row-level security applies.
 *
 * COPY takes no bind parameters: values are inlined as literals escaped by the driver.
 */

const dialect = new PgDialect();

/** `$n` placeholders outside quoted literals and identifiers, replaced by escaped literals. */
export function inlineParams(text: string, params: unknown[], escape: (s: string) => string): string {
  const literal = (v: unknown): string => {
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new Error('non-finite number in an export query');
      return String(v);
    }
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    if (typeof v === 'bigint') return v.toString();
    if (v instanceof Date) return escape(v.toISOString());
    if (Array.isArray(v)) return v.length ? `array[${v.map(literal).join(', ')}]` : `'{}'`;
    if (typeof v === 'string') return escape(v);
    return escape(JSON.stringify(v));
  };
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "'" || ch === '"') {
      // copy a quoted literal or identifier through unchanged ('' and "" are escapes inside)
      let j = i + 1;
      while (j < text.length) {
        if (text[j] === ch) {
          if (text[j + 1] === ch) j += 2;
          else break;
        } else j++;
      }
      out += text.slice(i, j + 1);
      i = j;
    } else if (ch === '$' && /\d/.test(text[i + 1] ?? '')) {
      let j = i + 1;
      while (/\d/.test(text[j] ?? '')) j++;
      const n = Number(text.slice(i + 1, j));
      if (n < 1 || n > params.length) throw new Error(`no value for $${n}`);
      out += literal(params[n - 1]);
      i = j - 1;
    } else {
      out += ch;
    }
  }
  return out;
}

/** A text cell a spreadsheet must not run as a formula (=, +, -, @, tab, CR first): see csv.ts. */
export const safeTextSql = (expr: SQL): SQL =>
  sql`(case when ascii(${expr}) in (9, 13, 43, 45, 61, 64) then '''' || ${expr} else ${expr} end)`;

/** safeTextSql over an SQL text expression, as SQL text (for queries built as strings). */
export const safeTextSqlText = (expr: string): string => dialect.sqlToQuery(safeTextSql(sql.raw(expr))).sql;

/**
 * Streams the query's rows as CSV (no header) to `onChunk`, which should resolve when the
 * consumer wants more. Returns the number of rows. `client` is in the caller's tenant
 * transaction (uow.tenantClient), which commits, or closes the connection on a failure.
 */
export async function copyCsv(client: pg.ClientBase, query: SQL, onChunk: (chunk: Buffer) => Promise<void> | void): Promise<number> {
  const q = dialect.sqlToQuery(query);
  const text = inlineParams(q.sql, q.params, (s) => client.escapeLiteral(s));
  const stream = client.query(copyStreams.to(`copy (${text}) to stdout with (format csv)`));
  for await (const chunk of stream) await onChunk(chunk as Buffer);
  return stream.rowCount;
}
