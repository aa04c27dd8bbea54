/**
 * Workspace export benchmark (issue 15): seeds N contacts (with companies, list members and
 * notes) in one workspace, then runs the export job (cursors → CSV + JSON temporary files → a
 * ZIP streamed into storage) and samples the process's resident memory every 20 ms. Prints the
 * peak RSS against the RSS measured just before the export (the baseline), the time, rows per
 * second and the ZIP's size; a flat-memory export keeps the growth about the same at 100k and 1M.
 *
 *   npm run bench:privacy-export -w bench -- [contacts]      (default 100000)
 *
 * BENCH_TIMELINE=1 prints, every second, the RSS, the heap's spaces and the external memory (to
 * see which phase grows); the process's own CPU time is printed too, steadier than the wall
 * time on a shared machine.
 *
 * Env: DATABASE_URL (else an embedded PostgreSQL under DATA_DIR, default .data/bench-privacy,
 * port BENCH_PG_PORT 5519). The seed is reused when the workspace already has N contacts.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createContainer } from '../apps/server/src/container.js';
import { jobContext } from '../apps/server/src/core/request-context.js';
import { createDb } from '../apps/server/src/db/client.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { createMailer } from '../apps/server/src/lib/mail.js';
import { benchAccount } from './sign-up.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const CONTACTS = Number(process.argv[2] ?? process.env.BENCH_CONTACTS ?? 100_000);
const PASSWORD = 'bench password 2026';
const ORIGIN = 'http://localhost:3000';
const EMAIL = `bench-privacy-${CONTACTS}@bench.example`;
const DATA_DIR = '.data/bench-privacy';
/** BENCH_TIMELINE=1: RSS, heap and external memory every second, to see which phase grows. */
const TIMELINE = process.env.BENCH_TIMELINE === '1';

const log = (m: string) => console.log(`[bench] ${m}`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const fmt = (n: number) => n.toLocaleString('en-US');

async function seed(client: pg.Client, workspaceId: string, memberId: string) {
  await client.query('begin');
  await client.query('delete from contacts where workspace_id = $1', [workspaceId]);
  await client.query('delete from companies where workspace_id = $1', [workspaceId]);
  await client.query('delete from lists where workspace_id = $1', [workspaceId]);
  const companies = Math.max(10, Math.round(CONTACTS / 10));
  await client.query(
    `insert into companies (workspace_id, id, name, domain, industry, country, custom_fields)
     select $1, gen_random_uuid(), 'Company ' || g, 'company' || g || '.example', 'Software', 'France', '{}'::jsonb
       from generate_series(1, $2) g`,
    [workspaceId, companies],
  );
  await client.query(
    `with co as (select id, row_number() over (order by id) as n from companies where workspace_id = $1)
     insert into contacts (workspace_id, id, first_name, last_name, email, job_title, country, company_id, owner_id, custom_fields)
     select $1, gen_random_uuid(), 'First' || g, 'Last, "quoted" ' || g, 'person' || g || '@company' || (g % $3 + 1) || '.example',
            'Sales Manager', 'France', co.id, $4, jsonb_build_object('tier', case when g % 2 = 0 then 'gold' else 'silver' end)
       from generate_series(1, $2) g join co on co.n = g % $3 + 1`,
    [workspaceId, CONTACTS, companies, memberId],
  );
  const list = (
    await client.query<{ id: string }>(
      `insert into lists (workspace_id, id, name, entity) values ($1, gen_random_uuid(), 'Bench list', 'contacts') returning id`,
      [workspaceId],
    )
  ).rows[0]!.id;
  await client.query(
    `insert into list_contacts (workspace_id, list_id, contact_id) select $1, $2, id from contacts where workspace_id = $1 order by id limit $3`,
    [workspaceId, list, Math.round(CONTACTS / 10)],
  );
  await client.query(
    `insert into notes (workspace_id, id, contact_id, body) select $1, gen_random_uuid(), id, 'A note about ' || first_name
       from contacts where workspace_id = $1 order by id limit $2`,
    [workspaceId, Math.round(CONTACTS / 20)],
  );
  await client.query('commit');
  await client.query('vacuum analyze contacts');
}

async function main() {
  let databaseUrl = process.env.DATABASE_URL;
  let stop = async () => {};
  if (!databaseUrl) {
    const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? DATA_DIR);
    const instance = await startEmbeddedPostgres(dataDir, Number(process.env.BENCH_PG_PORT ?? 5519));
    databaseUrl = instance.url;
    stop = instance.stop;
    log(`embedded PostgreSQL under ${dataDir}`);
  }
  const db = createDb(databaseUrl, { max: 8 });
  await migrate(db.pool);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: ORIGIN,
    AUTH_RATE_LIMIT: '10000',
    DATA_DIR,
  });
  const logger = pino({ level: 'silent' });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log: logger });
  const container = createContainer({ config, db, jobs: null, mailer, log: logger });
  const app = await buildApp(config, { db, mailer, container });
  await app.ready();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const a = await benchAccount(app, databaseUrl, {
      email: EMAIL,
      companyName: 'Bench Privacy',
      password: PASSWORD,
      origin: ORIGIN,
    });
    const userId = (await client.query<{ id: string }>('select id from users where email = $1', [EMAIL])).rows[0]!.id;
    const have = Number(
      (await client.query<{ n: string }>('select count(*) as n from contacts where workspace_id = $1', [a.workspaceId]))
        .rows[0]!.n,
    );
    if (have !== CONTACTS) {
      log(`seeding ${fmt(CONTACTS)} contacts`);
      const t = performance.now();
      await seed(client, a.workspaceId, a.memberId);
      log(`seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    await client.query(`delete from workspace_exports where workspace_id = $1`, [a.workspaceId]);
    const version = (await client.query('show server_version')).rows[0].server_version as string;
    log(`PostgreSQL ${version}, Node ${process.version}, ${fmt(CONTACTS)} contacts`);

    const ctx = jobContext({ userId, workspaceId: a.workspaceId, memberId: a.memberId, role: 'owner' });
    (globalThis as { gc?: () => void }).gc?.();
    await new Promise((r) => setTimeout(r, 200));
    const baseline = process.memoryUsage().rss;
    const heapBaseline = process.memoryUsage().heapUsed;
    let peak = baseline;
    const t = performance.now();
    const cpu = process.cpuUsage();
    let heapPeak = heapBaseline;
    let externalPeak = process.memoryUsage().external;
    let rowsDone = 0;
    let lastLine = 0;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.rss);
      heapPeak = Math.max(heapPeak, m.heapUsed);
      externalPeak = Math.max(externalPeak, m.external);
      if (TIMELINE && performance.now() - lastLine >= 1000) {
        lastLine = performance.now();
        const spaces = v8
          .getHeapSpaceStatistics()
          .filter((x) => x.space_used_size > 1024 * 1024)
          .map((x) => `${x.space_name} ${mb(x.space_used_size)}`)
          .join(', ');
        log(
          `  ${((lastLine - t) / 1000).toFixed(1)} s  ${fmt(rowsDone)} rows  RSS ${mb(m.rss)}  heap ${mb(m.heapUsed)} (${spaces})  external ${mb(m.external)}`,
        );
      }
    }, 20);
    // without a job queue the export runs in this process, as the worker would run it
    const { id } = await container.privacy.startExport(ctx);
    let e = await container.privacy.getExport(ctx, id);
    while (e.status === 'queued' || e.status === 'running') {
      await new Promise((r) => setTimeout(r, 100));
      e = await container.privacy.getExport(ctx, id);
      rowsDone = e.rowsDone;
    }
    const seconds = (performance.now() - t) / 1000;
    const cpuUsed = process.cpuUsage(cpu);
    clearInterval(sampler);
    if (e.status !== 'ready') throw new Error(`export ${e.status}: ${e.error}`);
    log(
      `export: ${fmt(e.rowsDone)} rows in ${seconds.toFixed(1)} s (${fmt(Math.round(e.rowsDone / seconds))} rows/s), ZIP ${mb(e.fileSize ?? 0)}`,
    );
    log(
      `CPU of this process during the export: ${((cpuUsed.user + cpuUsed.system) / 1e6).toFixed(1)} s (the database's is not counted)`,
    );
    log(
      `RSS before ${mb(baseline)}, peak ${mb(peak)}: +${mb(peak - baseline)} (${(peak / baseline).toFixed(2)}x the baseline)`,
    );
    (globalThis as { gc?: () => void }).gc?.();
    const heapAfter = process.memoryUsage().heapUsed;
    log(
      `JS heap used before ${mb(heapBaseline)}, peak ${mb(heapPeak)}: +${mb(heapPeak - heapBaseline)}; external peak ${mb(externalPeak)}; after a full GC ${mb(heapAfter)} (what the export kept: ${mb(heapAfter - heapBaseline)})`,
    );
    const key = (
      await client.query<{ k: string }>('select storage_key as k from workspace_exports where id = $1', [id])
    ).rows[0]!.k;
    await fsp.rm(path.join(config.dataDir, 'files', key), { force: true });
  } finally {
    await client.end();
    await app.close();
    await db.close();
    await stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
