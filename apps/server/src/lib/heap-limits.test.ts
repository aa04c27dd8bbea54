import { describe, expect, it } from 'vitest';
import { argsWithHeapFlags, HEAP_FLAGS, heapFlagsGiven, startsWorker } from './heap-limits.js';

describe('heap limits of the server process', () => {
  it('restarts the same command with the heap flags ahead of node options and the script', () => {
    expect(
      argsWithHeapFlags('/bin/node', ['--import', 'tsx'], ['/bin/node', '/app/main.ts', 'start', '--role', 'web']),
    ).toEqual(['/bin/node', ...HEAP_FLAGS, '--import', 'tsx', '/app/main.ts', 'start', '--role', 'web']);
  });

  it("keeps an operator's own heap flags, from node's arguments or NODE_OPTIONS", () => {
    expect(heapFlagsGiven(['--import', 'tsx'], undefined)).toBe(false);
    expect(heapFlagsGiven(['--import', 'tsx'], '--enable-source-maps')).toBe(false);
    expect(heapFlagsGiven(['--max-old-space-size=1024'], undefined)).toBe(true);
    expect(heapFlagsGiven([], '--max-semi-space-size=64')).toBe(true);
    expect(heapFlagsGiven([], '--max-heap-size=512 --import tsx')).toBe(true);
    // what the restart adds counts as given: it never restarts twice
    expect(heapFlagsGiven([...HEAP_FLAGS], undefined)).toBe(true);
  });

  it('limits the processes that run the job worker, not a web-only one', () => {
    expect(startsWorker([])).toBe(true);
    expect(startsWorker(['--role', 'worker'])).toBe(true);
    expect(startsWorker(['--role', 'all'])).toBe(true);
    expect(startsWorker(['--role', 'web'])).toBe(false);
    expect(startsWorker(['--port', '3', '--role', 'web'])).toBe(false);
  });
});
