import type { Jobs } from '../../core/jobs.js';
import type { Renewal } from './billing-renewal.service.js';

/** Renewals and dunning retries: hourly (cheap when nothing is due: one query) and once at start. */
export const BILLING_RENEWAL_QUEUE = 'billing-renewal';

type Log = { error: (obj: object, msg?: string) => void; info?: (obj: object, msg?: string) => void };

export async function attachBillingWorker(jobs: Jobs, renewal: Renewal, log: Log): Promise<void> {
  await jobs.createQueue(BILLING_RENEWAL_QUEUE);
  await jobs.work(BILLING_RENEWAL_QUEUE, { batchSize: 1 }, async () => {
    const renewed = await renewal.renewDue();
    if (renewed) log.info?.({ renewed }, 'billing: renewals and retries run');
  });
  try {
    // a few minutes after the credits job (credits-period at :05), so a new period is settled by either
    await jobs.schedule(BILLING_RENEWAL_QUEUE, '10 * * * *', {}, { tz: 'UTC' });
    await jobs.send(BILLING_RENEWAL_QUEUE, {}, { singletonKey: 'billing-renewal-start' });
  } catch (err) {
    log.error({ err }, 'billing: could not schedule the renewal job');
  }
}
