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
  // a file of no SQL role (a helper beside the services): no database values, no unit of work
  // (decision 0039); types, and another module's shared *.sql.ts fragment, are fine
  helper: {
    name: 'lint-probe-helper.ts',
    text: [
      `import * as pg from 'pg';`,
      `import { sql } from 'drizzle-orm';`,
      `import * as db from '${importOf('db')}';`,
      `import type { Tx } from '../../core/unit-of-work.js';`,
      `import type { PoolClient } from 'pg';`,
      `import * as fragment from '../lists/list-scope.sql.js';`,
      `import * as repo from '../lists/lists.repository.js';`,
      `export type Probe = [Tx, PoolClient];`,
      `export const probe = [pg, sql, db, fragment, repo];`,
      `export const run = (uow: { tenant: (s: object, f: () => Promise<number>) => Promise<number> }) => uow.tenant({}, async () => 1);`,
      ``,
    ].join('\n'),
  },
  // a repository takes the caller's tx: it never builds or opens a unit of work
  opensUnit: {
    name: 'lint-probe-opens.repository.ts',
    text: [
      `import type { UnitOfWork } from '../../core/unit-of-work.js';`,
      `export const opens = (deps: { uow: UnitOfWork }) => deps.uow.tenant({ workspaceId: '' }, async () => 1);`,
      ``,
    ].join('\n'),
  },
  // a shared SQL fragment holds SQL like a repository
  fragment: {
    name: 'lint-probe.sql.ts',
    text: [`import { sql } from 'drizzle-orm';`, `export const probe = sql\`select 1\`;`, ``].join('\n'),
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
  return Object.fromEntries(Object.entries(files).map(([k, f]) => [k, of(f.name)])) as Record<keyof typeof files, Found>;
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
    'reports from %s: a module importing plugins/ or app.ts; database values outside a repository or *.sql.ts fragment; another module\'s repository; a unit of work opened outside a use case or in a repository',
    (_, cwd) => {
      const found = lint(cwd);
      const sorted = (f: Found) => [...f].sort((a, b) => a.line - b.line || String(a.rule).localeCompare(String(b.rule)));
      expect(sorted(found.service)).toEqual([
        { rule: '@typescript-eslint/no-restricted-imports', line: 1 },
        { rule: '@typescript-eslint/no-restricted-imports', line: 2 },
        { rule: '@typescript-eslint/no-restricted-imports', line: 3 },
        { rule: 'import-x/no-restricted-paths', line: 3 },
        { rule: 'import-x/no-restricted-paths', line: 4 },
        { rule: 'import-x/no-restricted-paths', line: 5 },
      ]);
      expect(sorted(found.routes)).toEqual([
        { rule: '@typescript-eslint/no-restricted-imports', line: 1 },
        { rule: '@typescript-eslint/no-restricted-imports', line: 2 },
        { rule: 'import-x/no-restricted-paths', line: 2 },
      ]);
      expect(found.repository).toEqual([]);
      expect(found.fragment).toEqual([]);
      expect(found.helper).toEqual([
        { rule: '@typescript-eslint/no-restricted-imports', line: 1 },
        { rule: '@typescript-eslint/no-restricted-imports', line: 2 },
        { rule: '@typescript-eslint/no-restricted-imports', line: 3 },
        { rule: 'import-x/no-restricted-paths', line: 7 },
        { rule: 'no-restricted-syntax', line: 10 },
      ]);
      expect(found.opensUnit).toEqual([
        { rule: '@typescript-eslint/no-restricted-imports', line: 1 },
        { rule: 'no-restricted-syntax', line: 2 },
      ]);
    },
    120_000,
  );
});
