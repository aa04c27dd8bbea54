import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { HEAP_FLAGS } from '../src/lib/heap-limits.js';
import { freePort, scratchDatabase, spawnServer, type ServerChild } from './process-kit.js';

/**
 * Issue 13: the server keeps its memory near 200 MB without the user setting a Node flag. `start`
 * replaces its own process with the same command plus the heap flags (same pid: a supervisor's
 * signals and `kill` still reach the server); an operator's own flags are left as given.
 */

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const f of cleanup.reverse()) await f().catch(() => undefined);
});

async function startServer(name: string, env: Record<string, string>, args: string[] = ['start']) {
  const db = await scratchDatabase(inject('databaseUrl'), `heap_${name}_${process.pid}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heap-'));
  const port = await freePort();
  const s = spawnServer(args, {
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    PORT: String(port),
    APP_URL: `http://localhost:${port}`,
    NODE_OPTIONS: '',
    ...env,
  });
  cleanup.push(async () => {
    s.child.kill('SIGKILL');
    await s.exited;
    await db.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  for (const end = Date.now() + 60_000; Date.now() < end;) {
    if (
      await fetch(`http://localhost:${port}/readyz`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return s;
    if (s.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start: ${s.output()}`);
}

/** The arguments the process with this pid runs now, and the heap limit V8 reports for it. */
const commandOf = (s: ServerChild) =>
  fs.readFileSync(`/proc/${s.child.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

describe.runIf(process.platform === 'linux')('server heap limits', () => {
  it('start runs with the heap flags in the same process, which a signal stops', async () => {
    const s = await startServer('default', {});
    const args = commandOf(s);
    for (const flag of HEAP_FLAGS) expect(args).toContain(flag);
    expect(args.slice(-1)).toEqual(['start']);
    // the signal reaches the server itself (no launcher in between to outlive it): it ends
    // (0 from its graceful shutdown, or 143, what a start without the restart also ends with)
    s.child.kill('SIGTERM');
    expect([0, 143]).toContain(await s.exited);
  }, 90_000);

  it("an operator's NODE_OPTIONS heap flag is kept, and none is added", async () => {
    const s = await startServer('operator', { NODE_OPTIONS: '--max-old-space-size=384' });
    const args = commandOf(s);
    for (const flag of HEAP_FLAGS) expect(args).not.toContain(flag);
  }, 90_000);

  it('a web-only process keeps V8\'s own heap sizing (throughput), a worker gets the limits', async () => {
    const web = await startServer('web', {}, ['start', '--role', 'web']);
    for (const flag of HEAP_FLAGS) expect(commandOf(web)).not.toContain(flag);
  }, 90_000);
});
