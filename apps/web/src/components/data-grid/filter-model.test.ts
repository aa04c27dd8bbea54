import { describe, expect, it } from 'vitest';
import { resolveColumnState } from './column-chooser';
import { exportUrl } from './export-url';
import {
  describeCondition,
  describeNode,
  isCompleteValue,
  nextSort,
  opLabel,
  parseFilterParam,
  parseSortParam,
  serializeFilter,
  valueForOp,
} from './filter-model';
import { moveItem } from './sortable-list';
import type { GridColumn } from './types';

type Row = Record<string, unknown>;
const columns: GridColumn<Row>[] = [
  { key: 'country', label: 'Country', kind: 'text' },
  { key: 'foundedYear', label: 'Founded', kind: 'number' },
  { key: 'createdAt', label: 'Created', kind: 'datetime' },
  {
    key: 'emailStatus',
    label: 'Email status',
    kind: 'enum',
    options: [
      { value: 'valid', label: 'Valid' },
      { value: 'risky', label: 'Risky' },
    ],
  },
  { key: 'custom:vip', label: 'VIP', kind: 'boolean' },
];

describe('parseFilterParam', () => {
  it('reads the top-level AND list', () => {
    const nodes = parseFilterParam(JSON.stringify({ and: [{ field: 'country', op: 'is', value: 'France' }] }));
    expect(nodes).toEqual([{ field: 'country', op: 'is', value: 'France' }]);
  });

  it('keeps nested groups and reads a bare condition as a list of one', () => {
    const nested = {
      and: [
        {
          or: [
            { field: 'a', op: 'isEmpty' },
            { field: 'b', op: 'gt', value: 3 },
          ],
        },
      ],
    };
    expect(parseFilterParam(JSON.stringify(nested))).toEqual(nested.and);
    expect(parseFilterParam(JSON.stringify({ field: 'a', op: 'isEmpty' }))).toEqual([{ field: 'a', op: 'isEmpty' }]);
  });

  it('drops what it cannot read instead of throwing (hand-edited links)', () => {
    expect(parseFilterParam('{not json')).toEqual([]);
    expect(parseFilterParam(JSON.stringify({ and: [{ field: 'a', op: 'explode' }] }))).toEqual([]);
    expect(
      parseFilterParam(
        JSON.stringify({
          and: [
            { field: 'a', op: 'is', value: { x: 1 } },
            { field: 'b', op: 'isEmpty' },
          ],
        }),
      ),
    ).toEqual([{ field: 'b', op: 'isEmpty' }]);
    expect(parseFilterParam(null)).toEqual([]);
  });

  it('round-trips through serializeFilter', () => {
    const nodes = [
      { field: 'country', op: 'anyOf' as const, value: ['France', 'Spain'] },
      { field: 'foundedYear', op: 'between' as const, value: [1990, 2000] as [number, number] },
    ];
    expect(parseFilterParam(serializeFilter(nodes))).toEqual(nodes);
    expect(serializeFilter([])).toBeNull();
  });
});

describe('sort', () => {
  it('cycles ascending, descending, default', () => {
    expect(nextSort(undefined, 'lastName')).toBe('lastName');
    expect(nextSort('lastName', 'lastName')).toBe('-lastName');
    expect(nextSort('-lastName', 'lastName')).toBeUndefined();
    expect(nextSort('-lastName', 'email')).toBe('email');
  });

  it('parses the direction', () => {
    expect(parseSortParam('-custom:score')).toEqual({ field: 'custom:score', direction: 'desc' });
    expect(parseSortParam('email')).toEqual({ field: 'email', direction: 'asc' });
    expect(parseSortParam('-')).toBeNull();
  });
});

describe('describeCondition', () => {
  it('names fields and operators the way a user reads them', () => {
    expect(describeCondition({ field: 'country', op: 'is', value: 'France' }, columns)).toBe('Country is France');
    expect(describeCondition({ field: 'country', op: 'contains', value: 'land' }, columns)).toBe(
      'Country contains "land"',
    );
    expect(describeCondition({ field: 'foundedYear', op: 'between', value: [1990, 2000] }, columns)).toMatch(
      /^Founded is between 1,?990 and 2,?000$/,
    );
    expect(describeCondition({ field: 'emailStatus', op: 'anyOf', value: ['valid', 'risky'] }, columns)).toBe(
      'Email status is any of Valid, Risky',
    );
    expect(describeCondition({ field: 'country', op: 'isEmpty' }, columns)).toBe('Country is empty');
    expect(describeCondition({ field: 'custom:vip', op: 'is', value: false }, columns)).toBe('VIP is not checked');
    expect(describeCondition({ field: 'createdAt', op: 'gt', value: '2025-03-01' }, columns)).toMatch(
      /^Created is after /,
    );
  });

  it('describes nested groups', () => {
    expect(
      describeNode(
        {
          or: [
            { field: 'country', op: 'is', value: 'France' },
            { field: 'country', op: 'isEmpty' },
          ],
        },
        columns,
      ),
    ).toBe('(Country is France or Country is empty)');
  });

  it('labels date operators as before/after', () => {
    expect(opLabel('lt', 'date')).toBe('is before');
    expect(opLabel('gt', 'number')).toBe('is greater than');
    expect(opLabel('anyOf', 'multiselect')).toBe('has any of');
  });
});

describe('isCompleteValue', () => {
  it('needs a value fitting the operator', () => {
    expect(isCompleteValue('isEmpty', undefined)).toBe(true);
    expect(isCompleteValue('is', '  ')).toBe(false);
    expect(isCompleteValue('is', 'x')).toBe(true);
    expect(isCompleteValue('between', [1, undefined as unknown as number])).toBe(false);
    expect(isCompleteValue('between', ['2025-01-01', '2025-02-01'])).toBe(true);
    expect(isCompleteValue('anyOf', [])).toBe(false);
    expect(isCompleteValue('anyOf', ['a'])).toBe(true);
    expect(isCompleteValue('gt', Number.NaN)).toBe(false);
  });

  it('keeps what still fits when the operator changes', () => {
    expect(valueForOp('anyOf', 'text', 'France')).toEqual(['France']);
    expect(valueForOp('is', 'text', ['France', 'Spain'])).toBe('France');
    expect(valueForOp('isEmpty', 'text', 'France')).toBeUndefined();
    expect(valueForOp('is', 'boolean', undefined)).toBe(true);
  });
});

describe('exportUrl', () => {
  it('carries q, filter, sort and columns', () => {
    const url = exportUrl('/api/v1/contacts/export', {
      q: ' smith ',
      filter: { and: [{ field: 'country', op: 'is', value: 'France' }] },
      sort: '-createdAt',
      columns: ['firstName', 'custom:score'],
      tz: 'Europe/Paris',
    });
    const parsed = new URL(url, 'http://x');
    expect(parsed.pathname).toBe('/api/v1/contacts/export');
    expect(parsed.searchParams.get('q')).toBe('smith');
    expect(JSON.parse(parsed.searchParams.get('filter')!)).toEqual({
      and: [{ field: 'country', op: 'is', value: 'France' }],
    });
    expect(parsed.searchParams.get('sort')).toBe('-createdAt');
    expect(parsed.searchParams.get('columns')).toBe('firstName,custom:score');
    expect(parsed.searchParams.get('tz')).toBe('Europe/Paris');
  });

  it('exports just the selected ids', () => {
    const parsed = new URL(exportUrl('/e', { ids: ['a', 'b'], q: 'x' }), 'http://x');
    expect(parsed.searchParams.get('ids')).toBe('a,b');
    expect(parsed.searchParams.has('q')).toBe(false);
  });
});

describe('moveItem', () => {
  it('moves within bounds', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
  });
});

describe('resolveColumnState', () => {
  const cols: GridColumn<Row>[] = [
    { key: 'name', label: 'Name', kind: 'text', pinned: true },
    { key: 'email', label: 'Email', kind: 'text' },
    { key: 'city', label: 'City', kind: 'text', defaultVisible: false },
    { key: 'companyId', label: 'Company', kind: 'ref', column: false },
  ];

  it('uses the defaults when the user never chose', () => {
    expect(resolveColumnState(cols, null)).toEqual([
      { key: 'name', visible: true },
      { key: 'email', visible: true },
      { key: 'city', visible: false },
    ]);
  });

  it('keeps the saved order, pins the name, and drops columns that no longer exist', () => {
    expect(resolveColumnState(cols, ['city', 'custom:deleted', 'email'])).toEqual([
      { key: 'name', visible: true },
      { key: 'city', visible: true },
      { key: 'email', visible: true },
    ]);
    expect(resolveColumnState(cols, ['city'])).toEqual([
      { key: 'name', visible: true },
      { key: 'city', visible: true },
      { key: 'email', visible: false },
    ]);
  });
});
