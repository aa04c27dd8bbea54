/**
 * Web delivery benchmark (issue 13): Lighthouse (mobile preset: emulated phone, simulated slow
 * 4G and CPU slowdown) against the production build, as a new user meets it.
 *
 *   (cd apps/web && npx vite build) && npm run bench:lighthouse -w bench
 *
 * Starts the server like scripts/e2e-server.mjs (NODE_ENV=production, its own port, a fresh data
 * directory with an embedded PostgreSQL), registers a workspace, adds 200 contacts through the
 * API, then runs Lighthouse LIGHTHOUSE_RUNS (3) times on /login (signed out) and on the contacts
 * grid (signed in: the session cookie is sent with every request through extraHeaders), each
 * run in a fresh headless Debian Chromium, and prints the medians.
 *
 * Env: LIGHTHOUSE_PORT (3208), LIGHTHOUSE_ROOT (this checkout: the server code that is started),
 * WEB_DIST (<root>/apps/web/dist), CHROME_PATH (/usr/bin/chromium), LIGHTHOUSE_RUNS (3),
 * LIGHTHOUSE_JSON (a file to write every run's figures to), LIGHTHOUSE_REPORT_DIR (a folder for every
 * run's full Lighthouse report), LIGHTHOUSE_VERBOSE (show the server's output).
 * Lighthouse's simulated throttling scales the CPU time it observes: on a busy machine the total
 * blocking time and the scores drop, so every run prints Lighthouse's CPU benchmark index too.
 * Targets: /login performance >= 95 and JavaScript <= 170 KB transferred; the grid performance
 * >= 80; accessibility 100 on both. The exit code is 1 when one is missed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import lighthouse from 'lighthouse';
import { signUpToken } from './sign-up.js';

const HERE = path.resolve(import.meta.dirname, '..');
const ROOT = path.resolve(process.env.LIGHTHOUSE_ROOT ?? HERE);
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3208);
const PG_PORT = PORT + 2400;
const ORIGIN = `http://localhost:${PORT}`;
const WEB_DIST = path.resolve(process.env.WEB_DIST ?? path.join(ROOT, 'apps/web/dist'));
const DATA_DIR = path.resolve(HERE, `.data/lighthouse-${PORT}`);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CONTACTS = 200;
const PASSWORD = 'lighthouse bench 2026';
const log = (m: string) => console.log(`[lighthouse] ${m}`);

type Figures = {
  performance: number;
  accessibility: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  jsKB: number;
  totalKB: number;
  jsRequests: number;
  /** Lighthouse's measure of the CPU during the run (higher is faster): a busy machine scores low */
  benchmarkIndex: number;
  /** accessibility audits that failed, and the performance audits Lighthouse suggests */
  failing: string[];
  opportunities: string[];
};

function startServer(): ChildProcess {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(`${WEB_DIST}/index.html is missing: build the web app first ((cd apps/web && npx vite build))`);
  }
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORT),
    APP_URL: ORIGIN,
    DATA_DIR,
    EMBEDDED_PG_PORT: String(PG_PORT),
    WEB_DIST,
    AUTH_RATE_LIMIT: '1000',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  delete env.SENTRY_DSN;
  return spawn(path.join(HERE, 'node_modules/.bin/tsx'), [path.join(ROOT, 'apps/server/src/main.ts'), 'start'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', process.env.LIGHTHOUSE_VERBOSE ? 'inherit' : 'ignore', 'inherit'],
  });
}

async function waitForServer(server: ChildProcess): Promise<void> {
  for (let waited = 0; waited < 180_000; waited += 500) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${ORIGIN}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not answer /healthz within 3 minutes');
}

/** Registers the workspace's owner (confirming through the emailed link) and adds the contacts. */
async function seed(): Promise<{ cookie: string; workspaceId: string }> {
  const headers = { origin: ORIGIN, 'content-type': 'application/json' };
  const email = 'lighthouse-owner@leadtrail.example';
  const reg = await fetch(`${ORIGIN}/api/v1/auth/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Lighthouse Owner', email, password: PASSWORD, companyName: 'Lighthouse Co' }),
  });
  if (reg.status !== 202) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  const token = await signUpToken(`postgres://postgres:postgres@127.0.0.1:${PG_PORT}/leadtrail`, email);
  const confirm = await fetch(`${ORIGIN}/api/v1/auth/register/confirm`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ token }),
  });
  if (confirm.status >= 300) throw new Error(`confirm: ${confirm.status} ${await confirm.text()}`);
  const session = confirm.headers.getSetCookie().find((c) => c.startsWith('lt_session='));
  if (!session) throw new Error('no session cookie after confirming the sign-up');
  const cookie = session.split(';')[0]!;
  const countries = ['France', 'Germany', 'Spain', 'Italy', 'Portugal'];
  const titles = ['Head of Sales', 'Marketing Manager', 'CTO', 'Account Executive', 'Founder'];
  for (let i = 0; i < CONTACTS; i += 20) {
    await Promise.all(
      Array.from({ length: 20 }, async (_, k) => {
        const n = i + k;
        const res = await fetch(`${ORIGIN}/api/v1/contacts`, {
          method: 'POST',
          headers: { ...headers, cookie },
          body: JSON.stringify({
            firstName: `Person${n}`,
            lastName: `Lighthouse${n}`,
            email: `person${n}@company${n % 40}.example`,
            jobTitle: titles[n % titles.length],
            city: 'Lyon',
            country: countries[n % countries.length],
          }),
        });
        if (res.status >= 300) throw new Error(`contact ${n}: ${res.status} ${await res.text()}`);
      }),
    );
  }
  const me = (await confirm.json()) as { workspace: { id: string } };
  return { cookie, workspaceId: me.workspace.id };
}

/** A fresh headless Chromium on a free debugging port. */
async function launchChrome(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-chrome-'));
  const chrome = spawn(
    CHROME,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-extensions',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let said = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${said}`)), 30_000);
    chrome.stderr!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      const m = said.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    chrome.on('exit', (code) => reject(new Error(`Chromium exited with ${code}: ${said}`)));
  });
  return {
    port,
    stop: async () => {
      const gone = new Promise((r) => chrome.once('exit', r));
      chrome.kill('SIGTERM');
      await Promise.race([gone, new Promise((r) => setTimeout(r, 5_000))]);
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

type NetworkItem = { url: string; resourceType?: string; transferSize?: number };

async function audit(url: string, cookie: string | null): Promise<Figures> {
  const chrome = await launchChrome();
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const lhr = result.lhr;
    if (process.env.LIGHTHOUSE_REPORT_DIR) {
      const name = `${new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '')}-${Date.now()}.json`;
      fs.mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
      fs.writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (lhr.finalDisplayedUrl !== url)
      throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl} (not signed in?)`);
    const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ??
      []) as NetworkItem[];
    const scripts = items.filter((i) => i.resourceType === 'Script');
    const kb = (list: NetworkItem[]) => list.reduce((s, i) => s + (i.transferSize ?? 0), 0) / 1024;
    const a11y = lhr.categories.accessibility!;
    const failing = a11y.auditRefs
      .map((ref) => lhr.audits[ref.id]!)
      .filter(
        (a) =>
          a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual',
      )
      .map((a) => {
        const nodes = ((a.details as { items?: { node?: { snippet?: string; nodeLabel?: string } }[] } | undefined)?.items ?? [])
          .map((i) => i.node?.snippet ?? i.node?.nodeLabel)
          .filter(Boolean)
          .slice(0, 3);
        return `${a.id}: ${a.title}${nodes.length ? ` [${nodes.join(' ; ')}]` : ''}`;
      });
    const opportunities = lhr.categories
      .performance!.auditRefs.map((ref) => lhr.audits[ref.id]!)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 0.9 &&
          (a.scoreDisplayMode === 'metricSavings' || a.scoreDisplayMode === 'numeric'),
      )
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    return {
      performance: Math.round((lhr.categories.performance!.score ?? 0) * 100),
      accessibility: Math.round((a11y.score ?? 0) * 100),
      lcpMs: lhr.audits['largest-contentful-paint']!.numericValue ?? NaN,
      fcpMs: lhr.audits['first-contentful-paint']!.numericValue ?? NaN,
      tbtMs: lhr.audits['total-blocking-time']!.numericValue ?? NaN,
      jsKB: kb(scripts),
      totalKB: kb(items),
      jsRequests: scripts.length,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      failing,
      opportunities,
    };
  } finally {
    await chrome.stop();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function main() {
  log(
    `server code from ${ROOT}, web app from ${WEB_DIST}, port ${PORT}; machine load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  const server = startServer();
  const pages: { name: string; url: string; signedIn: boolean; perf: number; js?: number }[] = [
    { name: '/login', url: `${ORIGIN}/login`, signedIn: false, perf: 95, js: 170 },
    { name: 'contacts grid', url: `${ORIGIN}/my-contacts/contacts`, signedIn: true, perf: 80 },
  ];
  const all: Record<string, Figures[]> = {};
  let missed = false;
  try {
    await waitForServer(server);
    const { cookie, workspaceId } = await seed();
    const db = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${PG_PORT}/leadtrail` });
    await db.connect();
    const n = Number(
      (await db.query('select count(*) from contacts where workspace_id = $1', [workspaceId])).rows[0].count,
    );
    await db.end();
    log(`workspace seeded: ${n} contacts`);
    for (const page of pages) {
      const runs: Figures[] = [];
      for (let r = 0; r < RUNS; r++) {
        const f = await audit(page.url, page.signedIn ? cookie : null);
        log(
          `${page.name} run ${r + 1}: performance ${f.performance}, LCP ${(f.lcpMs / 1000).toFixed(2)} s, JS ${f.jsKB.toFixed(1)} KB in ${f.jsRequests} files, accessibility ${f.accessibility}, CPU benchmark index ${f.benchmarkIndex}`,
        );
        runs.push(f);
      }
      all[page.name] = runs;
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }

  console.log(`\nLighthouse ${RUNS} runs per page, mobile preset, medians:`);
  console.log('page            perf   LCP s   FCP s   TBT ms   JS KB (files)   all KB   a11y');
  for (const page of pages) {
    const runs = all[page.name]!;
    const m = (f: (x: Figures) => number) => median(runs.map(f));
    const perf = m((x) => x.performance);
    const js = m((x) => x.jsKB);
    const a11y = m((x) => x.accessibility);
    console.log(
      `${page.name.padEnd(15)} ${String(perf).padStart(4)}  ${(m((x) => x.lcpMs) / 1000).toFixed(2).padStart(6)}  ${(m((x) => x.fcpMs) / 1000).toFixed(2).padStart(6)}  ${m(
        (x) => x.tbtMs,
      )
        .toFixed(0)
        .padStart(7)}  ${js.toFixed(1).padStart(7)} (${m((x) => x.jsRequests)})  ${m((x) => x.totalKB)
        .toFixed(1)
        .padStart(7)}   ${a11y}`,
    );
    const misses = [
      perf < page.perf ? `performance ${perf} < ${page.perf}` : null,
      page.js !== undefined && js > page.js ? `JS ${js.toFixed(1)} KB > ${page.js} KB` : null,
      a11y < 100 ? `accessibility ${a11y} < 100` : null,
    ].filter(Boolean);
    if (misses.length) {
      missed = true;
      console.log(`  MISSED: ${misses.join('; ')}`);
    }
    const failing = [...new Set(runs.flatMap((r) => r.failing))];
    if (failing.length) console.log(`  accessibility audits failing: ${failing.join(' | ')}`);
    // one line per audit (its figure from the first run that names it)
    const byId = new Map<string, string>();
    for (const o of runs.flatMap((r) => r.opportunities))
      if (!byId.has(o.split(' ')[0]!)) byId.set(o.split(' ')[0]!, o);
    const opportunities = [...byId.values()];
    if (opportunities.length) console.log(`  performance audits below 0.9: ${opportunities.join(' | ')}`);
  }
  if (process.env.LIGHTHOUSE_JSON) fs.writeFileSync(process.env.LIGHTHOUSE_JSON, JSON.stringify(all, null, 2));
  process.exitCode = missed ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
