import { describe, expect, it } from 'vitest';
import { readAmount } from './amount.js';
import { readCountry } from './country.js';
import { dayFirstIn, dayFirstOf, readDate } from './date.js';
import { readDepartment } from './department.js';
import { readEmailStatus } from './email-status.js';
import { readEmployeeRange } from './employee-range.js';
import { readIndustry } from './industry.js';
import { readRevenueRange, revenueScale } from './revenue-range.js';
import { readSeniority } from './seniority.js';

describe('seniority', () => {
  it.each([
    ['C-Level', 'c_suite'], // ZoomInfo, Lusha
    ['VP-Level', 'vp'],
    ['Director-Level', 'director'],
    ['Manager-Level', 'manager'],
    ['Non-Manager', 'senior'],
    ['CXO', 'c_suite'], // Sales Navigator
    ['Entry', 'entry'],
    ['c_suite', 'c_suite'], // Apollo writes our keys
    ['Vice President', 'vp'],
    ['Gründer', 'founder'],
    ['Unpaid', 'intern'], // Sales Navigator
    ['Employee', 'senior'], // HubSpot
  ])('%s -> %s', (raw, v) => expect(readSeniority(raw)).toBe(v));
  it('does not guess', () => expect(readSeniority('Galactic Overlord')).toBeNull());
});

describe('email status', () => {
  it.each([
    ['Verified', 'valid'],
    ['Guessed', 'risky'],
    ['Accept All', 'risky'],
    ['catch-all', 'risky'],
    ['Bounced', 'invalid'],
    ['Unavailable', 'unknown'],
    ['Unverified', 'unverified'],
  ])('%s -> %s', (raw, v) => expect(readEmailStatus(raw)).toBe(v));
  it('does not guess', () => expect(readEmailStatus('whatever')).toBeNull());
});

describe('amounts', () => {
  it.each([
    ['1,234', 1234],
    ['1.234', 1234],
    ['1.234.567', 1234567],
    ['12,5', 12.5],
    ['1.5', 1.5],
    ['1 234,56', 1234.56],
    ['1.234,56', 1234.56],
    ['12.5M', 12.5e6],
    ['$5 mil.', 5e6],
    ['2,5 Mio. €', 2.5e6],
    ['3 Mrd', 3e9],
    ['10k', 1e4],
  ])('%s -> %s', (raw, v) => expect(readAmount(raw)).toBe(v));
  it('refuses words', () => expect(readAmount('lots')).toBeNull());
});

describe('employee range', () => {
  it.each([
    ['250', '201-500'],
    ['10', '1-10'],
    ['51-200', '51-200'],
    ['20 - 49', '11-50'], // ZoomInfo
    ['5,000 - 9,999', '5001-10000'],
    ['1,001-5,000', '1001-5000'],
    ['10,000+', '10001+'],
    ['10001+', '10001+'],
    ['2-10 employees', '1-10'], // Sales Navigator
    ['Self-employed', '1-10'],
    ['501 bis 1.000 Mitarbeiter', '501-1000'],
    ['2.5k', '1001-5000'],
    ['Over 10,000', '10001+'],
  ])('%s -> %s', (raw, range) => expect(readEmployeeRange(raw)).toBe(range));
  it('refuses words and zero', () => {
    expect(readEmployeeRange('lots')).toBeNull();
    expect(readEmployeeRange('0')).toBeNull();
  });
});

describe('revenue range', () => {
  it.each([
    ['$12,000,000', '10M-50M'],
    ['12.5M', '10M-50M'],
    ['900000', '<1M'],
    ['<1M', '<1M'],
    ['10M-50M', '10M-50M'],
    ['2B', '1B+'],
    ['USD 50M', '50M-100M'],
    ['$1 mil. - $5 mil.', '1M-10M'], // ZoomInfo
    ['Under $1 mil.', '<1M'],
    ['$1B+', '1B+'],
    ['1 - 10 Million', '1M-10M'],
    ['12,5 Mio. €', '10M-50M'],
  ])('%s -> %s', (raw, range) => expect(readRevenueRange(raw)).toBe(range));
  it('counts a bare number in the unit the header names', () => {
    expect(revenueScale('Annual Revenue (in thousands)')).toBe(1e3);
    expect(revenueScale('Umsatz (Mio. €)')).toBe(1e6);
    expect(revenueScale('Revenue')).toBe(1);
    expect(readRevenueRange('12.500', 1e3)).toBe('10M-50M');
    expect(readRevenueRange('75', 1e6)).toBe('50M-100M');
  });
  it('refuses what is not an amount', () => expect(readRevenueRange('big')).toBeNull());
});

describe('department, industry, country (free text: unknown words are kept)', () => {
  it('reads known words into the product keys', () => {
    expect(readDepartment('Engineering & Technical')).toBe('engineering');
    expect(readDepartment('Information Technology')).toBe('it');
    expect(readDepartment('Vertrieb')).toBe('sales');
    expect(readDepartment('master_engineering_technical')).toBe('engineering'); // Apollo
    expect(readDepartment('Program and Project Management')).toBe('product'); // Sales Navigator
    expect(readDepartment('Medical & Health')).toBe('medical'); // ZoomInfo
    expect(readDepartment('Ministry of Silly Walks')).toBe('Ministry of Silly Walks');
    expect(readIndustry('COMPUTER_SOFTWARE')).toBe('Computer Software');
    expect(readIndustry('HOSPITAL_HEALTH_CARE')).toBe('Hospital & Health Care');
    expect(readIndustry('Software > CRM')).toBe('Software');
    expect(readIndustry('Fintech')).toBe('Fintech');
  });
  it.each([
    ['Deutschland', 'Germany'],
    ['DE', 'Germany'],
    ['DEU', 'Germany'],
    ['Allemagne', 'Germany'],
    ['Alemania', 'Germany'],
    ['Alemanha', 'Germany'],
    ['Germania', 'Germany'],
    ['Duitsland', 'Germany'],
    ['USA', 'United States'],
    ['Vereinigte Staaten', 'United States'],
    ['Royaume-Uni', 'United Kingdom'],
    ['Narnia', 'Narnia'],
  ])('country %s -> %s', (raw, v) => expect(readCountry(raw)).toBe(v));
});

describe('dates in the file locale', () => {
  it.each([
    ['2025-12-31', true, '2025-12-31'],
    ['2025-12-31T10:00:00Z', true, '2025-12-31'],
    ['31.12.2025', false, '2025-12-31'],
    ['31/12/2025', false, '2025-12-31'],
    ['12/31/2025', true, '2025-12-31'],
    ['03/04/2025', true, '2025-04-03'],
    ['03/04/2025', false, '2025-03-04'],
    ['12 Mar 2025', true, '2025-03-12'],
    ['12. März 2025', true, '2025-03-12'],
    ['12 de marzo de 2025', true, '2025-03-12'],
    ['March 12, 2025', false, '2025-03-12'],
    ['31/02/2025', true, null],
    ['soon', true, null],
  ])('%s (day first: %s) -> %s', (raw, dayFirst, v) => expect(readDate(raw, dayFirst)).toBe(v));
  it('reads a column’s own order from its values, where they tell', () => {
    expect(dayFirstOf(['03/04/2025', '25/03/2025'])).toBe(true);
    expect(dayFirstOf(['03/04/2025', '03/25/2025', 'n/a'])).toBe(false);
    expect(dayFirstOf(['03/04/2025', '2025-12-31', '31.12.2025'])).toBeNull();
    expect(dayFirstOf(['25/03/2025', '03/25/2025'])).toBeNull();
  });
  it('knows where the month comes first', () => {
    expect(dayFirstIn('US')).toBe(false);
    expect(dayFirstIn('DE')).toBe(true);
  });
});
