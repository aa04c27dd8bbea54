import { revealReceiptSchema, type RevealReceipt } from '@leadtrail/contracts';
import { describe, expect, it } from 'vitest';
import { confirmLabel, nothingToReveal, receiptLines, shortfallText } from './receipt-text';

const receipt = (over: Partial<RevealReceipt>): RevealReceipt =>
  revealReceiptSchema.parse({
    people: 10,
    charge: { emails: 0, phones: 0 },
    cost: 0,
    free: 0,
    skipped: { suppressed: 0, noData: 0 },
    balance: 50,
    reserved: 0,
    balanceAfter: 50,
    memberRemainingAfter: null,
    shortfall: 0,
    shortfallReason: null,
    runsAsJob: false,
    ...over,
  });

describe('the reveal receipt', () => {
  it('lists what is charged, free and skipped, then the total and the balance after', () => {
    const lines = receiptLines(
      receipt({ charge: { emails: 3, phones: 1 }, cost: 8, free: 2, skipped: { suppressed: 1, noData: 4 }, balanceAfter: 42, memberRemainingAfter: 12 }),
    );
    expect(lines.map((l) => [l.label, l.credits])).toEqual([
      ['3 emails × 1 credit', 3],
      ['1 phone × 5 credits', 5],
      ['2 people already revealed: free', 0],
      ['1 person on the suppression list: skipped, not charged', 0],
      ['4 people with no data to reveal: skipped, not charged', 0],
      ['Total', 8],
      ['Balance after', 42],
      ['Your monthly limit left after', 12],
    ]);
  });

  it('leaves out lines with nothing in them and an unlimited member', () => {
    const lines = receiptLines(receipt({ charge: { emails: 1, phones: 0 }, cost: 1, balanceAfter: 49 }));
    expect(lines.map((l) => l.label)).toEqual(['1 email × 1 credit', 'Total', 'Balance after']);
  });

  it('says why a shortfall blocks the reveal: the balance (with reserved credits) or the member limit', () => {
    expect(shortfallText(receipt({}))).toBeNull();
    expect(shortfallText(receipt({ cost: 60, shortfall: 10, shortfallReason: 'balance', reserved: 5 }))).toBe(
      'Your workspace is 10 credits short (5 credits are held by running bulk reveals). Choose fewer people or reveal email only, or add credits.',
    );
    expect(shortfallText(receipt({ cost: 6, shortfall: 1, shortfallReason: 'member_limit' }))).toMatch(/over your monthly credit limit by 1 credit\./);
  });

  it('names the price on the confirm button', () => {
    expect(confirmLabel(receipt({ cost: 1 }))).toBe('Reveal for 1 credit');
    expect(confirmLabel(receipt({ cost: 1200 }))).toBe('Reveal for 1,200 credits');
    expect(confirmLabel(receipt({ free: 3 }))).toBe('Reveal (free)');
    expect(nothingToReveal(receipt({ skipped: { suppressed: 2, noData: 8 } }))).toBe(true);
    expect(nothingToReveal(receipt({ free: 1 }))).toBe(false);
  });
});
