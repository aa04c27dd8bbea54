import type { Jobs } from '../../core/jobs.js';
import type { RecordEntity } from './record-spec.js';
import type { BulkJobQueue } from './record-bulk-jobs.service.js';

/** The queue of bulk edits and deletes by filter (decision 0029); a job carries its workspace, id and entity. */
export const RECORDS_BULK_QUEUE = 'records-bulk';

type BulkJobData = { workspaceId: string; id: string; entity: RecordEntity };
type Runner = {
  runBulkJob: (workspaceId: string, id: string) => Promise<void>;
  unfinishedBulkJobs: () => Promise<{ workspaceId: string; id: string }[]>;
};
type Log = { info?: (obj: object, msg?: string) => void };

// a job marks itself failed when it fails (its batches are committed): no retry runs it twice
const SEND_OPTIONS = { retryLimit: 0, expireInSeconds: 3600 };

export function recordsBulkQueue(jobs: Jobs): BulkJobQueue {
  return async (job) => {
    await jobs.createQueue(RECORDS_BULK_QUEUE);
    await jobs.send(RECORDS_BULK_QUEUE, job, SEND_OPTIONS);
  };
}

/**
 * One job at a time per worker process (its batches take heavy slots too), then the jobs a
 * stopped server left unfinished, each going on after its last committed batch.
 */
export async function attachRecordsBulkWorker(jobs: Jobs, services: Record<RecordEntity, Runner>, log: Log): Promise<void> {
  await jobs.createQueue(RECORDS_BULK_QUEUE);
  await jobs.work(RECORDS_BULK_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]: { data: BulkJobData }[]) => {
    if (job) await services[job.data.entity].runBulkJob(job.data.workspaceId, job.data.id);
  });
  for (const entity of ['contacts', 'companies'] as const) {
    for (const u of await services[entity].unfinishedBulkJobs()) {
      log.info?.({ bulkJobId: u.id }, 'bulk job: resuming after a restart');
      await jobs.send(RECORDS_BULK_QUEUE, { workspaceId: u.workspaceId, id: u.id, entity }, SEND_OPTIONS);
    }
  }
}
