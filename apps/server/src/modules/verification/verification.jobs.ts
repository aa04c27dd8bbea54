import type { JobWithMetadata, Jobs } from '../../core/jobs.js';
import type { EmailVerifier } from './email-verifier.js';
import type { VerificationQueue, VerificationService } from './verification.service.js';
import { unitTally } from '../../core/unit-tally.js';

/** The queue of verification jobs (one address, contacts, the finder); a job carries its workspace and id. */
export const VERIFY_QUEUE = 'verification';
/** The shared cache's retention: addresses past 30 days, domains past 7 (decision 0030). */
export const VERIFY_PRUNE_QUEUE = 'verification-prune';

/** Greylisted addresses asked again when their back-off ends (a job delayed until then). */
export const VERIFY_RETRY_QUEUE = 'verification-greylist';

type VerifyJobData = { workspaceId: string; jobId: string };
type RetryJobData = { workspaceId: string; emails: string[] };
type Log = { error: (obj: object, msg?: string) => void; info?: (obj: object, msg?: string) => void; warn?: (obj: object, msg?: string) => void };

// a retry resumes after the committed batches (the items done commit with them)
const SEND_OPTIONS = { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 3600 };

/**
 * Queues a verification job. Without a job queue (API tests, one-off tools) it runs in this
 * process straight away, through the same runner.
 */
export function verificationQueue(jobs: Jobs | null, service: () => VerificationService, log: Log): VerificationQueue {
  return async (job) => {
    if (jobs) {
      await jobs.createQueue(VERIFY_QUEUE);
      await jobs.send(VERIFY_QUEUE, job, SEND_OPTIONS);
      return;
    }
    // the job's work, not the request's use case: its units are not the request's (decision 0039)
    void unitTally.aside(() =>
      service()
        .runJob(job.workspaceId, job.jobId)
        .catch(async (err: unknown) => {
          log.error({ err, verificationJobId: job.jobId }, 'verification job failed');
          await service().giveUp(job.workspaceId, job.jobId, err).catch(() => {});
        }),
    );
  };
}

/** Schedules a greylisting retry; without a job queue (API tests) nothing is scheduled. */
export function greylistRetries(jobs: Jobs | null) {
  return async (workspaceId: string, emails: string[], at: Date) => {
    if (!jobs) return;
    await jobs.createQueue(VERIFY_RETRY_QUEUE);
    await jobs.send(VERIFY_RETRY_QUEUE, { workspaceId, emails } satisfies RetryJobData, { startAfter: at, retryLimit: 3, retryDelay: 60, retryBackoff: true });
  };
}

/**
 * Attaches the verification worker (SMTP conversations happen here only, so a deployment opens
 * port 25 from its workers), says whether port 25 is reachable, then queues every job a stopped
 * or killed server left unfinished: each goes on with the contacts it had not done.
 */
export async function attachVerificationWorker(
  jobs: Jobs,
  service: VerificationService,
  verifier: () => EmailVerifier,
  log: Log,
  opts: { concurrency?: number } = {},
): Promise<void> {
  await jobs.createQueue(VERIFY_QUEUE);
  // several jobs at once: a one-address request should not wait behind a bulk job
  await jobs.work(
    VERIFY_QUEUE,
    { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 0.5, localConcurrency: opts.concurrency ?? 4 },
    async ([job]: JobWithMetadata<VerifyJobData>[]) => {
      if (!job) return;
      try {
        await service.runJob(job.data.workspaceId, job.data.jobId);
      } catch (err) {
        if (job.retryCount >= job.retryLimit) await service.giveUp(job.data.workspaceId, job.data.jobId, err);
        throw err;
      }
    },
  );
  // not awaited: a worker starts at once; until the check ends SMTP is tried as configured
  void verifier()
    .checkPort25()
    .then((r) => {
      if (r.reachable === false) log.warn?.({ target: r.target }, 'verification: port 25 is not reachable from this worker; SMTP results will be unknown (blocked)');
      else log.info?.({ target: r.target, reachable: r.reachable }, 'verification: port 25 check');
    })
    .catch(() => {});
  await jobs.createQueue(VERIFY_RETRY_QUEUE);
  await jobs.work(VERIFY_RETRY_QUEUE, { includeMetadata: true, batchSize: 1 }, async ([job]: JobWithMetadata<RetryJobData>[]) => {
    if (job) await service.retryGreylisted(job.data.workspaceId, job.data.emails);
  });
  await jobs.createQueue(VERIFY_PRUNE_QUEUE);
  await jobs.work(VERIFY_PRUNE_QUEUE, { batchSize: 1 }, async () => {
    const pruned = await service.pruneCache();
    if (pruned.addresses || pruned.domains) log.info?.(pruned, 'verification: cached results past their time deleted');
  });
  try {
    await jobs.schedule(VERIFY_PRUNE_QUEUE, '41 3 * * *', {}, { tz: 'UTC' });
  } catch (err) {
    // results past their time are never served (the reads check the age); they wait for the next start
    log.error({ err }, 'verification: could not schedule the cache prune');
  }
  for (const u of await service.unfinished()) {
    log.info?.({ verificationJobId: u.id }, 'verification job: resuming after a restart');
    await jobs.send(VERIFY_QUEUE, { workspaceId: u.workspaceId, jobId: u.id }, SEND_OPTIONS);
  }
}
