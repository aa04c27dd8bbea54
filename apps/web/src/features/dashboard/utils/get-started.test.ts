import { describe, expect, it } from 'vitest';
import { showGetStarted } from './get-started';

describe('showGetStarted', () => {
  it('shows the cards to an empty workspace only', () => {
    expect(showGetStarted({ contacts: 0, companies: 0, lists: 0 }, false)).toBe(true);
    expect(showGetStarted({ contacts: 2, companies: 0, lists: 0 }, false)).toBe(false);
    expect(showGetStarted({ contacts: 0, companies: 1, lists: 0 }, false)).toBe(false);
  });

  it('waits for the counts, and shows them when the counts fail', () => {
    expect(showGetStarted(undefined, false)).toBe(false);
    expect(showGetStarted(undefined, true)).toBe(true);
  });
});
