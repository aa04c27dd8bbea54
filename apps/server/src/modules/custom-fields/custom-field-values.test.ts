import { describe, expect, it } from 'vitest';
import { displayValue, normalizeUrl, normalizeValue, presentValues, validateValues, type ValueDef } from './custom-field-values.js';

const def = (type: ValueDef['type'], extra: Partial<ValueDef> = {}): ValueDef => ({
  key: 'f',
  label: 'Field',
  type,
  options: [
    { id: 'o1', label: 'Gold', color: null },
    { id: 'o2', label: 'Silver', color: null },
  ],
  required: false,
  archived: false,
  ...extra,
});
const norm = (type: ValueDef['type'], raw: unknown, region = 'US') => normalizeValue(def(type), raw, region);

describe('custom field values by type', () => {
  it('text and long text', () => {
    expect(norm('text', '  hi ')).toEqual({ value: 'hi' });
    expect(norm('text', 42)).toEqual({ value: '42' });
    expect(norm('text', '   ')).toEqual({ value: null });
    expect(norm('text', 'x'.repeat(1001))).toHaveProperty('error');
    expect(norm('long_text', 'x'.repeat(5000))).toEqual({ value: 'x'.repeat(5000) });
    expect(norm('text', { a: 1 })).toEqual({ error: 'Enter text' });
  });
  it('number refuses "abc", accepts separators', () => {
    expect(norm('number', 'abc')).toEqual({ error: 'Enter a number' });
    expect(norm('number', '1,234.5')).toEqual({ value: 1234.5 });
    expect(norm('number', -3)).toEqual({ value: -3 });
    expect(norm('number', Number.POSITIVE_INFINITY)).toEqual({ error: 'Enter a number' });
    expect(norm('number', true)).toEqual({ error: 'Enter a number' });
  });
  it('date as YYYY-MM-DD, real days only', () => {
    expect(norm('date', '2024-02-29')).toEqual({ value: '2024-02-29' });
    expect(norm('date', '2023-02-29')).toHaveProperty('error');
    expect(norm('date', '2024-03-01T10:00:00Z')).toEqual({ value: '2024-03-01' });
    expect(norm('date', '03/01/2024')).toHaveProperty('error');
    expect(norm('date', '0000-01-01')).toHaveProperty('error');
  });
  it('refuses text PostgreSQL cannot store, whatever the type (imports bypass the HTTP check)', () => {
    expect(norm('text', 'a\u0000b')).toEqual({ error: expect.stringContaining('NUL') });
    expect(norm('long_text', 'a\uD800')).toEqual({ error: expect.stringContaining('Unicode') });
    expect(norm('email', 'a\u0000@b.test')).toHaveProperty('error');
    expect(norm('text', 'Zoë 🚀')).toEqual({ value: 'Zoë 🚀' });
  });
  it('checkbox', () => {
    expect(norm('checkbox', true)).toEqual({ value: true });
    expect(norm('checkbox', 'Yes')).toEqual({ value: true });
    expect(norm('checkbox', '0')).toEqual({ value: false });
    expect(norm('checkbox', 'maybe')).toHaveProperty('error');
  });
  it('selects take ids or labels, refuse others', () => {
    expect(norm('single_select', 'o2')).toEqual({ value: 'o2' });
    expect(norm('single_select', 'gold')).toEqual({ value: 'o1' });
    expect(norm('single_select', 'Bronze')).toEqual({ error: '"Bronze" is not one of the options' });
    expect(norm('multi_select', ['Gold', 'o1', 'silver'])).toEqual({ value: ['o1', 'o2'] });
    expect(norm('multi_select', 'Gold')).toEqual({ value: ['o1'] });
    expect(norm('multi_select', [])).toEqual({ value: null });
    expect(norm('multi_select', ['Gold', 'x'])).toHaveProperty('error');
  });
  it('url, email and phone are normalised', () => {
    expect(norm('url', 'example.com/a')).toEqual({ value: 'https://example.com/a' });
    expect(norm('url', 'javascript:alert(1)')).toHaveProperty('error');
    expect(norm('email', ' Jo@Example.COM ')).toEqual({ value: 'jo@example.com' });
    expect(norm('email', 'jo@')).toHaveProperty('error');
    expect(norm('phone', '01 42 68 53 00', 'FR')).toEqual({ value: '+33142685300' });
    expect(norm('phone', '(415) 555-0132')).toEqual({ value: '+14155550132' });
    expect(norm('phone', 'call me')).toHaveProperty('error');
  });
});

describe('validateValues', () => {
  const defs = [def('number', { key: 'score', label: 'Score' }), def('text', { key: 'code', label: 'Code', required: true }), def('text', { key: 'old', label: 'Old', archived: true })];
  it('collects an error per field with its path', () => {
    const r = validateValues(defs, { score: 'abc', nope: 1, old: 'x' }, { mode: 'create', phoneRegion: 'US' });
    expect(r.errors).toEqual([
      { path: 'customFields.score', message: 'Enter a number' },
      { path: 'customFields.nope', message: 'There is no such custom field' },
      { path: 'customFields.old', message: 'Old is archived' },
      { path: 'customFields.code', message: 'Code is required' },
    ]);
  });
  it('sets and unsets; required only blocks clearing on update', () => {
    expect(validateValues(defs, { score: '', code: 'A' }, { mode: 'update', phoneRegion: 'US' })).toEqual({ set: { code: 'A' }, unset: ['score'], errors: [] });
    expect(validateValues(defs, { score: 1 }, { mode: 'update', phoneRegion: 'US' }).errors).toEqual([]);
    expect(validateValues(defs, { code: null }, { mode: 'update', phoneRegion: 'US' }).errors[0]?.message).toBe('Code is required');
  });
  it('presents only active fields and displays option labels', () => {
    expect(presentValues(defs, { score: 1, old: 'x', gone: 2 })).toEqual({ score: 1 });
    expect(displayValue(def('multi_select'), ['o2', 'o1'])).toBe('Silver; Gold');
    expect(displayValue(def('single_select'), 'o9')).toBeNull();
  });
  it('normalizeUrl needs http(s) and a dotted host', () => {
    expect(normalizeUrl('HTTP://Example.com')).toBe('http://example.com/');
    expect(normalizeUrl('localhost')).toBeNull();
    expect(normalizeUrl('mailto:x@y.z')).toBeNull();
  });
});
