import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { StartupError } from '../lib/startup-error.js';

export const migrationsDir = path.join(import.meta.dirname, 'migrations');

/** Committed SQL files, applied in name order, each once, under an advisory lock. */
export function migrationFiles(): string[] {
  return fs
    .readdirSync(migrationsDir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
}

async function ensureTable(client: pg.PoolClient | pg.Pool) {
  await client.query(
    `create table if not exists schema_migrations (
       name text primary key,
       applied_at timestamptz not null default now()
     )`,
  );
}

export async function pendingMigrations(pool: pg.Pool): Promise<string[]> {
  const exists = await pool.query(`select to_regclass('public.schema_migrations') as t`);
  const applied = new Set<string>();
  if (exists.rows[0]?.t) {
    const r = await pool.query<{ name: string }>('select name from schema_migrations');
    for (const row of r.rows) applied.add(row.name);
  }
  return migrationFiles().filter((f) => !applied.has(f));
}

export async function migrate(pool: pg.Pool, log: (msg: string) => void = () => {}) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(727100)');
    await ensureTable(client);
    const r = await client.query<{ name: string }>('select name from schema_migrations');
    const applied = new Set(r.rows.map((row) => row.name));
    for (const file of migrationFiles()) {
      if (applied.has(file)) continue;
      const text = fs.readFileSync(path.join(migrationsDir, file), 'utf8');
      await client.query('begin');
      try {
        await client.query(text);
        await client.query('insert into schema_migrations (name) values ($1)', [file]);
        await client.query('commit');
        log(`migration applied: ${file}`);
      } catch (err) {
        await client.query('rollback');
        throw new StartupError(
          `Migration ${file} failed: ${(err as Error).message}`,
          `nothing of ${file} was applied (each migration runs in one transaction; the earlier ones stay): correct what the error names in the database, or the file in apps/server/src/db/migrations/ if it is yours, and start again`,
          { cause: err },
        );
      }
    }
  } finally {
    await client.query('select pg_advisory_unlock(727100)').catch(() => {});
    client.release();
  }
}
