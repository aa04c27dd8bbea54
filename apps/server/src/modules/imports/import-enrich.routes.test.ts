import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact, CreditTransactionPage, ImportDetail, ImportEnrichment, ImportEnrichPreview } from '@leadtrail/contracts';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { addTeammate } from '../../../test/team-helpers.js';
import { ensureTestProspects } from '../prospects/cli/prospects-fixture.js';
import { createImportProcessor } from './import-processor.jobs.js';
import { uploadImport } from './testing/upload-import.js';

/**
 * The import's enrich option against the shared generated prospects: the dry run's figures
 * (checked against SQL on the same people), the charge once per filled field (also across a
 * crash and a resume), the cap, and no credits.
 */
let t: TestContext;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt-enrich-'));
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  await ensureTestProspects(t.db.pool);
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Account = Awaited<ReturnType<typeof signUp>>;
type P = { id: string; first_name: string; last_name: string; email: string; phone: string; linkedin_url: string; company_domain: string };

let taken = 0;
/**
 * People with an email, a phone, a LinkedIn URL and a company domain, whose name + domain is
 * unique in the set (so the name + domain key has one answer), each test its own.
 */
async function people(n: number): Promise<P[]> {
  const r = await t.db.pool.query<P>(
    `select id, first_name, last_name, email, phone, linkedin_url, company_domain from prospect_people p
     where email is not null and phone is not null and linkedin_url is not null and company_domain is not null
       and first_name is not null and last_name is not null and first_name !~ '[",]' and last_name !~ '[",]'
       and (select count(*) from prospect_people q where lower(q.company_domain) = lower(p.company_domain)
              and lower(q.first_name) = lower(p.first_name) and lower(q.last_name) = lower(p.last_name)) = 1
     order by id offset $1 limit $2`,
    [taken, n],
  );
  taken += n;
  expect(r.rows).toHaveLength(n);
  return r.rows;
}

/**
 * A file of 9 rows: 3 known by LinkedIn URL only (email and phone to fill), 2 by email (phone
 * to fill), 2 by name + company domain (both to fill), 1 nobody knows, 1 complete already.
 * Expected: matches 3 / 2 / 2, emails 5, phones 7, cost 5 × 1 + 7 × 5 = 40.
 */
async function enrichFile(): Promise<{ csv: string; ps: P[] }> {
  const ps = await people(8);
  const lines = ['First Name,Last Name,Email,LinkedIn,Domain,Phone'];
  for (const p of ps.slice(0, 3)) lines.push(`${p.first_name},${p.last_name},,${p.linkedin_url},,`);
  for (const p of ps.slice(3, 5)) lines.push(`${p.first_name},${p.last_name},${p.email},,,`);
  for (const p of ps.slice(5, 7)) lines.push(`${p.first_name},${p.last_name},,,${p.company_domain},`);
  lines.push(`Nobody,Known${taken},,,nobody-${taken}.example,`);
  const last = ps[7]!;
  lines.push(`${last.first_name},${last.last_name},${last.email},,,${last.phone}`);
  return { csv: lines.join('\n') + '\n', ps };
}
const MAPPING = ['firstName', 'lastName', 'email', 'linkedinUrl', 'companyDomain', 'workPhone'].map((target, index) => ({ index, target }));

async function uploaded(who: Account, csv: string, options: Record<string, unknown>): Promise<ImportDetail> {
  const res = await uploadImport(who, 'people.csv', csv);
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as ImportDetail).id;
  const p = await who.request({ method: 'PATCH', url: `/api/v1/imports/${id}`, payload: { mapping: MAPPING, options } });
  expect(p.statusCode, p.body).toBe(200);
  return p.json() as ImportDetail;
}

async function runToEnd(who: Account, id: string): Promise<ImportDetail> {
  const s = await who.request({ method: 'POST', url: `/api/v1/imports/${id}/start` });
  expect(s.statusCode, s.body).toBe(200);
  const end = Date.now() + 30_000;
  for (;;) {
    const imp = (await who.request({ method: 'GET', url: `/api/v1/imports/${id}` })).json() as ImportDetail;
    if (['completed', 'completed_with_errors', 'failed', 'cancelled'].includes(imp.status)) return imp;
    if (Date.now() > end) throw new Error(`import still ${imp.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const enrichment = async (who: Account, id: string) => {
  const res = await who.request({ method: 'GET', url: `/api/v1/imports/${id}/enrichment` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ImportEnrichment;
};
const enrichRows = async (who: Account) =>
  ((await who.request({ method: 'GET', url: '/api/v1/credit-transactions?limit=500&feature=import_enrich' })).json() as CreditTransactionPage).data;
async function withBalance(balance: number) {
  const who = await signUp(t.app);
  await who.request({ method: 'GET', url: '/api/v1/credits' });
  if (balance !== 50) await t.container.credits.adjust(who.me.workspace.id, balance - 50, 'test balance');
  return who;
}

describe('enrich dry run', () => {
  it('answers the expected matches by key, the cost (as SQL counts them), the balance and the cap; another workspace gets 404', async () => {
    const a = await withBalance(50);
    const { csv, ps } = await enrichFile();
    const imp = await uploaded(a, csv, { enrich: true });
    // the expected figures, from SQL on the same people and the file's layout
    const known = await t.db.pool.query<{ emails: number; phones: number }>(
      `select count(*) filter (where email is not null)::int as emails, count(*) filter (where phone is not null)::int as phones
       from prospect_people where linkedin_url = any($1)`,
      [ps.slice(0, 3).map((p) => p.linkedin_url)],
    );
    expect(known.rows[0]).toEqual({ emails: 3, phones: 3 });
    const res = await a.request({ method: 'POST', url: `/api/v1/imports/${imp.id}/enrich-preview`, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      sampleRows: 9, rows: 9, exact: true, lacking: 8,
      matches: { linkedin: 3, email: 2, nameDomain: 2 },
      emails: 5, phones: 7, cost: 40, balance: 50, available: 50, memberRemaining: null, cap: null, expectedCharge: 40,
    } satisfies ImportEnrichPreview);
    const capped = (await a.request({ method: 'POST', url: `/api/v1/imports/${imp.id}/enrich-preview`, payload: { cap: 12 } })).json() as ImportEnrichPreview;
    expect(capped).toMatchObject({ cost: 40, cap: 12, expectedCharge: 12 });
    // nothing was charged by the dry run
    expect(await enrichRows(a)).toHaveLength(0);
    const b = await signUp(t.app);
    expect((await b.request({ method: 'POST', url: `/api/v1/imports/${imp.id}/enrich-preview`, payload: {} })).statusCode).toBe(404);
    expect((await b.request({ method: 'GET', url: `/api/v1/imports/${imp.id}/enrichment` })).statusCode).toBe(404);
  });
});

describe('enrich during the import', () => {
  it('fills the missing fields and charges each once, as the dry run said, in the ledger with the import as reference', async () => {
    const a = await withBalance(50);
    const { csv, ps } = await enrichFile();
    const imp = await uploaded(a, csv, { enrich: true });
    const done = await runToEnd(a, imp.id);
    expect(done.status).toBe('completed');
    expect(done.counts).toMatchObject({ rows: 9, created: 9 });
    expect(await enrichment(a, imp.id)).toEqual({ enabled: true, cap: null, creditsCharged: 40, emailsFilled: 5, phonesFilled: 7, stopped: null, note: null });
    const rows = await enrichRows(a);
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => r.reference === imp.id && r.kind === 'spend')).toBe(true);
    expect(await t.container.credits.audit(a.me.workspace.id)).toEqual({ ledgerSum: 10, balance: 10 });
    const list = await a.request({ method: 'GET', url: `/api/v1/contacts?limit=50&q=${encodeURIComponent(ps[0]!.last_name)}` });
    const c = (list.json() as { data: Contact[] }).data.find((x) => x.firstName === ps[0]!.first_name && x.lastName === ps[0]!.last_name)!;
    expect(c.email).toBe(ps[0]!.email.toLowerCase());
    expect(c.workPhone).not.toBeNull();
    // an enriched person counts as revealed here: revealing them now is free
    const receipt = await a.request({ method: 'POST', url: '/api/v1/prospects/reveal/preview', payload: { ids: [ps[0]!.id], fields: 'both' } });
    expect(receipt.json()).toMatchObject({ cost: 0, free: 1 });
  });

  it('a batch that crashed mid-way is redone on resume and charged once; committed batches are not charged again', async () => {
    const a = await withBalance(50);
    const { csv } = await enrichFile();
    const imp = await uploaded(a, csv, { enrich: true });
    const ws = a.me.workspace.id;
    const parts = t.container.importWorker;
    expect(await t.container.uow.tenant({ workspaceId: ws }, (tx) => parts.repo.transition(tx, ws, imp.id, ['mapping'], { status: 'queued' }))).toBe(true);
    const base = {
      uow: t.container.uow, repo: parts.repo, storage: parts.storage, contactsImport: parts.contactsImport, companiesImport: parts.companiesImport,
      lists: parts.lists, mailer: { send: async () => {} }, appUrl: 'http://localhost', log: { info: () => {}, warn: () => {}, error: () => {} },
      notifyAfterMs: 60_000, databaseWaitMs: 1_000, testing: { writeBatchRows: 3, writeBatchDelayMs: 0 },
    };
    let calls = 0;
    const crashing = createImportProcessor({
      ...base,
      enrich: {
        batchIn: async (client, i, ids) => {
          const r = await t.container.importEnricher.batchIn(client, i, ids);
          // the second batch charges, then its transaction dies before the commit
          if (++calls === 2) throw new Error('simulated crash');
          return r;
        },
      },
    });
    await expect(crashing.run(ws, imp.id)).rejects.toThrow('simulated crash');
    const after = await enrichRows(a);
    expect(after.length).toBeGreaterThan(0);
    expect(after.length).toBeLessThan(12);
    // the crashed run's connection was closed, not rolled back (it may have been mid-COPY):
    // PostgreSQL ends its transaction, and with it the run's lock, when it notices, which on a
    // busy server is a moment later. Until then a resume answers 'busy' (the job queue retries
    // after 10 s or more).
    const resume = createImportProcessor({ ...base, enrich: t.container.importEnricher });
    let resumed = await resume.run(ws, imp.id);
    for (let i = 0; resumed === 'busy' && i < 100; i++) {
      await new Promise((r) => setTimeout(r, 50));
      resumed = await resume.run(ws, imp.id);
    }
    expect(resumed).toBe('done');
    expect(await enrichment(a, imp.id)).toMatchObject({ creditsCharged: 40, emailsFilled: 5, phonesFilled: 7 });
    expect(await enrichRows(a)).toHaveLength(12);
    expect(await t.container.credits.audit(ws)).toEqual({ ledgerSum: 10, balance: 10 });
  });

  it('stops at the cap, with a note', async () => {
    const a = await withBalance(50);
    const { csv } = await enrichFile();
    const imp = await uploaded(a, csv, { enrich: true, enrichCap: 8 });
    expect((await runToEnd(a, imp.id)).counts).toMatchObject({ rows: 9, created: 9 });
    const e = await enrichment(a, imp.id);
    expect(e.creditsCharged).toBeGreaterThan(0);
    expect(e.creditsCharged).toBeLessThanOrEqual(8);
    expect(e).toMatchObject({ cap: 8, stopped: 'cap' });
    expect(e.note).toContain('cap of 8 credits');
  });

  it('after the cap stops it, the later batches go on importing and charge nothing more', async () => {
    const a = await withBalance(50);
    const { csv } = await enrichFile();
    const imp = await uploaded(a, csv, { enrich: true, enrichCap: 8 });
    const ws = a.me.workspace.id;
    const parts = t.container.importWorker;
    expect(await t.container.uow.tenant({ workspaceId: ws }, (tx) => parts.repo.transition(tx, ws, imp.id, ['mapping'], { status: 'queued' }))).toBe(true);
    const charged: number[] = [];
    await createImportProcessor({
      uow: t.container.uow, repo: parts.repo, storage: parts.storage, contactsImport: parts.contactsImport, companiesImport: parts.companiesImport,
      lists: parts.lists, mailer: { send: async () => {} }, appUrl: 'http://localhost', log: { info: () => {}, warn: () => {}, error: () => {} },
      notifyAfterMs: 60_000, databaseWaitMs: 1_000, testing: { writeBatchRows: 3, writeBatchDelayMs: 0 },
      enrich: {
        batchIn: async (client, i, ids) => {
          const r = await t.container.importEnricher.batchIn(client, i, ids);
          charged.push(r.charged);
          return r;
        },
      },
    }).run(ws, imp.id);
    // the first batch (three people known by LinkedIn URL, 6 credits each) reaches the cap
    expect(charged.length).toBeGreaterThanOrEqual(3);
    expect(charged[0]).toBe(6);
    expect(charged.slice(1).every((c) => c === 0)).toBe(true);
    const e = await enrichment(a, imp.id);
    expect(e).toMatchObject({ creditsCharged: 6, emailsFilled: 1, phonesFilled: 1, stopped: 'cap' });
    expect(await enrichRows(a)).toHaveLength(2);
    expect(await t.container.credits.audit(ws)).toEqual({ ledgerSum: 44, balance: 44 });
  });

  it('without credits: nothing is enriched or charged, every row is still imported, and the summary says why', async () => {
    const a = await withBalance(0);
    const { csv } = await enrichFile();
    const imp = await uploaded(a, csv, { enrich: true });
    expect((await runToEnd(a, imp.id)).counts).toMatchObject({ rows: 9, created: 9 });
    const e = await enrichment(a, imp.id);
    expect(e).toMatchObject({ creditsCharged: 0, emailsFilled: 0, phonesFilled: 0, stopped: 'credits' });
    expect(e.note).toContain('not enough credits');
    expect(await enrichRows(a)).toHaveLength(0);
  });

  it('two rows matching one person in a batch are both filled (the reveal record is written once)', async () => {
    const a = await withBalance(50);
    const [p] = await people(1);
    const row = `${p!.first_name},${p!.last_name},,,${p!.company_domain},`;
    const imp = await uploaded(a, ['First Name,Last Name,Email,LinkedIn,Domain,Phone', row, row].join('\n') + '\n', { enrich: true });
    expect((await runToEnd(a, imp.id)).counts).toMatchObject({ rows: 2, created: 2 });
    // the email goes to one contact (an address belongs to one), the phone to both
    expect(await enrichment(a, imp.id)).toMatchObject({ emailsFilled: 1, phonesFilled: 2, creditsCharged: 11, stopped: null });
    expect(await t.container.credits.audit(a.me.workspace.id)).toEqual({ ledgerSum: 39, balance: 39 });
  });

  it('an erasure of a person it filled takes their name out of its ledger rows (amounts kept)', async () => {
    const a = await withBalance(50);
    const { csv, ps } = await enrichFile();
    const imp = await uploaded(a, csv, { enrich: true });
    expect((await runToEnd(a, imp.id)).counts).toMatchObject({ rows: 9, created: 9 });
    // the first person is known by LinkedIn URL only: their email and phone were filled
    const p = ps[0]!;
    const name = `${p.first_name} ${p.last_name}`;
    expect((await enrichRows(a)).filter((r) => r.description.startsWith(`Email of ${name} (`) || r.description.startsWith(`Phone of ${name} (`))).toHaveLength(2);
    const erased = await a.request({ method: 'POST', url: '/api/v1/privacy/erasures', payload: { email: p.email } });
    expect(erased.statusCode, erased.body).toBe(200);
    const rows = await enrichRows(a);
    expect(rows.some((r) => r.description.includes(name))).toBe(false);
    expect(rows.filter((r) => r.description.includes('of an erased person')).map((r) => [r.description, r.credits]).sort()).toEqual([
      ['Email of an erased person (import enrichment)', -1],
      ['Phone of an erased person (import enrichment)', -5],
    ]);
    expect(await t.container.credits.audit(a.me.workspace.id)).toEqual({ ledgerSum: 10, balance: 10 });
  });

  it("spends its starter's credits: only they or an owner/admin cancel it, and once they are deactivated it charges nothing", async () => {
    const owner = await withBalance(50);
    const starter = await addTeammate(t, owner.request, 'member', 'Starter');
    const other = await addTeammate(t, owner.request, 'member', 'Other');
    const { csv } = await enrichFile();
    const imp = await uploaded({ ...owner, request: starter.request, me: starter.me } as Account, csv, { enrich: true });
    const refused = await other.request({ method: 'POST', url: `/api/v1/imports/${imp.id}/cancel` });
    expect(refused.statusCode).toBe(403);
    const off = await owner.request({ method: 'PATCH', url: `/api/v1/members/${starter.memberId}`, payload: { status: 'deactivated' } });
    expect(off.statusCode, off.body).toBe(200);
    // the owner runs it: every row is imported, nothing enriched for the deactivated member
    expect((await runToEnd(owner, imp.id)).counts).toMatchObject({ rows: 9, created: 9 });
    const e = await enrichment(owner, imp.id);
    expect(e).toMatchObject({ creditsCharged: 0, emailsFilled: 0, phonesFilled: 0, stopped: 'starter_deactivated' });
    expect(e.note).toContain('deactivated');
    expect(await t.container.credits.audit(owner.me.workspace.id)).toEqual({ ledgerSum: 50, balance: 50 });
  });
});
