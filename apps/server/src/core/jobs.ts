import pg from 'pg';
import { PgBoss } from 'pg-boss';

export type Jobs = PgBoss;
/** A job as a worker with `includeMetadata: true` receives it (retry count and limit included). */
export type { JobWithMetadata } from 'pg-boss';

/** The oldest pg-boss schema version pg-boss 12 migrates from (pg-boss 11's); pg-boss 10 left 24. */
const OLDEST_MIGRATABLE = 25;

/** pg-boss on the application database, in its own schema: retries, schedules, survives restarts. */
export async function startJobs(
  databaseUrl: string,
  onError: (err: Error) => void,
  opts: { schema?: string; log?: (msg: string) => void } = {},
): Promise<Jobs> {
  const schema = opts.schema ?? 'pgboss';
  if (await dropUnmigratableSchema(databaseUrl, schema)) {
    opts.log?.(
      `jobs: dropped the pg-boss 10 schema "${schema}" (pg-boss 12 cannot migrate it); unfinished imports are queued again`,
    );
  }
  // jobs are traced and counted by modules/monitoring/instrument-jobs.ts; pg-boss's own OpenTelemetry
  // spans would land in Sentry's tracer too and wrap those transactions in a second, generic one
  const boss = new PgBoss({ connectionString: databaseUrl, schema, max: 4, openTelemetry: { enabled: false } });
  boss.on('error', onError);
  await boss.start();
  return boss;
}

/**
 * pg-boss migrates its own schema at start, but only from pg-boss 11's on. A schema left by pg-boss 10
 * is dropped so that start installs a fresh one: its queued jobs are lost, which costs nothing here
 * because every job is derived from a table (the import worker queues each unfinished import again
 * when it attaches; decision 0013). Under an advisory lock so two starting processes drop it once.
 */
async function dropUnmigratableSchema(databaseUrl: string, schema: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [`leadtrail:jobs-schema:${schema}`]);
    const table = await client.query<{ t: string | null }>('select to_regclass($1)::text as t', [`${schema}.version`]);
    let dropped = false;
    if (table.rows[0]?.t) {
      const quoted = client.escapeIdentifier(schema);
      const { rows } = await client.query<{ v: number }>(`select version::int as v from ${quoted}.version`);
      if (rows[0] && rows[0].v < OLDEST_MIGRATABLE) {
        await client.query(`drop schema ${quoted} cascade`);
        dropped = true;
      }
    }
    await client.query('commit');
    return dropped;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}
