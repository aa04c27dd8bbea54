import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brandOf, cvcValid, luhnValid, notExpired } from './card-checks.js';
import { invoiceNumber, workspaceShort } from './invoice-number.js';

describe('card checks', () => {
  it("accepts Stripe's test numbers and refuses a changed digit (Luhn)", () => {
    for (const n of ['4242424242424242', '4000000000000002', '4000000000009995', '4000000000000069', '4000000000000341', '4000002500003155', '5555555555554444', '378282246310005']) {
      expect(luhnValid(n), n).toBe(true);
    }
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (pos, delta) => {
        const digits = '4242424242424242'.split('').map(Number);
        digits[pos] = (digits[pos]! + delta) % 10;
        expect(luhnValid(digits.join(''))).toBe(false);
      }),
    );
    expect(luhnValid('4242')).toBe(false);
  });

  it('tells the brand, the expiry and the CVC length', () => {
    expect([brandOf('4242424242424242'), brandOf('5555555555554444'), brandOf('2223003122003222'), brandOf('378282246310005'), brandOf('6011111111111117')]).toEqual([
      'visa', 'mastercard', 'mastercard', 'amex', 'discover',
    ]);
    const at = new Date('2026-11-24T00:00:00Z');
    expect(notExpired(11, 2026, at)).toBe(true);
    expect(notExpired(10, 2026, at)).toBe(false);
    expect(notExpired(1, 2027, at)).toBe(true);
    expect(cvcValid('amex', '1234')).toBe(true);
    expect(cvcValid('amex', '123')).toBe(false);
    expect(cvcValid('visa', '123')).toBe(true);
    expect(cvcValid('visa', '1234')).toBe(false);
  });

  it('numbers invoices LT-<short>-0001', () => {
    expect(workspaceShort('Acme Widgets Inc.', 'x')).toBe('ACMEWI');
    expect(workspaceShort('Ça va', 'x')).toBe('CAVA');
    expect(workspaceShort('株式会社', '0a1b2c3d-0000-0000-0000-000000000000')).toBe('0A1B2C');
    expect(invoiceNumber('ACME', 7)).toBe('LT-ACME-0007');
    expect(invoiceNumber('ACME', 12345)).toBe('LT-ACME-12345');
  });
});
