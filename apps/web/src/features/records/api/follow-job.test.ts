import { describe, expect, it } from 'vitest';
import type { RecordBulkJob } from '@leadtrail/contracts';
import { followJob } from './follow-job';

const job = (over: Partial<RecordBulkJob>): RecordBulkJob => ({
  id: '01000000-0000-7000-8000-000000000001', entity: 'contacts', kind: 'update', status: 'queued', field: 'city',
  total: null, done: 0, affected: 0, skipped: 0, editId: null, error: null, createdAt: '2026-01-01T00:00:00Z', finishedAt: null, ...over,
});

describe('followJob', () => {
  it('tells each state until the job completed, and answers the last', async () => {
    const states = [job({ status: 'running', total: 4, done: 2 }), job({ status: 'completed', total: 4, done: 4, affected: 3 })];
    const seen: number[] = [];
    const done = await followJob(job({}), async () => states.shift()!, (j) => seen.push(j.done), 0);
    expect(seen).toEqual([0, 2, 4]);
    expect(done).toMatchObject({ status: 'completed', affected: 3 });
  });

  it("fails with the job's own message", async () => {
    await expect(followJob(job({}), async () => job({ status: 'failed', error: 'Stopped: the member was deactivated' }), undefined, 0)).rejects.toThrow(
      'Stopped: the member was deactivated',
    );
  });
});
