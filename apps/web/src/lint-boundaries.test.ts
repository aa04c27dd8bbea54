import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The web's layering in eslint.config.js (docs/architecture.md, "Layout inside the web app"):
// scratch files with deliberate violations, in a throw-away component folder and a throw-away
// feature, must be reported. ESLint runs as its own process, as `npm run lint` does.
const src = import.meta.dirname;
const root = path.resolve(src, '../../..');
const tag = `lint-probe-${process.pid}-${Date.now().toString(36)}`;
const componentDir = path.join(src, 'components', tag);
const featureDir = path.join(src, 'features', tag);

const files = {
  // a shared component: no API calls, no feature or app
  component: {
    file: path.join(componentDir, 'probe.ts'),
    text: [
      `import { api, apiRequest, errorMessage } from '../../lib/api-client';`,
      `import { useNotes } from '../../features/notes/api/notes';`,
      `export const calls = [() => fetch('/api/v1/x'), () => window.fetch('/api/v1/x'), () => new XMLHttpRequest()];`,
      `export const probe = [api, apiRequest, errorMessage, useNotes];`,
      ``,
    ].join('\n'),
  },
  // a feature owns its API calls, but imports no other feature and not the app
  feature: {
    file: path.join(featureDir, 'probe.ts'),
    text: [
      `import { api } from '../../lib/api-client';`,
      `import { RelativeTime } from '../../components/relative-time';`,
      `import { useNotes } from '../notes/api/notes';`,
      `import { router } from '../../app/router';`,
      `export const probe = [api, RelativeTime, useNotes, router, () => fetch('/api/v1/x')];`,
      ``,
    ].join('\n'),
  },
};

type Found = { rule: string | null; line: number }[];
type Result = { filePath: string; messages: { ruleId: string | null; line: number }[] };

describe('web lint boundaries (eslint.config.js)', () => {
  beforeAll(() => {
    for (const { file, text } of Object.values(files)) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
    }
  });
  afterAll(() => {
    fs.rmSync(componentDir, { recursive: true, force: true });
    fs.rmSync(featureDir, { recursive: true, force: true });
  });

  it('reports API calls in components/, and a feature importing another feature or the app', () => {
    const eslint = path.join(root, 'node_modules/eslint/bin/eslint.js');
    const out = spawnSync(process.execPath, [eslint, '--format', 'json', files.component.file, files.feature.file], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(out.status, out.stderr).toBe(1); // 1: problems found (2 would be a crash or a bad config)
    const results = JSON.parse(out.stdout) as Result[];
    const of = (file: string): Found =>
      results
        .find((r) => r.filePath === file)!
        .messages.map((m) => ({ rule: m.ruleId, line: m.line }))
        .sort((a, b) => a.line - b.line || String(a.rule).localeCompare(String(b.rule)));

    expect(of(files.component.file)).toEqual([
      { rule: 'no-restricted-imports', line: 1 }, // api
      { rule: 'no-restricted-imports', line: 1 }, // apiRequest (errorMessage is fine)
      { rule: 'import-x/no-restricted-paths', line: 2 },
      { rule: 'no-restricted-globals', line: 3 }, // fetch
      { rule: 'no-restricted-globals', line: 3 }, // XMLHttpRequest
      { rule: 'no-restricted-properties', line: 3 }, // window.fetch
    ]);
    expect(of(files.feature.file)).toEqual([
      { rule: 'import-x/no-restricted-paths', line: 3 },
      { rule: 'import-x/no-restricted-paths', line: 4 },
    ]);
  }, 120_000);
});
