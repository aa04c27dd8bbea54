import { describe, expect, it } from 'vitest';
import { mergeValues } from './merge-values.js';

const rec = (name: string | null, city: string | null, custom: Record<string, unknown>) => ({ name, city, customFields: custom });
const defs = [
  { key: 'tier', archived: false },
  { key: 'score', archived: false },
  { key: 'old', archived: true },
];

describe('mergeValues', () => {
  it("keeps the kept record's values, fills its empty ones, and follows explicit choices", () => {
    const keep = rec('Acme', null, { tier: 'gold', old: 1 });
    const gone = rec('Acme Inc', 'Paris', { tier: 'silver', score: 7, old: 2 });
    const r = mergeValues(keep, gone, ['name', 'city'], defs, { name: 'merge', 'custom:tier': 'merge' });
    expect(r.write).toEqual({ name: 'Acme Inc', city: 'Paris' });
    expect(r.set).toEqual({ tier: 'silver', score: 7 });
    expect(r.unset).toEqual([]);
    expect(r.unknown).toEqual([]);
  });

  it('clears a custom field chosen empty and names fields the entity does not have', () => {
    const r = mergeValues(rec('A', null, { score: 3 }), rec('B', null, {}), ['name'], defs, {
      'custom:score': 'merge',
      'custom:old': 'keep',
      nope: 'keep',
    });
    expect(r.unset).toEqual(['tier', 'score']);
    expect(r.unknown).toEqual(['custom:old', 'nope']);
  });
});
