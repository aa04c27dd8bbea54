import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

/** The repository's root: server processes start from there, as `npm start` does. */
export const repoRoot = path.resolve(import.meta.dirname, '../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

/** A listener holding a port (a stand-in for "another program uses it"). */
export async function holdPort(port = 0): Promise<{ port: number; close: () => Promise<void> }> {
  const s = net.createServer((c) => c.destroy());
  await new Promise<void>((resolve, reject) => {
    s.once('error', reject);
    s.listen({ port, host: '127.0.0.1', exclusive: true }, resolve);
  });
  return {
    port: (s.address() as net.AddressInfo).port,
    close: () => new Promise<void>((resolve) => s.close(() => resolve())),
  };
}

/** A fresh, empty database on the test run's PostgreSQL server; drop() removes it. */
export async function scratchDatabase(runUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: runUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(runUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: runUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await c.end();
    },
  };
}

export type ServerChild = {
  child: ChildProcess;
  /** stdout and stderr so far */
  output: () => string;
  /** resolves with the exit code (or the signal's name) */
  exited: Promise<number | string>;
};

/** `node --import tsx apps/server/src/main.ts <args>` with the given environment on top of ours. */
export function spawnServer(args: string[], env: Record<string, string | undefined>): ServerChild {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', SMTP_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  return { child, output: () => out, exited };
}

/** Runs the server to its end (killed after timeoutMs): its exit code and everything it printed. */
export async function runServerToEnd(args: string[], env: Record<string, string | undefined>, timeoutMs = 60_000) {
  const s = spawnServer(args, env);
  const timer = setTimeout(() => s.child.kill('SIGKILL'), timeoutMs);
  const code = await s.exited;
  clearTimeout(timer);
  return { code, output: s.output() };
}
