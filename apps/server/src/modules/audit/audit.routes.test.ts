import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AuditEntry, AuditLogPage } from '@leadtrail/contracts';
import { createTestApp, ORIGIN, signUp, STRONG_PASSWORD, type TestContext } from '../../../test/helpers.js';
import { addTeammate } from '../../../test/team-helpers.js';
import { ownerContext, parseCsv } from '../../../test/records-kit.js';
import { newId } from '../../lib/ids.js';
import { createAuditRepository } from './audit.repository.js';
import { createAuditService } from './audit.service.js';
import { AUDIT_PRUNE_QUEUE, attachAuditWorker } from './audit.jobs.js';
import { startJobs } from '../../core/jobs.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Account = Awaited<ReturnType<typeof signUp>>;

async function auditLog(a: Account, query = ''): Promise<AuditEntry[]> {
  const res = await a.request({ method: 'GET', url: `/api/v1/audit-log${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as AuditLogPage).data;
}

const login = (email: string, password: string, userAgent = 'audit-test/1.0') =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { ...ORIGIN, 'user-agent': userAgent }, payload: { email, password } });

describe('sign-in events', () => {
  it('records a sign-in and a failed sign-in with IP and user agent; an unknown address records nothing', async () => {
    const a = await signUp(t.app);
    expect((await login(a.email, STRONG_PASSWORD, 'Browser/1')).statusCode).toBe(200);
    expect((await login(a.email, 'not the password', 'Attacker/2')).statusCode).toBe(401);
    expect((await login('nobody-at-all@test.example', 'whatever it is')).statusCode).toBe(401);
    const rows = await auditLog(a);
    const signIn = rows.find((r) => r.action === 'auth.sign_in')!;
    expect(signIn).toMatchObject({ actor: { type: 'member', memberId: a.me.member.id, label: 'Test User' }, userAgent: 'Browser/1' });
    expect(signIn.ip).toBeTruthy();
    const failed = rows.find((r) => r.action === 'auth.sign_in_failed')!;
    expect(failed).toMatchObject({ actor: { memberId: a.me.member.id }, userAgent: 'Attacker/2', details: { reason: 'wrong_password' } });
    expect(rows.filter((r) => r.action.startsWith('auth.'))).toHaveLength(2);
  });
});

describe('reading the log', () => {
  it('is for owners and admins: a member gets 403', async () => {
    const a = await signUp(t.app);
    const admin = await addTeammate(t, a.request, 'admin', 'Ada Admin');
    const member = await addTeammate(t, a.request, 'member', 'Max Member');
    expect((await admin.request({ method: 'GET', url: '/api/v1/audit-log' })).statusCode).toBe(200);
    expect((await member.request({ method: 'GET', url: '/api/v1/audit-log' })).statusCode).toBe(403);
    expect((await member.request({ method: 'GET', url: '/api/v1/audit-log/export' })).statusCode).toBe(403);
  });

  it("never shows another workspace's rows, whatever the filter", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await login(b.email, STRONG_PASSWORD);
    await login(b.email, 'wrong password here');
    const mine = await auditLog(a);
    expect(mine.every((r) => r.actor.memberId !== b.me.member.id)).toBe(true);
    expect(await auditLog(a, `?memberId=${b.me.member.id}`)).toEqual([]);
    const csv = parseCsv(await a.request({ method: 'GET', url: `/api/v1/audit-log/export?memberId=${b.me.member.id}` }));
    expect(csv).toHaveLength(1);
    expect((await auditLog(b, `?memberId=${b.me.member.id}`)).length).toBeGreaterThanOrEqual(2);
  });

  it('filters by member, action and dates, pages newest first with a cursor, and exports the same rows as CSV', async () => {
    const a = await signUp(t.app);
    for (let i = 0; i < 3; i++) await login(a.email, STRONG_PASSWORD, `UA-${i}`);
    await login(a.email, 'nope nope nope');
    const signIns = await auditLog(a, '?action=auth.sign_in');
    expect(signIns.map((r) => r.userAgent)).toEqual(['UA-2', 'UA-1', 'UA-0']);
    const first = await a.request({ method: 'GET', url: '/api/v1/audit-log?limit=2' });
    const page1 = first.json() as AuditLogPage;
    expect(page1.data).toHaveLength(2);
    const page2 = (await a.request({ method: 'GET', url: `/api/v1/audit-log?limit=2&cursor=${page1.nextCursor}` })).json() as AuditLogPage;
    expect(page2.data.map((r) => r.id)).not.toContain(page1.data[0]!.id);
    expect(page2.data[0]!.id < page1.data[1]!.id).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect(await auditLog(a, `?from=${today}&to=${today}&action=auth.sign_in_failed`)).toHaveLength(1);
    expect(await auditLog(a, '?from=2020-01-01&to=2020-01-31')).toEqual([]);
    expect(await auditLog(a, `?memberId=${a.me.member.id}&action=auth.sign_in`)).toHaveLength(3);
    const bad = await a.request({ method: 'GET', url: '/api/v1/audit-log?action=nothing.such' });
    expect(bad.statusCode).toBe(400);
    const csv = parseCsv(await a.request({ method: 'GET', url: '/api/v1/audit-log/export?action=auth.sign_in' }));
    expect(csv[0]).toEqual(['Time (UTC)', 'Actor', 'Actor type', 'Action', 'Target type', 'Target', 'Target id', 'IP', 'User agent', 'Details']);
    expect(csv.slice(1).map((r) => r[8])).toEqual(['UA-2', 'UA-1', 'UA-0']);
  });
});

describe('the table is append-only', () => {
  it("refuses the app role's update and delete (privilege and trigger), and the owner role's too", async () => {
    const a = await signUp(t.app);
    const ws = a.me.workspace.id;
    await login(a.email, STRONG_PASSWORD);
    const asApp = (stmt: string) =>
      t.container.uow.tenant({ workspaceId: ws }, (tx) => tx.execute(sql.raw(stmt))).catch((err: Error & { cause?: Error }) => {
        throw err.cause ?? err;
      });
    await expect(asApp(`update audit_log set ip = '6.6.6.6' where workspace_id = '${ws}'`)).rejects.toThrow(/permission denied/);
    await expect(asApp(`delete from audit_log where workspace_id = '${ws}'`)).rejects.toThrow(/permission denied/);
    await expect(asApp(`truncate audit_log`)).rejects.toThrow(/permission denied/);
    // the app role cannot use the prune function either
    await expect(asApp(`select prune_audit_log(now())`)).rejects.toThrow(/permission denied/);
    await expect(t.db.pool.query(`update audit_log set ip = '6.6.6.6' where workspace_id = $1`, [ws])).rejects.toThrow(/append-only/);
    await expect(t.db.pool.query(`delete from audit_log where workspace_id = $1`, [ws])).rejects.toThrow(/append-only/);
    const rows = await auditLog(a);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.ip !== '6.6.6.6')).toBe(true);
  });

  it('an action that rolls back leaves no row', async () => {
    const a = await signUp(t.app);
    const ctx = ownerContext(a);
    await expect(
      t.container.uow.tenant(ctx, async (tx) => {
        await t.container.audit.recordIn(tx, ctx, { action: 'records.bulk_deleted', details: { count: 3 } });
        throw new Error('the action failed after recording');
      }),
    ).rejects.toThrow(/action failed/);
    expect(await auditLog(a, '?action=records.bulk_deleted')).toEqual([]);
    await t.container.uow.tenant(ctx, (tx) => t.container.audit.recordIn(tx, ctx, { action: 'records.bulk_deleted', details: { count: 3 } }));
    expect(await auditLog(a, '?action=records.bulk_deleted')).toMatchObject([{ details: { count: 3 } }]);
  });
});

describe('retention', () => {
  it('the prune removes rows older than 365 days by the injected clock, and keeps the rest', async () => {
    const a = await signUp(t.app);
    const ws = a.me.workspace.id;
    const insertAt = async (at: string) => {
      const id = newId();
      await t.db.pool.query(
        `insert into audit_log (workspace_id, id, created_at, action, actor_type) values ($1, $2, $3, 'auth.sign_in', 'system')`,
        [ws, id, at],
      );
      return id;
    };
    const old = await insertAt('2030-01-01T00:00:00Z');
    const kept = await insertAt('2030-06-01T00:00:00Z');
    const audit = createAuditService({ uow: t.container.uow, repo: createAuditRepository(), now: () => new Date('2031-03-01T00:00:00Z') });
    expect(await audit.prune()).toBeGreaterThanOrEqual(1);
    const ids = (await auditLog(a, '?limit=200')).map((r) => r.id);
    expect(ids).not.toContain(old);
    expect(ids).toContain(kept);
  });

  it('the scheduled pg-boss job is registered daily and its start run prunes by the injected clock', async () => {
    const a = await signUp(t.app);
    const ws = a.me.workspace.id;
    const old = newId();
    await t.db.pool.query(
      `insert into audit_log (workspace_id, id, created_at, action, actor_type) values ($1, $2, '2031-01-01T00:00:00Z', 'auth.sign_in', 'system')`,
      [ws, old],
    );
    const jobs = await startJobs(inject('databaseUrl'), () => {});
    try {
      const audit = createAuditService({ uow: t.container.uow, repo: createAuditRepository(), now: () => new Date('2032-06-01T00:00:00Z') });
      await attachAuditWorker(jobs, audit, { error: () => {} });
      expect((await jobs.getSchedules()).map((s) => [s.name, s.cron])).toContainEqual([AUDIT_PRUNE_QUEUE, '17 3 * * *']);
      const gone = async () => (await t.db.pool.query('select 1 from audit_log where id = $1', [old])).rowCount === 0;
      for (let waited = 0; !(await gone()); waited += 100) {
        if (waited > 15_000) throw new Error('the prune job did not run');
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await jobs.stop({ graceful: false });
    }
  });
});
