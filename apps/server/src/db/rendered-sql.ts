import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

/**
 * A fixed piece of SQL (a record's select list, its joins) as one raw chunk, rendered once.
 * drizzle walks a composed SQL's chunks each time a statement using it is built: a contact row's
 * select list and joins cost 45 µs a grid page that way (issue 13), a raw chunk is copied. A piece
 * that carries parameters is answered as it is.
 */
export function renderedOnce(piece: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(piece);
  return params.length ? piece : sql.raw(text);
}
