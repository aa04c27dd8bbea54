import { describe, expect, it } from 'vitest';
import { inlineParams } from './copy-export.js';

// what pg's client.escapeLiteral does (standard_conforming_strings on)
const escape = (s: string) => {
  const hasBackslash = s.includes('\\');
  const body = s.replace(/'/g, "''").replace(/\\/g, '\\\\');
  return `${hasBackslash ? ' E' : ''}'${body}'`;
};

describe('inlineParams', () => {
  it('replaces placeholders with escaped literals, leaving quoted text alone', () => {
    const text = `select '$1', "a$2", x from t where a = $1 and b = $2::uuid and c = any($3::uuid[]) and d = $10 and e in ($4) and f = $5`;
    const params = ["O'Brien; drop table x --", '0190a0b0-0000-7000-8000-000000000001', ['a', "b'"], 1.5, null, 6, 7, 8, 9, 'ten'];
    expect(inlineParams(text, params, escape)).toBe(
      `select '$1', "a$2", x from t where a = 'O''Brien; drop table x --' and b = '0190a0b0-0000-7000-8000-000000000001'::uuid and c = any(array['a', 'b''']::uuid[]) and d = 'ten' and e in (1.5) and f = null`,
    );
  });
  it('escapes backslashes, writes empty arrays and JSON', () => {
    expect(inlineParams('select $1, $2, $3', ['a\\b', [], { k: "v'" }], escape)).toBe(`select  E'a\\\\b', '{}', '{"k":"v''"}'`);
  });
  it('refuses a placeholder without a value', () => {
    expect(() => inlineParams('select $2', ['x'], escape)).toThrow();
  });
});
