import { describe, expect, it } from 'vitest';
import { companyBuckets } from './prospect-companies.service.js';

describe('companyBuckets', () => {
  const rows = [
    { dimension: 'industry', value: 'Retail', count: '3' },
    { dimension: 'industry', value: 'Software', count: 9 },
    { dimension: 'industry', value: 'Banking', count: '3' },
    { dimension: 'industry', value: null, count: '40' },
    { dimension: 'industry', value: 'Gone', count: '0' },
    { dimension: 'employeeRange', value: '51-200', count: '2' },
    { dimension: 'employeeRange', value: '1-10', count: '7' },
    { dimension: 'employeeRange', value: '10001+', count: '1' },
    { dimension: 'total', value: null, count: '60' },
  ];
  it('lists counted values biggest first (then by name), without empties and zeros', () => {
    expect(companyBuckets('industry', rows)).toEqual([
      { value: 'Software', count: 9 },
      { value: 'Banking', count: 3 },
      { value: 'Retail', count: 3 },
    ]);
  });
  it('keeps ranges in their own order', () => {
    expect(companyBuckets('employeeRange', rows).map((b) => b.value)).toEqual(['1-10', '51-200', '10001+']);
    expect(companyBuckets('country', rows)).toEqual([]);
  });
});
