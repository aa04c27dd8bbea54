import { describe, expect, it } from 'vitest';
import { changeKind, seatsToRemoveText } from './plan-change';

describe('plan change', () => {
  it('orders the plans Free < Starter < Professional < Enterprise', () => {
    expect(changeKind('free', 'starter')).toBe('upgrade');
    expect(changeKind('starter', 'professional')).toBe('upgrade');
    expect(changeKind('professional', 'starter')).toBe('downgrade');
    expect(changeKind('starter', 'free')).toBe('downgrade');
    expect(changeKind('starter', 'starter')).toBe('none');
  });

  it('says how many seats to free, singular and plural', () => {
    expect(seatsToRemoveText(1, 'Free', 3)).toBe('Free includes 3 seats: remove 1 member or invitation in Settings → Users before switching.');
    expect(seatsToRemoveText(4, 'Starter', 5)).toContain('remove 4 members or invitations');
  });
});
