// `npm run dev`: the server in watch mode on PORT (3000) and Vite with hot reload on 5173.
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { usePinnedNode } from './pinned-node.mjs';

await usePinnedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const children = [
  spawn(bin('tsx'), ['watch', 'apps/server/src/main.ts', 'start'], {
    cwd: root,
    env: { NODE_ENV: 'development', APP_URL: 'http://localhost:5173', ...process.env },
    stdio: 'inherit',
  }),
  spawn(bin('vite'), [], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }),
];
const stop = (sig) => children.forEach((c) => c.kill(sig));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(sig));
children.forEach((c) => c.on('exit', () => stop('SIGTERM')));
