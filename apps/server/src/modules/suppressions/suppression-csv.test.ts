import { describe, expect, it } from 'vitest';
import { csvLayout, readKind, readReason } from './suppression-csv.js';
import { parseSuppressionValue } from './suppression-entry.js';

const looksLikeEntry = (v: string) => parseSuppressionValue(v).ok;

describe('csvLayout', () => {
  it('finds the entry, reason, note and kind columns by header, whatever their order and case', () => {
    expect(csvLayout(['First name', 'E-mail', 'Notes', 'REASON'], looksLikeEntry)).toEqual({ hasHeader: true, value: 1, reason: 3, note: 2, kind: null });
    expect(csvLayout(['\uFEFFdomain', 'type'], looksLikeEntry)).toEqual({ hasHeader: true, value: 0, reason: null, note: null, kind: 1 });
  });
  it('treats a first row holding an entry as data, read from the first column', () => {
    expect(csvLayout(['jane@acme.com', 'note'], looksLikeEntry)).toEqual({ hasHeader: false, value: 0, reason: null, note: null, kind: null });
    expect(csvLayout(['whatever', 'x'], looksLikeEntry)).toMatchObject({ hasHeader: false, value: 0 });
  });
});

describe('readReason / readKind', () => {
  it('accepts API values and labels in any case; empty means the default; unknown is null', () => {
    expect(readReason('Requested opt-out')).toBe('requested_opt_out');
    expect(readReason('requested_opt_out')).toBe('requested_opt_out');
    expect(readReason('UNSUBSCRIBED')).toBe('requested_opt_out');
    expect(readReason(' competitor ')).toBe('competitor');
    expect(readReason('')).toBeUndefined();
    expect(readReason('angry')).toBeNull();
    expect(readKind('Hashed email')).toBe('hash');
    expect(readKind('DOMAIN')).toBe('domain');
    expect(readKind('')).toBeUndefined();
    expect(readKind('phone')).toBeNull();
  });
});
