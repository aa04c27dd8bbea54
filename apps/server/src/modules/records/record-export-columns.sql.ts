import { sql, type SQL } from 'drizzle-orm';
import { safeTextSql } from '../../lib/filters/copy-export.js';
import { customExportColumns, type ExportColumnSql } from '../custom-fields/custom-field-grid.sql.js';
import type { ValueDef } from '../custom-fields/custom-field-values.js';

/**
 * A standard field of an export: its column (of the record's alias) or SQL, and whether its
 * cells are text (neutralised against formula injection) or raw (ids, enums, numbers).
 */
export type ExportField = [field: string, column: string | SQL, kind?: 'text' | 'raw'];

/**
 * Every column an export of a record can have, as SQL over the entity's `fromRows`: the id,
 * the standard fields, the times in ISO 8601 UTC (or the reader's zone), then the custom fields by their type.
 */
export function exportColumnsOf(
  alias: string,
  labels: Record<string, string>,
  fields: ExportField[],
  custom: { column: SQL; defs: ValueDef[] },
): ExportColumnSql[] {
  const colOf = (c: string | SQL) => (typeof c === 'string' ? sql.raw(`${alias}.${c}`) : c);
  const iso = (column: string) => sql.raw(`to_char(${alias}.${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
  const local = (column: string) => (zone: string) =>
    sql`to_char(${sql.raw(`${alias}.${column}`)} at time zone ${zone}, 'YYYY-MM-DD HH24:MI:SS')`;
  return [
    { field: 'id', header: 'Id', expr: sql.raw(`${alias}.id`) },
    ...fields.map(([field, column, kind = 'text']) => {
      const expr = colOf(column);
      return { field, header: labels[field] ?? field, expr: kind === 'text' ? safeTextSql(expr) : expr };
    }),
    { field: 'createdAt', header: labels.createdAt ?? 'Created', expr: iso('created_at'), inZone: local('created_at') },
    { field: 'updatedAt', header: labels.updatedAt ?? 'Updated', expr: iso('updated_at'), inZone: local('updated_at') },
    ...customExportColumns(custom.defs, custom.column),
  ];
}
