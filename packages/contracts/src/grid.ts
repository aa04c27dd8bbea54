import { z } from 'zod';

/**
 * The data grid's query language (PRODUCT.md sections 3 and 9), shared by contacts,
 * companies and list members.
 *
 * GET /api/v1/contacts?limit=50&cursor=…&q=…&sort=-createdAt&filter=<URL-encoded JSON>
 * filter = {"and":[{"field":"country","op":"is","value":"France"},{"or":[…]}]}
 */

export const filterOps = [
  'is',
  'isNot',
  'contains',
  'startsWith',
  'isEmpty',
  'isNotEmpty',
  'gt',
  'gte',
  'lt',
  'lte',
  'between',
  'anyOf',
] as const;
export type FilterOp = (typeof filterOps)[number];

/** Human labels for the operators (dates read "before/after"). */
export const filterOpLabels: Record<FilterOp, string> = {
  is: 'is',
  isNot: 'is not',
  contains: 'contains',
  startsWith: 'starts with',
  isEmpty: 'is empty',
  isNotEmpty: 'is not empty',
  gt: 'greater than',
  gte: 'at least',
  lt: 'less than',
  lte: 'at most',
  between: 'between',
  anyOf: 'any of',
};
export const dateFilterOpLabels: Partial<Record<FilterOp, string>> = {
  is: 'on',
  isNot: 'not on',
  gt: 'after',
  gte: 'on or after',
  lt: 'before',
  lte: 'on or before',
  between: 'between',
};

/**
 * What kind of value a grid field holds; it decides the operators and the value editor.
 * - text: free text (case-insensitive is/contains/startsWith)
 * - enum: one of a fixed set of strings (`options` on the field)
 * - ref: an id of another record (owner member, company)
 * - number, date ('YYYY-MM-DD'), datetime (ISO timestamp; `is` compares the day, UTC), boolean
 * - select: a custom single select (values are option ids)
 * - multiselect: a custom multi select (values are option ids; `is`=has the option, `anyOf`=has any)
 */
export const fieldKinds = ['text', 'enum', 'ref', 'number', 'date', 'datetime', 'boolean', 'select', 'multiselect'] as const;
export type FieldKind = (typeof fieldKinds)[number];

export const operatorsByKind: Record<FieldKind, readonly FilterOp[]> = {
  text: ['is', 'isNot', 'contains', 'startsWith', 'anyOf', 'isEmpty', 'isNotEmpty'],
  enum: ['is', 'isNot', 'anyOf', 'isEmpty', 'isNotEmpty'],
  ref: ['is', 'isNot', 'anyOf', 'isEmpty', 'isNotEmpty'],
  number: ['is', 'isNot', 'gt', 'gte', 'lt', 'lte', 'between', 'isEmpty', 'isNotEmpty'],
  date: ['is', 'isNot', 'gt', 'gte', 'lt', 'lte', 'between', 'isEmpty', 'isNotEmpty'],
  datetime: ['is', 'gt', 'gte', 'lt', 'lte', 'between'],
  boolean: ['is', 'isNot'],
  select: ['is', 'isNot', 'anyOf', 'isEmpty', 'isNotEmpty'],
  multiselect: ['is', 'isNot', 'anyOf', 'isEmpty', 'isNotEmpty'],
};

/**
 * A condition's value by operator:
 * isEmpty/isNotEmpty: none · between: [from, to] (inclusive) · anyOf: array (1..500) ·
 * others: a single string, number or boolean. Dates as 'YYYY-MM-DD', datetimes as ISO strings.
 */
/** A time zone the runtime knows (IANA names and UTC), checked without a hand-kept list. */
const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const scalar = z.union([z.string().max(1000), z.number(), z.boolean()]);
export const filterValueSchema = z.union([scalar, z.array(scalar).max(500), z.null()]);

export const filterConditionSchema = z.object({
  field: z.string().min(1).max(120),
  op: z.enum(filterOps),
  value: filterValueSchema.optional(),
});
export type FilterCondition = z.infer<typeof filterConditionSchema>;

export type FilterNode = FilterCondition | { and: FilterNode[] } | { or: FilterNode[] };

/** A filter tree nests at most this deep (the root group is level 0) … */
export const FILTER_MAX_DEPTH = 8;
/** … and holds at most this many conditions. */
export const FILTER_MAX_CONDITIONS = 200;
/**
 * … of which at most this many are "contains" (no index answers ILIKE '%…%': each one is a
 * pass over every row the rest leaves; issue 27: an `or` of 200 over 100,000 contacts held a
 * connection for the whole statement timeout) …
 */
export const FILTER_MAX_CONTAINS = 10;
/** … and its "any of" lists hold at most this many values in all. */
export const FILTER_MAX_VALUES = 1000;

/**
 * Why a would-be filter tree is too large or too costly to run, or null; the message names the
 * limit. Walks it without recursion and stops at the first excess, so a hostile tree 10,000
 * levels deep costs nothing (the schema below would otherwise recurse into it and overflow the stack).
 */
export function filterTreeLimitProblem(tree: unknown): string | null {
  const stack: { n: unknown; depth: number }[] = [{ n: tree, depth: 0 }];
  let conditions = 0;
  let contains = 0;
  let values = 0;
  while (stack.length > 0) {
    const { n, depth } = stack.pop()!;
    if (n === null || typeof n !== 'object' || Array.isArray(n)) continue;
    const children = (n as { and?: unknown }).and ?? (n as { or?: unknown }).or;
    if (Array.isArray(children)) {
      if (depth >= FILTER_MAX_DEPTH && children.length > 0) return `Filters nest at most ${FILTER_MAX_DEPTH} levels deep`;
      for (const c of children) stack.push({ n: c, depth: depth + 1 });
      continue;
    }
    if (++conditions > FILTER_MAX_CONDITIONS) return `Use at most ${FILTER_MAX_CONDITIONS} conditions`;
    const { op, value } = n as { op?: unknown; value?: unknown };
    if (op === 'contains' && ++contains > FILTER_MAX_CONTAINS)
      return `Use at most ${FILTER_MAX_CONTAINS} "contains" conditions in one filter (each one reads every record)`;
    if (Array.isArray(value) && (values += value.length) > FILTER_MAX_VALUES)
      return `Use at most ${FILTER_MAX_VALUES} values in all of a filter's "any of" lists`;
  }
  return null;
}

/**
 * The tree refers to itself, so the API document needs it as a named schema (`FilterNode`):
 * without an id, the generated reference pointed to a schema the document never defined.
 */
const filterTreeSchema: z.ZodType<FilterNode> = z
  .lazy(() =>
    z.union([
      z.object({ and: z.array(filterTreeSchema).max(100) }).strict(),
      z.object({ or: z.array(filterTreeSchema).max(100) }).strict(),
      filterConditionSchema.strict(),
    ]),
  )
  .meta({ id: 'FilterNode', description: 'A condition {field, op, value}, or a group {and: [...]} / {or: [...]} of nodes' });

/** A filter tree, its size checked before its shape (see filterTreeLimitProblem). */
export const filterNodeSchema: z.ZodType<FilterNode> = z.preprocess((tree, ctx) => {
  const problem = filterTreeLimitProblem(tree);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, input: tree });
  return tree;
}, filterTreeSchema) as unknown as z.ZodType<FilterNode>;

/** Encode a filter tree for the `filter` querystring parameter (URLSearchParams does the escaping). */
export const encodeFilter = (filter: FilterNode | null | undefined): string | undefined =>
  filter ? JSON.stringify(filter) : undefined;

/**
 * `sort`: a field name, `-` in front for descending; custom fields as `custom:<key>`.
 * Ascending puts empty values last, descending puts them first.
 */
export const sortSchema = z
  .string()
  .trim()
  .max(130)
  .regex(/^-?([A-Za-z][A-Za-z0-9]*|custom:[a-z][a-z0-9_]*)$/, 'Sort by a field name, - for descending');

/** The querystring of every grid list (and, with more parameters, of export and count). */
export const gridQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  cursor: z.string().max(2000).optional(),
  q: z.string().trim().max(200).optional(),
  sort: sortSchema.optional(),
  /** URL-encoded JSON of a FilterNode. */
  filter: z.string().max(20_000).optional(),
  /** When true the page also carries `total` (costs a count; the grid asks for it once). */
  count: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type GridQuery = z.input<typeof gridQuerySchema>;

/** GET …/count: the number of records matching q and filter. */
export const gridCountQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  filter: z.string().max(20_000).optional(),
});
export const countSchema = z.object({ total: z.number().int() });

/** GET …/export: q, filter and sort of the grid, the chosen columns, and whether suppressed contacts go too. */
export const exportQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  sort: sortSchema.optional(),
  filter: z.string().max(20_000).optional(),
  /** Comma-separated field names (custom fields as custom:<key>); all columns when absent. */
  columns: z.string().max(5000).optional(),
  /** Comma-separated ids: export just these records (the grid's row selection). */
  ids: z.string().max(40_000).optional(),
  /** The reader's time zone (IANA, e.g. Europe/Paris): times written `2026-11-28 14:05:09` in it; UTC ISO 8601 without. */
  tz: z.string().max(64).refine(isTimeZone, 'Unknown time zone').optional(),
  includeSuppressed: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export const gridPageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), nextCursor: z.string().nullable(), total: z.number().int().optional() });

/** A column/filter the grid offers: what the column chooser and the filter editor list. */
export const gridFieldSchema = z.object({
  field: z.string(),
  label: z.string(),
  kind: z.enum(fieldKinds),
  sortable: z.boolean(),
  filterable: z.boolean(),
  /** For enum, select and multiselect: the allowed values and their labels. */
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
});
export type GridField = z.infer<typeof gridFieldSchema>;

/**
 * Which records a bulk action applies to: the selected ids, or every record matching the
 * grid's current q and filter ("select all N matching").
 */
export const bulkSelectionSchema = z.union([
  z.object({ ids: z.array(z.uuid()).min(1, 'Select at least one record').max(10_000) }).strict(),
  z
    .object({
      matching: z
        .object({
          q: z.string().trim().max(200).optional(),
          filter: filterNodeSchema.nullable().optional(),
          /** Within this list's members (a list page's "all N matching"; issue 5). */
          listId: z.uuid().optional(),
        })
        .strict(),
    })
    .strict(),
]);
export type BulkSelection = z.infer<typeof bulkSelectionSchema>;

export const bulkAssignOwnerBodySchema = z.object({ selection: bulkSelectionSchema, ownerId: z.uuid().nullable() });
export const bulkDeleteBodySchema = z.object({ selection: bulkSelectionSchema });
/** affected: records changed; skipped: matched but not allowed (a member's bulk delete of others' records). */
export const bulkResultSchema = z.object({ affected: z.number().int(), skipped: z.number().int() });
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** Per-user grid preferences: GET/PUT /api/v1/grid-preferences/{grid}, grid e.g. `contacts`, `companies`, `list:<id>`. */
export const gridNameSchema = z.string().regex(/^[a-z][a-z0-9-]*(:[a-z0-9-]{1,64})?$/, 'Unknown grid').max(80);
export const gridPreferencesParamsSchema = z.object({ grid: gridNameSchema });
export const gridPreferencesBodySchema = z.object({
  /** Visible columns in display order (field names, custom fields as custom:<key>). */
  columns: z.array(z.string().min(1).max(130)).max(200),
  /** Optional widths in pixels by field name. */
  widths: z.record(z.string().max(130), z.number().int().min(40).max(2000)).optional(),
  pageSize: z.number().int().min(10).max(500).optional(),
});
export type GridPreferencesBody = z.infer<typeof gridPreferencesBodySchema>;
export const gridPreferencesSchema = z.object({
  grid: z.string(),
  /** null when the user never saved any (use the grid's defaults). */
  columns: z.array(z.string()).nullable(),
  widths: z.record(z.string(), z.number()).nullable(),
  pageSize: z.number().int().nullable(),
  updatedAt: z.iso.datetime().nullable(),
});
export type GridPreferences = z.infer<typeof gridPreferencesSchema>;

/** GET /api/v1/{contacts|companies}/fields: every column the grid can show, filter and sort, custom fields included. */
export const gridFieldListSchema = z.object({ data: z.array(gridFieldSchema) });
