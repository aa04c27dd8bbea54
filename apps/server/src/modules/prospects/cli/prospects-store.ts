import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Writable } from 'node:stream';
import type { ProspectFacetName } from '@leadtrail/contracts';
import { COMPANY_COLUMNS, PERSON_COLUMNS, companyCopyLine, personCopyLine, type ProspectCompanyRow, type ProspectPersonRow } from './prospect-rows.js';

/**
 * Replaces the whole prospect database in one transaction, as the owner role (the app's role
 * may only read it): truncate, drop the indexes, COPY the people (streamed) and the companies,
 * rebuild the indexes once (much faster than maintaining them row by row), refresh the
 * empty search's facet counts. Readers see the old data until the commit.
 */

export type ProspectSink = {
  company(c: ProspectCompanyRow): void;
  person(p: ProspectPersonRow): Promise<void> | void;
};

const TABLES = ['prospect_people', 'prospect_companies'] as const;
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
      await new Promise<void>((resolve, reject) => {
        stream.once('drain', resolve);
        stream.once('error', reject);
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

type Ddl = { drop: string; create: string };

/** The secondary indexes and key constraints of a table, to drop before and recreate after a load. */
async function indexDdl(client: pg.PoolClient, table: string): Promise<Ddl[]> {
  const cons = await client.query<{ name: string; def: string }>(
    `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
      where conrelid = $1::regclass and contype in ('p', 'u')`,
    [table],
  );
  const idx = await client.query<{ name: string; def: string }>(
    `select indexname as name, indexdef as def from pg_indexes
      where schemaname = current_schema() and tablename = $1 and indexname <> all($2::text[])`,
    [table, cons.rows.map((c) => c.name)],
  );
  return [
    ...cons.rows.map((c) => ({ drop: `alter table ${table} drop constraint ${c.name}`, create: `alter table ${table} add constraint ${c.name} ${c.def}` })),
    ...idx.rows.map((i) => ({ drop: `drop index ${i.name}`, create: i.def })),
  ];
}

/** The empty search's facet counts, counted while the rows stream by (no second pass over the table). */
function facetCounter() {
  const counts = new Map<string, number>();
  let total = 0;
  const add = (dim: ProspectFacetName, value: string | null) => {
    if (value === null) return;
    const k = `${dim}\u0000${value}`;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  };
  return {
    person(p: ProspectPersonRow) {
      total++;
      add('seniority', p.seniority);
      add('department', p.department);
      add('industry', p.industry);
      add('employeeRange', p.employeeRange);
      add('revenueRange', p.revenueRange);
      add('country', p.country);
      add('emailStatus', p.emailStatus);
      add('hasEmail', String(p.email !== null));
      add('hasPhone', String(p.phone !== null));
    },
    rows(): [string[], string[], number[]] {
      const entries = [...counts].map(([k, n]) => [...k.split('\u0000'), n] as [string, string, number]);
      entries.push(['total', '', total]);
      // which load this is: the in-memory facet index reloads when it changes
      entries.push(['load', randomUUID(), total]);
      return [entries.map((e) => e[0]), entries.map((e) => e[1]), entries.map((e) => e[2])];
    },
  };
}

export type LoadResult = { people: number; companies: number; ms: number; copyMs: number; indexMs: number };

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

export async function replaceProspects(
  pool: pg.Pool,
  feed: (sink: ProspectSink) => Promise<void>,
  log: (msg: string) => void = () => {},
): Promise<LoadResult> {
  const started = Date.now();
  const client = await pool.connect();
  let ok = false;
  try {
    await client.query('begin');
    await client.query(`select set_config('maintenance_work_mem', '256MB', true), set_config('synchronous_commit', 'off', true),
                               set_config('statement_timeout', '0', true), set_config('idle_in_transaction_session_timeout', '0', true)`);
    await client.query(`lock table ${TABLES.join(', ')}, prospect_facet_counts in access exclusive mode`);
    const ddl = (await Promise.all(TABLES.map((t) => indexDdl(client, t)))).flat();
    await client.query(`truncate ${TABLES.join(', ')}, prospect_facet_counts`);
    for (const d of ddl) await client.query(d.drop);

    const companies: string[] = [];
    const facets = facetCounter();
    let people = 0;
    const personStream = client.query(copyFrom(`copy prospect_people (${PERSON_COLUMNS.map(([, c]) => c).join(', ')}, pos) from stdin`));
    const personWriter = bufferedWriter(personStream);
    await feed({
      company: (c) => void companies.push(companyCopyLine(c)),
      person: (p) => {
        facets.person(p);
        return personWriter.write(personCopyLine(p, people++));
      },
    });
    await personWriter.end();
    const companyWriter = bufferedWriter(client.query(copyFrom(`copy prospect_companies (${COMPANY_COLUMNS.map(([, c]) => c).join(', ')}) from stdin`)));
    for (const line of companies) await companyWriter.write(line);
    await companyWriter.end();
    const copied = Date.now();
    log(`prospects: ${people} people and ${companies.length} companies copied in ${((copied - started) / 1000).toFixed(1)} s; indexing…`);

    for (const d of ddl) await client.query(d.create);
    const indexed = Date.now();
    await client.query(
      'insert into prospect_facet_counts (dimension, value, count) select * from unnest($1::text[], $2::text[], $3::bigint[])',
      facets.rows(),
    );
    await client.query('commit');
    ok = true;
    await client.query(`analyze ${TABLES.join(', ')}`);
    const ms = Date.now() - started;
    log(`prospects: loaded in ${(ms / 1000).toFixed(1)} s (indexes ${((indexed - copied) / 1000).toFixed(1)} s)`);
    return { people, companies: companies.length, ms, copyMs: copied - started, indexMs: indexed - copied };
  } finally {
    // a failed load closes its connection (ending the transaction) rather than reuse it mid-COPY
    client.release(ok ? undefined : true);
  }
}

/** How many people the prospect database holds (the start loads the default set when 0). */
export async function countProspects(pool: pg.Pool): Promise<number> {
  const r = await pool.query<{ n: string }>('select count(*) as n from (select 1 from prospect_people limit 1) x');
  return Number(r.rows[0]!.n);
}
