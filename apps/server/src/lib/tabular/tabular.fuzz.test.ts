import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Fuzzing the CSV, XLSX and vCard readers with generated hostile files (testing/fuzz-readers.ts) in
 * a child process whose heap is capped at 300 MB: a crash (the heap cap ends the process), a
 * hang (a reader over 10 s on one file, or the whole run over its time) or an RSS over 300 MB
 * fails the test. Issue 16, findings 1, 4 and 5.
 */
describe('readers under hostile files', () => {
  it('never crash, hang or grow past 300 MB', async () => {
    const target = path.join(import.meta.dirname, 'testing', 'fuzz-readers.ts');
    const child = spawn(process.execPath, ['--max-old-space-size=300', '--expose-gc', '--import', 'tsx', target], {
      env: { ...process.env, FUZZ_RUNS: process.env.FUZZ_RUNS ?? '40', FUZZ_SEED: process.env.FUZZ_SEED ?? '16' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 80_000);
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    clearTimeout(timer);
    expect(code, `the fuzz process died: ${err.slice(-2000)}`).toBe(0);
    const result = JSON.parse(out.trim().split('\n').pop() ?? '{}') as { ok: boolean; runs: number; maxRss: number; failure: string | null };
    expect(result.failure).toBeNull();
    expect(result.ok).toBe(true);
    expect(result.runs).toBeGreaterThanOrEqual(200);
    expect(result.maxRss).toBeLessThan(300 * 1024 * 1024);
  }, 90_000);
});
