import { prospectSearchParamsSchema, filterNodeSchema } from '@leadtrail/contracts';
import { describe, expect, it } from 'vitest';
import { activeFilterCount, apiParamsOf, emptySearch, filterOf, fromUrlParams, toggleValue, toUrlParams, type ProspectSearch } from './prospect-search';

const search = (over: Partial<ProspectSearch>): ProspectSearch => ({ ...emptySearch, ...over });

describe('prospect search → API query', () => {
  it('sends nothing for the empty search', () => {
    expect(filterOf(emptySearch)).toBeNull();
    expect(apiParamsOf(emptySearch)).toEqual({ q: undefined, filter: undefined, scope: undefined, includeSuppressed: undefined });
  });

  it('turns each filter into the condition the server compiles', () => {
    const s = search({
      titles: ['sales director', ' vp sales '],
      seniority: ['director'],
      department: ['sales', 'marketing'],
      companyDomain: 'acme',
      country: ['France'],
      city: ' Lyon ',
      hasEmail: true,
      hasPhone: false,
    });
    expect(filterOf(s)).toEqual({
      and: [
        { field: 'jobTitle', op: 'contains', value: ['sales director', 'vp sales'] },
        { field: 'seniority', op: 'is', value: 'director' },
        { field: 'department', op: 'anyOf', value: ['sales', 'marketing'] },
        { field: 'country', op: 'is', value: 'France' },
        { field: 'companyDomain', op: 'contains', value: 'acme' },
        { field: 'city', op: 'is', value: 'Lyon' },
        { field: 'hasEmail', op: 'is', value: true },
        { field: 'hasPhone', op: 'is', value: false },
      ],
    });
    expect(activeFilterCount(s)).toBe(8);
  });

  it("builds a querystring the server's schema accepts, filter as JSON", () => {
    const params = apiParamsOf(search({ q: '  robotics ', seniority: ['vp', 'head'], scope: 'net_new', includeSuppressed: true }));
    expect(params.q).toBe('robotics');
    expect(params.scope).toBe('net_new');
    expect(params.includeSuppressed).toBe('true');
    const parsed = prospectSearchParamsSchema.parse(params);
    expect(parsed.includeSuppressed).toBe(true);
    expect(filterNodeSchema.parse(JSON.parse(params.filter!))).toEqual({ and: [{ field: 'seniority', op: 'anyOf', value: ['vp', 'head'] }] });
  });

  it('a single title is sent as one value', () => {
    expect(filterOf(search({ titles: ['engineer'] }))).toEqual({ and: [{ field: 'jobTitle', op: 'contains', value: 'engineer' }] });
  });
});

describe('prospect search in the URL', () => {
  it('round-trips every filter', () => {
    const s = search({
      q: 'jane',
      titles: ['cto'],
      seniority: ['c_suite'],
      department: ['engineering'],
      companyName: 'Acme',
      companyDomain: 'acme',
      industry: ['Software Development'],
      employeeRange: ['11-50'],
      revenueRange: ['1M-10M'],
      country: ['Germany', 'France'],
      region: 'Bavaria',
      city: 'Munich',
      emailStatus: ['valid'],
      hasEmail: true,
      hasPhone: false,
      includeSuppressed: true,
      scope: 'mine',
    });
    expect(fromUrlParams(new URLSearchParams(toUrlParams(s).toString()))).toEqual(s);
  });

  it('drops values that are not options and an unknown scope', () => {
    const s = fromUrlParams(new URLSearchParams('seniority=director&seniority=emperor&employeeRange=9999&scope=everything&hasEmail=maybe'));
    expect(s.seniority).toEqual(['director']);
    expect(s.employeeRange).toEqual([]);
    expect(s.scope).toBe('all');
    expect(s.hasEmail).toBeNull();
  });

  it('toggles one value of a list filter', () => {
    const on = toggleValue(emptySearch, 'country', 'Spain');
    expect(on.country).toEqual(['Spain']);
    expect(toggleValue(on, 'country', 'Spain').country).toEqual([]);
  });
});
