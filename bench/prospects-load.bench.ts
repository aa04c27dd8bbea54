/**
 * The prospect generator and loader (issue 28): where a load's time goes. First the generator
 * alone (rows, COPY lines and facet counts built, nothing sent: the JavaScript's ceiling), then
 * the whole load into its own embedded PostgreSQL (COPY into new tables, indexes, ANALYZE, swap),
 * each index's build time, and how long the swap held the live tables.
 *
 *   BENCH_PEOPLE=2000000 npm run bench:prospects-load -w bench
 *
 * Env: DATABASE_URL (else an embedded PostgreSQL under .data/bench-prospects-load, port
 * BENCH_PG_PORT 5495), BENCH_PEOPLE (1000000), BENCH_GENERATOR_ONLY=1 (skip the load); the
 * load's options, else the loader's defaults (prospects-store.ts LoadOptions): BENCH_COPY_STREAMS,
 * BENCH_INDEX_JOBS, BENCH_INDEX_MEM (maintenance_work_mem), BENCH_PARALLEL_WORKERS.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { createDb } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { generateProspects } from '../apps/server/src/modules/prospects/cli/prospects-generator.js';
import { personCopyLine, companyCopyLine } from '../apps/server/src/modules/prospects/cli/prospect-rows.js';
import { generateIntoDatabase } from '../apps/server/src/modules/prospects/cli/prospects.cli.js';
import type { LoadOptions } from '../apps/server/src/modules/prospects/cli/prospects-store.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 1_000_000);
const log = (m: string) => console.log(`[bench] ${m}`);
/**
 * CPU seconds PostgreSQL's processes used: the postmaster's own and its reaped children's (each
 * load connection ends with the load), read from /proc; null when the server is not local.
 */
function postgresCpuSeconds(dataDir: string | null): number | null {
  try {
    if (!dataDir) return null;
    const pid = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]!;
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime, stime, cutime, cstime: fields 14-17 of stat, 12-15 after the name
    return fields.slice(11, 15).reduce((a, b) => a + Number(b), 0) / 100;
  } catch {
    return null;
  }
}

const rate = (n: number, ms: number) => Math.round(n / (ms / 1000)).toLocaleString('en-US');

function generatorOnly() {
  const started = performance.now();
  let bytes = 0;
  let pos = 0;
  for (const { company, people } of generateProspects({ people: PEOPLE, seed: 'bench' })) {
    bytes += companyCopyLine(company).length;
    for (const p of people) bytes += personCopyLine(p, pos++).length;
  }
  const ms = performance.now() - started;
  console.log(`generator alone: ${rate(PEOPLE, ms)} people/s (${(ms / 1000).toFixed(1)} s, ${(bytes / 1e6).toFixed(0)} MB of COPY text)`);
}

async function main() {
  generatorOnly();
  if (process.env.BENCH_GENERATOR_ONLY) return;
  let databaseUrl = process.env.DATABASE_URL;
  let stop = async () => {};
  let pgDir: string | null = null;
  if (!databaseUrl) {
    const dataDir = path.resolve(ROOT, '.data/bench-prospects-load');
    const pg = await startEmbeddedPostgres(dataDir, Number(process.env.BENCH_PG_PORT ?? 5495));
    databaseUrl = pg.url;
    pgDir = dataDir;
    stop = pg.stop;
    log(`embedded PostgreSQL under ${dataDir}`);
  }
  const db = createDb(databaseUrl, { max: 4 });
  try {
    await migrate(db.pool);
    const server = (await db.pool.query<{ v: string; c: string }>(`select current_setting('server_version') as v, datcollate as c from pg_database where datname = current_database()`)).rows[0]!;
    log(`PostgreSQL ${server.v}, collation ${server.c}`);
    // unset: the loader's own defaults (what `prospects generate` uses)
    const env = (name: string) => process.env[name];
    const options: LoadOptions = {
      ...(env('BENCH_COPY_STREAMS') ? { copyStreams: Number(env('BENCH_COPY_STREAMS')) } : {}),
      ...(env('BENCH_INDEX_JOBS') ? { indexJobs: Number(env('BENCH_INDEX_JOBS')) } : {}),
      ...(env('BENCH_INDEX_MEM') ? { indexMemory: env('BENCH_INDEX_MEM') } : {}),
      ...(env('BENCH_PARALLEL_WORKERS') ? { parallelWorkers: Number(env('BENCH_PARALLEL_WORKERS')) } : {}),
    };
    log(`loading ${PEOPLE.toLocaleString('en-US')} people (${JSON.stringify(options)})…`);
    const cpu = process.cpuUsage();
    const pgBefore = postgresCpuSeconds(pgDir);
    const r = await generateIntoDatabase(db.pool, { people: PEOPLE, seed: 'bench' }, log, options);
    const used = process.cpuUsage(cpu);
    // this process works during the COPY only (the generator, COPY lines, facet counts, the socket)
    const nodeS = (used.user + used.system) / 1e6;
    // the load's connections have ended: their CPU is in the postmaster's children's
    await new Promise((r) => setTimeout(r, 500));
    const pgAfter = postgresCpuSeconds(pgDir);
    console.log(
      `load: ${rate(r.people, r.ms)} people/s (${(r.ms / 1000).toFixed(1)} s: COPY ${(r.copyMs / 1000).toFixed(1)} s at ${rate(r.people, r.copyMs)} people/s, ` +
        `indexes ${(r.indexMs / 1000).toFixed(1)} s, analyze ${(r.analyzeMs / 1000).toFixed(1)} s; the swap held the live tables ${r.swapLockMs.toFixed(0)} ms; ` +
        `node busy ${nodeS.toFixed(1)} s of the COPY's ${(r.copyMs / 1000).toFixed(1)} s)`,
    );
    if (pgBefore !== null && pgAfter !== null) {
      console.log(`CPU: PostgreSQL ${(pgAfter - pgBefore).toFixed(1)} s + node ${nodeS.toFixed(1)} s for a load of ${(r.ms / 1000).toFixed(1)} s on ${os.cpus().length} cores`);
    }
    for (const i of r.indexes) console.log(`  ${(i.ms / 1000).toFixed(1).padStart(6)} s  ${i.name}`);
  } finally {
    await db.close();
    await stop();
  }
}

await main();
