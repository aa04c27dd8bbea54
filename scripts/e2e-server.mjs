// The app as end-to-end tests see it: built web app, production mode, a fresh embedded
// database, mail to the test SMTP catcher. PORT, DATA_DIR, SMTP_URL, SENTRY_* may be overridden.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { usePinnedNode } from './pinned-node.mjs';

await usePinnedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT ?? 3100);
const dataDir = path.resolve(root, process.env.DATA_DIR ?? `.data/e2e-${port}`);

// stop a postgres left running on this data dir by an earlier, killed run
const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
if (fs.existsSync(pidFile)) {
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 100; i++) {
      process.kill(pid, 0);
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch {
    // gone
  }
}
fs.rmSync(dataDir, { recursive: true, force: true });

// WEB_DIST: a build of one's own (runs side by side on one machine each serve their own)
const webDist = path.resolve(root, process.env.WEB_DIST ?? 'apps/web/dist');
if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  console.error(`${webDist} is missing: run \`npm run build\` first`);
  process.exit(1);
}

const env = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(port),
  APP_URL: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  EMBEDDED_PG_PORT: process.env.EMBEDDED_PG_PORT ?? String(port + 2400),
  SMTP_URL: process.env.SMTP_URL ?? 'smtp://127.0.0.1:2526',
  AUTH_RATE_LIMIT: process.env.AUTH_RATE_LIMIT ?? '200',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // the webhooks spec's listener runs on this machine
  WEBHOOK_ALLOW_PRIVATE: 'true',
};
delete env.DATABASE_URL;

const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts', 'start'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
