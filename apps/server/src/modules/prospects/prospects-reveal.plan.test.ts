import { describe, expect, it } from 'vitest';
import { planReveal, type RevealCandidate } from './prospects-reveal.plan.js';

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
    expect(plan.decisions[0]).toEqual({ id: 'a', outcome: 'charge', email: false, phone: true });
  });

  it('counts a repeated id once', () => {
    expect(planReveal(['a', 'a'], map(person('a')), 'email').cost).toBe(1);
  });
});
