import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportDetail } from '@leadtrail/contracts';
import { createTestApp, ORIGIN, signUp, type TestContext } from '../../../test/helpers.js';
import type { Mail } from '../../lib/mail.js';
import { createImportProcessor, type ProcessorDeps } from './import-processor.jobs.js';
import { uploadImport } from './testing/upload-import.js';

/** The processor on its own: cancel mid-way, one runner per import, the mail when a long import ends. */

let t: TestContext;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt-processor-'));
let parts: TestContext['container']['importWorker'];
const sent: Mail[] = [];
const silent = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  parts = t.container.importWorker;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function processor(extra: Partial<ProcessorDeps> = {}) {
  return createImportProcessor({
    uow: t.container.uow,
    repo: parts.repo,
    storage: parts.storage,
    contactsImport: parts.contactsImport,
    companiesImport: parts.companiesImport,
    lists: parts.lists,
    mailer: { send: async (m) => void sent.push(m) },
    appUrl: 'http://localhost:3000',
    log: silent,
    notifyAfterMs: 60_000,
    ...extra,
  });
}

async function queuedImport(rows: number) {
  const owner = await signUp(t.app);
  const lines = ['Email,First Name'];
  for (let i = 0; i < rows; i++) lines.push(`p${i}@x${i % 7}.test,P${i}`);
  const res = await uploadImport(owner, 'p.csv', `${lines.join('\n')}\n`);
  expect(res.statusCode, res.body).toBe(201);
  const imp = res.json() as ImportDetail;
  // queued, as start leaves it, without running it here
  const ws = owner.me.workspace.id;
  expect(await t.container.uow.tenant({ workspaceId: ws }, (tx) => parts.repo.transition(tx, ws, imp.id, ['mapping'], { status: 'queued' }))).toBe(true);
  return { owner, imp, ws: owner.me.workspace.id };
}

const detail = async (owner: Awaited<ReturnType<typeof signUp>>, id: string) =>
  (await owner.request({ method: 'GET', url: `/api/v1/imports/${id}` })).json() as ImportDetail;

describe('import processor', () => {
  it('stops within a second of a cancel and keeps (and counts) what it wrote', async () => {
    const { owner, imp, ws } = await queuedImport(400);
    const run = processor({ testing: { readRowDelayMs: 5 } }).run(ws, imp.id);
    for (let i = 0; i < 200; i++) {
      const d = await detail(owner, imp.id);
      if (d.progress.rowsRead > 50) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const asked = Date.now();
    const res = await owner.request({ method: 'POST', url: `/api/v1/imports/${imp.id}/cancel`, headers: ORIGIN });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'processing', cancelRequested: true });
    expect(await run).toBe('done');
    expect(Date.now() - asked).toBeLessThan(2000);
    const d = await detail(owner, imp.id);
    expect(d.status).toBe('cancelled');
    expect(d.progress.rowsRead).toBeLessThan(400);
    const contacts = await t.db.pool.query('select count(*)::int as n from contacts where import_id = $1', [imp.id]);
    expect(contacts.rows[0].n).toBe(d.counts.created);
    expect(d.counts.rows).toBe(
      d.counts.created + d.counts.updated + d.counts.duplicates + d.counts.suppressed + d.counts.errors,
    );
    const staging = await t.db.pool.query('select count(*)::int as n from import_rows where import_id = $1', [imp.id]);
    expect(staging.rows[0].n).toBe(0);
  });

  it('cancelled while writing, it keeps the records written so far and counts them', async () => {
    const { owner, imp, ws } = await queuedImport(400);
    const run = processor({ testing: { writeBatchRows: 40, writeBatchDelayMs: 60 } }).run(ws, imp.id);
    for (let i = 0; i < 300; i++) {
      const d = await detail(owner, imp.id);
      if (d.counts.created >= 80) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    await owner.request({ method: 'POST', url: `/api/v1/imports/${imp.id}/cancel`, headers: ORIGIN });
    expect(await run).toBe('done');
    const d = await detail(owner, imp.id);
    expect(d.status).toBe('cancelled');
    expect(d.counts.created).toBeGreaterThanOrEqual(80);
    expect(d.counts.created).toBeLessThan(400);
    expect(d.counts.created % 40).toBe(0);
    const contacts = await t.db.pool.query('select count(*)::int as n from contacts where import_id = $1', [imp.id]);
    expect(contacts.rows[0].n).toBe(d.counts.created);
    // undo removes them
    const undo = await owner.request({ method: 'POST', url: `/api/v1/imports/${imp.id}/undo`, headers: ORIGIN });
    expect(undo.json()).toMatchObject({ removed: d.counts.created });
  });

  it('runs an import once at a time: a second runner backs off', async () => {
    const { owner, imp, ws } = await queuedImport(300);
    const p = processor({ testing: { readRowDelayMs: 2 } });
    const first = p.run(ws, imp.id);
    await new Promise((r) => setTimeout(r, 100));
    expect(await processor().run(ws, imp.id)).toBe('busy');
    expect(await first).toBe('done');
    expect(await processor().run(ws, imp.id)).toBe('gone');
    const d = await detail(owner, imp.id);
    expect(d).toMatchObject({ status: 'completed', counts: { rows: 300, created: 300 } });
  });

  it('mails the uploader when a long import ends', async () => {
    const { owner, imp, ws } = await queuedImport(20);
    sent.length = 0;
    expect(await processor({ notifyAfterMs: 0 }).run(ws, imp.id)).toBe('done');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(owner.email);
    expect(sent[0]!.subject).toBe('Import completed: p.csv');
    expect(sent[0]!.text).toContain('Created: 20');
    expect(sent[0]!.text).toContain(`/my-contacts/uploaded-files/${imp.id}`);
    // a short one does not
    const short = await queuedImport(5);
    sent.length = 0;
    await processor().run(short.ws, short.imp.id);
    expect(sent).toHaveLength(0);
  });
});
