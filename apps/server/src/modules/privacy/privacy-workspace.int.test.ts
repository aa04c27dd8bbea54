import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportDetail, PrivacySettings } from '@leadtrail/contracts';
import { ORIGIN, STRONG_PASSWORD, createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { addTeammate, createApiKey } from '../../../test/team-helpers.js';
import { joinAsMember } from '../../../test/records-kit.js';
import { uploadImport } from '../imports/testing/upload-import.js';

/**
 * Deleting the workspace (owner, password and name typed): every row and stored file goes, other
 * members lose access at once, the owner's account stays only if it has another workspace.
 * Retention: files older than the setting go with their error reports, the counts stay.
 */
let t: TestContext;
type Who = Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function waitFinished(who: Who, id: string): Promise<ImportDetail> {
  const end = Date.now() + 20_000;
  for (;;) {
    const res = await who.request({ method: 'GET', url: `/api/v1/imports/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    const imp = res.json() as ImportDetail;
    if (['completed', 'completed_with_errors', 'failed', 'cancelled'].includes(imp.status)) return imp;
    if (Date.now() > end) throw new Error(`import still ${imp.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** An import of two rows, one failing (no email, no name): a file on disk and an error report. */
async function importWithError(who: Who) {
  const up = await uploadImport(
    who,
    'leads.csv',
    'First Name,Last Name,Email\nAnn,Kept,ann.kept@retention.example\n,,not-an-email\n',
  );
  expect(up.statusCode, up.body).toBe(201);
  const imp = up.json() as ImportDetail;
  const s = await who.request({ method: 'POST', url: `/api/v1/imports/${imp.id}/start` });
  expect(s.statusCode, s.body).toBe(200);
  const done = await waitFinished(who, imp.id);
  const key = (await t.db.pool.query<{ k: string }>('select storage_key as k from imports where id = $1', [imp.id]))
    .rows[0]!.k;
  return { imp: done, file: path.join(t.config.dataDir, 'files', key) };
}

const rowsOf = async (table: string, ws: string) =>
  Number(
    (await t.db.pool.query<{ n: string }>(`select count(*) as n from ${table} where workspace_id = $1`, [ws])).rows[0]!
      .n,
  );

describe('delete the workspace', () => {
  it('refuses a wrong password, a wrong name, an admin and a member, changing nothing', async () => {
    const owner = await signUp(t.app, { companyName: 'Keep Me' });
    const admin = await addTeammate(t, owner.request, 'admin');
    const member = await addTeammate(t, owner.request, 'member');
    const del = (who: { request: Who['request'] }, payload: object) =>
      who.request({ method: 'DELETE', url: '/api/v1/workspace', payload });
    expect((await del(owner, { password: 'wrong password!', confirmName: 'Keep Me' })).statusCode).toBe(400);
    const wrongName = await del(owner, { password: STRONG_PASSWORD, confirmName: 'Keep' });
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json().errors[0].path).toBe('confirmName');
    expect((await del(admin, { password: STRONG_PASSWORD, confirmName: 'Keep Me' })).statusCode).toBe(403);
    expect((await del(member, { password: STRONG_PASSWORD, confirmName: 'Keep Me' })).statusCode).toBe(403);
    // not with the owner's API key, even with the password
    const key = await createApiKey(owner.request);
    const byKey = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/workspace',
      headers: { authorization: `Bearer ${key}` },
      payload: { password: STRONG_PASSWORD, confirmName: 'Keep Me' },
    });
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().code).toBe('session_required');
    expect(await rowsOf('members', owner.me.workspace.id)).toBe(3);
    expect((await owner.request({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(200);
  });

  it('removes every row and stored file; other members lose access at once; the lone owner account goes', async () => {
    const owner = await signUp(t.app, { companyName: 'Doomed Co' });
    const ws = owner.me.workspace.id;
    const member = await addTeammate(t, owner.request, 'member');
    const { file } = await importWithError(owner);
    expect(fs.existsSync(file)).toBe(true);
    const started = await owner.request({ method: 'POST', url: '/api/v1/privacy/exports' });
    const exportId = (started.json() as { id: string }).id;
    for (
      let i = 0;
      i < 200 &&
      (await t.db.pool.query(`select 1 from workspace_exports where id = $1 and status = 'ready'`, [exportId]))
        .rowCount === 0;
      i++
    ) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const zipKey = (
      await t.db.pool.query<{ k: string }>('select storage_key as k from workspace_exports where id = $1', [exportId])
    ).rows[0]!.k;
    const zip = path.join(t.config.dataDir, 'files', zipKey);
    expect(fs.existsSync(zip)).toBe(true);
    expect((await member.request({ method: 'GET', url: '/api/v1/contacts' })).statusCode).toBe(200);

    const res = await owner.request({
      method: 'DELETE',
      url: '/api/v1/workspace',
      payload: { password: STRONG_PASSWORD, confirmName: ' Doomed Co ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ accountKept: false });

    expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(zip)).toBe(false);
    // every table with a workspace_id holds nothing of it
    const tables = await t.db.pool.query<{ table_name: string }>(
      `select table_name from information_schema.columns where table_schema = 'public' and column_name = 'workspace_id'
         and table_name in (select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE')`,
    );
    expect(tables.rows.length).toBeGreaterThan(20);
    for (const { table_name } of tables.rows) expect(await rowsOf(table_name, ws), table_name).toBe(0);
    expect((await t.db.pool.query('select 1 from workspaces where id = $1', [ws])).rowCount).toBe(0);

    // the member's session is gone with the workspace; the owner's account too (no other workspace)
    expect((await member.request({ method: 'GET', url: '/api/v1/contacts' })).statusCode).toBe(401);
    expect((await owner.request({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(401);
    expect((await t.db.pool.query('select 1 from users where id = $1', [owner.me.user.id])).rowCount).toBe(0);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: ORIGIN,
      payload: { email: owner.email, password: STRONG_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
  });

  it("keeps the owner's account when it belongs to another workspace", async () => {
    const owner = await signUp(t.app, { companyName: 'First Co' });
    const elsewhere = await signUp(t.app, { companyName: 'Second Co' });
    // the owner is also a member of another workspace
    await joinAsMember(t.db, elsewhere, owner);
    await owner.request({
      method: 'POST',
      url: '/api/v1/me/workspace',
      payload: { workspaceId: owner.me.workspace.id },
    });
    const res = await owner.request({
      method: 'DELETE',
      url: '/api/v1/workspace',
      payload: { password: STRONG_PASSWORD, confirmName: 'First Co' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ accountKept: true });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: ORIGIN,
      payload: { email: owner.email, password: STRONG_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().workspace.id).toBe(elsewhere.me.workspace.id);
  });
});

describe('retention', () => {
  it('keeps uploaded files 90 days by default; owners and admins change it, members get 403', async () => {
    const owner = await signUp(t.app);
    const member = await addTeammate(t, owner.request, 'member');
    expect((await owner.request({ method: 'GET', url: '/api/v1/privacy/settings' })).json()).toEqual({
      fileRetentionDays: 90,
    });
    const put = await owner.request({
      method: 'PUT',
      url: '/api/v1/privacy/settings',
      payload: { fileRetentionDays: 30 },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await owner.request({ method: 'GET', url: '/api/v1/privacy/settings' })).json()).toEqual({
      fileRetentionDays: 30,
    } satisfies PrivacySettings);
    expect(
      (await owner.request({ method: 'PUT', url: '/api/v1/privacy/settings', payload: { fileRetentionDays: 0 } }))
        .statusCode,
    ).toBe(400);
    expect((await member.request({ method: 'GET', url: '/api/v1/privacy/settings' })).statusCode).toBe(403);
    expect(
      (await member.request({ method: 'PUT', url: '/api/v1/privacy/settings', payload: { fileRetentionDays: 5 } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await member.request({ method: 'POST', url: '/api/v1/privacy/erasures', payload: { email: 'x@y.example' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await member.request({
          method: 'POST',
          url: '/api/v1/privacy/erasures/files',
          payload: { importIds: [member.me.member.id] },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('the job deletes files and error reports older than the setting, keeping the counts', async () => {
    const owner = await signUp(t.app);
    const ws = owner.me.workspace.id;
    await owner.request({ method: 'PUT', url: '/api/v1/privacy/settings', payload: { fileRetentionDays: 10 } });
    const old = await importWithError(owner);
    const recent = await importWithError(owner);
    expect(old.imp.counts).toMatchObject({ rows: 2, created: 1, errors: 1 });
    const uploadedAt = (
      await t.db.pool.query<{ at: Date }>('select created_at as at from imports where id = $1', [old.imp.id])
    ).rows[0]!.at;

    // nine days later nothing is due; eleven days later the first file is (the clock is the job's argument)
    const day = 24 * 3600 * 1000;
    const nine = await t.container.privacy.sweepFiles(new Date(uploadedAt.getTime() + 9 * day));
    expect(nine.imports).toBe(0);
    expect(fs.existsSync(old.file)).toBe(true);
    await t.db.pool.query(`update imports set created_at = created_at - interval '11 days' where id = $1`, [
      old.imp.id,
    ]);
    const swept = await t.container.privacy.sweepFiles(new Date());
    expect(swept.imports).toBeGreaterThanOrEqual(1);

    expect(fs.existsSync(old.file)).toBe(false);
    expect(fs.existsSync(recent.file)).toBe(true);
    const errors = await t.db.pool.query<{ id: string; n: string }>(
      'select import_id as id, count(*) as n from import_errors where workspace_id = $1 group by 1',
      [ws],
    );
    expect(errors.rows.map((r) => r.id)).toEqual([recent.imp.id]);
    const after = (await owner.request({ method: 'GET', url: `/api/v1/imports/${old.imp.id}` })).json() as ImportDetail;
    expect(after.counts).toEqual(old.imp.counts);
    expect(after.fileDeletedReason).toBe('retention');
    expect(after.fileDeletedAt).not.toBeNull();
    expect((await owner.request({ method: 'GET', url: `/api/v1/imports/${old.imp.id}/file` })).statusCode).toBe(410);
    expect((await owner.request({ method: 'GET', url: `/api/v1/imports/${old.imp.id}/error-report` })).statusCode).toBe(
      410,
    );
    expect((await owner.request({ method: 'GET', url: `/api/v1/imports/${recent.imp.id}/file` })).statusCode).toBe(200);
    // an upload never started loses its file the same way, and can't be started any more
    const up = await uploadImport(owner, 'later.csv', 'First Name,Email\nAnn,ann.later@retention.example\n');
    const unstarted = up.json() as ImportDetail;
    await t.db.pool.query(`update imports set created_at = created_at - interval '11 days' where id = $1`, [
      unstarted.id,
    ]);
    await t.container.privacy.sweepFiles(new Date());
    expect((await owner.request({ method: 'POST', url: `/api/v1/imports/${unstarted.id}/start` })).statusCode).toBe(
      410,
    );

    // a second run has nothing left to do for it
    await t.container.privacy.sweepFiles(new Date());
    expect(fs.existsSync(recent.file)).toBe(true);
  });
});
