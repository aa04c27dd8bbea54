import { describe, expect, it } from 'vitest';
import { annualSavingCents, formatAmount, formatMoney } from './money';

describe('money', () => {
  it('formats integer cents in the given locale with the currency', () => {
    expect(formatMoney(4900, 'usd', 'en-US')).toBe('$49');
    expect(formatMoney(4950, 'usd', 'en-US')).toBe('$49.50');
    expect(formatAmount(4900, 'usd', 'en-US')).toBe('$49.00');
    expect(formatAmount(-1633, 'usd', 'en-US')).toBe('-$16.33');
    // another locale puts the symbol and separators its own way
    expect(formatAmount(123456, 'usd', 'de-DE')).toBe('1.234,56\u00a0$');
  });

  it('says what the annual interval saves against twelve months', () => {
    expect(annualSavingCents({ monthlyPriceCents: 4900, annualPriceCents: 49000 })).toBe(9800);
    expect(annualSavingCents({ monthlyPriceCents: 0, annualPriceCents: 0 })).toBe(0);
    expect(annualSavingCents({ monthlyPriceCents: null, annualPriceCents: null })).toBe(0);
  });
});
