import type { SQL } from 'drizzle-orm';
import type { FilterNode } from '@leadtrail/contracts';
import type { Tx } from '../../core/unit-of-work.js';
import type { contacts, companies } from '../../db/schema/index.js';
import type { FieldRegistry } from '../../lib/filters/compile.js';
import type { ExportColumnSql } from '../custom-fields/custom-field-grid.sql.js';
import type { ValueDef } from '../custom-fields/custom-field-values.js';

/**
 * Contacts and companies are one vertical with two configurations: this file says what a
 * configuration holds. The repository, service, routes and import writer of `records/`
 * read it; `contacts/` and `companies/` each fill one in and add their own rules.
 */

export type RecordEntity = 'contacts' | 'companies';

/** What every record row read out has; the rest is the entity's. */
export type BaseRecord = {
  id: string;
  ownerId: string | null;
  ownerName: string | null;
  createdBy: string | null;
  customFields: Record<string, unknown>;
};

/** Column values of an insert or an edit, by the table's property names. */
export type RecordWrite = Record<string, unknown>;
/** Custom field values to set and keys to clear. */
export type CustomWrite = { set: Record<string, unknown>; unset: string[] };

/** What a grid, a count, an export or a bulk action applies to. */
export type GridSpec = {
  filter?: FilterNode | null;
  q?: string;
  ids?: string[];
  filterPath?: string;
  /** false leaves suppressed records out (contacts' exports, unless the user opts in). */
  includeSuppressed?: boolean;
  /** Only the members of this list (issue 5: a list's page is this grid). */
  listId?: string;
};

/** How the rows of one entity are read, searched, filtered, exported and identified. */
export type RecordSql = {
  entity: RecordEntity;
  table: typeof contacts | typeof companies;
  /** The table's alias in every statement below (`c`, `co`). */
  alias: string;
  /** The columns of a record row (the sort key is added by the grid query). */
  select: SQL;
  /** For counts and set-based statements: joins the planner drops when nothing uses them. */
  from: SQL;
  /** For rows read out (pages, details, exports): names as one primary-key probe per row. */
  fromRows: SQL;
  /** fromRows over another relation of the table's rows, given the alias (a filtered page's bounded walk: lib/filters/grid-query.ts). */
  fromRowsOver: (rows: SQL) => SQL;
  /** The FROM of a count, given the joins its filter needs (index-only scans where possible). */
  countFrom: (joins: ReadonlySet<string>) => SQL;
  defaultSort: string;
  /** Standard plus custom fields of the workspace, by grid field name. */
  registry: (defs: ValueDef[]) => FieldRegistry;
  /** Quick search: every word must match; null without words. */
  search: (workspaceId: string, q: string | undefined) => SQL | null;
  /** Conditions a spec adds beyond filter, search, ids and list (contacts: suppression). */
  extraWhere?: (workspaceId: string, spec: GridSpec) => SQL | null;
  /** Every column an export can have, as SQL over `fromRows` (`extent`: what exportExtent said). */
  exportColumns: (defs: ValueDef[], opts: { includeSuppressed: boolean; extent?: Record<string, number> }) => ExportColumnSql[];
  /** How many numbered columns of each kind an export needs (contacts: the most additional emails and phones of one). */
  exportExtent?: (tx: Tx, workspaceId: string) => Promise<Record<string, number>>;
  /** The column that identifies a record in a workspace (unique with workspace_id). */
  identityColumn: 'email' | 'domain';
};

/**
 * A registry built once per definitions array: read use cases get the same array from the
 * definitions cache (custom-fields.service definitionsForRead) until a field changes, so a grid
 * page does not rebuild its fields per request (issue 13). Registries are never changed.
 */
export function registryPerDefinitions(build: (defs: ValueDef[]) => FieldRegistry): (defs: ValueDef[]) => FieldRegistry {
  const built = new WeakMap<ValueDef[], FieldRegistry>();
  return (defs) => {
    let registry = built.get(defs);
    if (!registry) built.set(defs, (registry = build(defs)));
    return registry;
  };
}
