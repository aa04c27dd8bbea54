import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import type { FieldRegistry } from './compile.js';
import { decodeCursor, encodeCursor, keysetSegments, resolveSort } from './keyset.js';

const registry: FieldRegistry = new Map([
  ['lastName', { label: 'Last name', kind: 'text', expr: sql.raw('c.last_name'), sort: { expr: sql.raw('c.last_name'), type: 'text', nullable: true } }],
  ['createdAt', { label: 'Created', kind: 'datetime', expr: sql.raw('c.created_at'), sort: { expr: sql.raw('c.created_at'), type: 'timestamptz', nullable: false } }],
  ['companyId', { label: 'Company', kind: 'ref', expr: sql.raw('c.company_id'), sort: null }],
]);
const dialect = new PgDialect();
const render = (s: ReturnType<typeof keysetSegments>) =>
  s.map((seg) => ({ where: seg.where ? dialect.sqlToQuery(seg.where).sql : null, orderBy: dialect.sqlToQuery(seg.orderBy).sql }));
const ID = sql.raw('c.id');
const id = '0190a0b0-0000-7000-8000-000000000001';

describe('sort and cursor', () => {
  it('resolves a sort, with - for descending and a default', () => {
    expect(resolveSort(undefined, registry, '-createdAt')).toMatchObject({ key: '-createdAt', field: 'createdAt', dir: 'desc' });
    expect(resolveSort('lastName', registry, '-createdAt')).toMatchObject({ dir: 'asc', field: 'lastName' });
    expect(() => resolveSort('companyId', registry, '-createdAt')).toThrow(AppError);
    expect(() => resolveSort('nope', registry, '-createdAt')).toThrow(AppError);
  });

  it('round-trips a cursor and refuses one of another sort or a forged one', () => {
    const c = encodeCursor('lastName', 'Smith', id);
    expect(decodeCursor(c, 'lastName')).toEqual({ v: 'Smith', id });
    expect(decodeCursor(encodeCursor('lastName', null, id), 'lastName')).toEqual({ v: null, id });
    expect(() => decodeCursor(c, '-lastName')).toThrow(/another sort/);
    expect(() => decodeCursor('!!!', 'lastName')).toThrow(AppError);
    expect(() => decodeCursor(Buffer.from('{"s":"lastName","v":1,"id":"x"}').toString('base64url'), 'lastName')).toThrow(AppError);
  });

  it('pages a nullable sort as values then nulls (ascending) or nulls then values (descending)', () => {
    const asc = resolveSort('lastName', registry, '-createdAt');
    const desc = resolveSort('-lastName', registry, '-createdAt');
    expect(render(keysetSegments(asc, null, ID))).toEqual([{ where: null, orderBy: 'c.last_name asc nulls last, c.id asc' }]);
    expect(render(keysetSegments(asc, { v: 'Smith', id }, ID))).toEqual([
      { where: '(c.last_name, c.id) > ($1::text, $2::uuid)', orderBy: 'c.last_name asc, c.id asc' },
      { where: 'c.last_name is null', orderBy: 'c.id asc' },
    ]);
    expect(render(keysetSegments(asc, { v: null, id }, ID))).toEqual([{ where: 'c.last_name is null and c.id > $1::uuid', orderBy: 'c.id asc' }]);
    expect(render(keysetSegments(desc, { v: null, id }, ID))).toEqual([
      { where: 'c.last_name is null and c.id < $1::uuid', orderBy: 'c.id desc' },
      { where: 'c.last_name is not null', orderBy: 'c.last_name desc, c.id desc' },
    ]);
    expect(render(keysetSegments(desc, { v: 'Smith', id }, ID))).toEqual([
      { where: '(c.last_name, c.id) < ($1::text, $2::uuid)', orderBy: 'c.last_name desc, c.id desc' },
    ]);
    const created = resolveSort(undefined, registry, '-createdAt');
    expect(render(keysetSegments(created, { v: '2024-01-01 00:00:00+00', id }, ID))).toEqual([
      { where: '(c.created_at, c.id) < ($1::timestamptz, $2::uuid)', orderBy: 'c.created_at desc, c.id desc' },
    ]);
  });
});
