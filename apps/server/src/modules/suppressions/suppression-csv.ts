import { suppressionKinds, suppressionReasonLabels, suppressionReasons, type SuppressionKind, type SuppressionReason } from '@leadtrail/contracts';

/**
 * Reading a suppression CSV: which column holds the entries (a header like "email", "domain",
 * "value" — or the first column when there is no header), and optional "reason", "note" and
 * "kind" columns. Pure functions, unit-tested in suppression-entry.test.ts.
 */

const VALUE_HEADERS = ['value', 'entry', 'email', 'e-mail', 'email address', 'e-mail address', 'emails', 'domain', 'domains', 'website', 'hash', 'sha256', 'sha-256', 'hashed email', 'address'];
const REASON_HEADERS = ['reason'];
const NOTE_HEADERS = ['note', 'notes', 'comment', 'comments'];
const KIND_HEADERS = ['kind', 'type'];

export type CsvLayout = { hasHeader: boolean; value: number; reason: number | null; note: number | null; kind: number | null };

const norm = (s: string) => s.replace(/^\uFEFF/, '').trim().toLowerCase().replace(/[_\s]+/g, ' ');

/** Decides from the first row whether it is a header, and where each column is. */
export function csvLayout(first: string[], looksLikeEntry: (v: string) => boolean): CsvLayout {
  const names = first.map(norm);
  const find = (list: string[]) => {
    const i = names.findIndex((n) => list.includes(n));
    return i < 0 ? null : i;
  };
  const value = find(VALUE_HEADERS);
  const reason = find(REASON_HEADERS);
  const note = find(NOTE_HEADERS);
  const kind = find(KIND_HEADERS);
  const named = [value, reason, note, kind].some((i) => i !== null);
  // "email" could in theory be a header or a (broken) entry; a real entry in the first cell wins
  if (!named || first.some((cell) => looksLikeEntry(cell))) return { hasHeader: false, value: 0, reason: null, note: null, kind: null };
  return { hasHeader: true, value: value ?? 0, reason, note, kind };
}

const reasonByWord = new Map<string, SuppressionReason>();
for (const r of suppressionReasons) {
  reasonByWord.set(r, r);
  reasonByWord.set(r.replace(/_/g, ' '), r);
  reasonByWord.set(suppressionReasonLabels[r].toLowerCase(), r);
}
reasonByWord.set('opt out', 'requested_opt_out');
reasonByWord.set('opt-out', 'requested_opt_out');
reasonByWord.set('unsubscribed', 'requested_opt_out');
reasonByWord.set('unsubscribe', 'requested_opt_out');
reasonByWord.set('bounce', 'bounced');

/** A reason cell: the API value or its label, any case; empty → undefined; unknown → null. */
export function readReason(cell: string | undefined): SuppressionReason | undefined | null {
  const v = cell?.trim().toLowerCase().replace(/-/g, ' ');
  if (!v) return undefined;
  return reasonByWord.get(v) ?? reasonByWord.get(v.replace(/ /g, '-')) ?? null;
}

/** A kind cell: email, domain, hash (or "hashed email", "sha256"); empty → undefined; unknown → null. */
export function readKind(cell: string | undefined): SuppressionKind | undefined | null {
  const v = cell?.trim().toLowerCase();
  if (!v) return undefined;
  if ((suppressionKinds as readonly string[]).includes(v)) return v as SuppressionKind;
  if (v === 'hashed email' || v === 'sha256' || v === 'sha-256') return 'hash';
  return null;
}

export const REASON_LIST = suppressionReasons.join(', ');
