import { describe, expect, it } from 'vitest';
import { isReservedExampleDomain, parseEmail } from './email-syntax.js';

const problem = (s: string) => {
  const r = parseEmail(s);
  return r.ok ? null : r.problem;
};

describe('parseEmail', () => {
  it('normalises a plain address: trimmed, lower case', () => {
    expect(parseEmail('  Jane.Doe+crm@Acme.COM ')).toEqual({
      ok: true,
      email: { address: 'jane.doe+crm@acme.com', local: 'jane.doe+crm', domain: 'acme.com' },
    });
  });

  it('turns an internationalised domain into punycode', () => {
    expect(parseEmail('anna@Bücher.de')).toEqual({
      ok: true,
      email: { address: 'anna@xn--bcher-kva.de', local: 'anna', domain: 'xn--bcher-kva.de' },
    });
  });

  it.each([
    ['no-at-sign', 'not_an_address'],
    ['@acme.com', 'not_an_address'],
    ['jane@', 'not_an_address'],
    ['.jane@acme.com', 'local_part'],
    ['jane.@acme.com', 'local_part'],
    ['ja..ne@acme.com', 'local_part'],
    ['"jane doe"@acme.com', 'local_part'],
    ['jane doe@acme.com', 'local_part'],
    ['jöhn@acme.com', 'local_part'],
    [`${'a'.repeat(65)}@acme.com`, 'local_part_too_long'],
    ['jane@localhost', 'domain'],
    ['jane@[192.0.2.1]', 'domain'],
    ['jane@192.0.2.1', 'domain'],
    ['jane@-acme.com', 'domain'],
    ['jane@acme-.com', 'domain'],
    ['jane@ac_me.com', 'domain'],
    ['jane@acme..com', 'domain'],
    ['jane@ac me.com', 'domain'],
    [`jane@${'a'.repeat(64)}.com`, 'domain'],
    [`jane@${Array.from({ length: 5 }, () => 'a'.repeat(60)).join('.')}.com`, 'domain_too_long'],
    [`${'a'.repeat(64)}@${Array.from({ length: 4 }, () => 'b'.repeat(60)).join('.')}.co`, 'address_too_long'],
  ])('%s is refused (%s)', (input, expected) => {
    expect(problem(input)).toBe(expected);
  });

  it('accepts the edges of the limits', () => {
    expect(problem(`${'a'.repeat(64)}@acme.com`)).toBeNull();
    expect(problem(`jane@${'a'.repeat(63)}.com`)).toBeNull();
    expect(problem("o'brien#x@sub.acme.co.uk")).toBeNull();
  });
});

describe('isReservedExampleDomain', () => {
  it('is the .example top-level domain only', () => {
    expect(isReservedExampleDomain('acme.example')).toBe(true);
    expect(isReservedExampleDomain('example')).toBe(true);
    expect(isReservedExampleDomain('example.com')).toBe(false);
    expect(isReservedExampleDomain('acme.examples')).toBe(false);
  });
});
