import { revealReceiptSchema, type RevealReceipt } from '@leadtrail/contracts';
import { describe, expect, it } from 'vitest';
import { confirmLabel, emailMixText, nothingToReveal, partialLabel, receiptLines, shortfallText } from './receipt-text';

const receipt = (over: Partial<RevealReceipt>): RevealReceipt =>
  revealReceiptSchema.parse({
    people: 10,
    charge: { emails: 0, phones: 0 },
    cost: 0,
    free: 0,
    skipped: { suppressed: 0, noData: 0, emails: 0 },
    balance: 50,
    reserved: 0,
    balanceAfter: 50,
    memberRemainingAfter: null,
    shortfall: 0,
    shortfallReason: null,
    runsAsJob: false,
    validOnly: false,
    emailStatus: { valid: 0, risky: 0, unknown: 0, invalid: 0 },
    skippedEmails: { valid: 0, risky: 0, unknown: 0, invalid: 0 },
    affordable: { people: 10, charged: 0, cost: 0 },
    ...over,
  });

describe('the reveal receipt', () => {
  it('lists what is charged, free and skipped, then the total and the balance after', () => {
    const lines = receiptLines(
      receipt({ charge: { emails: 3, phones: 1 }, cost: 8, free: 2, skipped: { suppressed: 1, noData: 4, emails: 0 }, balanceAfter: 42, memberRemainingAfter: 12 }),
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

  it('states the shortfall (need, have, short), suggesting email only only when more than email is chosen', () => {
    expect(shortfallText(receipt({}), 'email')).toBeNull();
    expect(shortfallText(receipt({ cost: 40, shortfall: 15, shortfallReason: 'balance' }), 'email')).toBe(
      'You need 40 credits and have 25: 15 short. Buy credits, upgrade your plan, or reveal as many as your balance covers.',
    );
    expect(shortfallText(receipt({ cost: 1060, shortfall: 1010, shortfallReason: 'balance', reserved: 5 }), 'both')).toBe(
      'You need 1,060 credits and have 50 (5 credits are held by running bulk reveals): 1,010 short. Buy credits, upgrade your plan, reveal email only, or reveal as many as your balance covers.',
    );
    expect(shortfallText(receipt({ cost: 6, shortfall: 1, shortfallReason: 'member_limit' }), 'phone')).toMatch(/needs 6 credits and your monthly limit leaves you 5: 1 short\./);
  });

  it('never shows "Balance after" when the reveal does not fit: the shortfall instead', () => {
    const lines = receiptLines(receipt({ charge: { emails: 40, phones: 0 }, cost: 40, shortfall: 15, shortfallReason: 'balance', balanceAfter: 0 }));
    expect(lines.map((l) => [l.label, l.credits])).toEqual([
      ['40 emails × 1 credit', 40],
      ['Total', 40],
      ['Short by', 15],
    ]);
  });

  it('offers the partial reveal with the people the balance covers', () => {
    expect(partialLabel(receipt({ cost: 40, shortfall: 15, shortfallReason: 'balance', affordable: { people: 27, charged: 25, cost: 25 } }))).toBe(
      'Reveal 25 (as many as your balance covers)',
    );
    expect(partialLabel(receipt({ cost: 40, shortfall: 40, shortfallReason: 'balance', affordable: { people: 0, charged: 0, cost: 0 } }))).toBeNull();
    expect(partialLabel(receipt({ cost: 4 }))).toBeNull();
  });

  it('shows the status mix of the emails charged and those left out', () => {
    expect(emailMixText(receipt({}))).toBeNull();
    expect(
      emailMixText(receipt({ emailStatus: { valid: 26, risky: 3, unknown: 7, invalid: 0 }, skippedEmails: { valid: 0, risky: 0, unknown: 0, invalid: 4 } })),
    ).toBe('26 valid · 7 unknown · 3 risky; 4 invalid not charged');
    expect(
      emailMixText(receipt({ validOnly: true, emailStatus: { valid: 1200, risky: 0, unknown: 0, invalid: 0 }, skippedEmails: { valid: 0, risky: 3, unknown: 7, invalid: 4 } })),
    ).toBe('1,200 valid; 4 invalid, 7 unknown, 3 risky not charged');
    expect(receiptLines(receipt({ skipped: { suppressed: 0, noData: 0, emails: 1 } })).map((l) => l.label)).toContain('1 email invalid: left out, not charged');
  });

  it('names the price on the confirm button', () => {
    expect(confirmLabel(receipt({ cost: 1 }))).toBe('Reveal for 1 credit');
    expect(confirmLabel(receipt({ cost: 1200 }))).toBe('Reveal for 1,200 credits');
    expect(confirmLabel(receipt({ free: 3 }))).toBe('Reveal (free)');
    expect(nothingToReveal(receipt({ skipped: { suppressed: 2, noData: 8, emails: 0 } }))).toBe(true);
    expect(nothingToReveal(receipt({ free: 1 }))).toBe(false);
  });
});
