import type { Jobs } from '../../core/jobs.js';
import type { ExportQueue, PrivacyService } from './privacy.service.js';
import { unitTally } from '../../core/unit-tally.js';

/** Workspace exports to write; a job carries the workspace and export ids. */
export const EXPORT_QUEUE = 'privacy-export';
/** The retention sweep: old uploaded files and error reports, expired exports. */
export const RETENTION_QUEUE = 'privacy-retention';

type Log = { error: (obj: object, msg?: string) => void; info?: (obj: object, msg?: string) => void };
type ExportJob = { workspaceId: string; exportId: string };

/**
 * Queues an export. Without a job queue (API tests, one-off tools) it runs in this process
 * straight away, through the same service.
 */
export function exportQueue(jobs: Jobs | null, service: () => PrivacyService, log: Log): ExportQueue {
  return async (job) => {
    if (jobs) {
      await jobs.createQueue(EXPORT_QUEUE);
      await jobs.send(EXPORT_QUEUE, job, { retryLimit: 2, retryDelay: 30, expireInSeconds: 4 * 3600 });
      return;
    }
    // the job's work, not the request's use case: its units are not the request's (decision 0039)
    void unitTally.aside(() =>
      service()
        .runExport(job.workspaceId, job.exportId)
        .catch((err: unknown) => log.error({ err, exportId: job.exportId }, 'privacy: export failed')),
    );
  };
}

/** Attaches the export worker and schedules the retention sweep hourly. */
export async function attachPrivacyWorker(jobs: Jobs, service: PrivacyService, log: Log): Promise<void> {
  await jobs.createQueue(EXPORT_QUEUE);
  await jobs.work<ExportJob>(EXPORT_QUEUE, { batchSize: 1 }, async ([job]) => {
    if (job) await service.runExport(job.data.workspaceId, job.data.exportId);
  });
  await jobs.createQueue(RETENTION_QUEUE);
  await jobs.work(RETENTION_QUEUE, { batchSize: 1 }, async () => {
    const swept = await service.sweepFiles();
    if (swept.imports || swept.exports) log.info?.(swept, 'privacy: files past their retention deleted');
  });
  try {
    await jobs.schedule(RETENTION_QUEUE, '17 * * * *', {}, { tz: 'UTC' });
  } catch (err) {
    // files are kept a little longer without it; the next start schedules it again
    log.error({ err }, 'privacy: could not schedule the retention job');
  }
}
