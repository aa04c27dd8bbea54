import { describe, expect, it } from 'vitest';
import { companyApiParamsOf, companyFilterOf, companySearchFromUrl, companyUrlParams, emptyCompanySearch, toggleCompanyValue, type CompanySearch } from './company-search';
import { filterOf, fromUrlParams, toUrlParams, emptySearch } from './prospect-search';

describe('company search', () => {
  it('round-trips through the URL, beside tab=companies', () => {
    const search: CompanySearch = { q: 'acme', industry: ['Software', 'Retail'], employeeRange: ['51-200'], revenueRange: [], country: ['France'], scope: 'net_new', sort: 'name' };
    const params = companyUrlParams(search);
    expect(params.get('tab')).toBe('companies');
    expect(companySearchFromUrl(params)).toEqual(search);
    expect(companySearchFromUrl(companyUrlParams(emptyCompanySearch))).toEqual(emptyCompanySearch);
  });

  it('drops values and sorts it does not know', () => {
    const s = companySearchFromUrl(new URLSearchParams('tab=companies&employeeRange=huge&employeeRange=11-50&sort=revenue&scope=theirs'));
    expect(s).toEqual({ ...emptyCompanySearch, employeeRange: ['11-50'] });
  });

  it('builds the filter tree the API takes: one value as is, several as any of', () => {
    expect(companyFilterOf(emptyCompanySearch)).toBeNull();
    const s = toggleCompanyValue(toggleCompanyValue({ ...emptyCompanySearch, country: ['Spain'] }, 'industry', 'Software'), 'industry', 'Retail');
    expect(companyFilterOf(s)).toEqual({
      and: [
        { field: 'industry', op: 'anyOf', value: ['Software', 'Retail'] },
        { field: 'country', op: 'is', value: 'Spain' },
      ],
    });
    expect(companyApiParamsOf({ ...s, scope: 'all', q: '  ' })).toMatchObject({ q: undefined, scope: undefined });
  });
});

describe('people at chosen companies', () => {
  it('filter the people by exact domains and survive the URL', () => {
    const search = { ...emptySearch, companyDomains: ['acme.example', 'globex.example'] };
    expect(filterOf(search)).toEqual({ and: [{ field: 'companyDomain', op: 'anyOf', value: ['acme.example', 'globex.example'] }] });
    expect(filterOf({ ...emptySearch, companyDomains: ['acme.example'] })).toEqual({ and: [{ field: 'companyDomain', op: 'is', value: 'acme.example' }] });
    expect(fromUrlParams(toUrlParams(search))).toEqual(search);
  });
});
