import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone } from './prospect-mask.js';

describe('masked contact details', () => {
  it('keeps the first letter and the domain of an email', () => {
    expect(maskEmail('jane.doe@acme-robotics.example')).toBe('j•••@acme-robotics.example');
    expect(maskEmail(null)).toBeNull();
  });
  it('keeps the country code, the first three and the last two digits of a phone', () => {
    expect(maskPhone('+14155550112')).toBe('+1 415 ••• ••12');
    expect(maskPhone('+442079460123')).toBe('+44 207 ••• ••23');
    expect(maskPhone(null)).toBeNull();
    expect(maskPhone('+14155550112')).not.toContain('555');
  });
});
