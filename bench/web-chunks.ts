/**
 * The web build's chunk graph (issue 13): what each public screen downloads, proved from the
 * build's manifest and source maps rather than assumed.
 *
 *   npm run bench:web-chunks -w bench
 *
 * Builds apps/web with a manifest into a temporary folder (or reads WEB_DIST, built with
 * `vite build --manifest`), then for each public screen follows the static imports of the entry
 * (index.html: main.tsx, the providers, the router) and of the screen's lazy route module, and
 * lists every source module in those chunks. Exit code 1 when a public screen would load any of
 * the signed-in app (the shell, the data grid, charts, Sentry, the command palette, dialogs,
 * Stripe) or /login's JavaScript exceeds 170 KB brotli; the contacts grid's figures are printed
 * beside them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

const ROOT = path.resolve(import.meta.dirname, '..');
const LOGIN_BUDGET_KB = 170;

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

const publicScreens: Record<string, string> = {
  '/login': 'src/app/routes/auth/login-page.tsx',
  '/register': 'src/app/routes/auth/register-page.tsx',
  '/register/confirm/:token': 'src/app/routes/auth/register-confirm-page.tsx',
  '/reset-password': 'src/app/routes/auth/reset-password-page.tsx',
  '/reset-password/:token': 'src/app/routes/auth/reset-password-token-page.tsx',
  '/user-invite/:token': 'src/app/routes/auth/user-invite-page.tsx',
  '/legal/privacy-policy': 'src/app/routes/legal/privacy-policy-page.tsx',
  'not found': 'src/app/routes/not-found-page.tsx',
};
const signedIn: Record<string, string[]> = {
  'contacts grid': ['src/app/layout/app-shell.tsx', 'src/app/routes/my-contacts/contacts-page.tsx'],
};

/** Modules of the signed-in app a public screen must not download. */
const forbidden: [string, RegExp][] = [
  ['signed-in shell', /apps\/web\/src\/app\/layout\/(app-shell|sidebar|top-bar|command-palette|settings-layout)/],
  ['data grid', /apps\/web\/src\/components\/data-grid\//],
  ['charts', /node_modules\/(@mantine\/charts|recharts|d3-)/],
  ['Sentry', /node_modules\/@sentry/],
  ['command palette', /node_modules\/@mantine\/spotlight/],
  ['dialogs', /node_modules\/@mantine\/modals|@mantine\/core\/esm\/components\/(Modal|Drawer)\//],
  ['Stripe', /node_modules\/@stripe/],
];

function build(): string {
  if (process.env.WEB_DIST) return path.resolve(process.env.WEB_DIST);
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'web-chunks-'));
  console.log(`building apps/web into ${out}…`);
  execFileSync(
    path.join(ROOT, 'node_modules/.bin/vite'),
    ['build', '--manifest', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: path.join(ROOT, 'apps/web'),
      stdio: 'inherit',
    },
  );
  return out;
}

function closure(manifest: Manifest, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`${key} is not in the build's manifest`);
    seen.add(key);
    for (const i of manifest[key].imports ?? []) visit(i);
  };
  roots.forEach(visit);
  return seen;
}

function describe(dist: string, manifest: Manifest, keys: Set<string>) {
  let brBytes = 0;
  const modules: string[] = [];
  const css = new Set<string>();
  for (const key of keys) {
    const file = path.join(dist, manifest[key]!.file);
    brBytes += fs.statSync(fs.existsSync(`${file}.br`) ? `${file}.br` : file).size;
    manifest[key]!.css?.forEach((c) => css.add(c));
    if (fs.existsSync(`${file}.map`)) {
      const map = JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) as { sources: string[] };
      modules.push(...map.sources.map((s) => path.resolve(path.dirname(file), s)));
    }
  }
  let cssBr = 0;
  for (const c of css) {
    const file = path.join(dist, c);
    cssBr += fs.statSync(fs.existsSync(`${file}.br`) ? `${file}.br` : file).size;
  }
  const packages = new Map<string, number>();
  for (const m of modules) {
    const name = m.includes('node_modules/')
      ? m
          .split('node_modules/')
          .pop()!
          .split('/')
          .slice(0, m.split('node_modules/').pop()!.startsWith('@') ? 2 : 1)
          .join('/')
      : 'app code';
    packages.set(name, (packages.get(name) ?? 0) + 1);
  }
  return { files: keys.size, jsKB: brBytes / 1024, cssKB: cssBr / 1024, modules, packages };
}

function main() {
  const dist = build();
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build with \`vite build --manifest\``);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  // the entry (main.tsx, the providers, the router) and, when a build splits it off, the router
  const base = ['index.html', ...(manifest['src/app/router.tsx'] ? ['src/app/router.tsx'] : [])];
  let failed = false;
  console.log('\nscreen                     JS files  JS KB (br)  CSS KB (br)');
  const row = (name: string, d: ReturnType<typeof describe>) =>
    console.log(
      `${name.padEnd(26)} ${String(d.files).padStart(8)}  ${d.jsKB.toFixed(1).padStart(10)}  ${d.cssKB.toFixed(1).padStart(11)}`,
    );
  for (const [screen, module] of Object.entries(publicScreens)) {
    const d = describe(dist, manifest, closure(manifest, [...base, module]));
    row(screen, d);
    for (const [what, pattern] of forbidden) {
      const hits = d.modules.filter((m) => pattern.test(m));
      if (hits.length) {
        failed = true;
        console.log(
          `  LOADS THE ${what.toUpperCase()}: ${hits
            .slice(0, 3)
            .map((h) => h.split('node_modules/').pop())
            .join(', ')}${hits.length > 3 ? ` (+${hits.length - 3})` : ''}`,
        );
      }
    }
    if (screen === '/login') {
      if (d.jsKB > LOGIN_BUDGET_KB) {
        failed = true;
        console.log(`  OVER BUDGET: ${d.jsKB.toFixed(1)} KB > ${LOGIN_BUDGET_KB} KB`);
      }
      console.log(
        `  modules by package: ${[...d.packages]
          .sort((a, b) => b[1] - a[1])
          .map(([p, n]) => `${p} ${n}`)
          .join(', ')}`,
      );
    }
  }
  for (const [screen, modules] of Object.entries(signedIn))
    row(screen, describe(dist, manifest, closure(manifest, [...base, ...modules])));
  console.log(failed ? '\npublic screens: FAILED' : '\npublic screens load none of the signed-in app');
  process.exitCode = failed ? 1 : 0;
}

main();
