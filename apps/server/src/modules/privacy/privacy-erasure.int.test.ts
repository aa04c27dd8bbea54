import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErasureResult, ImportDetail } from '@leadtrail/contracts';
import { createTestApp, signUp, uniqueEmail, type TestContext } from '../../../test/helpers.js';
import { emailSha256 } from '../suppressions/suppression-entry.js';
import { uploadImport } from '../imports/testing/upload-import.js';
import { addExtraProspects } from '../prospects/testing/extra-prospect.js';

/**
 * Erasure (issue 15): a person who was revealed, imported (with an error row), noted, listed and
 * suppressed by address is erased in one request; afterwards no text or JSON column of any table
 * holds the address, its hash is suppressed, and a re-import or a reveal counts it suppressed.
 */
let t: TestContext;
type Who = Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  // a webhook endpoint on this machine (never called here: the delivery worker does not run in tests)
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
});
afterAll(async () => {
  for (const remove of added) await remove();
  await t?.close();
});

async function ok(res: { statusCode: number; body: string; json: () => unknown }, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as never;
}

async function waitFinished(who: Who, id: string): Promise<ImportDetail> {
  const end = Date.now() + 20_000;
  for (;;) {
    const imp = (await ok(await who.request({ method: 'GET', url: `/api/v1/imports/${id}` }))) as ImportDetail;
    if (['completed', 'completed_with_errors', 'failed', 'cancelled'].includes(imp.status)) return imp;
    if (Date.now() > end) throw new Error(`import still ${imp.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Uploads a contacts CSV (first, last, email, "Met on" date custom field) and runs it. */
async function importCsv(who: Who, name: string, csv: string): Promise<ImportDetail> {
  const imp = (await ok(await uploadImport(who, name, csv), 201)) as ImportDetail;
  const mapping = [
    { index: 0, target: 'firstName' },
    { index: 1, target: 'lastName' },
    { index: 2, target: 'email' },
    { index: 3, target: 'custom:met_on' },
  ];
  await ok(await who.request({ method: 'PATCH', url: `/api/v1/imports/${imp.id}`, payload: { mapping } }));
  await ok(await who.request({ method: 'POST', url: `/api/v1/imports/${imp.id}/start` }));
  return waitFinished(who, imp.id);
}

/** A person of the prospect database with this address (the global table, as the loaders write it), removed when the test ends. */
const added: Array<() => Promise<void>> = [];
async function prospectWith(email: string) {
  const extra = await addExtraProspects(t.db.pool, [{ email, firstName: 'Jane', lastName: 'Erase', companyName: 'Erasure Test Co', companyDomain: 'erasure-test.example' }]);
  added.push(extra.remove);
  return extra.ids[0]!;
}

/** Every (table, column) of the public schema's tables whose text holds `needle`, but the global prospect database. */
async function columnsHolding(needle: string) {
  const cols = await t.db.pool.query<{ table_name: string; column_name: string }>(`
    select c.table_name, c.column_name
      from information_schema.columns c
      join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
     where c.table_schema = 'public' and tb.table_type = 'BASE TABLE'
       and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'tsvector')
            or (c.data_type = 'ARRAY' and c.udt_name in ('_text', '_varchar')))
     order by 1, 2`);
  expect(cols.rows.length).toBeGreaterThan(50);
  const hits: string[] = [];
  for (const { table_name, column_name } of cols.rows) {
    // the shared prospect database is not the workspace's data: the person stays findable there,
    // and the hash suppression keeps them from being revealed again
    if (table_name.startsWith('prospect_') && table_name !== 'prospect_reveals') continue;
    const r = await t.db.pool.query<{ n: string }>(
      `select count(*) as n from public.${JSON.stringify(table_name)} where position($1 in lower(${JSON.stringify(column_name)}::text)) > 0`,
      [needle.toLowerCase()],
    );
    if (Number(r.rows[0]!.n) > 0) hits.push(`${table_name}.${column_name}`);
  }
  return hits;
}

describe('erase a person', () => {
  it('removes every trace of the address, suppresses its hash, and a later import or reveal counts it suppressed', async () => {
    const owner = await signUp(t.app);
    const ws = owner.me.workspace.id;
    const email = uniqueEmail('jane.erase');
    const keep = uniqueEmail('bob.keep');
    await ok(await owner.request({ method: 'GET', url: '/api/v1/credits' }));
    await ok(
      await owner.request({
        method: 'POST',
        url: '/api/v1/custom-fields',
        payload: { entity: 'contacts', label: 'Met on', type: 'date' },
      }),
      201,
    );

    // a webhook endpoint: every contact event's payload (with the address) is kept in the outbox
    const hook = await owner.request({
      method: 'POST',
      url: '/api/v1/webhooks',
      payload: { url: 'http://127.0.0.1:9/in', events: ['contact.created', 'contact.updated'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);

    // revealed from the prospect database: a contact, a reveal record, a stored idempotent answer
    const prospectId = await prospectWith(email);
    const revealed = (await ok(
      await owner.request({
        method: 'POST',
        url: '/api/v1/prospects/reveal',
        headers: { 'idempotency-key': `erase-${ws}` },
        payload: { ids: [prospectId], fields: 'email' },
      }),
    )) as { revealed: { contactId: string; email: string }[] };
    expect(revealed.revealed[0]!.email).toBe(email);
    const contactId = revealed.revealed[0]!.contactId;

    // imported: the same person again, and a row of theirs with a problem (an unparseable date:
    // a warning kept with the row's data since issue 23, the row itself still counted)
    const imp = await importCsv(
      owner,
      'leads.csv',
      `First Name,Last Name,Email,Met on\nJane,Erase,${email},2024-01-05\nJane,Erase,${email.toUpperCase()},not a date\nBob,Keep,${keep},2024-02-02\n`,
    );
    expect(imp.counts).toMatchObject({ errors: 0, warnings: 1 });

    // noted, listed, and their address on the suppression list
    await ok(
      await owner.request({
        method: 'POST',
        url: `/api/v1/contacts/${contactId}/notes`,
        payload: { body: `Called Jane at ${email}` },
      }),
      201,
    );
    const list = (await ok(
      await owner.request({
        method: 'POST',
        url: '/api/v1/lists',
        payload: { name: 'Erasure targets', entity: 'contacts' },
      }),
      201,
    )) as { id: string };
    await ok(
      await owner.request({ method: 'POST', url: `/api/v1/lists/${list.id}/members`, payload: { ids: [contactId] } }),
    );
    await ok(
      await owner.request({
        method: 'POST',
        url: '/api/v1/suppressions',
        payload: { entries: [{ value: email, reason: 'requested_opt_out' }] },
      }),
    );
    // a later file with the person is left out as suppressed (the import keeps which row and entry)
    const skipped = await importCsv(
      owner,
      'later.csv',
      `First Name,Last Name,Email,Met on\nJane,Erase,${email},2024-04-04\n`,
    );
    expect(skipped.counts.suppressed).toBe(1);

    expect((await columnsHolding(email)).length).toBeGreaterThan(5);
    expect(await columnsHolding(email)).toContain('import_suppressed_rows.key');

    const res = (await ok(
      await owner.request({
        method: 'POST',
        url: '/api/v1/privacy/erasures',
        payload: { email: `  ${email.toUpperCase()} ` },
      }),
    )) as ErasureResult;
    const hash = emailSha256(email);
    expect(res.hash).toBe(hash);
    expect(res.removed).toMatchObject({
      contacts: 1,
      notes: 1,
      listMemberships: 1,
      reveals: 1,
      errorRows: 1,
      storedResponses: 1,
      suppressionEntries: 1,
      suppressedRows: 1,
    });
    expect(res.removed.activities).toBeGreaterThan(0);
    expect(res.removed.webhookEvents).toBeGreaterThan(0);
    expect(res.removed.importPreviews).toBe(2);
    expect(res.files).toEqual([
      { importId: imp.id, fileName: 'leads.csv', deleted: false },
      { importId: skipped.id, fileName: 'later.csv', deleted: false },
    ]);

    // no trace anywhere
    expect(await columnsHolding(email)).toEqual([]);
    // the other person of the file stays, the original file stays (listed, not rewritten)
    const left = (await ok(await owner.request({ method: 'GET', url: `/api/v1/contacts?limit=50` }))) as {
      data: { email: string }[];
    };
    expect(left.data.map((c) => c.email)).toEqual([keep]);
    const file = await owner.request({ method: 'GET', url: `/api/v1/imports/${imp.id}/file` });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain(email);
    const after = (await ok(await owner.request({ method: 'GET', url: `/api/v1/imports/${imp.id}` }))) as ImportDetail;
    expect(after.counts).toEqual(imp.counts);

    // the admin then deletes the listed file (not another workspace's: 0 deleted for a stranger)
    const stranger = await signUp(t.app);
    const none = await stranger.request({
      method: 'POST',
      url: '/api/v1/privacy/erasures/files',
      payload: { importIds: [imp.id] },
    });
    expect((await ok(none)) as unknown).toEqual({ files: [] });
    const stored = path.join(
      t.config.dataDir,
      'files',
      (await t.db.pool.query<{ k: string }>('select storage_key as k from imports where id = $1', [imp.id])).rows[0]!.k,
    );
    expect(fs.existsSync(stored)).toBe(true);
    const del = await owner.request({
      method: 'POST',
      url: '/api/v1/privacy/erasures/files',
      payload: { importIds: [imp.id] },
    });
    expect((await ok(del)) as unknown).toEqual({ files: [{ importId: imp.id, fileName: 'leads.csv', deleted: true }] });
    expect(fs.existsSync(stored)).toBe(false);
    expect((await owner.request({ method: 'GET', url: `/api/v1/imports/${imp.id}/file` })).statusCode).toBe(410);

    // the hash is on the suppression list with its reason
    const entries = (await ok(await owner.request({ method: 'GET', url: `/api/v1/suppressions?limit=50` }))) as {
      data: { kind: string; value: string; reason: string }[];
    };
    expect(entries.data.map((e) => [e.kind, e.value, e.reason])).toEqual([['hash', hash, 'erasure_request']]);

    // the audit log keeps that it happened, with the hash, never the address
    const audit = await t.db.pool.query<{ details: { hash: string } }>(
      `select details from audit_log where workspace_id = $1 and action = 'privacy.erasure'`,
      [ws],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]!.details.hash).toBe(hash);

    // a later import and a later reveal of the address count it suppressed
    const again = await importCsv(
      owner,
      'again.csv',
      `First Name,Last Name,Email,Met on\nJane,Erase,${email},2024-03-03\n`,
    );
    expect(again.counts).toMatchObject({ rows: 1, created: 0, suppressed: 1 });
    const preview = (await ok(
      await owner.request({
        method: 'POST',
        url: '/api/v1/prospects/reveal/preview',
        payload: { ids: [prospectId], fields: 'email' },
      }),
    )) as { skipped: { suppressed: number }; cost: number };
    expect(preview.skipped.suppressed).toBe(1);
    expect(preview.cost).toBe(0);
  });

  it('deletes the original files holding the address when asked, and only in its own workspace', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const email = uniqueEmail('erase.files');
    await ok(
      await owner.request({
        method: 'POST',
        url: '/api/v1/custom-fields',
        payload: { entity: 'contacts', label: 'Met on', type: 'date' },
      }),
      201,
    );
    await ok(
      await other.request({
        method: 'POST',
        url: '/api/v1/custom-fields',
        payload: { entity: 'contacts', label: 'Met on', type: 'date' },
      }),
      201,
    );
    const csv = `First Name,Last Name,Email,Met on\nAnn,Gone,${email},2024-01-05\n`;
    const mine = await importCsv(owner, 'mine.csv', csv);
    const theirs = await importCsv(other, 'theirs.csv', csv);
    const keyOf = async (id: string) =>
      path.join(
        t.config.dataDir,
        'files',
        (await t.db.pool.query<{ k: string }>('select storage_key as k from imports where id = $1', [id])).rows[0]!.k,
      );
    const mineFile = await keyOf(mine.id);
    const theirFile = await keyOf(theirs.id);
    expect(fs.existsSync(mineFile)).toBe(true);

    // an upload never started, the person on its 61st row (past the preview): only its file says so
    const rows = Array.from({ length: 60 }, (_, i) => `Someone,Else${i},someone${i}@other.example,2024-01-01`);
    rows.push(`Ann,Gone,${email.toUpperCase()},2024-01-05`);
    const late = (await ok(
      await uploadImport(owner, 'late.csv', `First Name,Last Name,Email,Met on\n${rows.join('\n')}\n`),
      201,
    )) as ImportDetail;
    const lateFile = await keyOf(late.id);
    // and one that does not hold the address
    const unrelated = (await ok(
      await uploadImport(owner, 'other.csv', 'First Name,Email\nZed,zed@other.example\n'),
      201,
    )) as ImportDetail;

    const res = (await ok(
      await owner.request({ method: 'POST', url: '/api/v1/privacy/erasures', payload: { email, deleteFiles: true } }),
    )) as ErasureResult;
    expect(res.removed.contacts).toBe(1);
    expect(res.removed.importPreviews).toBe(1);
    expect(res.files).toEqual([
      { importId: mine.id, fileName: 'mine.csv', deleted: true },
      { importId: late.id, fileName: 'late.csv', deleted: true },
    ]);
    expect(fs.existsSync(lateFile)).toBe(false);
    expect(fs.existsSync(await keyOf(unrelated.id))).toBe(true);
    expect(fs.existsSync(mineFile)).toBe(false);
    const after = (await ok(await owner.request({ method: 'GET', url: `/api/v1/imports/${mine.id}` }))) as ImportDetail;
    expect(after.fileDeletedReason).toBe('erasure');
    expect(after.counts.created).toBe(1);
    expect((await owner.request({ method: 'GET', url: `/api/v1/imports/${mine.id}/file` })).statusCode).toBe(410);

    // the other workspace keeps its contact and its file
    expect(fs.existsSync(theirFile)).toBe(true);
    const theirContacts = (await ok(await other.request({ method: 'GET', url: '/api/v1/contacts?limit=5' }))) as {
      data: { email: string }[];
    };
    expect(theirContacts.data.map((c) => c.email)).toEqual([email]);
  });

  it('refuses an address that is not one, changing nothing', async () => {
    const owner = await signUp(t.app);
    const res = await owner.request({
      method: 'POST',
      url: '/api/v1/privacy/erasures',
      payload: { email: 'not an address' },
    });
    expect(res.statusCode).toBe(400);
    const n = await t.db.pool.query<{ n: string }>('select count(*) as n from suppressions where workspace_id = $1', [
      owner.me.workspace.id,
    ]);
    expect(Number(n.rows[0]!.n)).toBe(0);
  });
});
