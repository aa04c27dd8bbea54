import { domainToASCII } from 'node:url';

/** An address in the form the verifier looks up and caches: ASCII domain, lower case. */
export type ParsedEmail = { address: string; local: string; domain: string };

export type SyntaxProblem =
  'not_an_address' | 'local_part' | 'local_part_too_long' | 'domain' | 'domain_too_long' | 'address_too_long';

// RFC 5321 dot-atom (atext of RFC 5322): no quoted strings, no comments, no IP literals.
// The practical subset: quoted local parts and address literals are legal but no mailbox a
// sales team writes to uses them, and many servers refuse them.
const LOCAL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/i;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The address, checked and normalised, or what is wrong with it. Internationalised domains
 * become their punycode form (what DNS and SMTP see); the local part must be ASCII (SMTPUTF8
 * mailboxes are rare and not universally accepted in RCPT TO).
 */
export function parseEmail(input: string): { ok: true; email: ParsedEmail } | { ok: false; problem: SyntaxProblem } {
  const trimmed = input.trim();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0 || at === trimmed.length - 1) return { ok: false, problem: 'not_an_address' };
  const local = trimmed.slice(0, at).toLowerCase();
  const rawDomain = trimmed.slice(at + 1).replace(/\.$/, '');
  if (!LOCAL.test(local)) return { ok: false, problem: 'local_part' };
  // limits are in octets (RFC 5321 4.5.3.1); the local part is ASCII here
  if (local.length > 64) return { ok: false, problem: 'local_part_too_long' };
  const domain = rawDomain.includes('[') ? '' : domainToASCII(rawDomain);
  if (!domain) return { ok: false, problem: 'domain' };
  const labels = domain.split('.');
  // a dotless domain is an intranet name or a bare TLD; an all-digit TLD is an IPv4 address
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || /^\d+$/.test(labels[labels.length - 1]!)) {
    return { ok: false, problem: 'domain' };
  }
  if (domain.length > 253) return { ok: false, problem: 'domain_too_long' };
  const address = `${local}@${domain}`;
  // the forward-path limit of 256 octets less the angle brackets
  if (address.length > 254) return { ok: false, problem: 'address_too_long' };
  return { ok: true, email: { address, local, domain } };
}

/** RFC 2606's `.example`: the synthetic prospect data; never looked up. */
export const isReservedExampleDomain = (domain: string) => domain === 'example' || domain.endsWith('.example');
