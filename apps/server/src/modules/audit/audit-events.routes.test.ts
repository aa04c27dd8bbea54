import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditLogPage } from '@leadtrail/contracts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, signUp, STRONG_PASSWORD, type TestContext } from '../../../test/helpers.js';
import { addTeammate, bearer, createApiKey, totpCode } from '../../../test/team-helpers.js';
import { uploadImport } from '../imports/testing/upload-import.js';
import { ensureTestProspects } from '../prospects/cli/prospects-fixture.js';
import { REVEAL_SYNC_LIMIT } from '@leadtrail/contracts';

/** Every event of the list writes its row, through the API, with actor, target and details. */
let t: TestContext;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt-audit-'));
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  await ensureTestProspects(t.db.pool);
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Account = Awaited<ReturnType<typeof signUp>>;

async function rows(a: Account, action: string): Promise<AuditEntry[]> {
  const res = await a.request({ method: 'GET', url: `/api/v1/audit-log?action=${action}&limit=200` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as AuditLogPage).data;
}

async function contact(a: Account, email: string): Promise<string> {
  const res = await a.request({ method: 'POST', url: '/api/v1/contacts', payload: { firstName: 'Pat', lastName: 'Lee', email } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

describe('account events', () => {
  it('sign-out of other sessions, 2FA on and off', async () => {
    const a = await signUp(t.app);
    expect((await a.request({ method: 'POST', url: '/api/v1/me/sessions/revoke-others' })).statusCode).toBe(200);
    expect(await rows(a, 'auth.sessions_revoked')).toMatchObject([{ actor: { type: 'member', memberId: a.me.member.id }, details: { count: 0 } }]);

    const setup = await a.request({ method: 'POST', url: '/api/v1/me/totp/setup' });
    const { secret } = setup.json() as { secret: string };
    expect((await a.request({ method: 'POST', url: '/api/v1/me/totp/enable', payload: { code: totpCode(secret) } })).statusCode).toBe(200);
    expect(await rows(a, 'account.2fa_enabled')).toHaveLength(1);
    // a refused disable (wrong code) records nothing
    await a.request({ method: 'POST', url: '/api/v1/me/totp/disable', payload: { password: STRONG_PASSWORD, code: '000000' } });
    expect(await rows(a, 'account.2fa_disabled')).toEqual([]);
    const off = await a.request({ method: 'POST', url: '/api/v1/me/totp/disable', payload: { password: STRONG_PASSWORD, code: totpCode(secret, 1) } });
    expect(off.statusCode, off.body).toBe(200);
    expect(await rows(a, 'account.2fa_disabled')).toMatchObject([{ target: { type: 'user', id: a.me.user.id } }]);
  });

  it('API key created, used (once a day, as the key) and revoked', async () => {
    const a = await signUp(t.app);
    const key = await createApiKey(a.request, 'CRM sync');
    const [created] = await rows(a, 'api_key.created');
    expect(created).toMatchObject({ target: { type: 'api_key', label: 'CRM sync' }, actor: { type: 'member' } });
    const keyId = created!.target!.id!;
    const api = bearer(t.app, key);
    expect((await api({ method: 'GET', url: '/api/v1/contacts' })).statusCode).toBe(200);
    expect((await api({ method: 'GET', url: '/api/v1/contacts' })).statusCode).toBe(200);
    // an action through the key is recorded with the key as its actor
    expect((await api({ method: 'POST', url: '/api/v1/suppressions', payload: { entries: [{ value: 'key-made@x.example' }] } })).statusCode).toBe(200);
    const entries = (await api({ method: 'GET', url: '/api/v1/suppressions' })).json() as { data: { id: string }[] };
    expect((await api({ method: 'DELETE', url: `/api/v1/suppressions/${entries.data[0]!.id}` })).statusCode).toBe(204);
    expect(await rows(a, 'suppression.removed')).toMatchObject([{ actor: { type: 'api_key', apiKeyId: keyId, label: 'CRM sync' } }]);
    const used = await rows(a, 'api_key.used');
    expect(used).toHaveLength(1);
    expect(used[0]).toMatchObject({ actor: { type: 'api_key', apiKeyId: keyId, memberId: a.me.member.id, label: 'CRM sync' } });
    expect((await a.request({ method: 'DELETE', url: `/api/v1/me/api-keys/${keyId}` })).statusCode).toBe(204);
    expect(await rows(a, 'api_key.revoked')).toMatchObject([{ target: { type: 'api_key', id: keyId } }]);
    // an unknown key records nothing
    expect((await a.request({ method: 'DELETE', url: `/api/v1/me/api-keys/${keyId}` })).statusCode).toBe(404);
    expect(await rows(a, 'api_key.revoked')).toHaveLength(1);
  });
});

describe('team events', () => {
  it('invitation sent, accepted, revoked; role changed; member deactivated', async () => {
    const a = await signUp(t.app);
    const mate = await addTeammate(t, a.request, 'member', 'Mia Mate');
    const sent = await rows(a, 'invitation.sent');
    expect(sent).toMatchObject([{ target: { type: 'invitation', label: mate.email }, details: { role: 'member' }, actor: { memberId: a.me.member.id } }]);
    expect(await rows(a, 'invitation.accepted')).toMatchObject([
      { actor: { type: 'member', memberId: mate.memberId, label: 'Mia Mate' }, target: { id: sent[0]!.target!.id }, details: { newAccount: true } },
    ]);

    const invited = await a.request({ method: 'POST', url: '/api/v1/invitations', payload: { email: 'later@test.example', role: 'admin' } });
    expect(invited.statusCode).toBe(201);
    const invitationId = (invited.json() as { data: { id: string }[] }).data[0]!.id;
    expect((await a.request({ method: 'DELETE', url: `/api/v1/invitations/${invitationId}` })).statusCode).toBe(204);
    expect(await rows(a, 'invitation.revoked')).toMatchObject([{ target: { id: invitationId, label: 'later@test.example' } }]);

    const role = await a.request({ method: 'PATCH', url: `/api/v1/members/${mate.memberId}`, payload: { role: 'admin' } });
    expect(role.statusCode, role.body).toBe(200);
    expect(await rows(a, 'member.role_changed')).toMatchObject([{ target: { type: 'member', id: mate.memberId, label: 'Mia Mate' }, details: { from: 'member', to: 'admin' } }]);
    const off = await a.request({ method: 'PATCH', url: `/api/v1/members/${mate.memberId}`, payload: { status: 'deactivated' } });
    expect(off.statusCode, off.body).toBe(200);
    expect(await rows(a, 'member.deactivated')).toMatchObject([{ target: { id: mate.memberId } }]);
    // an ownership transfer is a role change too
    const other = await addTeammate(t, a.request, 'admin', 'Otto Other');
    const transfer = await a.request({ method: 'POST', url: `/api/v1/members/${other.memberId}/transfer-ownership`, payload: { password: STRONG_PASSWORD } });
    expect(transfer.statusCode, transfer.body).toBe(200);
    expect((await rows(a, 'member.role_changed'))[0]).toMatchObject({ target: { id: other.memberId }, details: { from: 'admin', to: 'owner', transfer: true } });
    // the filter by member finds what the teammate did
    const theirs = (await a.request({ method: 'GET', url: `/api/v1/audit-log?memberId=${mate.memberId}` })).json() as AuditLogPage;
    expect(theirs.data.map((r) => r.action)).toContain('invitation.accepted');
  });
});

describe('data events', () => {
  it('bulk delete with its count; a suppression removal without the address in clear', async () => {
    const a = await signUp(t.app);
    const ids = [await contact(a, 'one@bulk.example'), await contact(a, 'two@bulk.example')];
    const del = await a.request({ method: 'POST', url: '/api/v1/contacts/bulk/delete', payload: { selection: { ids } } });
    expect(del.statusCode, del.body).toBe(200);
    expect(await rows(a, 'records.bulk_deleted')).toMatchObject([{ details: { entity: 'contacts', count: 2 } }]);

    await a.request({ method: 'POST', url: '/api/v1/suppressions', payload: { entries: [{ value: 'gone@supp.example' }] } });
    const list = (await a.request({ method: 'GET', url: '/api/v1/suppressions' })).json() as { data: { id: string; value: string }[] };
    const entry = list.data.find((e) => e.value === 'gone@supp.example')!;
    expect((await a.request({ method: 'DELETE', url: `/api/v1/suppressions/${entry.id}` })).statusCode).toBe(204);
    const [removed] = await rows(a, 'suppression.removed');
    expect(removed).toMatchObject({ target: { type: 'suppression', id: entry.id }, details: { kind: 'email', value: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) } });
    expect(JSON.stringify(removed)).not.toContain('gone@supp.example');
  });

  it('import started and undone', async () => {
    const a = await signUp(t.app);
    const up = await uploadImport(a, 'people.csv', 'Email,First name\nann@imp.example,Ann\nbob@imp.example,Bob\n');
    expect(up.statusCode, up.body).toBe(201);
    const id = (up.json() as { id: string }).id;
    const start = await a.request({ method: 'POST', url: `/api/v1/imports/${id}/start` });
    expect(start.statusCode, start.body).toBe(200);
    expect(await rows(a, 'import.started')).toMatchObject([{ target: { type: 'import', id, label: 'people.csv' }, details: { entity: 'contacts' } }]);
    for (let i = 0; ; i++) {
      const imp = (await a.request({ method: 'GET', url: `/api/v1/imports/${id}` })).json() as { status: string };
      if (imp.status.startsWith('completed')) break;
      if (i > 200) throw new Error(`import still ${imp.status}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const undo = await a.request({ method: 'POST', url: `/api/v1/imports/${id}/undo` });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await rows(a, 'import.undone')).toMatchObject([{ target: { id }, details: { removed: 2 } }]);
  });

  it('a reveal with its count and credits', async () => {
    const a = await signUp(t.app);
    const people = await t.db.pool.query<{ id: string }>(
      `select id from prospect_people where email is not null and email_status = 'valid' and phone is null order by id desc limit 2`,
    );
    const res = await a.request({
      method: 'POST',
      url: '/api/v1/prospects/reveal',
      payload: { ids: people.rows.map((p) => p.id), fields: 'email' },
      headers: { 'idempotency-key': `audit-${process.pid}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as { charged: number; revealed: unknown[] };
    expect(await rows(a, 'prospects.revealed')).toMatchObject([{ details: { count: result.revealed.length, credits: result.charged, fields: 'email' } }]);
    expect(result.charged).toBeGreaterThan(0);
  });

  it('a bulk reveal (a job) records each batch with its count and credits, for the member who started it', async () => {
    const a = await signUp(t.app);
    await a.request({ method: 'GET', url: '/api/v1/credits' });
    await t.container.credits.adjust(a.me.workspace.id, 500, 'test balance');
    const people = await t.db.pool.query<{ id: string }>(
      `select id from prospect_people where email is not null and email_status = 'valid' and phone is null order by id desc offset 10 limit $1`,
      [REVEAL_SYNC_LIMIT + 5],
    );
    const res = await a.request({
      method: 'POST',
      url: '/api/v1/prospects/reveal',
      payload: { ids: people.rows.map((p) => p.id), fields: 'email' },
      headers: { 'idempotency-key': `audit-bulk-${process.pid}` },
    });
    expect(res.statusCode, res.body).toBe(202);
    const jobId = (res.json() as { id: string }).id;
    let job: { status: string; revealed: number; charged: number } = { status: 'queued', revealed: 0, charged: 0 };
    for (let i = 0; job.status !== 'completed'; i++) {
      if (i > 300) throw new Error(`bulk reveal still ${job.status}`);
      await new Promise((r) => setTimeout(r, 50));
      job = (await a.request({ method: 'GET', url: `/api/v1/prospects/reveal-jobs/${jobId}` })).json() as typeof job;
    }
    const revealed = await rows(a, 'prospects.revealed');
    expect(revealed.length).toBeGreaterThan(0);
    expect(revealed.every((r) => r.details.jobId === jobId && r.actor.memberId === a.me.member.id)).toBe(true);
    expect(revealed.reduce((sum, r) => sum + (r.details.count as number), 0)).toBe(job.revealed);
    expect(revealed.reduce((sum, r) => sum + (r.details.credits as number), 0)).toBe(job.charged);
  });

  it('an export records entity and rows', async () => {
    const a = await signUp(t.app);
    await contact(a, 'x1@exp.example');
    await contact(a, 'x2@exp.example');
    const res = await a.request({ method: 'GET', url: '/api/v1/contacts/export' });
    expect(res.statusCode).toBe(200);
    expect(await rows(a, 'export.downloaded')).toMatchObject([{ target: { type: 'contacts' }, details: { entity: 'contacts', rows: 2, filtered: false } }]);
  });

  it('the suppression list and the audit log exports are recorded too', async () => {
    const a = await signUp(t.app);
    await a.request({ method: 'POST', url: '/api/v1/suppressions', payload: { entries: [{ value: 'one@s.example' }, { value: 'two@s.example' }] } });
    expect((await a.request({ method: 'GET', url: '/api/v1/suppressions/export' })).statusCode).toBe(200);
    expect((await a.request({ method: 'GET', url: '/api/v1/audit-log/export?action=export.downloaded' })).statusCode).toBe(200);
    const exports = await rows(a, 'export.downloaded');
    expect(exports).toMatchObject([
      { target: { type: 'audit_log' }, details: { entity: 'audit_log', rows: 1, filtered: true } },
      { target: { type: 'suppressions' }, details: { entity: 'suppressions', rows: 2, filtered: false } },
    ]);
  });

  it('a streamed export whose client goes away half-way still leaves its row', async () => {
    const a = await signUp(t.app);
    const n = 30_000;
    await t.db.pool.query(
      `insert into contacts (workspace_id, id, first_name, last_name, email, owner_id, source, created_by, updated_by)
       select $1, gen_random_uuid(), 'First' || g, 'Last' || g, 'person' || g || '@disconnect.example', $2, 'import', $2, $2
       from generate_series(1, $3::int) g`,
      [a.me.workspace.id, a.me.member.id, n],
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const received = await new Promise<number>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/api/v1/contacts/export', headers: { cookie: a.cookie } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          // the first chunk read: hang up
          req.destroy();
          resolve(bytes);
        });
        res.on('error', () => {});
      });
      req.on('error', (err) => (err.message.includes('socket hang up') ? undefined : reject(err)));
    });
    expect(received).toBeLessThan(n * 30);
    // the export's own log (written after a complete stream) never comes: the stream was cut; the audit row is there
    await new Promise((r) => setTimeout(r, 500));
    expect(await rows(a, 'export.downloaded')).toMatchObject([{ details: { entity: 'contacts', rows: n } }]);
    const finished = await t.db.pool.query(`select 1 from record_exports where workspace_id = $1`, [a.me.workspace.id]);
    expect(finished.rowCount).toBe(0);
  });
});
