import type { Jobs } from '../../core/jobs.js';
import type { CreditsService } from './credits.service.js';

/** The credit period job: plan grants for the new period, expiry of the last one's. */
export const CREDITS_PERIOD_QUEUE = 'credits-period';

type Log = { error: (obj: object, msg?: string) => void; info?: (obj: object, msg?: string) => void };

/**
 * Runs the period settlement every hour (cheap when nothing is due: one query) and once at
 * start. A workspace read between runs is settled lazily by its first balance read anyway.
 */
export async function attachCreditsWorker(jobs: Jobs, credits: CreditsService, log: Log): Promise<void> {
  await jobs.createQueue(CREDITS_PERIOD_QUEUE);
  await jobs.work(CREDITS_PERIOD_QUEUE, { batchSize: 1 }, async () => {
    const settled = await credits.settleDue();
    if (settled) log.info?.({ settled }, 'credits: period grants and expiries written');
  });
  try {
    await jobs.schedule(CREDITS_PERIOD_QUEUE, '5 * * * *', {}, { tz: 'UTC' });
    await jobs.send(CREDITS_PERIOD_QUEUE, {}, { singletonKey: 'credits-period-start' });
  } catch (err) {
    // balances stay right without it (every read and spend settles its period first): the
    // worker keeps serving imports and reveals, and the next start schedules it again
    log.error({ err }, 'credits: could not schedule the period job');
  }
}
