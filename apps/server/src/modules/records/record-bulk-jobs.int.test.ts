import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { ownerContext } from '../../../test/records-kit.js';
import { createRecordBulkJobs } from './record-bulk-jobs.service.js';

/**
 * The bulk job runner (decision 0029): batches of ids in id order, each committed with its
 * checkpoint; a job a stopped server left running goes on after its last committed batch.
 */
let t: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
});
afterAll(async () => {
  await t?.close();
});

const ids = ['01000000-0000-7000-8000-000000000001', '01000000-0000-7000-8000-000000000002', '01000000-0000-7000-8000-000000000003',
  '01000000-0000-7000-8000-000000000004', '01000000-0000-7000-8000-000000000005'];

/** A runner over five fake records (a delete): what each batch was given. */
function runner() {
  const batches: string[][] = [];
  const jobs = createRecordBulkJobs({
    uow: t.container.uow,
    entity: 'contacts',
    batchSize: 2,
    batchIds: async (_tx, _ws, _spec, afterId, limit) => ids.filter((id) => !afterId || id > afterId).slice(0, limit),
    count: async () => ids.length,
    checkSelection: async () => {},
    update: { checkIn: async () => {}, batchIn: async () => ({ affected: 0, skipped: 0 }), finishIn: async () => {} },
    delete: {
      batchIn: async (_tx, _ctx, batch) => {
        batches.push(batch);
        return { affected: batch.length - 1, skipped: 1 };
      },
      finishIn: async () => {},
    },
    // queued for a worker that never comes: the test runs the job itself
    queue: async () => {},
  });
  return { jobs, batches };
}

describe('bulk job runner', () => {
  it('goes through the matches in batches, each committed with its progress', async () => {
    const { jobs, batches } = runner();
    const ctx = ownerContext(owner);
    const { job } = await jobs.start(ctx, 'delete', { q: 'x' });
    await jobs.run(owner.me.workspace.id, job.id);
    expect(batches).toEqual([ids.slice(0, 2), ids.slice(2, 4), ids.slice(4)]);
    expect(await jobs.get(ctx, job.id)).toMatchObject({
      status: 'completed', total: 5, done: 5, affected: 2, skipped: 3,
    });
  });

  it('resumes a job a stopped server left running after its last committed batch', async () => {
    const { jobs, batches } = runner();
    const ctx = ownerContext(owner);
    const { job } = await jobs.start(ctx, 'delete', { q: 'x' });
    // as the crash left it: running, two batches committed
    await t.container.uow.tenant({ workspaceId: owner.me.workspace.id }, (tx) =>
      tx.execute(sql`update record_bulk_jobs set status = 'running', total = 5, done = 4, affected = 2, skipped = 2, last_id = ${ids[3]}::uuid where id = ${job.id}`),
    );
    expect((await jobs.unfinished()).map((j) => j.id)).toContain(job.id);
    await jobs.run(owner.me.workspace.id, job.id);
    expect(batches).toEqual([ids.slice(4)]);
    expect(await jobs.get(ctx, job.id)).toMatchObject({ status: 'completed', done: 5, affected: 2, skipped: 3 });
    expect((await jobs.unfinished()).map((j) => j.id)).not.toContain(job.id);
  });
});
