import type { JobWithMetadata, Jobs } from '../../core/jobs.js';
import type { ImportProcessor } from './import-processor.jobs.js';
import { unitTally } from '../../core/unit-tally.js';

/** The queue of imports to run; a job carries the workspace and import ids. */
export const IMPORT_QUEUE = 'imports-process';

type ImportJob = { workspaceId: string; importId: string };
type Log = { error: (obj: object, msg?: string) => void; info?: (obj: object, msg?: string) => void };

const SEND_OPTIONS = {
  retryLimit: 5,
  retryDelay: 10,
  retryBackoff: true,
  // a million rows take about a minute; a job is only expired (and retried) long after that
  expireInSeconds: 4 * 3600,
};

/**
 * Queues an import. Without a job queue (API tests, one-off tools) the import runs in this
 * process straight away, through the same processor.
 */
export async function enqueueImport(
  jobs: Jobs | null,
  processor: ImportProcessor,
  job: ImportJob,
  log: Log,
): Promise<void> {
  if (jobs) {
    await jobs.createQueue(IMPORT_QUEUE);
    await jobs.send(IMPORT_QUEUE, job, SEND_OPTIONS);
    return;
  }
  // the job's work, not the request's use case: its units are not the request's (decision 0039)
  void unitTally.aside(() =>
    processor.run(job.workspaceId, job.importId).catch(async (err) => {
      log.error({ err, importId: job.importId }, 'import failed');
      await processor.giveUp(job.workspaceId, job.importId, err).catch(() => {});
    }),
  );
}

/**
 * Attaches the import worker, then queues every import left unfinished by a stopped or killed
 * server: each resumes from its checkpoints (one processor at a time per import, by lock).
 */
export async function attachImportWorker(jobs: Jobs, processor: ImportProcessor, log: Log): Promise<void> {
  await jobs.createQueue(IMPORT_QUEUE);
  await jobs.work(
    IMPORT_QUEUE,
    { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 0.5 },
    async ([job]: JobWithMetadata<ImportJob>[]) => {
      if (!job) return;
      try {
        await processor.run(job.data.workspaceId, job.data.importId);
      } catch (err) {
        if (job.retryCount >= job.retryLimit) await processor.giveUp(job.data.workspaceId, job.data.importId, err);
        throw err;
      }
    },
  );
  for (const u of await processor.unfinished()) {
    log.info?.({ importId: u.id }, 'import: resuming after a restart');
    await jobs.send(IMPORT_QUEUE, { workspaceId: u.workspaceId, importId: u.id }, SEND_OPTIONS);
  }
}
