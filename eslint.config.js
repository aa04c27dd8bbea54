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

// Lint by role (issue 25, docs/decisions/0039): the linter, not a reviewer, says when a line is in
// the wrong room. Globs are relative to this file (flat config `files`), import strings are matched
// as written: neither depends on the folder ESLint starts in.
const server = 'apps/server/src';
// SQL lives in repositories (`*.repository.ts`) and shared fragments (`*.sql.ts`, SQL a module offers
// to others: a module may import another's fragment, never its repository). Only they import db/,
// pg or drizzle-orm as values; a type (Tx, a row type) may be named anywhere.
const sqlRooms = [`${server}/**/*.repository.ts`, `${server}/**/*.sql.ts`];
// the database layer itself and the composition roots, exempt with their reason
const sqlInfrastructure = [
  `${server}/db/**`, // the database layer: client, pools, schema, migrations
  `${server}/core/unit-of-work.ts`, // opens transactions on pg clients: the one way into the database
  `${server}/core/prepared-statements.ts`, // wraps a pg client's query
  `${server}/core/jobs.ts`, // pg-boss on its own pg pool
  `${server}/core/notified-cache.ts`, // LISTEN on a dedicated pg connection
  `${server}/lib/filters/**`, // the domain-free grid query compiler (filters, keyset, COPY export) every repository builds on
  `${server}/app.ts`, // composition root: builds the database handle
  `${server}/cli.ts`, // composition root of the command line: migrate, connect
  `${server}/container.ts`, // composition root: readiness asks db/ for pending migrations
  `${server}/modules/prospects/cli/**`, // the prospect loader CLI: bulk COPY outside any request or unit of work
  `${server}/**/testing/**`, // test fixtures that set up rows directly
  `${server}/**/*.test.ts`,
];
// Today's offenders (issue 25), each to move its SQL into a repository or a fragment and leave this
// list; the list only shrinks. An empty list is the goal.
// (empty since issue 25: every file that queries is a repository or a fragment)
const sqlOutsideRoomsAllowed = [];
const sqlRoomMessage = 'SQL lives in a repository (*.repository.ts) or a shared fragment (*.sql.ts): import db/, pg or drizzle-orm there (decision 0039)';
// Units of work are opened by use cases: `*.service.ts` files, and the job runners (`*.jobs.ts`)
// whose checkpointed work commits step by step (decision 0039). A repository takes a `tx` and
// never opens one.
const uowCall = (message) => ({
  selector: "CallExpression[callee.type='MemberExpression'][callee.object.name=/^(uow|authUow)$/][callee.property.name=/^(tenant|admin|resolve|read|readOnce|tenantClient)$/], CallExpression[callee.type='MemberExpression'][callee.object.type='MemberExpression'][callee.object.property.name=/^(uow|authUow)$/][callee.property.name=/^(tenant|admin|resolve|read|readOnce|tenantClient)$/]",
  message,
});
const useCaseRooms = [`${server}/**/*.service.ts`, `${server}/**/*.jobs.ts`];
// infrastructure that opens units of work of its own outside a use-case file, each with its reason
// (decision 0039); use cases and job runners are named *.service.ts / *.jobs.ts instead
const uowOutsideServicesAllowed = [
  // the mailer: `send` is a unit of its own for what has nothing else to commit (a job's notice, the
  // Enterprise inquiry), and after the SMTP hand-off the outbox row is marked sent in a unit of its
  // own — after the use case committed (onCommit), so it cannot be the use case's
  `${server}/lib/mail.ts`,
  // the email verifier: a deployment-wide cache of look-ups (no workspace's), read and written in
  // short units between its network conversations, kept whether the asking use case commits or not
  // (uncounted on the request's tally)
  `${server}/modules/verification/email-verifier.ts`,
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
    files: [`${server}/**/*.ts`],
    ignores: [...sqlRooms, ...sqlInfrastructure, ...sqlOutsideRoomsAllowed],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['pg', 'pg/*', 'drizzle-orm', 'drizzle-orm/*'], message: sqlRoomMessage, allowTypeImports: true },
            { regex: '^(\\.\\./)+db/|^\\./db/', message: sqlRoomMessage, allowTypeImports: true },
          ],
        },
      ],
    },
  },
  {
    // a repository (or fragment) takes the caller's `tx`: it neither builds nor opens a unit of work
    files: sqlRooms,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: 'core/unit-of-work(\\.js)?$', importNames: ['createUnitOfWork', 'UnitOfWork'], message: 'a repository takes a tx and never opens a unit of work (decision 0039)' }] },
      ],
      'no-restricted-syntax': ['error', uowCall('a repository takes a tx and never opens a unit of work (decision 0039)')],
    },
  },
  {
    files: [`${server}/**/*.ts`],
    ignores: [...useCaseRooms, ...sqlRooms, `${server}/core/**`, `${server}/db/**`, `${server}/app.ts`, `${server}/container.ts`, `${server}/cli.ts`, `${server}/plugins/**`, `${server}/**/testing/**`, `${server}/**/*.test.ts`, ...uowOutsideServicesAllowed],
    rules: {
      'no-restricted-syntax': ['error', uowCall('a use case opens its unit of work in a *.service.ts file (or a *.jobs.ts runner), decision 0039')],
    },
  },
  {
    // components are shared UI: the features own the API calls (issue 25); errorMessage and the
    // error types of lib/api-client are fine
    files: ['apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)lib/api-client$', importNames: ['api', 'apiRequest', 'apiUrl'], message: 'components make no API calls: the feature passes data or callbacks in (or a shared query lives in lib/)' }] },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'components make no API calls: the feature passes data or callbacks in' },
        { name: 'XMLHttpRequest', message: 'components make no API calls: uploads go through lib/upload-client from a feature' },
      ],
      'no-restricted-properties': ['error', { object: 'window', property: 'fetch', message: 'components make no API calls: the feature passes data or callbacks in' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
