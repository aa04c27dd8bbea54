// The process entry. A `start` that runs the job worker (all roles, or `--role worker`) first
// replaces itself with the same command plus the server's heap limits (lib/heap-limits.ts), before
// any of the app is loaded; then the CLI (cli.ts) runs. `--role web` and the one-shot commands
// (migrate, seed, prospects, credits) keep node's defaults.
import { restartWithHeapLimits, startsWorker } from './lib/heap-limits.js';

const [command = 'start', ...rest] = process.argv.slice(2);
if (command === 'start' && startsWorker(rest)) restartWithHeapLimits();
await import('./cli.js');
