import { describe, expect, it } from 'vitest';
import { companyImportRow } from './import-company-row.js';

const ctx = { defs: [], phoneRegion: 'GB' };

describe('companyImportRow', () => {
  it('normalises a row, the website giving the domain', () => {
    const r = companyImportRow(
      { name: 'Acme', website: 'https://www.acme.co.uk/', phone: '020 7946 0018', employeeRange: '75', foundedYear: '1999', notes: 'n' },
      ctx,
    );
    expect(r.record).toEqual({
      key: 'acme.co.uk',
      data: { name: 'Acme', website: 'https://www.acme.co.uk/', domain: 'acme.co.uk', phone: '+442079460018', employee_range: '51-200', founded_year: 1999 },
      custom: null,
      companyDomain: null,
      companyName: null,
      companyCreate: false,
      note: 'n',
    });
  });

  it('reads other tools words: HubSpot industry codes, ZoomInfo ranges, countries, revenue in the header unit', () => {
    const r = companyImportRow(
      { name: 'Initech', industry: 'COMPUTER_SOFTWARE', employeeRange: '5,000 - 9,999', country: 'Royaume-Uni', revenueRange: '12.500' },
      { ...ctx, revenueScale: 1e3 },
    );
    expect(r.warnings).toEqual([]);
    expect(r.record?.data).toMatchObject({
      industry: 'Computer Software',
      employee_range: '5001-10000',
      country: 'United Kingdom',
      revenue_range: '10M-50M',
    });
  });

  it('names a row with only a domain after it; a bad optional cell is a warning; no identity is an error', () => {
    expect(companyImportRow({ domain: 'globex.io' }, ctx).record?.data.name).toBe('globex.io');
    expect(companyImportRow({ industry: 'Software' }, ctx).errors).toEqual([{ target: 'name', message: 'The row has neither a name nor a domain' }]);
    const r = companyImportRow({ name: 'X', foundedYear: '1200', employeeRange: 'lots', domain: 'nope nope' }, ctx);
    expect(r.record?.data).toEqual({ name: 'X' });
    expect(r.warnings.map((i) => i.target).sort()).toEqual(['domain', 'employeeRange', 'foundedYear']);
  });
});
