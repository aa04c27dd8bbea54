import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ImportDetail } from '@leadtrail/contracts';
import pino from 'pino';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { createContainer } from '../../container.js';
import { createDb, type Db } from '../../db/client.js';
import { createImportProcessor, type ProcessorDeps } from './import-processor.jobs.js';
import { uploadImport } from './testing/upload-import.js';

/**
 * Issue 16, finding 13 and the crash loop of finding 1: an import whose processing took the
 * process down twice without progress is failed with its reason; the attempt is counted in
 * its own committed transaction before the work starts; when PostgreSQL goes away mid-import
 * the process stays up and the import resumes from its checkpoints when it is back; when the
 * database's crash recovery empties the staging table, the file is read again and no row is
 * lost or written twice.
 *
 * The database "goes away" through a TCP proxy this test controls (the test PostgreSQL is
 * shared): every connection is cut and new ones are refused until it comes back.
 */

let t: TestContext;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt-faults-'));
const silent = { info: () => {}, warn: () => {}, error: () => {} };

/** A TCP proxy to the test database that can drop everything and refuse connections. */
async function startProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(target.toString());
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    cut() {
      down = true;
      for (const s of sockets) s.destroy();
    },
    restore() {
      down = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let proxy: Awaited<ReturnType<typeof startProxy>>;
let proxiedDb: Db;
let proxied: ReturnType<typeof createContainer>;

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  proxy = await startProxy(new URL(inject('databaseUrl')));
  proxiedDb = createDb(proxy.url, { max: 6, acquireTimeoutMs: 2000 });
  const log = pino({ level: 'silent' });
  proxied = createContainer({ config: t.config, db: proxiedDb, jobs: null, mailer: t.container.mailer, log });
});
afterAll(async () => {
  await proxiedDb?.close().catch(() => {});
  await proxy?.close();
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function processor(via: 'direct' | 'proxy', extra: Partial<ProcessorDeps> = {}) {
  const parts = via === 'direct' ? t.container.importWorker : proxied.importWorker;
  return createImportProcessor({
    uow: via === 'direct' ? t.container.uow : proxied.uow,
    repo: parts.repo,
    storage: parts.storage,
    contactsImport: parts.contactsImport,
    companiesImport: parts.companiesImport,
    lists: parts.lists,
    mailer: { send: async () => {} },
    appUrl: 'http://localhost:3000',
    log: silent,
    notifyAfterMs: 600_000,
    ...extra,
  });
}

/** An import of `rows` contacts (every 10th repeats an earlier email, every 50th has none), queued. */
async function queuedImport(rows: number) {
  const owner = await signUp(t.app);
  const lines = ['Email,First Name'];
  for (let i = 1; i <= rows; i++) {
    if (i % 50 === 0) lines.push(`,Nomail${i}`);
    else lines.push(`p${i % 10 === 0 ? i - 5 : i}@x.test,P${i}`);
  }
  const res = await uploadImport(owner, 'p.csv', `${lines.join('\n')}\n`);
  expect(res.statusCode, res.body).toBe(201);
  const imp = res.json() as ImportDetail;
  const ws = owner.me.workspace.id;
  expect(
    await t.container.uow.tenant({ workspaceId: ws }, (tx) => t.container.importWorker.repo.transition(tx, ws, imp.id, ['mapping'], { status: 'queued' })),
  ).toBe(true);
  const repeats = Math.floor(rows / 10) - Math.floor(rows / 50);
  return { owner, imp, ws, created: rows - repeats, repeats };
}

const row = async (id: string) =>
  (
    await t.db.pool.query<{
      status: string;
      error: string | null;
      attempts: number;
      rows_read: number;
      write_checkpoint: number;
      created_count: number;
      duplicates_in_file: number;
    }>('select status, error, attempts, rows_read, write_checkpoint, created_count, duplicates_in_file from imports where id = $1', [id])
  ).rows[0]!;

async function until(id: string, test: (r: Awaited<ReturnType<typeof row>>) => boolean, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    const r = await row(id);
    if (test(r)) return r;
    if (Date.now() > end) throw new Error(`timed out: ${JSON.stringify(r)}`);
    await new Promise((res) => setTimeout(res, 20));
  }
}

async function contactsOf(ws: string, id: string) {
  const r = await t.db.pool.query<{ n: number; distinct_emails: number; no_email: number }>(
    `select count(*)::int as n, count(distinct email)::int as distinct_emails, count(*) filter (where email is null)::int as no_email
     from contacts where workspace_id = $1 and import_id = $2`,
    [ws, id],
  );
  return r.rows[0]!;
}

describe('import faults', () => {
  it('fails an import whose processing took the process down twice, with its reason', async () => {
    const { imp, ws } = await queuedImport(20);
    // two attempts started and never ended (the process died each time, no progress between)
    await t.db.pool.query('update imports set attempts = 2, status = $2 where id = $1', [imp.id, 'processing']);
    expect(await processor('direct').run(ws, imp.id)).toBe('done');
    const r = await row(imp.id);
    expect(r.status).toBe('failed');
    expect(r.error).toMatch(/could not be processed: reading it stopped the server twice/);
    expect((await contactsOf(ws, imp.id)).n).toBe(0);
  });

  it('counts the attempt in a committed transaction before processing, and clears it when the attempt ends', async () => {
    const { imp, ws, created } = await queuedImport(300);
    const run = processor('direct', { testing: { readRowDelayMs: 3 } }).run(ws, imp.id);
    // seen from another connection while the file is still being read: committed already
    const during = await until(imp.id, (r) => r.status === 'processing' && r.attempts > 0);
    expect(during.attempts).toBe(1);
    expect(await run).toBe('done');
    const after = await row(imp.id);
    expect(after).toMatchObject({ status: 'completed', attempts: 0, created_count: created });
  });

  it('one crash with progress after it does not fail the import (a kill -9 during a deploy resumes)', async () => {
    const { imp, ws, created } = await queuedImport(60);
    await t.db.pool.query('update imports set attempts = 1 where id = $1', [imp.id]);
    expect(await processor('direct').run(ws, imp.id)).toBe('done');
    expect(await row(imp.id)).toMatchObject({ status: 'completed', attempts: 0, created_count: created });
  });

  it('keeps the process up when PostgreSQL goes away mid-import and resumes from its checkpoints when it is back', async () => {
    const { imp, ws, created, repeats } = await queuedImport(1500);
    const run = processor('proxy', { testing: { readRowDelayMs: 1, writeBatchRows: 100, writeBatchDelayMs: 5 } }).run(ws, imp.id);
    // away while reading
    await until(imp.id, (r) => r.rows_read > 100);
    proxy.cut();
    await new Promise((r) => setTimeout(r, 1500));
    proxy.restore();
    // and again while writing
    await until(imp.id, (r) => r.write_checkpoint > 0 && r.created_count > 0);
    proxy.cut();
    await new Promise((r) => setTimeout(r, 1500));
    proxy.restore();
    expect(await run).toBe('done');
    const r = await row(imp.id);
    expect(r).toMatchObject({ status: 'completed', attempts: 0, created_count: created, duplicates_in_file: repeats });
    const c = await contactsOf(ws, imp.id);
    expect(c.n).toBe(created);
    expect(c.distinct_emails).toBe(created - c.no_email);
  }, 90_000);

  it('reads the file again when crash recovery emptied the staging rows after writes began: nothing lost or doubled', async () => {
    const { imp, ws, created, repeats } = await queuedImport(1500);
    // this run gives up at once when the database goes away, as a killed process would
    const first = processor('proxy', { databaseWaitMs: 0, testing: { writeBatchRows: 100, writeBatchDelayMs: 20 } }).run(ws, imp.id);
    await until(imp.id, (r) => r.write_checkpoint > 300);
    proxy.cut();
    await expect(first).rejects.toThrow();
    proxy.restore();
    // what PostgreSQL's crash recovery does to an unlogged table
    await t.db.pool.query('delete from import_rows where import_id = $1', [imp.id]);
    expect(await processor('direct').run(ws, imp.id)).toBe('done');
    const r = await row(imp.id);
    expect(r).toMatchObject({ status: 'completed', created_count: created, duplicates_in_file: repeats });
    const c = await contactsOf(ws, imp.id);
    expect(c.n).toBe(created);
    expect(c.distinct_emails).toBe(created - c.no_email);
    const detail = (await t.container.imports.get(
      { userId: '', workspaceId: ws, memberId: '', role: 'owner', permissions: [], via: 'job', sessionId: null },
      imp.id,
    )) as ImportDetail;
    expect(detail.progress).toMatchObject({ rowsDone: 1500, rowsRead: 1500 });
    expect(detail.counts.rows).toBe(1500);
  }, 90_000);
});
