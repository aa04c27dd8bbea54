import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { operatorsByKind, type FilterCondition, type FilterNode } from '@leadtrail/contracts';
import { createDb, type Db } from '../../db/client.js';
import { AppError } from '../errors.js';
import { compileFilter, type FieldDef, type FieldRegistry } from './compile.js';

/**
 * Property: any valid filter tree compiles to SQL that runs without error and selects
 * exactly the rows a plain-JS reference evaluation of the documented semantics selects,
 * on a small table holding every kind of field (nulls, case, LIKE metacharacters included).
 */

const TABLE = `filter_prop_${process.pid}`;
const REFS = ['0190a0b0-0000-7000-8000-000000000001', '0190a0b0-0000-7000-8000-000000000002', '0190a0b0-0000-7000-8000-000000000003'];
const OPTS = ['o1', 'o2', 'o3'];
const WORDS = ['Anna', 'anna', 'ANNA', 'Ann', 'b_c', 'bxc', '50%', '5', 'x\\y', 'Zed', '', 'a b'];
const DAYS = ['2024-01-01', '2024-01-02', '2024-01-03'];
const TIMES = ['2024-01-01T00:00:00.000Z', '2024-01-01T12:30:00.000Z', '2024-01-02T00:00:00.000Z', '2024-01-02T23:59:59.999Z', '2024-01-03T08:00:00.000Z'];

type Row = {
  id: number;
  name: string | null;
  status: string | null;
  ref: string | null;
  score: number | null;
  created: string;
  flag: boolean | null;
  cf: Record<string, unknown>;
};

const col = (c: string) => sql.raw(`t.${c}`);
const cf = sql.raw('t.cf');
const json = (key: string) => ({ column: cf, key });
const lit = (k: string) => sql.raw(`'${k}'`);
const opts = OPTS.map((o) => ({ value: o, label: o.toUpperCase() }));

const registry: FieldRegistry = new Map<string, FieldDef>([
  ['name', { label: 'Name', kind: 'text', expr: col('name') }],
  ['status', { label: 'Status', kind: 'enum', expr: col('status'), options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }, { value: 'c', label: 'C' }] }],
  ['ref', { label: 'Ref', kind: 'ref', expr: col('ref') }],
  ['score', { label: 'Score', kind: 'number', expr: col('score') }],
  ['created', { label: 'Created', kind: 'datetime', expr: col('created') }],
  ['flag', { label: 'Flag', kind: 'boolean', expr: col('flag') }],
  ['custom:t', { label: 'T', kind: 'text', expr: sql`(${cf} ->> ${lit('t')})`, json: json('t') }],
  ['custom:n', { label: 'N', kind: 'number', expr: sql`(${cf} -> ${lit('n')})`, json: json('n') }],
  ['custom:d', { label: 'D', kind: 'date', expr: sql`(${cf} ->> ${lit('d')})`, json: json('d') }],
  ['custom:b', { label: 'B', kind: 'boolean', expr: sql`(${cf} -> ${lit('b')})`, json: json('b') }],
  ['custom:s', { label: 'S', kind: 'select', expr: sql`(${cf} ->> ${lit('s')})`, json: json('s'), options: opts }],
  ['custom:m', { label: 'M', kind: 'multiselect', expr: sql`(${cf} -> ${lit('m')})`, json: json('m'), options: opts }],
]);

// ---- reference semantics ---------------------------------------------------------------

const low = (s: unknown) => String(s).toLowerCase();
const dayBounds = (v: string) => {
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) {
    const start = Date.parse(`${v}T00:00:00.000Z`);
    return { start, end: start + 86_400_000, day: true };
  }
  const t = Date.parse(v);
  return { start: t, end: t, day: false };
};

function valueOf(row: Row, field: string): unknown {
  if (field.startsWith('custom:')) return row.cf[field.slice(7)];
  return (row as unknown as Record<string, unknown>)[field];
}

function evalCondition(row: Row, c: FilterCondition): boolean {
  const def = registry.get(c.field)!;
  const x = valueOf(row, c.field);
  const v = c.value as never;
  const isNil = x === null || x === undefined;
  switch (c.op) {
    case 'isEmpty':
    case 'isNotEmpty': {
      let empty: boolean;
      if (def.kind === 'boolean') empty = x !== true;
      else if (def.kind === 'text' || def.json) empty = isNil || x === '' || (Array.isArray(x) && x.length === 0);
      else empty = isNil;
      return c.op === 'isEmpty' ? empty : !empty;
    }
  }
  switch (def.kind) {
    case 'text':
      if (c.op === 'is') return !isNil && low(x) === low(v);
      if (c.op === 'isNot') return isNil || low(x) !== low(v);
      if (c.op === 'contains') return !isNil && low(x).includes(low(v));
      if (c.op === 'startsWith') return !isNil && low(x).startsWith(low(v));
      if (c.op === 'anyOf') return !isNil && (v as string[]).some((s) => low(s) === low(x));
      break;
    case 'enum':
    case 'ref':
      if (c.op === 'is') return x === v;
      if (c.op === 'isNot') return x !== v;
      if (c.op === 'anyOf') return (v as string[]).includes(x as string);
      break;
    case 'number': {
      const n = x as number;
      if (c.op === 'is') return !isNil && n === Number(v);
      if (c.op === 'isNot') return isNil || n !== Number(v);
      if (isNil) return false;
      if (c.op === 'gt') return n > v;
      if (c.op === 'gte') return n >= v;
      if (c.op === 'lt') return n < v;
      if (c.op === 'lte') return n <= v;
      if (c.op === 'between') return n >= (v as number[])[0]! && n <= (v as number[])[1]!;
      break;
    }
    case 'date': {
      const d = x as string;
      const v = c.value as string & string[];
      if (c.op === 'is') return d === v;
      if (c.op === 'isNot') return d !== v;
      if (isNil) return false;
      if (c.op === 'gt') return d > v;
      if (c.op === 'gte') return d >= v;
      if (c.op === 'lt') return d < v;
      if (c.op === 'lte') return d <= v;
      if (c.op === 'between') return d >= (v as string[])[0]! && d <= (v as string[])[1]!;
      break;
    }
    case 'datetime': {
      const t = Date.parse(x as string);
      if (c.op === 'between') {
        const [a, b] = (v as string[]).map(dayBounds) as [ReturnType<typeof dayBounds>, ReturnType<typeof dayBounds>];
        return t >= a.start && (b.day ? t < b.end : t <= b.end);
      }
      const b = dayBounds(v);
      if (c.op === 'is') return b.day ? t >= b.start && t < b.end : t === b.start;
      if (c.op === 'gt') return b.day ? t >= b.end : t > b.start;
      if (c.op === 'gte') return t >= b.start;
      if (c.op === 'lt') return t < b.start;
      if (c.op === 'lte') return b.day ? t < b.end : t <= b.end;
      break;
    }
    case 'boolean':
      return (c.op === 'is') === (v === true) ? x === true : x !== true;
    case 'select':
      if (c.op === 'is') return x === v;
      if (c.op === 'isNot') return x !== v;
      if (c.op === 'anyOf') return (v as string[]).includes(x as string);
      break;
    case 'multiselect': {
      const has = (id: string) => Array.isArray(x) && x.includes(id);
      if (c.op === 'is') return has(v);
      if (c.op === 'isNot') return !has(v);
      if (c.op === 'anyOf') return (v as string[]).some(has);
      break;
    }
  }
  throw new Error(`no reference for ${def.kind} ${c.op}`);
}

/** null: the node constrains nothing (an empty group), so its parent ignores it. */
function evalNode(row: Row, n: FilterNode): boolean | null {
  if ('and' in n || 'or' in n) {
    const results = ('and' in n ? n.and : n.or).map((c) => evalNode(row, c)).filter((r): r is boolean => r !== null);
    if (!results.length) return null;
    return 'and' in n ? results.every(Boolean) : results.some(Boolean);
  }
  return evalCondition(row, n as FilterCondition);
}

// ---- generators ------------------------------------------------------------------------

const word = fc.constantFrom(...WORDS.filter((w) => w !== ''), 'nn', '%', '_', 'Z', 'x\\');
const num = fc.oneof(fc.constantFrom(-5, 0, 1, 2.5, 10, 99), fc.integer({ min: -20, max: 120 }));
const day = fc.constantFrom(...DAYS, '2023-12-31', '2024-01-04');
const moment = fc.oneof(day, fc.constantFrom(...TIMES));

function valueFor(field: string, op: string): fc.Arbitrary<unknown> {
  const def = registry.get(field)!;
  if (op === 'isEmpty' || op === 'isNotEmpty') return fc.constant(undefined);
  const one: fc.Arbitrary<unknown> =
    def.kind === 'text'
      ? word
      : def.kind === 'enum'
        ? fc.constantFrom('a', 'b', 'c')
        : def.kind === 'ref'
          ? fc.constantFrom(...REFS)
          : def.kind === 'number'
            ? num
            : def.kind === 'date'
              ? day
              : def.kind === 'datetime'
                ? moment
                : def.kind === 'boolean'
                  ? fc.boolean()
                  : fc.constantFrom(...OPTS);
  if (op === 'anyOf') return fc.uniqueArray(one, { minLength: 1, maxLength: 3 });
  if (op === 'between') {
    if (def.kind === 'datetime') return fc.tuple(day, day).map(([a, b]) => (a <= b ? [a, b] : [b, a]));
    return fc.tuple(one, one).map(([a, b]) => ((a as number) <= (b as number) ? [a, b] : [b, a]));
  }
  return one;
}

const condition: fc.Arbitrary<FilterCondition> = fc.constantFrom(...registry.keys()).chain((field) =>
  fc.constantFrom(...operatorsByKind[registry.get(field)!.kind]).chain((op) =>
    valueFor(field, op).map((value) => (value === undefined ? { field, op } : { field, op, value: value as FilterCondition['value'] })),
  ),
);

const tree: fc.Arbitrary<FilterNode> = fc.letrec<{ node: FilterNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    condition,
    fc.array(tie('node'), { maxLength: 4 }).map((and) => ({ and })),
    fc.array(tie('node'), { maxLength: 4 }).map((or) => ({ or })),
  ),
})).node;

// ---- data ------------------------------------------------------------------------------

function rows(): Row[] {
  const out: Row[] = [];
  const rnd = fc.sample(
    fc.record({
      name: fc.option(fc.constantFrom(...WORDS), { nil: null }),
      status: fc.option(fc.constantFrom('a', 'b', 'c'), { nil: null }),
      ref: fc.option(fc.constantFrom(...REFS), { nil: null }),
      score: fc.option(fc.constantFrom(-5, 0, 1, 2.5, 10, 50, 99), { nil: null }),
      created: fc.constantFrom(...TIMES),
      flag: fc.option(fc.boolean(), { nil: null }),
      t: fc.option(fc.constantFrom(...WORDS), { nil: undefined }),
      n: fc.option(fc.constantFrom(-5, 0, 1.5, 10, 99), { nil: undefined }),
      d: fc.option(fc.constantFrom(...DAYS), { nil: undefined }),
      b: fc.option(fc.boolean(), { nil: undefined }),
      s: fc.option(fc.constantFrom(...OPTS), { nil: undefined }),
      m: fc.option(fc.uniqueArray(fc.constantFrom(...OPTS), { minLength: 1, maxLength: 3 }), { nil: undefined }),
    }),
    { numRuns: 60, seed: 42 },
  );
  rnd.forEach((r, i) => {
    const cfv: Record<string, unknown> = {};
    for (const k of ['t', 'n', 'd', 'b', 's', 'm'] as const) if (r[k] !== undefined) cfv[k] = r[k];
    out.push({ id: i + 1, name: r.name, status: r.status, ref: r.ref, score: r.score, created: r.created, flag: r.flag, cf: cfv });
  });
  return out;
}

let db: Db;
const data = rows();

beforeAll(async () => {
  db = createDb(inject('databaseUrl'), { max: 2 });
  await db.pool.query(`create table ${TABLE} (id int primary key, name text, status text, ref uuid, score numeric,
    created timestamptz not null, flag boolean, cf jsonb not null default '{}')`);
  for (const r of data) {
    await db.pool.query(`insert into ${TABLE} values ($1, $2, $3, $4, $5, $6, $7, $8)`, [
      r.id, r.name, r.status, r.ref, r.score, r.created, r.flag, JSON.stringify(r.cf),
    ]);
  }
});

afterAll(async () => {
  await db?.pool.query(`drop table if exists ${TABLE}`);
  await db?.close();
});

async function selected(node: FilterNode): Promise<number[]> {
  const { where } = compileFilter(node, registry);
  const res = await db.orm.execute<{ id: number }>(sql`select t.id from ${sql.raw(TABLE)} t where ${where} order by t.id`);
  return res.rows.map((r) => Number(r.id));
}

describe('filter compilation against PostgreSQL', () => {
  it('the data covers every kind with and without values', () => {
    expect(data.some((r) => r.name === null) && data.some((r) => r.name === '')).toBe(true);
    expect(data.some((r) => r.cf.m) && data.some((r) => !r.cf.m)).toBe(true);
  });

  it('random filter trees select exactly what the reference selects', async () => {
    await fc.assert(
      fc.asyncProperty(tree, async (node) => {
        const expected = data.filter((r) => evalNode(r, node) !== false).map((r) => r.id);
        expect(await selected(node)).toEqual(expected);
      }),
      { numRuns: 400, seed: Number(process.env.FILTER_SEED ?? Date.now() % 100_000) },
    );
  });

  it('each operator of each kind matches the reference on its own', async () => {
    for (const [field, def] of registry) {
      for (const op of operatorsByKind[def.kind]) {
        const samples = fc.sample(valueFor(field, op), { numRuns: 6, seed: 7 });
        for (const value of samples) {
          const node = (value === undefined ? { field, op } : { field, op, value }) as FilterCondition;
          const expected = data.filter((r) => evalCondition(r, node)).map((r) => r.id);
          expect(await selected(node), `${field} ${op} ${JSON.stringify(value)}`).toEqual(expected);
        }
      }
    }
  });

  it('bad trees are refused as 400s naming the problem, never as SQL errors', () => {
    const bad: unknown[] = [
      { field: 'nope', op: 'is', value: 1 },
      { field: 'score', op: 'contains', value: 'x' },
      { field: 'score', op: 'gt', value: 'abc' },
      { field: 'ref', op: 'is', value: 'not-a-uuid' },
      { field: 'custom:s', op: 'is', value: 'o9' },
      { field: 'custom:d', op: 'gt', value: '2024-13-01' },
      { field: 'created', op: 'between', value: ['2024-01-03', '2024-01-01'] },
      { field: 'name', op: 'anyOf', value: [] },
      { field: 'name', op: 'is' },
      { and: Array.from({ length: 201 }, () => ({ field: 'name', op: 'isEmpty' })) },
    ];
    for (const node of bad) {
      let thrown: unknown;
      try {
        compileFilter(node as FilterNode, registry);
      } catch (err) {
        thrown = err;
      }
      expect(thrown, JSON.stringify(node).slice(0, 80)).toBeInstanceOf(AppError);
      expect((thrown as AppError).status).toBe(400);
    }
    // options are accepted by label too
    expect(() => compileFilter({ field: 'custom:s', op: 'is', value: 'O2' }, registry)).not.toThrow();
  });
});
