import type { WebhooksService } from './webhooks.service.js';

type Log = { error: (obj: object, msg?: string) => void };

/** How often the worker looks for due deliveries: an event goes out within about this long of its commit. */
export const DISPATCH_INTERVAL_MS = 1000;
const PRUNE_INTERVAL_MS = 3600 * 1000;

/**
 * The webhook sender: polls the outbox every second for due deliveries (first attempts and
 * retries whose back-off is over) and sends them. Polling the table, rather than queueing a
 * job from inside the change's transaction, is what makes "after commit" hold: only committed
 * deliveries are seen, and none is lost if the process stops (a claimed one is sent again
 * when its lease runs out). Several workers share the work: claims skip each other's rows.
 * Answers a stop function (the process's shutdown).
 */
export function attachWebhooksWorker(
  service: Pick<WebhooksService, 'dispatchDue' | 'prune'>,
  log: Log,
  intervalMs = DISPATCH_INTERVAL_MS,
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  // the 30-day retention runs at start and then hourly, between two polls
  let prunedAt = 0;
  const tick = () => {
    if (running || stopped) return;
    const prune = Date.now() - prunedAt >= PRUNE_INTERVAL_MS;
    if (prune) prunedAt = Date.now();
    running = (prune ? service.prune().catch((err: unknown) => log.error({ err }, 'webhooks: pruning the outbox failed')) : Promise.resolve())
      .then(() => service.dispatchDue())
      .catch((err: unknown) => log.error({ err }, 'webhooks: dispatch failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
