// The project runs on the Node.js that `npm install` puts in node_modules (the `node` package,
// decision 0013), not on whatever node the machine has. npm scripts find it first on PATH already;
// a script started by hand (`node scripts/test.mjs api`) runs itself again under it, and every child
// it spawns (tsx, vitest, eslint, playwright, npm) finds it first on PATH too.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const binDir = path.join(root, 'node_modules/.bin');
const pinned = path.join(binDir, 'node');

/**
 * Resolves when this process runs on the pinned Node.js; otherwise runs the same script under it,
 * exits with its code and never resolves (so `await usePinnedNode()` stops the rest of the script).
 */
export function usePinnedNode() {
  const dirs = (process.env.PATH ?? '').split(path.delimiter);
  if (dirs[0] !== binDir) process.env.PATH = [binDir, ...dirs.filter((d) => d !== binDir)].join(path.delimiter);
  // before `npm install` there is nothing to switch to; the script's own checks report that
  if (!fs.existsSync(pinned) || fs.realpathSync(pinned) === fs.realpathSync(process.execPath)) return Promise.resolve();

  const child = spawn(pinned, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
  return new Promise(() => {});
}
