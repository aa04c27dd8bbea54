import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrate } from '../../../db/migrate.js';
import { APP_ROLE } from '../../../db/client.js';
import { generateProspects } from './prospects-generator.js';
import { generateIntoDatabase } from './prospects.cli.js';
import { replaceProspects, type ProspectSink } from './prospects-store.js';
import { dropDatabase, freshDatabase } from '../../../../test/scratch-database.js';

/**
 * A load writes new tables and swaps them in (decision 0042): searches read the live tables
 * all through a load, and a failed load leaves them as they were. In a database of its own
 * (the prospect tables are global: loading into the run's database would replace the set other
 * tests read).
 */
let pool: pg.Pool;
const name = `leadtrail_prospects_swap_${process.pid}`;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await freshDatabase(inject('databaseUrl'), name), max: 4 });
  pool.on('error', () => {});
  await migrate(pool);
  await generateIntoDatabase(pool, { people: 400, seed: 'old' });
}, 60_000);
afterAll(async () => {
  await pool?.end();
  await dropDatabase(inject('databaseUrl'), name);
});

/** What a search sees, as the app's role (read-only to it), and how long it took to answer. */
async function search() {
  const c = await pool.connect();
  try {
    await c.query('begin');
    await c.query(`set local role ${APP_ROLE}`);
    // a search that had to wait for the load would fail here rather than hang the test
    await c.query(`set local lock_timeout = '2s'`);
    const started = performance.now();
    const people = await c.query<{ n: number; first: string }>(
      `select count(*)::int as n, min(id::text) as first from prospect_people`,
    );
    const load = await c.query<{ value: string }>(`select value from prospect_facet_counts where dimension = 'load'`);
    const companies = await c.query<{ n: number }>('select count(*)::int as n from prospect_companies');
    const ms = performance.now() - started;
    await c.query('commit');
    return { people: people.rows[0]!.n, first: people.rows[0]!.first, companies: companies.rows[0]!.n, load: load.rows[0]?.value, ms };
  } finally {
    c.release();
  }
}

const leftovers = async () =>
  (await pool.query<{ relname: string }>(`select relname from pg_class where relname ~ '^prospect_(people|companies|facet_counts)_(load|old)$' or relname like 'prospect_load_%'`)).rows.map((r) => r.relname);

/** A feed of the generated set `seed` that stops after `holdAfter` people until `release` is called. */
function heldFeed(seed: string, people: number, holdAfter: number) {
  let release!: () => void;
  let reached!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const atHold = new Promise<void>((r) => (reached = r));
  const feed = async (sink: ProspectSink) => {
    let n = 0;
    for (const { company, people: rows } of generateProspects({ people, seed })) {
      sink.company(company);
      for (const p of rows) {
        if (n++ === holdAfter) {
          reached();
          await released;
        }
        await sink.person(p);
      }
    }
  };
  return { feed, release, atHold };
}

const feedOf = (seed: string, people: number) => async (sink: ProspectSink) => {
  for (const { company, people: rows } of generateProspects({ people, seed })) {
    sink.company(company);
    for (const p of rows) await sink.person(p);
  }
};

const firstId = (seed: string, people: number) => [...generateProspects({ people, seed })].flatMap((g) => g.people.map((p) => p.id)).sort()[0];

describe('a prospect load swaps its new tables in', () => {
  it('searches answer at once from the old data all through a load, and from the new data after its swap', async () => {
    const before = await search();
    expect(before).toMatchObject({ people: 400, first: firstId('old', 400) });
    // a statement a web process prepared on its connection before the swap (core/prepared-statements.ts)
    const web = await pool.connect();
    await web.query(`set role ${APP_ROLE}`);
    const prepared = () => web.query<{ n: number }>({ name: 'swap_probe', text: 'select count(*)::int as n from prospect_people where pos >= $1', values: [0] }).then((r) => r.rows[0]!.n);
    expect(await prepared()).toBe(400);

    const held = heldFeed('new', 700, 300);
    const load = replaceProspects(pool, held.feed);
    await held.atHold; // mid-COPY: 300 people written to the new table
    const during = await search();
    expect(during).toMatchObject({ people: 400, first: before.first, companies: before.companies, load: before.load });
    expect(during.ms).toBeLessThan(1000);

    // a second load waits for this one (they would write the same new tables)
    let secondStarted = false;
    const second = replaceProspects(pool, (sink) => {
      secondStarted = true;
      return feedOf('second', 500)(sink);
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(secondStarted).toBe(false);

    held.release();
    const result = await load;
    expect(result.people).toBe(700);
    expect(result.swapLockMs).toBeLessThan(1000);
    await second;
    const after = await search();
    expect(after).toMatchObject({ people: 500, first: firstId('second', 500) });
    expect(after.load).not.toBe(before.load);
    // re-planned against the new table (PostgreSQL keeps the statement's text, not the old table)
    expect(await prepared()).toBe(500);
    web.release(true);
    expect(await leftovers()).toEqual([]);
    // positions are the load order, as before
    expect((await pool.query('select min(pos) as lo, max(pos) as hi, count(distinct pos)::int as n from prospect_people')).rows[0]).toEqual({ lo: 0, hi: 499, n: 500 });
  });

  it('a load that fails mid-COPY or at its indexes leaves the live tables as they were and no new tables', async () => {
    const before = await search();
    const failing = replaceProspects(pool, async (sink) => {
      for (const { company, people } of generateProspects({ people: 300, seed: 'broken' })) {
        sink.company(company);
        for (const p of people) await sink.person(p);
      }
      throw new Error('the file ended early');
    });
    await expect(failing).rejects.toThrow(/ended early/);
    expect(await search()).toMatchObject({ people: before.people, first: before.first, load: before.load });
    expect(await leftovers()).toEqual([]);

    // the same person twice: the new table's primary key can't be built
    const duplicate = replaceProspects(pool, async (sink) => {
      const [first] = generateProspects({ people: 5, seed: 'dup' });
      sink.company(first!.company);
      for (const p of [...first!.people, first!.people[0]!]) await sink.person(p);
    });
    await expect(duplicate).rejects.toThrow(/duplicate key|could not create unique index/);
    expect(await search()).toMatchObject({ people: before.people, first: before.first, load: before.load });
    expect(await leftovers()).toEqual([]);
  });

  it('refuses to load while something refers to a live table by its OID (a view would follow the old table)', async () => {
    const before = await search();
    await pool.query('create view prospect_people_view_for_test as select id from prospect_people');
    try {
      await expect(generateIntoDatabase(pool, { people: 50, seed: 'view' })).rejects.toThrow(/prospect_people is referred to by .*view prospect_people_view_for_test/);
    } finally {
      await pool.query('drop view prospect_people_view_for_test');
    }
    expect(await search()).toMatchObject({ people: before.people, load: before.load });
    expect(await leftovers()).toEqual([]);
    // prospect_reveals refers to people by value (no foreign key): loads don't touch it
    const fks = await pool.query(`select conname from pg_constraint where contype = 'f' and confrelid in ('prospect_people'::regclass, 'prospect_companies'::regclass)`);
    expect(fks.rows).toEqual([]);
  });

  it('loads the same rows through two COPY streams and one index connection as through one stream and two', async () => {
    const read = () => pool.query('select id, pos, search::text, has_email from prospect_people order by pos').then((r) => r.rows);
    await replaceProspects(pool, feedOf('streams', 900), undefined, { copyStreams: 2, indexJobs: 1 });
    const two = await read();
    await replaceProspects(pool, feedOf('streams', 900), undefined, { copyStreams: 1, indexJobs: 2 });
    expect(await read()).toEqual(two);
    expect(two).toHaveLength(900);
    expect(await leftovers()).toEqual([]);
  });

  it('a long query in the live tables delays the swap, not the searches that come meanwhile', async () => {
    const reader = await pool.connect();
    try {
      await reader.query('begin');
      await reader.query('select count(*) from prospect_people');
      let done = false;
      const load = replaceProspects(pool, feedOf('after-reader', 600)).finally(() => (done = true));
      const slowest: number[] = [];
      const until = performance.now() + 2000;
      while (performance.now() < until) {
        const t = performance.now();
        await search();
        slowest.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(done).toBe(false); // still waiting for the reader
      // each search waited at most one of the swap's lock attempts (250 ms)
      expect(Math.max(...slowest)).toBeLessThan(800);
      await reader.query('commit');
      await load;
      expect((await search()).first).toBe(firstId('after-reader', 600));
    } finally {
      reader.release(true);
    }
  });

  it('a load clears what a load that died left behind (new tables, old tables not yet dropped)', async () => {
    await pool.query('create table prospect_people_load (like prospect_people including all)');
    await pool.query('create table prospect_companies_old (like prospect_companies)');
    await generateIntoDatabase(pool, { people: 200, seed: 'after-crash' });
    expect(await leftovers()).toEqual([]);
    expect((await search()).people).toBe(200);
  });
});
