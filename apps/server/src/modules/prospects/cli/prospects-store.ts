import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Writable } from 'node:stream';
import type { ProspectFacetName } from '@leadtrail/contracts';
import { LIVE_TABLES, createLoadTables, dropLeftovers, loadName, swapLoadTables, type LoadPlan } from './prospect-load-tables.js';
import { COMPANY_COLUMNS, PERSON_COLUMNS, companyCopyLine, personCopyLine, type ProspectCompanyRow, type ProspectPersonRow } from './prospect-rows.js';

/**
 * The one writer of the prospect tables, as the owner role (the app's role may only read them):
 * a load replaces the whole prospect database (replaceProspects).
 */

export type ProspectSink = {
  company(c: ProspectCompanyRow): void;
  person(p: ProspectPersonRow): Promise<void> | void;
};

const FLUSH_BYTES = 256 * 1024;

/** A COPY stream written in large chunks, waiting when PostgreSQL is behind. */
function bufferedWriter(stream: Writable) {
  let buf = '';
  // PostgreSQL refusing a row (or the connection closing) fails the stream: the next write says so
  let failed: Error | null = null;
  stream.on('error', (err: Error) => (failed = err));
  const flush = async () => {
    if (failed) throw failed;
    if (!buf) return;
    const chunk = buf;
    buf = '';
    if (!stream.write(chunk)) {
      // both listeners go once either fires (thousands of waits per load)
      await new Promise<void>((resolve, reject) => {
        const drained = () => {
          stream.off('error', failedNow);
          resolve();
        };
        const failedNow = (err: Error) => {
          stream.off('drain', drained);
          reject(err);
        };
        stream.once('drain', drained);
        stream.once('error', failedNow);
      });
    }
  };
  return {
    async write(line: string) {
      buf += line;
      if (buf.length >= FLUSH_BYTES) await flush();
    },
    async end() {
      await flush();
      await new Promise<void>((resolve, reject) => {
        stream.once('finish', resolve);
        stream.once('error', reject);
        stream.end();
      });
    },
  };
}

/** Lines dealt to several writers in turns of FLUSH_BYTES (a chunk each, as each flushes). */
function spread(writers: ReturnType<typeof bufferedWriter>[]) {
  let at = 0;
  let bytes = 0;
  return {
    write(line: string) {
      const w = writers[at]!;
      bytes += line.length;
      if (bytes >= FLUSH_BYTES) {
        bytes = 0;
        at = (at + 1) % writers.length;
      }
      return w.write(line);
    },
    end: () => Promise.all(writers.map((w) => w.end())),
  };
}

/** The empty search's facet counts, counted while the rows stream by (no second pass over the table). */
function facetCounter() {
  // a map per dimension: no key string built per person and dimension
  const dims = ['seniority', 'department', 'industry', 'employeeRange', 'revenueRange', 'country', 'emailStatus', 'hasEmail', 'hasPhone'] as const satisfies readonly ProspectFacetName[];
  const counts = dims.map(() => new Map<string, number>());
  const [seniority, department, industry, employeeRange, revenueRange, country, emailStatus, hasEmail, hasPhone] = counts as [
    Map<string, number>, Map<string, number>, Map<string, number>, Map<string, number>, Map<string, number>,
    Map<string, number>, Map<string, number>, Map<string, number>, Map<string, number>,
  ];
  let total = 0;
  const add = (m: Map<string, number>, value: string | null) => {
    if (value !== null) m.set(value, (m.get(value) ?? 0) + 1);
  };
  return {
    person(p: ProspectPersonRow) {
      total++;
      add(seniority, p.seniority);
      add(department, p.department);
      add(industry, p.industry);
      add(employeeRange, p.employeeRange);
      add(revenueRange, p.revenueRange);
      add(country, p.country);
      add(emailStatus, p.emailStatus);
      add(hasEmail, p.email !== null ? 'true' : 'false');
      add(hasPhone, p.phone !== null ? 'true' : 'false');
    },
    rows(): [string[], string[], number[]] {
      const entries = dims.flatMap((dim, i) => [...counts[i]!].map(([value, n]) => [dim, value, n] as [string, string, number]));
      entries.push(['total', '', total]);
      // which load this is: the in-memory facet index reloads when it changes
      entries.push(['load', randomUUID(), total]);
      return [entries.map((e) => e[0]), entries.map((e) => e[1]), entries.map((e) => e[2])];
    },
  };
}

export type LoadResult = {
  people: number;
  companies: number;
  ms: number;
  /** the feed and COPY into the new tables */
  copyMs: number;
  /** the indexes and key constraints of the new tables */
  indexMs: number;
  /** ANALYZE of the new tables (the planner has statistics from the swap on), VACUUM too when their rows were not frozen */
  analyzeMs: number;
  /** how long the swap held the live tables (what a search could wait for) */
  swapLockMs: number;
  /** each index's build, in the order they started */
  indexes: { name: string; ms: number }[];
};

export type LoadOptions = {
  /** COPY streams of the people, each on its own connection */
  copyStreams?: number;
  /** connections building indexes at once (the biggest first); 2 measured best on 2 cores */
  indexJobs?: number;
  /** maintenance_work_mem of each index connection */
  indexMemory?: string;
  /** max_parallel_maintenance_workers of each index connection (btree builds only) */
  parallelWorkers?: number;
};

/**
 * Runs fn while holding the prospect load's advisory lock, so that processes starting together
 * (a web and a worker on an empty database, parallel test files) check and load once.
 */
export async function withProspectLoadLock<T>(pool: pg.Pool, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(727110)');
    return await fn();
  } finally {
    await client.query('select pg_advisory_unlock(727110)').catch(() => {});
    client.release();
  }
}

/**
 * The load's own lock (a key apart from withProspectLoadLock's, which a caller may hold on
 * another connection around the load): two loads never write the same new tables. Session
 * level, on the load's connection: it ends with that connection, however the load ends.
 */
const LOAD_LOCK = 727111;

/** Settings of a load's own connections (destroyed afterwards, so none leaks into the pool). */
const LOAD_SESSION = `set statement_timeout = 0; set idle_in_transaction_session_timeout = 0; set lock_timeout = 0; set synchronous_commit = off`;

/**
 * Builds the indexes on `jobs` connections of their own, the longest first so that none is left
 * running alone at the end: the GIN ones (PostgreSQL builds those on one core), then by the live
 * index's size (what the last load's build sorted).
 */
async function buildIndexes(pool: pg.Pool, plan: LoadPlan, opts: Required<LoadOptions>): Promise<{ name: string; ms: number }[]> {
  const times: { name: string; ms: number }[] = [];
  const queue = [...plan.indexes].sort((a, b) => Number(b.gin) - Number(a.gin) || b.bytes - a.bytes);
  const worker = async () => {
    const c = new pg.Client(pool.options);
    c.on('error', () => {});
    try {
      await c.connect();
      await c.query(`${LOAD_SESSION}; set maintenance_work_mem = ${c.escapeLiteral(opts.indexMemory)}; set max_parallel_maintenance_workers = ${Number(opts.parallelWorkers)}`);
      for (let job = queue.shift(); job; job = queue.shift()) {
        const t = { name: job.name, ms: performance.now() };
        times.push(t);
        await c.query(job.sql);
        t.ms = performance.now() - t.ms;
      }
    } catch (err) {
      queue.length = 0; // the other connections stop after their current index
      throw err;
    } finally {
      await c.end().catch(() => {});
    }
  };
  const results = await Promise.allSettled(Array.from({ length: Math.max(1, opts.indexJobs) }, worker));
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return times;
}

/**
 * Loads a whole new prospect database beside the live one and swaps it in (decision 0042):
 * the new tables are made like the live ones, filled by COPY (FREEZE: no later pass sets hint
 * bits), indexed on several connections and analyzed while searches keep reading the live
 * tables, then swapped with the empty search's facet counts (and their 'load' stamp, which makes
 * the web processes reload their facet index) in one short transaction. A failed load drops its
 * new tables and leaves the live ones as they were.
 */
export async function replaceProspects(
  pool: pg.Pool,
  feed: (sink: ProspectSink) => Promise<void>,
  log: (msg: string) => void = () => {},
  options: LoadOptions = {},
): Promise<LoadResult> {
  const opts: Required<LoadOptions> = { copyStreams: 1, indexJobs: 2, indexMemory: '1GB', parallelWorkers: 0, ...options };
  const started = performance.now();
  const client = await pool.connect();
  const loadClients: pg.Client[] = [];
  let created = false;
  let swapped = false;
  try {
    await client.query(LOAD_SESSION);
    await client.query('select pg_advisory_lock($1)', [LOAD_LOCK]);
    await dropLeftovers(client);
    created = true;
    const plan = await createLoadTables(client);

    const [people, companies] = LIVE_TABLES.map(loadName) as [string, string, string];
    // COPY FREEZE needs its table created or truncated in the same transaction, whose lock
    // would keep other streams out: one stream freezes, several don't
    const freeze = opts.copyStreams <= 1;
    await client.query('begin');
    if (freeze) await client.query(`truncate ${people}, ${companies}`);
    const companyLines: string[] = [];
    const facets = facetCounter();
    let count = 0;
    const personCopy = `copy ${people} (${PERSON_COLUMNS.map(([, c]) => c).join(', ')}, pos) from stdin`;
    // more streams: PostgreSQL parses the rows and computes the generated columns on more cores
    const extra = await Promise.all(
      Array.from({ length: Math.max(1, opts.copyStreams) - 1 }, async () => {
        const c = new pg.Client(pool.options);
        c.on('error', () => {});
        await c.connect();
        loadClients.push(c);
        await c.query(`${LOAD_SESSION}; begin`);
        return bufferedWriter(c.query(copyFrom(personCopy)));
      }),
    );
    const personWriter = spread([bufferedWriter(client.query(copyFrom(freeze ? `${personCopy} with (freeze)` : personCopy))), ...extra]);
    await feed({
      company: (c) => void companyLines.push(companyCopyLine(c)),
      person: (p) => {
        facets.person(p);
        return personWriter.write(personCopyLine(p, count++));
      },
    });
    await personWriter.end();
    for (const c of loadClients) await c.query('commit');
    const companyWriter = bufferedWriter(client.query(copyFrom(`copy ${companies} (${COMPANY_COLUMNS.map(([, c]) => c).join(', ')}) from stdin${freeze ? ' with (freeze)' : ''}`)));
    for (const line of companyLines) await companyWriter.write(line);
    await companyWriter.end();
    await client.query(
      `insert into ${loadName('prospect_facet_counts')} (dimension, value, count) select * from unnest($1::text[], $2::text[], $3::bigint[])`,
      facets.rows(),
    );
    await client.query('commit');
    const copied = performance.now();
    log(`prospects: ${count} people and ${companyLines.length} companies copied in ${((copied - started) / 1000).toFixed(1)} s; indexing…`);

    const indexes = await buildIndexes(pool, plan, opts);
    for (const i of plan.indexes) if (i.constraint) await client.query(i.constraint);
    for (const s of plan.stats) await client.query(s.sql);
    const indexed = performance.now();
    // after the indexes: ANALYZE also samples their expressions (lower(country), …)
    // rows not frozen by their COPY: VACUUM marks the pages all-visible (index-only scans,
    // a count's bitmap scan skipping the heap) before searches read them, not autovacuum later
    await client.query(`${freeze ? 'analyze' : 'vacuum (analyze)'} ${LIVE_TABLES.map(loadName).join(', ')}`);
    const analyzed = performance.now();

    const swapLockMs = await swapLoadTables(client, plan);
    swapped = true;
    const ms = performance.now() - started;
    log(`prospects: loaded in ${(ms / 1000).toFixed(1)} s (indexes ${((indexed - copied) / 1000).toFixed(1)} s; searches waited at most ${swapLockMs.toFixed(0)} ms for the swap)`);
    return {
      people: count,
      companies: companyLines.length,
      ms,
      copyMs: copied - started,
      indexMs: indexed - copied,
      analyzeMs: analyzed - indexed,
      swapLockMs,
      indexes,
    };
  } finally {
    // the load's connection goes (mid-COPY it can't be reused; its settings must not leak), and
    // with it the load lock; a failed load's new tables are dropped under that lock again, on a
    // fresh connection, so the drop never races another load's new tables
    client.release(true);
    await Promise.all(loadClients.map((c) => c.end().catch(() => {})));
    if (created && !swapped) await dropAfterFailure(pool);
  }
}

async function dropAfterFailure(pool: pg.Pool): Promise<void> {
  const c = new pg.Client(pool.options);
  c.on('error', () => {});
  try {
    await c.connect();
    await c.query('select pg_advisory_lock($1)', [LOAD_LOCK]);
    await dropLeftovers(c);
  } catch {
    // the next load drops them (dropLeftovers) before it starts
  } finally {
    await c.end().catch(() => {});
  }
}

/** How many people the prospect database holds (the start loads the default set when 0). */
export async function countProspects(pool: pg.Pool): Promise<number> {
  const r = await pool.query<{ n: string }>('select count(*) as n from (select 1 from prospect_people limit 1) x');
  return Number(r.rows[0]!.n);
}
