import fs from 'node:fs';
import type pg from 'pg';
import { DEFAULT_SEED, generateProspects } from './prospects-generator.js';
import { CSV_HEADER, csvLine } from './prospect-rows.js';
import { countProspects, replaceProspects, withProspectLoadLock, type LoadOptions, type LoadResult } from './prospects-store.js';
import { loadProspectsCsv } from './prospects-csv-loader.js';

/** People the default start loads into an empty prospect database. */
export const DEFAULT_START_PEOPLE = 20_000;

/** Generates `people` synthetic people (and their companies) into the database, replacing what is there. */
export async function generateIntoDatabase(
  pool: pg.Pool,
  opts: { people: number; seed?: string },
  log: (msg: string) => void = () => {},
  load: LoadOptions = {},
): Promise<LoadResult> {
  return replaceProspects(
    pool,
    async (sink) => {
      for (const { company, people } of generateProspects(opts)) {
        sink.company(company);
        for (const p of people) await sink.person(p);
      }
    },
    log,
    load,
  );
}

/** `npm start`: an empty prospect database gets the default synthetic set. */
export async function ensureDefaultProspects(pool: pg.Pool, log: (msg: string) => void): Promise<void> {
  if ((await countProspects(pool)) > 0) return;
  await withProspectLoadLock(pool, async () => {
    if ((await countProspects(pool)) > 0) return; // another process loaded it meanwhile
    log(`prospect database empty: generating ${DEFAULT_START_PEOPLE.toLocaleString('en')} synthetic people`);
    await generateIntoDatabase(pool, { people: DEFAULT_START_PEOPLE }, log);
  });
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

const USAGE = `usage:
  prospects generate --people N [--seed S] [--csv FILE]   synthetic people (replaces the prospect database, or writes a CSV)
  prospects load FILE                                     a licensed CSV with the generator's columns (replaces the database)`;

/** `main.ts prospects …` (as the owner role: the app's role can't write these tables). */
export async function runProspectsCommand(pool: pg.Pool, args: string[], log: (msg: string) => void): Promise<void> {
  const [sub, ...rest] = args;
  if (sub === 'generate') {
    const people = Number(option(rest, '--people') ?? DEFAULT_START_PEOPLE);
    if (!Number.isInteger(people) || people < 1 || people > 100_000_000) throw new Error(`--people must be a whole number from 1 to 100,000,000\n${USAGE}`);
    const seed = option(rest, '--seed') ?? DEFAULT_SEED;
    const csv = option(rest, '--csv');
    if (csv) {
      const out = fs.createWriteStream(csv);
      const write = (s: string) => (out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r())));
      await write(CSV_HEADER.join(',') + '\r\n');
      for (const { company, people: rows } of generateProspects({ people, seed })) {
        for (const p of rows) await write(csvLine(p, company));
      }
      await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
      log(`prospects: ${people} people written to ${csv}`);
      return;
    }
    const r = await generateIntoDatabase(pool, { people, seed }, log);
    log(`prospects: ${r.people} people, ${r.companies} companies (seed "${seed}"): ${Math.round(r.people / (r.ms / 1000)).toLocaleString('en')} people/s`);
    return;
  }
  if (sub === 'load') {
    const file = rest.find((a) => !a.startsWith('--'));
    if (!file) throw new Error(`load needs a CSV file\n${USAGE}`);
    const r = await loadProspectsCsv(pool, file, log);
    log(`prospects: ${r.people} people, ${r.companies} companies loaded from ${file}${r.skipped ? ` (${r.skipped} rows without a name or email skipped)` : ''}`);
    return;
  }
  throw new Error(USAGE);
}
