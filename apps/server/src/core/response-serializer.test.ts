import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { contactSchema, gridPageOf, type Contact } from '@leadtrail/contracts';
import { compilePick, responseSerializer } from './response-serializer.js';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/test', httpStatus: '200' });
const serialize = (check: 'checked' | 'picked', schema: z.ZodType, data: unknown) =>
  responseSerializer(check)(route(schema))(data);

const contact = (i: number): Contact => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  firstName: `First ${i}`,
  lastName: 'Müller "quoted"',
  email: `p${i}@example.com`,
  emailStatus: 'valid',
  emailStatusReason: null,
  emailCheckedAt: null,
  additionalEmails: i === 1 ? [{ value: `p${i}@home.example`, type: 'personal' }] : [],
  additionalPhones: [],
  workPhone: '+33123456789',
  mobilePhone: null,
  otherPhone: null,
  jobTitle: 'Engineer',
  seniority: i % 2 ? 'director' : null,
  department: null,
  companyId: null,
  companyName: null,
  linkedinUrl: null,
  city: 'Lyon',
  region: null,
  country: 'France',
  ownerId: '00000000-0000-4000-8000-0000000000aa',
  ownerName: 'Ada',
  source: 'import',
  importId: null,
  suppressed: i % 2 === 1,
  suppressedBy: i % 2 ? { id: '00000000-0000-4000-8000-0000000000bb', kind: 'email', value: `p${i}@example.com`, reason: 'requested_opt_out' } : null,
  customFields: { score: i, tags: ['a', 'b'], since: '2026-01-02', none: null },
  createdBy: null,
  updatedBy: null,
  createdAt: '2026-11-24T07:00:00.000Z',
  updatedAt: '2026-11-24T07:00:00.000Z',
});

describe('response serializer', () => {
  it('gives a grid page the same JSON picked as checked, without what the contract does not name', () => {
    const schema = gridPageOf(contactSchema);
    const rows = [0, 1, 2].map((i) => ({
      ...contact(i),
      workspaceId: 'secret',
      suppressedBy: contact(i).suppressedBy && { ...contact(i).suppressedBy!, workspaceId: 'secret' },
    }));
    const page = { data: rows, nextCursor: null, internal: 1 };
    const picked = serialize('picked', schema, page);
    expect(picked).toBe(serialize('checked', schema, page));
    expect(picked).not.toContain('secret');
    expect(picked).not.toContain('internal');
    expect(JSON.parse(picked)).toEqual({ data: [0, 1, 2].map(contact), nextCursor: null });
  });

  it('leaves out optional keys that are absent and keeps nulls', () => {
    const schema = z.object({ a: z.string().optional(), b: z.string().nullable(), total: z.number().int().optional() });
    expect(serialize('picked', schema, { b: null })).toBe('{"b":null}');
    expect(serialize('picked', schema, { a: 'x', b: 'y', total: 3 })).toBe('{"a":"x","b":"y","total":3}');
  });

  it('still parses what a copy could get wrong: defaults, transforms, unions, loose objects', () => {
    const schema = z.object({
      withDefault: z.string().default('d'),
      upper: z.string().transform((s) => s.toUpperCase()),
      either: z.union([z.object({ kind: z.literal('a'), a: z.number() }), z.object({ kind: z.literal('b'), b: z.string() })]),
      loose: z.looseObject({ x: z.number() }),
    });
    const data = { upper: 'abc', either: { kind: 'b', b: 'bee', extra: 1 }, loose: { x: 1, y: 2 } };
    const picked = serialize('picked', schema, data);
    expect(JSON.parse(picked)).toEqual({ withDefault: 'd', upper: 'ABC', either: { kind: 'b', b: 'bee' }, loose: { x: 1, y: 2 } });
    expect(picked).toBe(serialize('checked', schema, data));
  });

  it('answers the checked 500 when a part it parses does not fit, and checks everything when checked', () => {
    const schema = z.object({ id: z.uuid(), n: z.number().transform((x) => x * 2) });
    const caught = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return err;
      }
      return null;
    };
    expect(isResponseSerializationError(caught(() => serialize('picked', schema, { id: 'x', n: 'nan' })))).toBe(true);
    // a plain value is not checked again when picked, and is when checked
    expect(serialize('picked', schema, { id: 'not a uuid', n: 2 })).toBe('{"id":"not a uuid","n":4}');
    expect(isResponseSerializationError(caught(() => serialize('checked', schema, { id: 'not a uuid', n: 2 })))).toBe(true);
  });

  it('copies arrays and string-keyed records item by item, and parses records keyed by an enum', () => {
    const item = z.object({ v: z.number() });
    const byString = compilePick(z.record(z.string(), z.array(item)));
    expect(byString({ k: [{ v: 1, w: 2 }] })).toEqual({ k: [{ v: 1 }] });
    const byEnum = compilePick(z.record(z.enum(['a', 'b']), item));
    expect(() => byEnum({ a: { v: 1 } })).toThrow(); // parsed: an enum-keyed record needs every key
    expect(byEnum({ a: { v: 1, w: 2 }, b: { v: 2 } })).toEqual({ a: { v: 1 }, b: { v: 2 } });
  });

  it('passes a row with exactly the contract keys through as it is, and copies one with more, fewer or reordered keys', () => {
    const row = z.object({ id: z.string(), tags: z.record(z.string(), z.number()), owner: z.object({ name: z.string() }).nullable() });
    const pick = compilePick(row);
    const exact = { id: 'a', tags: { x: 1 }, owner: { name: 'Ada' } };
    expect(pick(exact)).toBe(exact);
    const extra = { id: 'a', tags: { x: 1 }, owner: { name: 'Ada', secret: 1 } };
    expect(pick(extra)).toEqual({ id: 'a', tags: { x: 1 }, owner: { name: 'Ada' } });
    const reordered = { tags: { x: 1 }, id: 'a', owner: null };
    expect(JSON.stringify(pick(reordered))).toBe('{"id":"a","tags":{"x":1},"owner":null}');
    class Row {
      id = 'a';
      tags = {};
      owner = null;
      toJSON() {
        return 'not the contract';
      }
    }
    expect(JSON.stringify(pick(new Row()))).toBe('{"id":"a","tags":{},"owner":null}');
    const records = compilePick(z.record(z.string(), z.object({ n: z.number() })));
    const plain = { a: { n: 1 } };
    expect(records(plain)).toBe(plain);
    class Tags {
      a = { n: 1 };
      toJSON() {
        return 'not the contract';
      }
    }
    expect(JSON.stringify(records(new Tags()))).toBe('{"a":{"n":1}}');
  });
});
