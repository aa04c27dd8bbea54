import { describe, expect, it } from 'vitest';
import { changeKind, seatsToRemoveText, upgradeCreditsText } from './plan-change';

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

  it('says what an upgrade grants now: pro rata for the days left, less a paid plan’s share', () => {
    const proration = { daysLeft: 3, daysTotal: 30, newPlanCredits: 500, currentPlanCredits: 0 };
    expect(upgradeCreditsText({ creditsGranted: 500, creditProration: proration }, 'Professional', 'en-US')).toBe(
      'Grants 500 credits now (pro rata for the 3 days left of 30 this month). The credits you have stay until they expire.',
    );
    expect(upgradeCreditsText({ creditsGranted: 3871, creditProration: { daysLeft: 30, daysTotal: 31, newPlanCredits: 4839, currentPlanCredits: 968 } }, 'Professional', 'en-US')).toBe(
      "Grants 3,871 credits now (Professional's 4,839 for the 30 days left of 31 this month, less your current plan's 968 for the same days, whose price is credited back). The credits you have stay until they expire.",
    );
    expect(upgradeCreditsText({ creditsGranted: 0, creditProration: { ...proration, daysLeft: 1, newPlanCredits: 0 } }, 'Starter', 'en-US')).toMatch(/^No credits are added now\./);
  });
});
