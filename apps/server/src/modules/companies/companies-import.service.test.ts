import { describe, expect, it } from 'vitest';
import { normalizeCompanyImportRow, toEmployeeRange, toRevenueRange } from './companies-import.service.js';

const ctx = { defs: [], phoneRegion: 'GB' };

describe('toEmployeeRange', () => {
  it.each([
    ['250', '201-500'],
    ['10', '1-10'],
    ['51-200', '51-200'],
    ['1,001-5,000', '1001-5000'],
    ['10,000+', '10001+'],
    ['10001+', '10001+'],
    ['2.5k', '1001-5000'],
  ])('%s -> %s', (raw, range) => expect(toEmployeeRange(raw)).toBe(range));
  it('refuses words and zero', () => {
    expect(toEmployeeRange('lots')).toBeNull();
    expect(toEmployeeRange('0')).toBeNull();
  });
});

describe('toRevenueRange', () => {
  it.each([
    ['$12,000,000', '10M-50M'],
    ['12.5M', '10M-50M'],
    ['900000', '<1M'],
    ['<1M', '<1M'],
    ['10M-50M', '10M-50M'],
    ['2B', '1B+'],
    ['USD 50M', '50M-100M'],
  ])('%s -> %s', (raw, range) => expect(toRevenueRange(raw)).toBe(range));
  it('refuses what is not an amount', () => expect(toRevenueRange('big')).toBeNull());
});

describe('normalizeCompanyImportRow', () => {
  it('normalises a row, the website giving the domain', () => {
    const r = normalizeCompanyImportRow(
      {
        name: 'Acme',
        website: 'https://www.acme.co.uk/',
        phone: '020 7946 0018',
        employeeRange: '75',
        foundedYear: '1999',
        notes: 'n',
      },
      ctx,
    );
    expect(r.record).toEqual({
      key: 'acme.co.uk',
      data: {
        name: 'Acme',
        website: 'https://www.acme.co.uk/',
        domain: 'acme.co.uk',
        phone: '+442079460018',
        employee_range: '51-200',
        founded_year: 1999,
      },
      custom: null,
      companyDomain: null,
      companyName: null,
      companyCreate: false,
      note: 'n',
    });
  });
  it('names a row with only a domain after it, and refuses a row with neither', () => {
    expect(normalizeCompanyImportRow({ domain: 'globex.io' }, ctx).record?.data.name).toBe('globex.io');
    expect(normalizeCompanyImportRow({ industry: 'Software' }, ctx).issues).toEqual([
      { target: 'name', message: 'The row has neither a name nor a domain' },
    ]);
    expect(normalizeCompanyImportRow({ name: 'X', foundedYear: '1200' }, ctx).issues.map((i) => i.target)).toEqual([
      'foundedYear',
    ]);
  });
});
