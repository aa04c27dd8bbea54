/**
 * The reveal part of bench:prospects (issue 10): a reveal of one person (target p95 ≤ 50 ms) next
 * to a signed-in read of the balance, and a bulk reveal of 10,000 (target ≤ 20 s) next to a bare
 * SQL insert of the same number of contacts (rolled back), both in the same run. People not yet
 * revealed by the bench workspace are chosen, so a reused database measures paid reveals.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Container } from '../apps/server/src/container.js';
import { time } from './timing.js';


export async function measureReveals(opts: {
  app: FastifyInstance;
  container: Container;
  client: pg.Client;
  workspaceId: string;
  headers: Record<string, string>;
  runs: number;
  log: (m: string) => void;
}): Promise<string[]> {
  const { app, container, client, workspaceId, headers, runs, log } = opts;
  const bulk = 10_000;
  const fresh = async (n: number) =>
    (
      await client.query<{ id: string }>(
        `select p.id from prospect_people p where p.email is not null
           and not exists (select 1 from prospect_reveals r where r.workspace_id = $1 and r.prospect_id = p.id)
           and not exists (select 1 from contacts c where c.workspace_id = $1 and c.email = p.email)
         order by p.id desc limit $2`,
        [workspaceId, n],
      )
    ).rows.map((r) => r.id);
  await container.credits.adjust(workspaceId, runs + 10 + bulk, 'bench');
  const singles = await fresh(runs + 3);
  let key = 0;
  const reveal = async (ids: string[]) => {
    const r = await app.inject({
      method: 'POST',
      url: '/api/v1/prospects/reveal',
      headers: { ...headers, 'idempotency-key': `bench-${Date.now()}-${++key}` },
      payload: { ids, fields: 'email' },
    });
    if (r.statusCode !== 200 && r.statusCode !== 202) throw new Error(`reveal: ${r.statusCode} ${r.body.slice(0, 300)}`);
    return r.json() as { id?: string; charged?: number };
  };
  const one = await time(() => reveal([singles.pop()!]), runs, 3);
  const read = await time(() => app.inject({ method: 'GET', url: '/api/v1/credits', headers }), runs, 0);
  log(`reveal of 1: median ${one.median.toFixed(1)} ms, p95 ${one.p95.toFixed(1)} ms (GET /credits ${read.median.toFixed(1)} ms)`);

  const ids = await fresh(bulk);
  const sqlStart = performance.now();
  await client.query('begin');
  await client.query(
    `insert into contacts (workspace_id, id, first_name, last_name, email, source)
     select $1, gen_random_uuid(), first_name, last_name, email, 'prospect' from prospect_people where id = any($2::uuid[])`,
    [workspaceId, ids],
  );
  await client.query('rollback');
  const sqlMs = performance.now() - sqlStart;
  const start = performance.now();
  const job = await reveal(ids);
  let status = '';
  while (status !== 'completed' && status !== 'failed') {
    await new Promise((r) => setTimeout(r, 100));
    const r = await app.inject({ method: 'GET', url: `/api/v1/prospects/reveal-jobs/${job.id}`, headers });
    status = (r.json() as { status: string }).status;
  }
  const bulkMs = performance.now() - start;
  log(`bulk reveal of ${ids.length.toLocaleString('en-US')}: ${(bulkMs / 1000).toFixed(1)} s, ${status} (bare SQL insert ${(sqlMs / 1000).toFixed(2)} s)`);
  return [
    ['reveal of 1', one.median.toFixed(1), one.p95.toFixed(1), read.median.toFixed(1), `${(one.median / Math.max(read.median, 0.01)).toFixed(1)}x (vs GET /credits)`, '<= 50', one.p95 <= 50 ? 'yes' : 'NO'].join(' | '),
    [`bulk reveal of ${ids.length}`, bulkMs.toFixed(0), '-', sqlMs.toFixed(0), `${(bulkMs / Math.max(sqlMs, 0.01)).toFixed(1)}x (vs bare insert)`, '<= 20000', bulkMs <= 20_000 && status === 'completed' ? 'yes' : 'NO'].join(' | '),
  ];
}
