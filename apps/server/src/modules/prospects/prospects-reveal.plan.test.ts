import { describe, expect, it } from 'vitest';
import { affordablePrefix, planReveal, revealLedgerText, type RevealCandidate } from './prospects-reveal.plan.js';

const person = (id: string, p: Partial<RevealCandidate> = {}): RevealCandidate => ({
  id, hasEmail: true, hasPhone: true, suppressed: false, emailRevealed: false, phoneRevealed: false, ...p,
});
const map = (...ps: RevealCandidate[]) => new Map(ps.map((p) => [p.id, p]));

describe('planReveal', () => {
  it('charges 1 per email and 5 per phone, only for data that exists', () => {
    const plan = planReveal(['a', 'b', 'c'], map(person('a'), person('b', { hasPhone: false }), person('c', { hasEmail: false })), 'both');
    expect(plan).toMatchObject({ emails: 2, phones: 2, cost: 12, free: 0, noData: 0, suppressed: 0 });
  });

  it('never charges suppressed people or people without the asked-for data', () => {
    const plan = planReveal(['a', 'b', 'missing'], map(person('a', { suppressed: true }), person('b', { hasEmail: false })), 'email');
    expect(plan).toMatchObject({ cost: 0, suppressed: 1, noData: 2 });
    expect(plan.decisions.map((d) => d.outcome)).toEqual(['suppressed', 'no_data', 'no_data']);
  });

  it('is free for what the workspace already revealed, and charges only the new part', () => {
    const plan = planReveal(['a', 'b'], map(person('a', { emailRevealed: true }), person('b', { emailRevealed: true, phoneRevealed: true })), 'both');
    expect(plan).toMatchObject({ emails: 0, phones: 1, cost: 5, free: 1 });
    expect(plan.decisions[0]).toEqual({ id: 'a', outcome: 'charge', email: false, phone: true, cost: 5 });
  });

  it('counts a repeated id once', () => {
    expect(planReveal(['a', 'a'], map(person('a')), 'email').cost).toBe(1);
  });

  it('never charges an email the database marks invalid; validOnly leaves out risky and unknown ones too', () => {
    const found = map(
      person('v', { emailStatus: 'valid' }),
      person('r', { emailStatus: 'risky' }),
      person('u', { emailStatus: null }),
      person('i', { emailStatus: 'invalid' }),
    );
    const all = planReveal(['v', 'r', 'u', 'i'], found, 'email');
    expect(all).toMatchObject({ emails: 3, cost: 3, emailStatus: { valid: 1, risky: 1, unknown: 1, invalid: 0 }, skippedEmails: { invalid: 1, risky: 0, unknown: 0 } });
    expect(all.decisions[3]).toEqual({ id: 'i', outcome: 'email_skipped', status: 'invalid' });
    const valid = planReveal(['v', 'r', 'u', 'i'], found, 'email', { validOnly: true });
    expect(valid).toMatchObject({ emails: 1, cost: 1, skippedEmails: { invalid: 1, risky: 1, unknown: 1, valid: 0 } });
    // the phone of a person whose email is left out is still charged
    expect(planReveal(['i'], found, 'both').decisions[0]).toEqual({ id: 'i', outcome: 'charge', email: false, phone: true, cost: 5 });
  });

  it('affordablePrefix takes the start of the selection the budget covers, in its order', () => {
    const found = map(person('a'), person('b', { emailRevealed: true }), person('c'), person('d'));
    const plan = planReveal(['a', 'b', 'c', 'd'], found, 'email');
    expect(affordablePrefix(plan, 2)).toEqual({ take: 3, charged: 2, cost: 2 });
    expect(affordablePrefix(plan, 0)).toEqual({ take: 0, charged: 0, cost: 0 });
    expect(affordablePrefix(plan, 10)).toEqual({ take: 4, charged: 3, cost: 3 });
  });

  it('names a reveal action in the log by its count, with thousands separators', () => {
    expect(revealLedgerText('prospect_email', 1)).toBe('Revealed 1 email');
    expect(revealLedgerText('prospect_email', 10_000)).toBe('Revealed 10,000 emails');
    expect(revealLedgerText('prospect_phone', 1)).toBe('Revealed 1 phone');
    expect(revealLedgerText('prospect_phone', 1200)).toBe('Revealed 1,200 phones');
  });
});
