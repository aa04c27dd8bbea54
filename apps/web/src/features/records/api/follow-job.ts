import type { RecordBulkJob } from '@leadtrail/contracts';

/** How often a bulk job's progress is asked for. */
export const JOB_POLL_MS = 500;

/**
 * Follows a bulk job (decision 0029) until it ends, telling each state it is seen in; a failed
 * job is an error with its message.
 */
export async function followJob(
  job: RecordBulkJob,
  get: (id: string) => Promise<RecordBulkJob>,
  onProgress?: (job: RecordBulkJob) => void,
  pollMs = JOB_POLL_MS,
): Promise<RecordBulkJob> {
  let now = job;
  for (;;) {
    onProgress?.(now);
    if (now.status === 'completed') return now;
    if (now.status === 'failed') throw new Error(now.error ?? 'The bulk change failed');
    await new Promise((done) => setTimeout(done, pollMs));
    now = await get(job.id);
  }
}
