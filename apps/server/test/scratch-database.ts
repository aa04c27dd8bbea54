import pg from 'pg';

/**
 * Databases of a test's (or a bench's) own beside the test database, on the same PostgreSQL
 * server: their address, and a statement run on the server (create / drop database).
 */
export function databaseUrlOn(serverUrl: string, name: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function onServer(serverUrl: string, text: string): Promise<void> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}
