import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The import boundaries of eslint.config.js hold whichever folder ESLint starts in: scratch files
// with deliberate violations, inside a throw-away module folder, fail from the root and from
// apps/server alike (`npm run lint` runs in either). ESLint runs as its own process, as `npm run
// lint` does, because the config reads paths once per process and `process.cwd()` is the shell's.
const root = path.resolve(import.meta.dirname, '../../..');
const server = path.join(root, 'apps/server');
const src = path.join(server, 'src');
const probeDir = path.join(src, 'modules', `lint-probe-${process.pid}-${Date.now().toString(36)}`);

const firstTs = (dir: string) =>
  fs.readdirSync(path.join(src, dir)).find((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))!;
const importOf = (dir: string) => `../../${dir}/${firstTs(dir).replace(/\.ts$/, '.js')}`;

const files = {
  // a service may not hold the database or the HTTP layer
  service: {
    name: 'lint-probe.service.ts',
    text: [
      `import * as pg from 'pg';`,
      `import * as orm from 'drizzle-orm';`,
      `import * as db from '${importOf('db')}';`,
      `import * as plugin from '${importOf('plugins')}';`,
      `import * as app from '../../app.js';`,
      `export const probe = [pg, orm, db, plugin, app];`,
      ``,
    ].join('\n'),
  },
  routes: {
    name: 'lint-probe.routes.ts',
    text: [
      `import * as orm from 'drizzle-orm/pg-core';`,
      `import * as db from '${importOf('db')}';`,
      `export const probe = [orm, db];`,
      ``,
    ].join('\n'),
  },
  // a repository is where SQL lives: the same database imports are fine there
  repository: {
    name: 'lint-probe.repository.ts',
    text: [
      `import * as pg from 'pg';`,
      `import * as orm from 'drizzle-orm';`,
      `import * as db from '${importOf('db')}';`,
      `export const probe = [pg, orm, db];`,
      ``,
    ].join('\n'),
  },
};

type Found = { rule: string | null; line: number }[];

type Result = { filePath: string; messages: { ruleId: string | null; line: number }[] };

function lint(cwd: string): Record<keyof typeof files, Found> {
  const eslint = path.join(root, 'node_modules/eslint/bin/eslint.js');
  const out = spawnSync(
    process.execPath,
    [eslint, '--format', 'json', ...Object.values(files).map((f) => path.join(probeDir, f.name))],
    {
      cwd,
      encoding: 'utf8',
    },
  );
  expect(out.status, out.stderr).toBe(1); // 1: problems found (2 would be a crash or a bad config)
  const results = JSON.parse(out.stdout) as Result[];
  const of = (name: string): Found =>
    results.find((r) => path.basename(r.filePath) === name)!.messages.map((m) => ({ rule: m.ruleId, line: m.line }));
  return { service: of(files.service.name), routes: of(files.routes.name), repository: of(files.repository.name) };
}

describe('lint boundaries (eslint.config.js)', () => {
  beforeAll(() => {
    fs.mkdirSync(probeDir);
    for (const f of Object.values(files)) fs.writeFileSync(path.join(probeDir, f.name), f.text);
  });
  afterAll(() => fs.rmSync(probeDir, { recursive: true, force: true }));

  it.each([
    ['the repository root', root],
    ['apps/server', server],
  ])(
    'reports a module importing plugins/ or app.ts, and a service or routes file importing pg, drizzle-orm or db/, from %s',
    (_, cwd) => {
      const found = lint(cwd);
      expect(found.service).toEqual([
        { rule: 'no-restricted-imports', line: 1 },
        { rule: 'no-restricted-imports', line: 2 },
        { rule: 'import-x/no-restricted-paths', line: 3 },
        { rule: 'import-x/no-restricted-paths', line: 4 },
        { rule: 'import-x/no-restricted-paths', line: 5 },
      ]);
      expect(found.routes).toEqual([
        { rule: 'no-restricted-imports', line: 1 },
        { rule: 'import-x/no-restricted-paths', line: 2 },
      ]);
      expect(found.repository).toEqual([]);
    },
    120_000,
  );
});
