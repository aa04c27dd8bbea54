import type { CardErrorCode } from '@leadtrail/contracts';

/** "4242424242424242" → "4242 4242 4242 4242" as the user types (Amex 4-6-5). */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 19);
  const groups = /^3[47]/.test(digits) ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const out: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    out.push(digits.slice(at, at + size));
    at += size;
  }
  return out.join(' ');
}

/** "MM / YY" as typed: "1" stays, "12" → "12 / ", "1228" → "12 / 28". */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** "12 / 28", "12/2028", "1228" → { month: 12, year: 2028 }; null when it is not a month and a year. */
export function parseExpiry(input: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(input.replace(/\s+/g, ' ').replace(/ \/ /, '/'));
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** Which field of the card form a provider's refusal belongs under (null: the whole card). */
export function fieldOfCardError(code: string): 'number' | 'expiry' | 'cvc' | null {
  const byCode: Partial<Record<CardErrorCode, 'number' | 'expiry' | 'cvc'>> = {
    incorrect_number: 'number',
    expired_card: 'expiry',
    invalid_expiry: 'expiry',
    incorrect_cvc: 'cvc',
  };
  return byCode[code as CardErrorCode] ?? null;
}

const brandNames: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  unknown: 'Card',
};
export const brandName = (brand: string): string => brandNames[brand] ?? 'Card';
