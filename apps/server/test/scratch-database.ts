import pg from 'pg';

/**
 * Databases of a test's (or a bench's) own beside the test database, on the same PostgreSQL
 * server: for what must not touch the run's shared data (a prospect load replaces the global set).
 */
export function databaseUrlOn(serverUrl: string, name: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

async function onServer(serverUrl: string, text: string): Promise<void> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/** Drops the database if it is there (an earlier run's, connections and all). */
export const dropDatabase = (serverUrl: string, name: string) => onServer(serverUrl, `drop database if exists ${name} with (force)`);

/** A new, empty database of that name (an earlier run's dropped first); its address. */
export async function freshDatabase(serverUrl: string, name: string): Promise<string> {
  await dropDatabase(serverUrl, name);
  await onServer(serverUrl, `create database ${name}`);
  return databaseUrlOn(serverUrl, name);
}
