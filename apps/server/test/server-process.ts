import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { migrate } from '../src/db/migrate.js';
import { freePort, repoRoot, scratchDatabase } from './process-kit.js';

/** The repository's root: real server processes start from there, as `npm start` does. */
export { repoRoot };

export type ApiAnswer = { status: number; json: () => ReturnType<typeof JSON.parse>; text: string; headers: Headers };

/**
 * A real server process (main.ts start) for crash tests: start it, kill -9 it, start it again,
 * and call its API over HTTP with the session cookie it set. It gets a database of its own
 * (migrated here): its workers resume every unfinished import and reveal they find, and must
 * not pick up those of other test files (whose files live in other data folders).
 */
export async function serverProcess(opts: {
  tmpPrefix: string;
  startTimeoutMs?: number;
  /** how the process reaches its database (a relay in front of it, say); as it is by default */
  connect?: (databaseUrl: string) => string;
  /** more environment for the process (VERIFY_* pointing at loopback peers, say) */
  env?: Record<string, string>;
}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), opts.tmpPrefix));
  fs.chmodSync(dataDir, 0o755);
  const runUrl = new URL(inject('databaseUrl'));
  const dbName = `${runUrl.pathname.slice(1)}_${opts.tmpPrefix.replace(/\W/g, '')}${process.pid}`;
  const db = await scratchDatabase(runUrl.toString(), dbName);
  const databaseUrl = db.url;
  const migrator = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  await migrate(migrator);
  await migrator.end();
  const port = await freePort();
  const base = `http://localhost:${port}`;
  let child: ChildProcess | null = null;
  let cookie = '';

  async function start() {
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'start'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        APP_URL: base,
        DATA_DIR: dataDir,
        DATABASE_URL: opts.connect ? opts.connect(databaseUrl) : databaseUrl,
        LOG_LEVEL: process.env.CRASH_LOG_LEVEL ?? 'warn',
        AUTH_RATE_LIMIT: '1000',
        SMTP_URL: '',
        ...opts.env,
      },
      stdio: ['ignore', process.env.CRASH_LOG_LEVEL ? 'inherit' : 'ignore', 'inherit'],
    });
    const end = Date.now() + (opts.startTimeoutMs ?? 30_000);
    while (Date.now() < end) {
      try {
        if ((await fetch(`${base}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('server did not start');
  }

  async function kill() {
    const c = child;
    if (!c) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await exited;
    child = null;
  }

  /** A request with the session cookie and our own Origin; FormData bodies go as multipart. */
  async function api(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiAnswer> {
    const form = body instanceof FormData;
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        origin: base,
        cookie,
        ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: () => JSON.parse(text), text, headers: res.headers };
  }

  return {
    dataDir,
    /** the server's own database (migrated): the test reads and seeds it here */
    databaseUrl,
    port,
    start,
    kill,
    api,
    /** The running process's id (undefined once it has exited or before it starts). */
    pid: () => (child && child.exitCode === null && child.signalCode === null ? child.pid : undefined),
    /** Keeps the session cookie of a sign-in or registration answer for the next calls. */
    keepSession: (answer: ApiAnswer) => {
      cookie = (answer.headers.get('set-cookie') ?? '').split(';')[0]!;
    },
    /** Kills the process if running, drops its database and removes its data folder. */
    stop: async () => {
      await kill();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await db.drop();
    },
  };
}
