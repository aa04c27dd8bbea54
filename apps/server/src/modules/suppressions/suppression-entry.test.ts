import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalDomain, canonicalEmail, detectKind, emailSha256, parseSuppressionText, parseSuppressionValue } from './suppression-entry.js';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

describe('parseSuppressionValue: emails', () => {
  it('lower-cases and trims, keeping plus tags (a plus address is its own mailbox)', () => {
    expect(parseSuppressionValue('  Jane.Doe+Sales@ACME.com ')).toEqual({ ok: true, kind: 'email', value: 'jane.doe+sales@acme.com' });
    expect(parseSuppressionValue('JANE@ACME.COM')).toEqual({ ok: true, kind: 'email', value: 'jane@acme.com' });
  });
  it('reads "Name <address>" and mailto: as mail clients copy them', () => {
    expect(parseSuppressionValue('Jane Doe <Jane@Acme.com>')).toEqual({ ok: true, kind: 'email', value: 'jane@acme.com' });
    expect(parseSuppressionValue('mailto:jane@acme.com')).toEqual({ ok: true, kind: 'email', value: 'jane@acme.com' });
  });
  it('turns an IDN domain into punycode, so both spellings are one entry', () => {
    expect(parseSuppressionValue('Jo@Bücher.de')).toEqual({ ok: true, kind: 'email', value: 'jo@xn--bcher-kva.de' });
    expect(parseSuppressionValue('jo@xn--bcher-kva.de')).toEqual({ ok: true, kind: 'email', value: 'jo@xn--bcher-kva.de' });
  });
  it('refuses broken addresses with a reason', () => {
    expect(parseSuppressionValue('jane@')).toMatchObject({ ok: false, message: 'Not a valid email address' });
    expect(parseSuppressionValue('jane@acme')).toMatchObject({ ok: false, message: 'Not a valid email address' });
    expect(parseSuppressionValue('ja ne@acme.com')).toMatchObject({ ok: false });
    expect(parseSuppressionValue('jane', 'email')).toMatchObject({ ok: false, message: 'Not an email address: it has no @' });
  });
});

describe('parseSuppressionValue: domains', () => {
  it('normalises like company domains (scheme, www, path, case, trailing dot)', () => {
    expect(parseSuppressionValue('https://WWW.Acme.com/about')).toEqual({ ok: true, kind: 'domain', value: 'acme.com' });
    expect(parseSuppressionValue('Acme.COM.')).toEqual({ ok: true, kind: 'domain', value: 'acme.com' });
  });
  it('keeps a subdomain as given (it covers only itself and below)', () => {
    expect(parseSuppressionValue('sales.acme.co.uk')).toEqual({ ok: true, kind: 'domain', value: 'sales.acme.co.uk' });
  });
  it('accepts @acme.com, *.acme.com and .acme.com as the domain', () => {
    for (const v of ['@acme.com', '*.acme.com', '.acme.com']) {
      expect(parseSuppressionValue(v)).toEqual({ ok: true, kind: 'domain', value: 'acme.com' });
    }
  });
  it('turns IDN domains into punycode', () => {
    expect(parseSuppressionValue('Bücher.de')).toEqual({ ok: true, kind: 'domain', value: 'xn--bcher-kva.de' });
  });
  it('refuses single labels, IP addresses, numeric top-level labels and emails given as domains', () => {
    expect(parseSuppressionValue('localhost')).toMatchObject({ ok: false });
    expect(parseSuppressionValue('10.0.0.1')).toMatchObject({ ok: false });
    expect(parseSuppressionValue('acme.c0m')).toMatchObject({ ok: false });
    expect(parseSuppressionValue('jane@acme.com', 'domain')).toMatchObject({ ok: false, message: expect.stringContaining('give just the domain') });
  });
});

describe('parseSuppressionValue: hashes', () => {
  it('accepts 64 hex digits in any case, stored lower-case', () => {
    const h = sha('jane@acme.com');
    expect(parseSuppressionValue(h.toUpperCase())).toEqual({ ok: true, kind: 'hash', value: h });
  });
  it('says which hash it looks like when it is not SHA-256', () => {
    expect(parseSuppressionValue('d41d8cd98f00b204e9800998ecf8427e')).toMatchObject({ ok: false, message: expect.stringContaining('MD5') });
    expect(parseSuppressionValue('da39a3ee5e6b4b0d3255bfef95601890afd80709')).toMatchObject({ ok: false, message: expect.stringContaining('SHA-1') });
    expect(parseSuppressionValue('jane@acme.com', 'hash')).toMatchObject({ ok: false, message: expect.stringContaining('not a hash') });
  });
  it('hashes the canonical email, so a hash shared by a customer matches our contact', () => {
    expect(emailSha256(canonicalEmail(' Jane@ACME.com ')!)).toBe(sha('jane@acme.com'));
  });
});

describe('detectKind', () => {
  it('by shape', () => {
    expect(detectKind('a@b.co')).toBe('email');
    expect(detectKind('b.co')).toBe('domain');
    expect(detectKind('@b.co')).toBe('domain');
    expect(detectKind(sha('x'))).toBe('hash');
  });
  it('never mistakes a generated valid email or domain for another kind', () => {
    const label = fc.stringMatching(/^[a-z][a-z0-9]{0,10}$/);
    fc.assert(
      fc.property(label, label, fc.constantFrom('com', 'de', 'co.uk'), (user, host, tld) => {
        const email = parseSuppressionValue(`${user}@${host}.${tld}`);
        const domain = parseSuppressionValue(`${host}.${tld}`);
        return email.ok && email.kind === 'email' && domain.ok && domain.kind === 'domain' && canonicalDomain(`${host}.${tld}`) === `${host}.${tld}`;
      }),
    );
  });
});

describe('parseSuppressionText', () => {
  it('numbers lines as the user sees them, skips blanks, reports the bad ones', () => {
    const text = 'jane@acme.com\r\n\n  Competitor.io \nnot valid\n' + sha('x') + '\njo@, \n';
    const lines = parseSuppressionText(text);
    expect(lines.map((l) => [l.line, l.parsed.ok])).toEqual([
      [1, true],
      [3, true],
      [4, false],
      [5, true],
      [6, false],
    ]);
    expect(lines[1]!.parsed).toEqual({ ok: true, kind: 'domain', value: 'competitor.io' });
  });
  it('asks for one entry per line when several good ones share a line', () => {
    const [l] = parseSuppressionText('a@x.com, b@y.com');
    expect(l!.parsed).toEqual({ ok: false, message: 'Put one entry per line' });
  });
});
