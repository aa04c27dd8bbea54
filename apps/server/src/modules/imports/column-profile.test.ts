import { describe, expect, it } from 'vitest';
import { barelyVaries, dominantKind, profileColumn } from './column-profile.js';

describe('profileColumn', () => {
  it('reads each kind of value', () => {
    const kind = (values: string[]) => dominantKind(profileColumn(values));
    expect(kind(['ann@acme.com', 'BOB@x.io', ''])).toBe('email');
    expect(kind(['+49 30 1234567', '(212) 555-0199', '030/123 45 67'])).toBe('phone');
    expect(kind(['https://www.linkedin.com/in/ann', 'linkedin.com/in/bob'])).toBe('linkedinPerson');
    expect(kind(['https://linkedin.com/company/acme'])).toBe('linkedinCompany');
    expect(kind(['acme.com', 'www.globex.co.uk'])).toBe('domain');
    expect(kind(['https://acme.com/about', 'http://x.io'])).toBe('url');
    // names in the seven languages and ISO codes
    expect(kind(['Deutschland', 'Frankreich', 'Spanje', 'Países Bajos', 'DE', 'United States'])).toBe('country');
    expect(kind(['García Márquez, Gabriel', 'Ann Lee', 'Jan van der Berg', "Conor O'Brien"])).toBe('personName');
    expect(kind(['2024-03-01', '01.02.2023', '3/14/2021 10:30 AM'])).toBe('date');
    expect(kind(['20 - 49', '5,000 - 9,999', '10,001+', '1-10'])).toBe('range');
    expect(kind(['1,250', '42', '3.5'])).toBe('number');
    expect(kind(['Sales', 'Marketing', 'Engineering'])).toBeNull();
  });

  it('counts the filled and distinct values, case-insensitively', () => {
    const p = profileColumn(['a@x.io', 'A@X.io', '', 'b@x.io']);
    expect(p).toMatchObject({ filled: 3, distinct: 2 });
    expect(p.shares.email).toBe(1);
  });

  it('tells a column whose values barely vary (one address on every row)', () => {
    expect(barelyVaries(profileColumn(Array(20).fill('me@acme.com')))).toBe(true);
    expect(barelyVaries(profileColumn(Array.from({ length: 20 }, (_, i) => `p${i}@acme.com`)))).toBe(false);
    // too few rows to say
    expect(barelyVaries(profileColumn(['me@acme.com', 'me@acme.com']))).toBe(false);
  });

  it('does not depend on the order of the rows', () => {
    const values = ['a@x.io', 'Ann', '', '+1 415 555 0100', 'a@x.io'];
    expect(profileColumn([...values].reverse())).toEqual(profileColumn(values));
  });
});
