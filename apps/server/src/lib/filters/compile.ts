import { sql, type SQL } from 'drizzle-orm';
import {
  filterNodeSchema,
  operatorsByKind,
  type FieldKind,
  type FilterCondition,
  type FilterNode,
} from '@leadtrail/contracts';
import { invalidField } from '../errors.js';
import { findInputProblem } from '../text-input.js';
import { UUID_RE } from './cursor-values.js';

/**
 * The grid's filter language compiled to SQL, for any table: the caller describes its
 * fields (a registry) and gets a parameterised WHERE fragment. Semantics (mirrored by the
 * reference evaluator in the property test):
 * - text: case-insensitive; empty means null or ''; isNot and anyOf-negations include empties
 * - an empty {and:[]} or {or:[]} group constrains nothing
 * - datetime values given as 'YYYY-MM-DD' mean that whole day in UTC
 */

export type SortType = 'text' | 'timestamptz' | 'numeric' | 'integer' | 'jsonb' | 'uuid' | 'boolean' | 'date';

export type SortDef = {
  /** The ordered expression; indexed (workspace_id, expr, id) keeps paging index-only. */
  expr: SQL;
  /** Its SQL type: the cursor carries the value as text and casts it back. */
  type: SortType;
  nullable: boolean;
  /**
   * The expression is a column of the grid's own table with a (workspace_id, column, id) index:
   * a filtered page may walk it a bounded distance before sorting the matches (grid-query.ts).
   */
  walk?: boolean;
};

export type FieldOption = { value: string; label: string };

export type FieldDef = {
  label: string;
  kind: FieldKind;
  /** The value as SQL: a column, or `custom_fields->>'key'` for a custom text/date field. */
  expr: SQL;
  /** A custom field stored in a jsonb column under key: equality becomes containment (GIN). */
  json?: { column: SQL; key: string };
  /** Allowed values of enum, select and multiselect fields (labels are accepted too). */
  options?: readonly FieldOption[];
  filterable?: boolean;
  sort?: SortDef | null;
  /** Joins the expression needs (the repository adds them to count and export queries). */
  joins?: readonly string[];
};

export type FieldRegistry = ReadonlyMap<string, FieldDef>;

export type CompiledFilter = { where: SQL; joins: Set<string> };

const MAX_DEPTH = 8;
const MAX_CONDITIONS = 200;

/** JSON from the querystring (URL-decoding is the HTTP layer's) into a validated tree. */
export function parseFilterParam(raw: string | undefined | null, path = 'query.filter'): FilterNode | null {
  if (raw === undefined || raw === null || raw.trim() === '') return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw invalidField(path, 'The filter is not valid JSON');
  }
  const bad = findInputProblem(json, 64);
  if (bad) throw invalidField(path, bad.kind === 'text' ? `${bad.message} (in the filter)` : 'The filter nests too deep');
  const parsed = filterNodeSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalidField(path, `The filter is not a valid filter tree${issue ? `: ${issue.message}` : ''}`);
  }
  return parsed.data;
}

export const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Years a date may have: PostgreSQL has no year 0 (and '0000-01-01' would be its error, a 500). */
const MIN_YEAR = 1;
const MAX_YEAR = 9999;

export function isValidDate(v: string): boolean {
  if (!DATE_RE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && d.getUTCFullYear() >= MIN_YEAR;
}

type Scalar = string | number | boolean;

/** Compiles a tree against a registry; a bad field, operator or value is a 400 naming the field. */
export function compileFilter(node: FilterNode | null | undefined, registry: FieldRegistry, path = 'query.filter'): CompiledFilter {
  const joins = new Set<string>();
  let count = 0;
  const fail = (message: string): never => {
    throw invalidField(path, message);
  };

  const walk = (n: FilterNode, depth: number): SQL | null => {
    if (depth > MAX_DEPTH) fail(`Filters nest at most ${MAX_DEPTH} levels deep`);
    if ('and' in n || 'or' in n) {
      const children = ('and' in n ? n.and : n.or).map((c) => walk(c, depth + 1)).filter((c): c is SQL => c !== null);
      if (children.length === 0) return null;
      if (children.length === 1) return children[0]!;
      return sql`(${sql.join(children, 'and' in n ? sql` and ` : sql` or `)})`;
    }
    if (++count > MAX_CONDITIONS) fail(`Use at most ${MAX_CONDITIONS} conditions`);
    return condition(n as FilterCondition);
  };

  const condition = (c: FilterCondition): SQL => {
    const def = registry.get(c.field);
    if (!def || def.filterable === false) return fail(`Unknown filter field "${c.field}"`);
    if (!operatorsByKind[def.kind].includes(c.op)) {
      return fail(`${def.label} can't be filtered with "${c.op}"`);
    }
    for (const j of def.joins ?? []) joins.add(j);
    return compileCondition(def, c, (m) => fail(`${def.label}: ${m}`));
  };

  const where = node ? walk(node, 0) : null;
  return { where: where ?? sql`true`, joins };
}

function compileCondition(def: FieldDef, c: FilterCondition, fail: (m: string) => never): SQL {
  const { op } = c;
  const E = def.expr;
  if (op === 'isEmpty' || op === 'isNotEmpty') {
    const empty = emptySql(def);
    return op === 'isEmpty' ? empty : sql`not ${empty}`;
  }

  const one = (): Scalar => {
    const v = c.value;
    if (v === undefined || v === null || Array.isArray(v)) return fail('needs a value');
    return v;
  };
  const many = (): Scalar[] => {
    const v = c.value;
    if (!Array.isArray(v) || v.length === 0) return fail('"any of" needs a list of values');
    return v;
  };
  const pair = (): [Scalar, Scalar] => {
    const v = c.value;
    if (!Array.isArray(v) || v.length !== 2) return fail('"between" needs two values');
    return [v[0]!, v[1]!];
  };

  switch (def.kind) {
    case 'text': {
      const str = (v: Scalar) => String(v);
      if (op === 'is') return sql`lower(${E}) = lower(${str(one())})`;
      if (op === 'isNot') return sql`(${E} is null or lower(${E}) <> lower(${str(one())}))`;
      if (op === 'contains') return sql`${E} ilike ${`%${escapeLike(str(one()))}%`}`;
      // lower(…) like 'prefix%' rather than ilike: a (workspace_id, lower(col) text_pattern_ops)
      // index (last name: migration 0741) serves it as a range (ILIKE can't use a btree), so a
      // prefix combines with other indexed conditions instead of filtering every row (issue 13)
      if (op === 'startsWith') return sql`lower(${E}) like lower(${`${escapeLike(str(one()))}%`})`;
      if (op === 'anyOf') {
        const list = many().map(str);
        return sql`lower(${E}) in (${sql.join(
          list.map((v) => sql`lower(${v})`),
          sql`, `,
        )})`;
      }
      break;
    }
    case 'enum':
    case 'ref': {
      const val = (v: Scalar) => (def.kind === 'ref' ? uuidValue(v, fail) : optionValue(def, v, fail));
      const typed = (v: string) => (def.kind === 'ref' ? sql`${v}::uuid` : sql`${v}`);
      if (op === 'is') return sql`${E} = ${typed(val(one()))}`;
      if (op === 'isNot') return sql`${E} is distinct from ${typed(val(one()))}`;
      if (op === 'anyOf') {
        return sql`${E} in (${sql.join(
          many().map((v) => typed(val(v))),
          sql`, `,
        )})`;
      }
      break;
    }
    case 'number': {
      const num = (v: Scalar) => numberValue(v, fail);
      if (def.json) {
        const { column, key } = def.json;
        const J = sql`(${column} -> ${key})`;
        const jnum = (n: number) => sql`${JSON.stringify(n)}::jsonb`;
        if (op === 'is') return contains(column, key, num(one()));
        if (op === 'isNot') return sql`not ${contains(column, key, num(one()))}`;
        const cmp = comparison(op);
        if (cmp) return sql`${J} ${sql.raw(cmp)} ${jnum(num(one()))}`;
        if (op === 'between') {
          const [a, b] = ordered(pair().map(num) as [number, number], fail);
          return sql`(${J} >= ${jnum(a)} and ${J} <= ${jnum(b)})`;
        }
        break;
      }
      const n = (v: number) => sql`${v}::numeric`;
      if (op === 'is') return sql`${E} = ${n(num(one()))}`;
      if (op === 'isNot') return sql`${E} is distinct from ${n(num(one()))}`;
      const cmp = comparison(op);
      if (cmp) return sql`${E} ${sql.raw(cmp)} ${n(num(one()))}`;
      if (op === 'between') {
        const [a, b] = ordered(pair().map(num) as [number, number], fail);
        return sql`(${E} >= ${n(a)} and ${E} <= ${n(b)})`;
      }
      break;
    }
    case 'date': {
      const day = (v: Scalar) => dateValue(v, fail);
      // custom dates are 'YYYY-MM-DD' text: text order is date order
      const typed = (v: string) => (def.json ? sql`${v}` : sql`${v}::date`);
      if (op === 'is') return def.json ? contains(def.json.column, def.json.key, day(one())) : sql`${E} = ${typed(day(one()))}`;
      if (op === 'isNot') {
        return def.json
          ? sql`not ${contains(def.json.column, def.json.key, day(one()))}`
          : sql`${E} is distinct from ${typed(day(one()))}`;
      }
      const cmp = comparison(op);
      if (cmp) return sql`${E} ${sql.raw(cmp)} ${typed(day(one()))}`;
      if (op === 'between') {
        const [a, b] = ordered(pair().map(day) as [string, string], fail);
        return sql`(${E} >= ${typed(a)} and ${E} <= ${typed(b)})`;
      }
      break;
    }
    case 'datetime': {
      const at = (v: Scalar) => datetimeValue(v, fail);
      // the day after 9999-12-31 has a five-digit year, which JavaScript writes as '+010000-…' (not PostgreSQL's input)
      const ts = (d: Date) => (d.getUTCFullYear() > MAX_YEAR ? sql`'infinity'::timestamptz` : sql`${d.toISOString()}::timestamptz`);
      if (op === 'is') {
        const v = at(one());
        return v.day ? sql`(${E} >= ${ts(v.start)} and ${E} < ${ts(v.end)})` : sql`${E} = ${ts(v.start)}`;
      }
      if (op === 'gt') return sql`${E} ${sql.raw(at(one()).day ? '>=' : '>')} ${ts(at(one()).end)}`;
      if (op === 'gte') return sql`${E} >= ${ts(at(one()).start)}`;
      if (op === 'lt') return sql`${E} < ${ts(at(one()).start)}`;
      if (op === 'lte') return sql`${E} ${sql.raw(at(one()).day ? '<' : '<=')} ${ts(at(one()).end)}`;
      if (op === 'between') {
        const [a, b] = pair().map(at) as [ReturnType<typeof at>, ReturnType<typeof at>];
        if (a.start > b.end) fail('the start is after the end');
        return sql`(${E} >= ${ts(a.start)} and ${E} ${sql.raw(b.day ? '<' : '<=')} ${ts(b.end)})`;
      }
      break;
    }
    case 'boolean': {
      const b = booleanValue(one(), fail);
      const truthy = def.json ? contains(def.json.column, def.json.key, true) : sql`(${E} is true)`;
      return (op === 'is') === b ? truthy : sql`not ${truthy}`;
    }
    case 'select':
    case 'multiselect': {
      if (!def.json) return fail('is not a custom field');
      const { column, key } = def.json;
      const has = (v: Scalar) => {
        const id = optionValue(def, v, fail);
        return contains(column, key, def.kind === 'multiselect' ? [id] : id);
      };
      if (op === 'is') return has(one());
      if (op === 'isNot') return sql`not ${has(one())}`;
      if (op === 'anyOf') return sql`(${sql.join(many().map(has), sql` or `)})`;
      break;
    }
  }
  return fail(`can't be filtered with "${op}"`);
}

function emptySql(def: FieldDef): SQL {
  if (def.json) {
    const J = sql`(${def.json.column} -> ${def.json.key})`;
    if (def.kind === 'boolean') return sql`not ${contains(def.json.column, def.json.key, true)}`;
    return sql`(${J} is null or ${J} = '""'::jsonb or ${J} = '[]'::jsonb)`;
  }
  if (def.kind === 'text') return sql`(${def.expr} is null or ${def.expr} = '')`;
  if (def.kind === 'boolean') return sql`(${def.expr} is not true)`;
  return sql`(${def.expr} is null)`;
}

/** `column @> {"key": value}`: the jsonb_path_ops GIN index answers it. */
function contains(column: SQL, key: string, value: unknown): SQL {
  return sql`(${column} @> ${JSON.stringify({ [key]: value })}::jsonb)`;
}

function comparison(op: string): string | null {
  return op === 'gt' ? '>' : op === 'gte' ? '>=' : op === 'lt' ? '<' : op === 'lte' ? '<=' : null;
}

function ordered<T extends number | string>([a, b]: [T, T], fail: (m: string) => never): [T, T] {
  if (a > b) fail('the first value of "between" is after the second');
  return [a, b];
}

function numberValue(v: Scalar, fail: (m: string) => never): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isFinite(n)) fail(`"${String(v)}" is not a number`);
  return n;
}

function uuidValue(v: Scalar, fail: (m: string) => never): string {
  if (typeof v !== 'string' || !UUID_RE.test(v)) fail(`"${String(v)}" is not an id`);
  return (v as string).toLowerCase();
}

function dateValue(v: Scalar, fail: (m: string) => never): string {
  if (typeof v !== 'string' || !isValidDate(v)) fail(`"${String(v)}" is not a date (YYYY-MM-DD)`);
  return v as string;
}

function datetimeValue(v: Scalar, fail: (m: string) => never): { start: Date; end: Date; day: boolean } {
  if (typeof v === 'string' && isValidDate(v)) {
    const start = new Date(`${v}T00:00:00.000Z`);
    return { start, end: new Date(start.getTime() + 86_400_000), day: true };
  }
  const d = typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) ? new Date(v) : new Date(NaN);
  if (Number.isNaN(d.getTime())) fail(`"${String(v)}" is not a date or an ISO date-time`);
  // a time zone offset can move a year-1 or year-9999 value out of range: the bounds are the UTC year's
  if (d.getUTCFullYear() < MIN_YEAR || d.getUTCFullYear() > MAX_YEAR) fail(`"${String(v)}" is out of range (years ${MIN_YEAR}–${MAX_YEAR})`);
  return { start: d, end: d, day: false };
}

function booleanValue(v: Scalar, fail: (m: string) => never): boolean {
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === 'false') return v === 'true';
  return fail('needs true or false');
}

function optionValue(def: FieldDef, v: Scalar, fail: (m: string) => never): string {
  const s = String(v);
  if (!def.options) return s;
  const byValue = def.options.find((o) => o.value === s);
  if (byValue) return byValue.value;
  const byLabel = def.options.find((o) => o.label.toLowerCase() === s.toLowerCase());
  if (byLabel) return byLabel.value;
  return fail(`"${s}" is not one of its options`);
}
