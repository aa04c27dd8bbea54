import { domainToASCII } from 'node:url';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/** The one normalisation of identities, shared by the API, imports, suppressions and prospects. */

/** Trimmed and lower-cased; null when empty. (Validity is checked by the schemas.) */
export function normalizeEmail(value: string | null | undefined): string | null {
  const v = value?.trim().toLowerCase();
  return v ? v : null;
}

/**
 * A bare registrable host: no scheme, path, port, `www.` or trailing dot, lower-case,
 * IDN as punycode. Null when nothing host-like is left.
 */
export function normalizeDomain(value: string | null | undefined): string | null {
  let v = value?.trim().toLowerCase();
  if (!v) return null;
  v = v.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  v = v.replace(/^[^@/]*@/, '');
  v = v.split(/[/?#]/)[0] ?? '';
  v = v.replace(/:\d+$/, '').replace(/\.$/, '');
  v = v.replace(/^www\./, '');
  if (!v) return null;
  const ascii = domainToASCII(v);
  if (!ascii || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(ascii)) return null;
  return ascii;
}

/** The domain part of an email address, normalised. */
export function emailDomain(email: string | null | undefined): string | null {
  const at = email?.lastIndexOf('@') ?? -1;
  return at > 0 ? normalizeDomain(email!.slice(at + 1)) : null;
}

/** E.164 (`+14155550123`) or null when the number can't be parsed for the region. */
export function normalizePhone(value: string | null | undefined, defaultRegion: string = 'US'): string | null {
  const v = value?.trim();
  if (!v) return null;
  const parsed = parsePhoneNumberFromString(v, defaultRegion.toUpperCase() as CountryCode);
  return parsed && parsed.isPossible() ? parsed.number : null;
}

/** Mail providers whose domain says nothing about the company a person works for. */
export const FREE_MAIL_DOMAINS = new Set([
  'gmail.com', 'googlemail.com', 'yahoo.com', 'yahoo.co.uk', 'hotmail.com', 'hotmail.co.uk', 'outlook.com',
  'live.com', 'msn.com', 'icloud.com', 'me.com', 'aol.com', 'gmx.com', 'gmx.de', 'web.de', 'proton.me',
  'protonmail.com', 'yandex.com', 'mail.com', 'zoho.com', 'qq.com', '163.com', 'orange.fr', 'free.fr',
]);
