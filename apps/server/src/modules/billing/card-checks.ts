import type { CardBrand } from '@leadtrail/contracts';

/** The Luhn checksum every real card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The brand from the number's leading digits (IIN ranges). */
export function brandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners';
  if (/^35(2[89]|[3-8])/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

/** Whether month/year is this month or later (a card is valid to the end of its expiry month). */
export function notExpired(expMonth: number, expYear: number, at: Date): boolean {
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth() + 1;
  return expYear > y || (expYear === y && expMonth >= m);
}

/** CVC length: 4 digits for American Express, 3 for the others. */
export const cvcValid = (brand: CardBrand, cvc: string) => (brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(cvc);
