import pg from 'pg';
import type { Config } from '../config.js';
import { StartupError, describeError, errorCode, hostPort } from '../lib/startup-error.js';
import { startEmbeddedPostgres } from './embedded.js';

/** DATABASE_URL when set (checked with one connection), otherwise an embedded PostgreSQL under DATA_DIR. */
export async function databaseFor(
  config: Config,
  log: (msg: string) => void = () => {},
): Promise<{ url: string; stop: () => Promise<void> }> {
  if (config.databaseUrl) {
    await checkDatabaseUrl(config.databaseUrl);
    return { url: config.databaseUrl, stop: async () => {} };
  }
  return startEmbeddedPostgres(config.dataDir, config.embeddedPgPort, { defaultPort: config.embeddedPgPortIsDefault, log });
}

/**
 * One connection to DATABASE_URL (or `name`: PROSPECTS_DATABASE_URL); a refusal becomes what failed
 * (host:port, never the password) and what to do.
 */
export async function checkDatabaseUrl(url: string, timeoutMs = 10_000, name = 'DATABASE_URL'): Promise<void> {
  const where = hostPort(url, 5432);
  let user = '';
  let database = '';
  try {
    const u = new URL(url);
    user = decodeURIComponent(u.username);
    database = decodeURIComponent(u.pathname.slice(1));
  } catch {
    throw new StartupError(`${name} is not a URL`, `set ${name} to postgres://USER:PASSWORD@HOST:PORT/DATABASE`);
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (err) {
    const code = errorCode(err);
    const [what, todo] =
      code === 'ECONNREFUSED'
        ? [`PostgreSQL at ${where} (${name}) refused the connection`, `start PostgreSQL on ${where}, or correct the host and port in ${name}`]
        : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
          ? [`the host of ${name} (${where}) is not known`, `correct the host in ${name}`]
          : code === '28P01' || code === '28000'
            ? [`PostgreSQL at ${where} (${name}) refused user "${user}": ${describeError(err)}`, `correct the user and password in ${name} (or the server's pg_hba.conf)`]
            : code === '3D000'
              ? [`PostgreSQL at ${where} has no database "${database}" (${name})`, `create it (createdb -h ${where.split(':')[0]} ${database}) or correct the database name in ${name}`]
              : /timeout/i.test(describeError(err)) || code === 'ETIMEDOUT'
                ? [`PostgreSQL at ${where} (${name}) did not answer within ${timeoutMs / 1000} s`, `check that PostgreSQL runs on ${where} and that no firewall is in the way`]
                : [`could not connect to PostgreSQL at ${where} (${name}): ${describeError(err)}`, `check ${name} and that PostgreSQL runs there`];
    throw new StartupError(what, todo, { cause: err });
  } finally {
    await client.end().catch(() => {});
  }
}
