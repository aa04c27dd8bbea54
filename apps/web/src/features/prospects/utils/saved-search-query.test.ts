import { describe, expect, it } from 'vitest';
import { emptySearch, type ProspectSearch } from './prospect-search';
import { queryOf, searchOf } from './saved-search-query';

describe('saved search query', () => {
  it('gives back the search it was made from', () => {
    const search: ProspectSearch = {
      ...emptySearch,
      q: 'ada',
      titles: ['cto', 'vp eng'],
      seniority: ['founder'],
      department: ['engineering', 'product'],
      companyName: 'Acme',
      country: ['France', 'Germany'],
      city: 'Paris',
      hasEmail: true,
      hasPhone: false,
      includeSuppressed: true,
      scope: 'net_new',
    };
    expect(searchOf(queryOf(search))).toEqual(search);
  });

  it('keeps the companies chosen on the Companies tab apart from the panel\'s "domain contains"', () => {
    for (const companyDomains of [['acme.example'], ['acme.example', 'globex.example']]) {
      const search: ProspectSearch = { ...emptySearch, companyDomain: 'ac', companyDomains, seniority: ['vp'] };
      expect(searchOf(queryOf(search))).toEqual(search);
    }
  });

  it('turns the empty query into the empty search, and drops values the panel does not know', () => {
    expect(searchOf(queryOf(emptySearch))).toEqual(emptySearch);
    expect(searchOf({ filter: { field: 'seniority', op: 'is', value: 'emperor' } }).seniority).toEqual([]);
  });
});
