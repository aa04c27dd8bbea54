import PQueue from 'p-queue';

export type HostLimitOptions = {
  /** connections open at once to one exchanger (VERIFY_CONCURRENCY) */
  concurrency: number;
  /** connections opened to one exchanger per minute */
  perMinute: number;
};

/**
 * Per-exchanger limits: a mail server that sees too many connections from one address at
 * once, or too often, starts refusing or blocklisting it. One p-queue per host (concurrency,
 * and a sliding one-minute window for the rate); a host's queue is dropped once it has been
 * idle for a window, so the map does not grow with every domain ever verified.
 */
export function createHostLimits(opts: HostLimitOptions) {
  const queues = new Map<string, { queue: PQueue; idleTimer?: NodeJS.Timeout }>();
  const WINDOW_MS = 60_000;

  function entry(host: string) {
    let e = queues.get(host);
    if (!e) {
      const queue = new PQueue({
        concurrency: opts.concurrency,
        intervalCap: opts.perMinute,
        interval: WINDOW_MS,
        strict: true,
      });
      const created = { queue } as { queue: PQueue; idleTimer?: NodeJS.Timeout };
      queue.on('idle', () => {
        clearTimeout(created.idleTimer);
        created.idleTimer = setTimeout(() => {
          if (queue.size === 0 && queue.pending === 0) queues.delete(host);
        }, WINDOW_MS).unref();
      });
      e = created;
      queues.set(host, e);
    }
    clearTimeout(e.idleTimer);
    return e;
  }

  return {
    /** Runs `fn` (one connection's work) within the host's limits. */
    run: <T>(host: string, fn: () => Promise<T>): Promise<T> => entry(host).queue.add(fn),
    /** hosts with a queue (tests) */
    get size() {
      return queues.size;
    },
  };
}

export type HostLimits = ReturnType<typeof createHostLimits>;
