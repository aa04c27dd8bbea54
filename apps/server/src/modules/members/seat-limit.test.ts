import { describe, expect, it } from 'vitest';
import { seatLimitMessage } from './members.service.js';

describe('seatLimitMessage', () => {
  it('says how many seats are free when several people are invited at once', () => {
    expect(seatLimitMessage(3, 1, 3)).toBe(
      'Your plan includes 3 seats and 1 is in use (members and pending invitations), so 2 more people can join, not 3. Upgrade your plan in Settings → Plans to add more people, or invite at most 2.',
    );
    expect(seatLimitMessage(5, 3, 4)).toContain('5 seats and 3 are in use (members and pending invitations), so 2 more people can join, not 4');
    expect(seatLimitMessage(3, 2, 2)).toContain('so 1 more person can join, not 2');
  });

  it('says all seats are taken when none is free', () => {
    expect(seatLimitMessage(3, 3)).toBe(
      'Your plan includes 3 seats, and all 3 are in use (members and pending invitations). Upgrade your plan in Settings → Plans to add more people.',
    );
    expect(seatLimitMessage(1, 1)).toContain('includes 1 seat, and it is in use');
  });
});
