import { describe, expect, it } from 'vitest';
import { emailDomain, normalizeDomain, normalizeEmail, normalizePhone } from './normalize.js';

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Jane.Doe+Sales@ACME.com ')).toBe('jane.doe+sales@acme.com');
    expect(normalizeEmail('   ')).toBeNull();
    expect(normalizeEmail(null)).toBeNull();
  });
});

describe('normalizeDomain', () => {
  it('strips scheme, www, path, port and case', () => {
    expect(normalizeDomain('https://WWW.Acme.com/about?x=1')).toBe('acme.com');
    expect(normalizeDomain('acme.com:8080')).toBe('acme.com');
    expect(normalizeDomain('sales.acme.co.uk.')).toBe('sales.acme.co.uk');
  });
  it('turns IDN into punycode', () => {
    expect(normalizeDomain('bücher.de')).toBe('xn--bcher-kva.de');
  });
  it('refuses what is not a host', () => {
    expect(normalizeDomain('not a domain')).toBeNull();
    expect(normalizeDomain('localhost')).toBeNull();
    expect(normalizeDomain('')).toBeNull();
  });
  it('takes the domain of an email', () => {
    expect(emailDomain('Jo@Sales.Acme.com')).toBe('sales.acme.com');
    expect(emailDomain('nope')).toBeNull();
  });
});

describe('normalizePhone', () => {
  it('stores E.164 with the default region', () => {
    expect(normalizePhone('(415) 555-0132', 'US')).toBe('+14155550132');
    expect(normalizePhone('01 42 68 53 00', 'FR')).toBe('+33142685300');
    expect(normalizePhone('+44 20 7946 0958', 'US')).toBe('+442079460958');
  });
  it('refuses what is not a phone number', () => {
    expect(normalizePhone('call me', 'US')).toBeNull();
    expect(normalizePhone('12', 'US')).toBeNull();
  });
});
