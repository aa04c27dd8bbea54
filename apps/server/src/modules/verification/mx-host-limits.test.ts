import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHostLimits } from './mx-host-limits.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('per-host limits', () => {
  it('opens no more than the limit per minute to one host, and starts the rest in the next window', async () => {
    vi.useFakeTimers();
    const limits = createHostLimits({ concurrency: 10, perMinute: 3 });
    const started: string[] = [];
    const run = (host: string, n: number) => limits.run(host, async () => void started.push(`${host}${n}`));
    const all = Promise.all([1, 2, 3, 4, 5].map((n) => run('a', n)).concat([run('b', 1)]));
    await vi.advanceTimersByTimeAsync(1_000);
    // another host has its own window
    expect(started.sort()).toEqual(['a1', 'a2', 'a3', 'b1']);
    await vi.advanceTimersByTimeAsync(60_000);
    await all;
    expect(started).toHaveLength(6);
  });
});
