import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrationFiles } from '../src/db/migrate.js';
import { portIsFree } from '../src/db/embedded.js';
import { freePort, holdPort, runServerToEnd, scratchDatabase } from './process-kit.js';

/**
 * Issue 13: a start that fails says what failed and what to do, and exits non-zero; a second
 * copy whose default embedded port is taken picks a free one and says so. Each case spawns the
 * real server (main.ts) with the condition.
 */

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const f of cleanup.reverse()) await f().catch(() => undefined);
});

function tempDataDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  cleanup.push(async () => {
    // an unreadable folder of the test is made removable again first
    if (fs.existsSync(path.join(dir, 'pg'))) fs.chmodSync(path.join(dir, 'pg'), 0o700);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

/** Stops a postgres a test's embedded server left behind (none should be; this only cleans up). */
function stopLeftPostgres(dataDir: string) {
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return false;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 'SIGTERM');
    return true;
  } catch {
    return false;
  }
}

describe('start failures say what failed and what to do', () => {
  it('a DATABASE_URL that refuses: its host and port, never the password', async () => {
    const port = await freePort();
    const { code, output } = await runServerToEnd(['start'], {
      DATABASE_URL: `postgres://leadtrail:S3cret-pw-x@127.0.0.1:${port}/leadtrail`,
      PORT: String(await freePort()),
    });
    expect(code, output).toBe(1);
    expect(output).toContain(`could not start: PostgreSQL at 127.0.0.1:${port} (DATABASE_URL) refused the connection`);
    expect(output).toContain(`what to do: start PostgreSQL on 127.0.0.1:${port}, or correct the host and port in DATABASE_URL`);
    expect(output).not.toContain('S3cret-pw-x');
    expect(output).not.toContain('undefined');
  }, 90_000);

  it('a variable with a wrong value: names it', async () => {
    const { code, output } = await runServerToEnd(['migrate'], { PORT: 'eighty', DATABASE_URL: '' });
    expect(code, output).toBe(1);
    expect(output).toMatch(/could not start: Invalid configuration:\n\s+PORT: /);
    expect(output).toContain('what to do: correct the environment variables named above');
  }, 90_000);

  it('a migration that fails: its file name and the error', async () => {
    const db = await scratchDatabase(inject('databaseUrl'), `lt_startup_mig_${process.pid}`);
    cleanup.push(db.drop);
    // every migration but 0100 marked as applied: 0100 runs alone and finds none of 0001's tables
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query('create table schema_migrations (name text primary key, applied_at timestamptz not null default now())');
    const others = migrationFiles().filter((f) => f !== '0100_contacts_companies.sql');
    await client.query('insert into schema_migrations (name) select unnest($1::text[])', [others]);
    await client.end();

    const { code, output } = await runServerToEnd(['start'], { DATABASE_URL: db.url, PORT: String(await freePort()) });
    expect(code, output).toBe(1);
    expect(output).toMatch(/could not start: Migration 0100_contacts_companies\.sql failed: relation "\w+" does not exist/);
    expect(output).toContain('what to do: nothing of 0100_contacts_companies.sql was applied');
  }, 90_000);

  it('the embedded port chosen with EMBEDDED_PG_PORT in use: names the port and the variable', async () => {
    const held = await holdPort();
    cleanup.push(held.close);
    const dataDir = tempDataDir('lt-startup-port-');
    const { code, output } = await runServerToEnd(['start'], {
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(held.port),
      PORT: String(await freePort()),
    });
    expect(code, output).toBe(1);
    expect(output).toContain(`could not start: the embedded PostgreSQL's port ${held.port} (EMBEDDED_PG_PORT) is in use by another program`);
    expect(output).toContain('what to do: stop that program, or set EMBEDDED_PG_PORT to a free port');
    // nothing was created: the check comes before the database is initialised
    expect(fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(false);
  }, 90_000);

  it('a data directory PostgreSQL cannot read: the folder and how to fix it', async () => {
    const dataDir = tempDataDir('lt-startup-dir-');
    const pgDir = path.join(dataDir, 'pg');
    fs.mkdirSync(pgDir);
    fs.writeFileSync(path.join(pgDir, 'PG_VERSION'), '17\n');
    fs.chmodSync(pgDir, 0o000);
    const { code, output } = await runServerToEnd(['start'], {
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      PORT: String(await freePort()),
    });
    fs.chmodSync(pgDir, 0o700);
    expect(code, output).toBe(1);
    expect(output).toContain(`could not start: the embedded PostgreSQL could not`);
    expect(output).toContain(pgDir);
    expect(output).toMatch(/Permission denied/);
    expect(output).toMatch(/what to do: make .* readable and writable by .*, or set DATA_DIR to another folder/);
  }, 90_000);

  it('the HTTP port in use: names PORT', async () => {
    const db = await scratchDatabase(inject('databaseUrl'), `lt_startup_port_${process.pid}`);
    cleanup.push(db.drop);
    const held = await holdPort();
    cleanup.push(held.close);
    const { code, output } = await runServerToEnd(['start', '--role', 'web'], {
      DATABASE_URL: db.url,
      PORT: String(held.port),
      HOST: '127.0.0.1',
    }, 90_000);
    expect(code, output).toBe(1);
    expect(output).toContain(`could not start: port ${held.port} (PORT) on 127.0.0.1 is in use by another program`);
    expect(output).toContain('what to do: stop that program, or set PORT to a free port');
  }, 120_000);

  it('a second copy whose default embedded port is taken picks a free one and says so', async () => {
    // the default port (5488) busy, as when another copy runs: held here unless something already holds it
    const held = (await portIsFree(5488)) ? await holdPort(5488) : null;
    if (held) cleanup.push(held.close);
    const dataDir = tempDataDir('lt-startup-second-');
    cleanup.push(async () => stopLeftPostgres(dataDir));
    const { code, output } = await runServerToEnd(['migrate'], { DATABASE_URL: '', DATA_DIR: dataDir, EMBEDDED_PG_PORT: '' }, 110_000);
    await held?.close();
    expect(code, output).toBe(0);
    const said = output.match(/the embedded PostgreSQL's default port 5488 is in use \(another copy of Leadtrail\?\): using port (\d+) instead; set EMBEDDED_PG_PORT to choose one/);
    expect(said, output).not.toBeNull();
    expect(Number(said![1])).not.toBe(5488);
    // it then ran: every migration applied on that port, and its postgres stopped with it
    expect(output).toContain(`migration applied: ${migrationFiles().at(-1)}`);
    expect(stopLeftPostgres(dataDir)).toBe(false);
  }, 120_000);
});
