import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { migrate } from '../src/db/migrate.js';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * One fresh database for the run: a database created on DATABASE_URL's server when
 * set, otherwise on an embedded PostgreSQL under .data/test.
 */
export default async function setup(project: TestProject) {
  let serverUrl: string;
  let stop = async () => {};
  if (process.env.DATABASE_URL) {
    serverUrl = process.env.DATABASE_URL;
  } else {
    const embedded = await startEmbeddedPostgres(path.resolve(import.meta.dirname, '../../../.data/test'), 5489);
    serverUrl = embedded.url;
    stop = embedded.stop;
  }
  const name = `leadtrail_test_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  await migrate(pool);
  await pool.end();
  project.provide('databaseUrl', url.toString());

  return async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await client.end();
    await stop();
  };
}
