import type { Jobs } from '../../core/jobs.js';
import type { AuditService } from './audit.service.js';

/** The audit log's retention job: rows older than 365 days go. */
export const AUDIT_PRUNE_QUEUE = 'audit-prune';

type Log = { error: (obj: object, msg?: string) => void; info?: (obj: object, msg?: string) => void };

/** Prunes once a day (03:17 UTC) and once at start; the service's clock decides what is old. */
export async function attachAuditWorker(jobs: Jobs, audit: AuditService, log: Log): Promise<void> {
  await jobs.createQueue(AUDIT_PRUNE_QUEUE);
  await jobs.work(AUDIT_PRUNE_QUEUE, { batchSize: 1 }, async () => {
    const pruned = await audit.prune();
    if (pruned) log.info?.({ pruned }, 'audit: rows past retention deleted');
  });
  try {
    await jobs.schedule(AUDIT_PRUNE_QUEUE, '17 3 * * *', {}, { tz: 'UTC' });
    await jobs.send(AUDIT_PRUNE_QUEUE, {}, { singletonKey: 'audit-prune-start' });
  } catch (err) {
    // rows are kept a little longer until the next start schedules it again
    log.error({ err }, 'audit: could not schedule the prune job');
  }
}
