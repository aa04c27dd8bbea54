import { sql, type SQL } from 'drizzle-orm';
import type { FieldDef } from '../../lib/filters/compile.js';
import { safeTextSql } from '../../lib/filters/copy-export.js';
import { neutralizeCell } from '../../lib/filters/csv.js';
import type { ValueDef } from './custom-field-values.js';

/**
 * Grid fields (`custom:<key>`) for an entity's active custom fields, over the jsonb column
 * holding the values. Keys are checked snake_case by the database, so they are inlined as
 * literals (the planner then matches them like any constant).
 */
export function customGridFields(defs: ValueDef[], column: SQL): [string, FieldDef][] {
  return defs
    .filter((d) => !d.archived)
    .map((d): [string, FieldDef] => {
      if (!/^[a-z][a-z0-9_]*$/.test(d.key)) throw new Error(`bad custom field key ${d.key}`);
      const lit = sql.raw(`'${d.key}'`);
      const asText = sql`(${column} ->> ${lit})`;
      const asJson = sql`(${column} -> ${lit})`;
      const json = { column, key: d.key };
      const base = { label: d.label, json };
      switch (d.type) {
        case 'number':
          return [`custom:${d.key}`, { ...base, kind: 'number', expr: asJson, sort: { expr: asJson, type: 'jsonb', nullable: true } }];
        case 'date':
          return [`custom:${d.key}`, { ...base, kind: 'date', expr: asText, sort: { expr: asText, type: 'text', nullable: true } }];
        case 'checkbox':
          return [`custom:${d.key}`, { ...base, kind: 'boolean', expr: asJson, sort: { expr: asJson, type: 'jsonb', nullable: true } }];
        case 'single_select': {
          const options = d.options.map((o) => ({ value: o.id, label: o.label }));
          // sorted by the options' order, not their ids
          const byPosition = d.options.length
            ? sql`(case ${asText} ${sql.join(
                d.options.map((o, i) => sql`when ${o.id} then ${sql.raw(String(i))}`),
                sql` `,
              )} end)`
            : sql`(null::integer)`;
          return [
            `custom:${d.key}`,
            { ...base, kind: 'select', expr: asText, options, sort: { expr: byPosition, type: 'integer', nullable: true } },
          ];
        }
        case 'multi_select':
          return [
            `custom:${d.key}`,
            { ...base, kind: 'multiselect', expr: asJson, options: d.options.map((o) => ({ value: o.id, label: o.label })), sort: null },
          ];
        default:
          return [`custom:${d.key}`, { ...base, kind: 'text', expr: asText, sort: { expr: asText, type: 'text', nullable: true } }];
      }
    });
}

/** An export column: header and the SQL of its CSV cell (text, formula-safe). */
export type ExportColumnSql = {
  field: string;
  header: string;
  expr: SQL;
  /** A time column: its cells in a zone, spreadsheet-friendly (the export's `tz`). */
  inZone?: (zone: string) => SQL;
};

/**
 * Export cells of the active custom fields, computed by PostgreSQL: option labels instead of
 * ids (multi-selects joined with "; " in their stored order), text neutralised against formula
 * injection, numbers, dates and checkboxes as they are.
 */
export function customExportColumns(defs: ValueDef[], column: SQL): ExportColumnSql[] {
  return defs
    .filter((d) => !d.archived)
    .map((d): ExportColumnSql => {
      const lit = sql.raw(`'${d.key}'`);
      const asText = sql`(${column} ->> ${lit})`;
      const field = `custom:${d.key}`;
      switch (d.type) {
        case 'number':
        case 'date':
        case 'checkbox':
          return { field, header: d.label, expr: asText };
        case 'single_select':
          return {
            field,
            header: d.label,
            expr: d.options.length
              ? sql`(case ${asText} ${sql.join(
                  d.options.map((o) => sql`when ${o.id} then ${neutralizeCell(o.label)}`),
                  sql` `,
                )} end)`
              : sql`null::text`,
          };
        case 'multi_select': {
          if (!d.options.length) return { field, header: d.label, expr: sql`null::text` };
          const labels = sql.join(
            d.options.map((o) => sql`(${o.id}, ${o.label})`),
            sql`, `,
          );
          return {
            field,
            header: d.label,
            expr: sql`(select ${safeTextSql(sql`s.x`)} from (
                select string_agg(o.label, '; ' order by e.ord) as x
                from jsonb_array_elements_text(${column} -> ${lit}) with ordinality e(id, ord)
                join (values ${labels}) o(id, label) on o.id = e.id) s)`,
          };
        }
        default:
          return { field, header: d.label, expr: safeTextSql(asText) };
      }
    });
}
