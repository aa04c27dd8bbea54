import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date(2026, 10, 24, 15, 0, 0);
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('relativeTime', () => {
  it('reads minutes, hours, yesterday and days', () => {
    expect(relativeTime(ago(20_000), now)).toBe('just now');
    expect(relativeTime(ago(-60_000), now)).toBe('just now');
    expect(relativeTime(ago(5 * 60_000), now)).toBe('5 min ago');
    expect(relativeTime(ago(3 * 3600_000 + 59 * 60_000), now)).toBe('3 h ago');
    expect(relativeTime(ago(30 * 3600_000), now)).toBe('yesterday');
    expect(relativeTime(ago(4 * 86_400_000), now)).toBe('4 days ago');
  });

  it('gives a date beyond a week, with the year only when it differs', () => {
    const sameYear = relativeTime(new Date(2026, 2, 5, 12), now);
    expect(sameYear).not.toMatch(/2026/);
    expect(sameYear).toMatch(/5/);
    expect(relativeTime(new Date(2024, 2, 5, 12), now)).toMatch(/2024/);
  });
});
