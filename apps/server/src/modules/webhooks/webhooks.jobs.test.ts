import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachWebhooksWorker } from './webhooks.jobs.js';

describe('webhooks worker loop', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls every interval, prunes once an hour, and never runs two polls at once', async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    let release: () => void = () => {};
    let slow = false;
    const service = {
      prune: vi.fn(async () => {
        calls.push('prune');
        return 0;
      }),
      dispatchDue: vi.fn(async () => {
        calls.push('dispatch');
        if (slow) await new Promise<void>((r) => (release = r));
        return 0;
      }),
    };
    const stop = attachWebhooksWorker(service, { error: () => {} }, 1000);
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toEqual(['prune', 'dispatch', 'dispatch', 'dispatch']);

    // a poll that takes long: the ticks meanwhile do not start another
    slow = true;
    await vi.advanceTimersByTimeAsync(5000);
    expect(service.dispatchDue).toHaveBeenCalledTimes(4);
    slow = false;
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(service.dispatchDue).toHaveBeenCalledTimes(5);

    // an hour on: pruned again
    await vi.advanceTimersByTimeAsync(3600 * 1000);
    expect(service.prune).toHaveBeenCalledTimes(2);
    await stop();
    const after = service.dispatchDue.mock.calls.length;
    await vi.advanceTimersByTimeAsync(5000);
    expect(service.dispatchDue).toHaveBeenCalledTimes(after);
  });

  it('keeps polling after a failed poll', async () => {
    vi.useFakeTimers();
    const errors: object[] = [];
    let n = 0;
    const service = {
      prune: async () => 0,
      dispatchDue: async () => {
        if (++n === 1) throw new Error('database away');
        return 0;
      },
    };
    const stop = attachWebhooksWorker(service, { error: (obj) => errors.push(obj) }, 1000);
    await vi.advanceTimersByTimeAsync(3000);
    expect(n).toBe(3);
    expect(errors).toHaveLength(1);
    await stop();
  });
});
