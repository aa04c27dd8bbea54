import type { JobWithMetadata, Jobs } from '../../core/jobs.js';
import type { RevealQueue, RevealService } from './prospects-reveal.service.js';
import { unitTally } from '../../core/unit-tally.js';

/** The queue of bulk reveals; a job carries the workspace and reveal job ids. */
export const REVEAL_QUEUE = 'prospects-reveal';

type RevealJobData = { workspaceId: string; jobId: string };
type Log = { error: (obj: object, msg?: string) => void; info?: (obj: object, msg?: string) => void };

const SEND_OPTIONS = { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 3600 };

/**
 * Queues a bulk reveal. Without a job queue (API tests, one-off tools) it runs in this
 * process straight away, through the same runner.
 */
export function revealQueue(jobs: Jobs | null, service: () => RevealService, log: Log): RevealQueue {
  return async (job) => {
    if (jobs) {
      await jobs.createQueue(REVEAL_QUEUE);
      await jobs.send(REVEAL_QUEUE, job, SEND_OPTIONS);
      return;
    }
    // the job's work, not the request's use case: its units are not the request's (decision 0039)
    void unitTally.aside(() =>
      service()
        .runJob(job.workspaceId, job.jobId)
        .catch(async (err: unknown) => {
          log.error({ err, revealJobId: job.jobId }, 'bulk reveal failed');
          await service().giveUp(job.workspaceId, job.jobId, err).catch(() => {});
        }),
    );
  };
}

/**
 * Attaches the bulk reveal worker, then queues every reveal left unfinished by a stopped or
 * killed server: each resumes after its last committed batch (charged once: the checkpoint
 * commits with the batch's charge).
 */
export async function attachRevealWorker(jobs: Jobs, service: RevealService, log: Log): Promise<void> {
  await jobs.createQueue(REVEAL_QUEUE);
  await jobs.work(REVEAL_QUEUE, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]: JobWithMetadata<RevealJobData>[]) => {
    if (!job) return;
    try {
      await service.runJob(job.data.workspaceId, job.data.jobId);
    } catch (err) {
      if (job.retryCount >= job.retryLimit) await service.giveUp(job.data.workspaceId, job.data.jobId, err);
      throw err;
    }
  });
  for (const u of await service.unfinished()) {
    log.info?.({ revealJobId: u.id }, 'bulk reveal: resuming after a restart');
    await jobs.send(REVEAL_QUEUE, { workspaceId: u.workspaceId, jobId: u.id }, SEND_OPTIONS);
  }
}
