// `npm test`: lint, types, unit, API integration (real PostgreSQL) and end-to-end (Chromium),
// ending with one line `tests: N passed, N failed` summed over every suite.
// `node scripts/test.mjs api` runs only the named suites (lint, types, unit, api, e2e).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { usePinnedNode } from './pinned-node.mjs';

await usePinnedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const wanted = process.argv.slice(2);
const runs = (name) => wanted.length === 0 || wanted.includes(name);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'leadtrail-test-'));
const results = [];
console.log(`[test] Node.js ${process.version}`);

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

/** A check without test cases counts as one test. */
function check(name, cmd, args) {
  const ok = run(cmd, args);
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

function vitest(project) {
  const out = path.join(tmp, `${project}.json`);
  const ok = run(bin('vitest'), ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile=${out}`]);
  let passed = 0;
  let failed = ok ? 0 : 1;
  if (fs.existsSync(out)) {
    const j = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed = j.numPassedTests;
    failed = j.numFailedTests + (ok || j.numFailedTests > 0 ? 0 : 1);
    const skipped = j.numPendingTests + j.numTodoTests;
    if (skipped) console.log(`[${project}] ${skipped} skipped (a skipped test is a defect)`);
  }
  results.push({ name: project, passed, failed });
}

function e2e() {
  if (!run('npm', ['run', 'build', '-w', 'apps/web'])) {
    results.push({ name: 'e2e', passed: 0, failed: 1 });
    return;
  }
  const out = path.join(tmp, 'e2e.json');
  const ok = run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  });
  let passed = 0;
  let failed = ok ? 0 : 1;
  if (fs.existsSync(out)) {
    const s = JSON.parse(fs.readFileSync(out, 'utf8')).stats ?? {};
    passed = (s.expected ?? 0) + (s.flaky ?? 0);
    failed = (s.unexpected ?? 0) + (ok || s.unexpected ? 0 : 1);
    if (s.skipped) console.log(`[e2e] ${s.skipped} skipped (a skipped test is a defect)`);
  }
  results.push({ name: 'e2e', passed, failed });
}

if (runs('lint')) check('lint', bin('eslint'), ['.', '--max-warnings', '0']);
if (runs('types')) check('types', 'npm', ['run', 'typecheck', '--silent']);
if (runs('unit')) vitest('unit');
if (runs('api')) vitest('api');
if (runs('e2e')) e2e();

for (const r of results) console.log(`  ${r.name.padEnd(6)} ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((a, r) => a + r.passed, 0);
const failed = results.reduce((a, r) => a + r.failed, 0);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
