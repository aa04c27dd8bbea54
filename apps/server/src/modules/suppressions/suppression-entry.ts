import { createHash } from 'node:crypto';
import { domainToASCII } from 'node:url';
import { emailSchema, type SuppressionKind } from '@leadtrail/contracts';
import { normalizeDomain, normalizeEmail } from '../../lib/normalize.js';

/**
 * Turning what a user typed, pasted or uploaded into a suppression entry: kind detection,
 * normalisation (lib/normalize.ts, the same as contacts) and a message a user understands when
 * a line can't be used. Pure functions: unit-tested in suppression-entry.test.ts.
 */

export type ParsedEntry = { ok: true; kind: SuppressionKind; value: string } | { ok: false; message: string };

const HEX_64 = /^[0-9a-f]{64}$/i;
const HEX_ONLY = /^[0-9a-f]+$/i;

/**
 * The email as contacts store it: trimmed, lower-case (normalizeEmail), with an IDN domain in
 * punycode so `jo@bücher.de` and `jo@xn--bcher-kva.de` are the same entry. Null when not an email.
 */
export function canonicalEmail(raw: string): string | null {
  let v = raw.trim();
  // "Jane Doe <jane@acme.com>" and "mailto:jane@acme.com", as mail clients copy them
  const angled = v.match(/<([^<>]+)>\s*$/);
  if (angled) v = angled[1]!;
  v = v.replace(/^mailto:/i, '');
  const email = normalizeEmail(v);
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at <= 0) return null;
  const domainPart = email.slice(at + 1);
  // eslint-disable-next-line no-control-regex
  const ascii = /^[\x00-\x7f]*$/.test(domainPart) ? domainPart : domainToASCII(domainPart);
  if (!ascii) return null;
  const candidate = `${email.slice(0, at)}@${ascii}`;
  return emailSchema.safeParse(candidate).success ? candidate : null;
}

/** SHA-256 (hex) of the canonical email: what a hash entry holds and what contacts are hashed to. */
export const emailSha256 = (canonical: string): string => createHash('sha256').update(canonical, 'utf8').digest('hex');

/** A bare domain (normalizeDomain: no scheme, path, `www.`; punycode), refusing IP addresses. */
export function canonicalDomain(raw: string): string | null {
  // "@acme.com", "*.acme.com" and ".acme.com" all mean the domain and its subdomains
  const v = raw.trim().replace(/^(\*\.|@|\.)/, '');
  if (!v || /\s/.test(v)) return null;
  const domain = normalizeDomain(v);
  if (!domain) return null;
  if (/^[\d.]+$/.test(domain)) return null;
  // a top-level label is letters (or punycode); "acme.c0m" is a typo, not a domain
  const tld = domain.slice(domain.lastIndexOf('.') + 1);
  if (!/^([a-z]{2,63}|xn--[a-z0-9-]+)$/.test(tld)) return null;
  return domain;
}

function hashMessage(v: string): string {
  if (HEX_ONLY.test(v) && v.length === 32) return 'This looks like an MD5 hash; only SHA-256 hashes of emails are supported';
  if (HEX_ONLY.test(v) && v.length === 40) return 'This looks like a SHA-1 hash; only SHA-256 hashes of emails are supported';
  return 'A hashed email is the SHA-256 of the lower-cased address: 64 hexadecimal characters';
}

/** Detects the kind from the value (an `@` means email, 64 hex digits a hash, else a domain). */
export function detectKind(raw: string): SuppressionKind {
  const v = raw.trim();
  if (/^(\*\.|@)/.test(v)) return 'domain';
  if (v.includes('@')) return 'email';
  if (HEX_ONLY.test(v) && v.length >= 32 && !v.includes('.')) return 'hash';
  return 'domain';
}

/** One value (with the kind, when the caller gave it) into a normalised entry or a message. */
export function parseSuppressionValue(raw: string, kind?: SuppressionKind): ParsedEntry {
  const v = raw.trim();
  if (!v) return { ok: false, message: 'Empty value' };
  if (v.length > 320) return { ok: false, message: 'Too long to be an email, a domain or a hash' };
  const k = kind ?? detectKind(v);
  if (k === 'email') {
    const email = canonicalEmail(v);
    if (email) return { ok: true, kind: 'email', value: email };
    if (!v.includes('@')) return { ok: false, message: 'Not an email address: it has no @' };
    return { ok: false, message: 'Not a valid email address' };
  }
  if (k === 'hash') {
    if (HEX_64.test(v)) return { ok: true, kind: 'hash', value: v.toLowerCase() };
    if (canonicalEmail(v)) return { ok: false, message: 'This is an email, not a hash; add it as an email or hash it first' };
    return { ok: false, message: hashMessage(v) };
  }
  // domain
  if (!/^(\*\.|@)/.test(v) && canonicalEmail(v)) {
    return { ok: false, message: 'This is an email address; to suppress its whole domain, give just the domain (acme.com)' };
  }
  const domain = canonicalDomain(v);
  if (domain) return { ok: true, kind: 'domain', value: domain };
  if (kind === undefined && /@/.test(v)) return { ok: false, message: 'Not a valid email address' };
  if (kind === undefined && HEX_ONLY.test(v)) return { ok: false, message: hashMessage(v) };
  return { ok: false, message: 'Not a valid email, domain (like acme.com) or SHA-256 hash' };
}

export type ParsedLine = { line: number; raw: string; parsed: ParsedEntry };

/** Pasted text: one entry per line; blank lines are skipped (they are not errors). */
export function parseSuppressionText(text: string): ParsedLine[] {
  const out: ParsedLine[] = [];
  const lines = text.split(/\r\n|\n|\r/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (!raw) continue;
    let parsed = parseSuppressionValue(raw);
    if (!parsed.ok) {
      // "a@x.com, b@y.com": several good entries on one line
      const tokens = raw.split(/[\s,;]+/).filter(Boolean);
      if (tokens.length > 1 && tokens.every((t) => parseSuppressionValue(t).ok)) {
        parsed = { ok: false, message: 'Put one entry per line' };
      }
    }
    out.push({ line: i + 1, raw, parsed });
  }
  return out;
}
