// `npm start`: build the web app when it is missing, then run the server (embedded
// PostgreSQL unless DATABASE_URL is set) serving it on PORT (3000).
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { usePinnedNode } from './pinned-node.mjs';

await usePinnedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.log('[leadtrail] building the web app (first start)…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts', 'start', ...process.argv.slice(2)], {
  cwd: root,
  env: { NODE_ENV: 'production', ...process.env },
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
