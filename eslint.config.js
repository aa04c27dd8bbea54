import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Every path here is relative to this file's folder, never to the shell's: `npm run lint` and
// `npx eslint` give the same answers from the root and from apps/server (test: lint-boundaries.test.ts).
const root = import.meta.dirname;
const dirs = (p) => {
  const abs = path.join(root, p);
  return fs.existsSync(abs) ? fs.readdirSync(abs, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : [];
};

// Dependencies point one way (docs/architecture.md, "Layout inside the server").
const serverModules = dirs('apps/server/src/modules');
const webFeatures = dirs('apps/web/src/features');
const zones = [
  // modules reach the request context and the unit of work through core/, never the HTTP plugins or the app
  { target: './apps/server/src/modules', from: ['./apps/server/src/plugins', './apps/server/src/app.ts'], message: 'modules import core/, not plugins/ or app.ts' },
  // SQL lives in repositories: routes and services hold no database handle or query builder
  { target: './apps/server/src/**/*.{routes,service}.ts', from: './apps/server/src/db', message: 'routes and services reach the database through a repository and the unit of work' },
  { target: './apps/server/src/lib', from: ['./apps/server/src/modules', './apps/server/src/plugins', './apps/server/src/app.ts'], message: 'lib is domain-free' },
  { target: './apps/server/src/db', from: ['./apps/server/src/modules', './apps/server/src/plugins'], message: 'db does not depend on modules' },
  // a module may call another module's service, never its repository
  ...serverModules.map((m) => ({
    target: `./apps/server/src/modules/${m}`,
    from: `./apps/server/src/modules/!(${m})/**/*.repository.ts`,
    message: "call the other module's service, not its repository",
  })),
  { target: './apps/web/src/components', from: ['./apps/web/src/features', './apps/web/src/app'], message: 'components are shared UI' },
  { target: './apps/web/src/lib', from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components'], message: 'lib is the bottom layer' },
  { target: './apps/web/src/features', from: './apps/web/src/app', message: 'features do not import the app' },
  ...webFeatures.map((f) => ({
    target: `./apps/web/src/features/${f}`,
    from: `./apps/web/src/features/!(${f})/**`,
    message: 'no feature imports another feature',
  })),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'test-results/**', 'playwright-report/**', 'e2e/.mail/**', 'packages/contracts/src/openapi.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['**/*.{js,mjs,cjs}'], languageOptions: { globals: globals.node } },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: { 'import-x/resolver': { typescript: { noWarnOnMultipleProjects: true, project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'].map((p) => path.join(root, p)) }, node: true } },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones, basePath: root }],
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
    },
  },
  {
    // check-file matches folders relative to the shell's directory, so the block's `files` (relative to
    // this file) choose where the convention holds and the pattern takes every folder below
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    rules: { 'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }] },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod$|\\./|\\.\\./).*', message: 'contracts depend on zod alone' }] }] },
  },
  {
    files: ['apps/server/src/**/*.routes.ts', 'apps/server/src/**/*.service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['pg', 'pg/*', 'drizzle-orm', 'drizzle-orm/*'], message: 'routes and services reach the database through a repository and the unit of work' }] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
