import { describe, expect, it } from 'vitest';
import { fieldOfCardError, formatCardNumber, formatExpiry, parseExpiry } from './card-input';

describe('card form input', () => {
  it('groups a card number by four, Amex 4-6-5, and drops what is not a digit', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42x')).toBe('4242 4242 42');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('')).toBe('');
  });

  it('writes the expiry as MM / YY while typing', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('1228')).toBe('12 / 28');
    expect(formatExpiry('12 / 2')).toBe('12 / 2');
  });

  it('reads an expiry as month and four-digit year, refusing month 13 and half dates', () => {
    expect(parseExpiry('12 / 28')).toEqual({ month: 12, year: 2028 });
    expect(parseExpiry('3/2031')).toEqual({ month: 3, year: 2031 });
    expect(parseExpiry('0128')).toEqual({ month: 1, year: 2028 });
    expect(parseExpiry('13 / 28')).toBeNull();
    expect(parseExpiry('12 / 2')).toBeNull();
    expect(parseExpiry('')).toBeNull();
  });

  it("puts a refusal under the field it is about, the rest on the whole card", () => {
    expect(fieldOfCardError('incorrect_number')).toBe('number');
    expect(fieldOfCardError('expired_card')).toBe('expiry');
    expect(fieldOfCardError('incorrect_cvc')).toBe('cvc');
    expect(fieldOfCardError('card_declined')).toBeNull();
    expect(fieldOfCardError('insufficient_funds')).toBeNull();
  });
});
