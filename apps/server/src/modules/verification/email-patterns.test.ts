import { describe, expect, it } from 'vitest';
import { learnPatterns, nameKey, rankCandidates } from './email-patterns.js';

describe('email patterns', () => {
  it('normalises names: accents dropped, only letters and digits', () => {
    expect(nameKey("Zoë")).toBe('zoe');
    expect(nameKey("O'Brien-Smith")).toBe('obriensmith');
  });

  it("learns a domain's pattern and ranks it first", () => {
    const learned = learnPatterns([
      { firstName: 'Ada', lastName: 'Lovelace', email: 'alovelace@acme.test' },
      { firstName: 'Alan', lastName: 'Turing', email: 'aturing@acme.test' },
      { firstName: 'Grace', lastName: 'Hopper', email: 'grace.hopper@acme.test' },
      { firstName: null, lastName: 'X', email: 'x@acme.test' },
    ]);
    expect(learned.get('flast')).toBe(2);
    expect(learned.get('first.last')).toBe(1);
    const c = rankCandidates({ firstName: 'Édith', lastName: 'Piaf' }, 'acme.test', learned);
    expect(c.map((x) => x.email)).toEqual([
      'epiaf@acme.test', 'edith.piaf@acme.test', 'edith@acme.test', 'edithpiaf@acme.test', 'edithp@acme.test', 'edith_piaf@acme.test',
    ]);
  });

  it('without a full name there is nothing to guess', () => {
    expect(rankCandidates({ firstName: 'Ada', lastName: null }, 'acme.test', new Map())).toEqual([]);
  });
});
