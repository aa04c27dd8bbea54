/**
 * The server's own heap limits (issue 13: RSS <= 300 MB idle and during a million-row import,
 * with no Node flag set by the user). Left alone, V8 sizes its heap from the machine's memory:
 * the young generation grew to 128 MB during start-up and stayed there (idle RSS ~316 MB), and
 * the old generation let an import's garbage pile up to ~260 MB before collecting (peak RSS
 * 340-610 MB). With these limits V8 collects sooner instead; nothing the server keeps needs more
 * (large data such as the prospect facet columns lives in typed arrays, outside this heap).
 */
export const HEAP_FLAGS = ['--max-old-space-size=256', '--max-semi-space-size=16'] as const;

/**
 * Whether a `start` with these arguments runs the job worker (alone, or with the web server in one
 * process): the processes an import's memory lives in, which get HEAP_FLAGS. A `--role web` process
 * keeps V8's own sizing: its larger young generation serves a grid page with ~25% less CPU (issue
 * 13's throughput benchmark: 0.44x the minimal server with these flags, 0.55x without).
 */
export function startsWorker(startArgs: readonly string[]): boolean {
  const i = startArgs.indexOf('--role');
  return i < 0 || startArgs[i + 1] !== 'web';
}

/** A heap flag the operator gave node (arguments or NODE_OPTIONS): theirs is kept as is. */
const OPERATOR_HEAP_FLAG = /--max-old-space-size|--max-semi-space-size|--max-heap-size|--max-young-generation-size/;

export function heapFlagsGiven(execArgv: readonly string[], nodeOptions: string | undefined): boolean {
  return execArgv.some((a) => OPERATOR_HEAP_FLAG.test(a)) || OPERATOR_HEAP_FLAG.test(nodeOptions ?? '');
}

/** The arguments that start this same script again with the heap flags first. */
export function argsWithHeapFlags(execPath: string, execArgv: readonly string[], argv: readonly string[]): string[] {
  return [execPath, ...HEAP_FLAGS, ...execArgv, ...argv.slice(1)];
}

/**
 * Replaces this process with the same command plus HEAP_FLAGS (execve: the same pid, stdio and
 * signals, so supervisors, `kill` and tests see one process), unless heap flags were given or
 * the platform has no execve (Windows, Node < 22.15) or a parent holds an IPC channel to this
 * process: then it returns and the start goes on with
 * V8's defaults. Called before the app is loaded, so the first image costs only node's start.
 */
export function restartWithHeapLimits(): void {
  if (heapFlagsGiven(process.execArgv, process.env.NODE_OPTIONS)) return;
  if (typeof process.execve !== 'function' || process.platform === 'win32') return;
  // a parent talking to us over IPC (`tsx watch` during development) would lose the channel
  if (process.channel) return;
  process.execve(process.execPath, argsWithHeapFlags(process.execPath, process.execArgv, process.argv), process.env);
}
