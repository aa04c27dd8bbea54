import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CREDITS_LOW_THRESHOLD } from '@leadtrail/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { addTeammate } from '../../../test/team-helpers.js';
import { expectProblem, ownerContext } from '../../../test/records-kit.js';
import { ensureTestProspects } from '../prospects/cli/prospects-fixture.js';
import { uploadImport } from '../imports/testing/upload-import.js';
import { verifyWebhook } from './webhook-signature.js';

/** A local receiver: answers each request with the next status of `plan` (then 200) and keeps what it got. */
async function startReceiver() {
  const got: { path: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  const plans = new Map<string, number[]>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const path = req.url ?? '/';
      got.push({ path, headers: req.headers, body });
      const plan = plans.get(path);
      res.statusCode = plan?.length ? plan.shift()! : 200;
      res.end(res.statusCode === 200 ? 'ok' : 'down for maintenance');
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path: string) => `${base}${path}`,
    fail: (path: string, statuses: number[]) => plans.set(path, [...statuses]),
    at: (path: string) => got.filter((g) => g.path === path),
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

let t: TestContext;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt-webhooks-'));
beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', DATA_DIR: dataDir });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Owner = Awaited<ReturnType<typeof signUp>>;
let paths = 0;
const newPath = () => `/hook-${process.pid}-${++paths}`;

async function register(owner: Owner, path: string, events: string[] = ['contact.created']) {
  const res = await owner.request({ method: 'POST', url: '/api/v1/webhooks', payload: { url: receiver.url(path), events } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; secret: string; url: string; events: string[] };
}

const dispatch = () => t.container.webhooks.dispatchDue();
/** The back-off is over: this workspace's pending deliveries are due now. */
const timePasses = (workspaceId: string) =>
  t.db.pool.query(`update webhook_deliveries set next_attempt_at = now() where workspace_id = $1 and status = 'pending'`, [workspaceId]);
const deliveries = async (owner: Owner, id: string) => {
  const res = await owner.request({ method: 'GET', url: `/api/v1/webhooks/${id}/deliveries` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { id: string; eventId: string; eventType: string; status: string; attempts: number; responseCode: number | null; durationMs: number | null; error: string | null; nextAttemptAt: string | null }[] }).data;
};
const eventsOf = async (workspaceId: string) =>
  (await t.db.pool.query<{ type: string }>('select type from webhook_events where workspace_id = $1', [workspaceId])).rows.map((r) => r.type);

describe('webhooks', () => {
  it('shows the secret once, and answers members 403', async () => {
    const owner = await signUp(t.app);
    const hook = await register(owner, newPath(), ['contact.created', 'company.deleted']);
    expect(hook.secret).toMatch(/^whsec_/);
    const one = await owner.request({ method: 'GET', url: `/api/v1/webhooks/${hook.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: hook.id, events: ['contact.created', 'company.deleted'], enabled: true });
    expect(one.body).not.toContain(hook.secret);
    const list = await owner.request({ method: 'GET', url: '/api/v1/webhooks' });
    expect(list.json().data).toHaveLength(1);
    expect(list.body).not.toContain(hook.secret);

    const admin = await addTeammate(t, owner.request, 'admin');
    expect((await admin.request({ method: 'GET', url: '/api/v1/webhooks' })).statusCode).toBe(200);
    const member = await addTeammate(t, owner.request, 'member');
    const d = '00000000-0000-7000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/api/v1/webhooks'],
      ['POST', '/api/v1/webhooks'],
      ['GET', `/api/v1/webhooks/${hook.id}`],
      ['PATCH', `/api/v1/webhooks/${hook.id}`],
      ['DELETE', `/api/v1/webhooks/${hook.id}`],
      ['GET', `/api/v1/webhooks/${hook.id}/deliveries`],
      ['POST', `/api/v1/webhooks/${hook.id}/deliveries/${d}/resend`],
      ['POST', `/api/v1/webhooks/${hook.id}/test`],
    ] as const) {
      const res = await member.request({ method, url, payload: method === 'POST' || method === 'PATCH' ? { url: receiver.url('/x'), events: ['contact.created'] } : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // nothing changed
    expect((await owner.request({ method: 'GET', url: '/api/v1/webhooks' })).json().data).toHaveLength(1);
  });

  it('refuses bad input without saving anything', async () => {
    const owner = await signUp(t.app);
    for (const payload of [
      { url: 'ftp://example.com/x', events: ['contact.created'] },
      { url: 'not a url', events: ['contact.created'] },
      { url: receiver.url('/x'), events: [] },
      { url: receiver.url('/x'), events: ['contact.exploded'] },
    ]) {
      const res = await owner.request({ method: 'POST', url: '/api/v1/webhooks', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await owner.request({ method: 'GET', url: '/api/v1/webhooks' })).json().data).toHaveLength(0);
  });

  it('an endpoint that fails twice then succeeds gets the event again each time with the same id, signed, and once delivered it stops', async () => {
    const owner = await signUp(t.app);
    const path = newPath();
    const hook = await register(owner, path);
    receiver.fail(path, [500, 503]);
    const created = await owner.request({ method: 'POST', url: '/api/v1/contacts', payload: { firstName: 'Ada', email: 'ada@retry.example' } });
    expect(created.statusCode).toBe(201);

    await dispatch();
    let log = await deliveries(owner, hook.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ eventType: 'contact.created', status: 'pending', attempts: 1, responseCode: 500 });
    expect(log[0]!.error).toContain('HTTP 500');
    // the back-off: the retry is not due straight away
    expect(new Date(log[0]!.nextAttemptAt!).getTime()).toBeGreaterThan(Date.now() + 5_000);
    await dispatch();
    expect(receiver.at(path)).toHaveLength(1);

    await timePasses(owner.me.workspace.id);
    await dispatch();
    await timePasses(owner.me.workspace.id);
    await dispatch();
    const got = receiver.at(path);
    expect(got).toHaveLength(3);
    const ids = got.map((g) => g.headers['leadtrail-event-id']);
    expect(new Set(ids).size).toBe(1);
    for (const g of got) {
      expect(g.headers['content-type']).toBe('application/json');
      expect(verifyWebhook(hook.secret, g.body, g.headers['leadtrail-signature'] as string)).toBe(true);
      const body = JSON.parse(g.body) as { id: string; type: string; data: { id: string; email: string } };
      expect(body).toMatchObject({ id: ids[0], type: 'contact.created', data: { id: created.json().id, email: 'ada@retry.example' } });
    }
    log = await deliveries(owner, hook.id);
    expect(log[0]).toMatchObject({ status: 'succeeded', attempts: 3, responseCode: 200, error: null, nextAttemptAt: null });
    expect(log[0]!.durationMs).toBeGreaterThanOrEqual(0);
    expect((await owner.request({ method: 'GET', url: `/api/v1/webhooks/${hook.id}` })).json().consecutiveFailures).toBe(0);

    // delivered: no more attempts, however much time passes
    await timePasses(owner.me.workspace.id);
    await dispatch();
    expect(receiver.at(path)).toHaveLength(3);

    // "send again": the same event (same id and body) as a new delivery
    const again = await owner.request({ method: 'POST', url: `/api/v1/webhooks/${hook.id}/deliveries/${log[0]!.id}/resend` });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ eventId: ids[0], status: 'pending', resentFrom: log[0]!.id });
    await dispatch();
    expect(receiver.at(path)).toHaveLength(4);
    expect(receiver.at(path)[3]!.body).toBe(got[0]!.body);
  });

  it('a rolled-back change sends nothing; the same change committed does', async () => {
    const owner = await signUp(t.app);
    const path = newPath();
    await register(owner, path);
    const ctx = ownerContext(owner);
    await expect(
      t.container.uow.tenant(ctx, async (tx) => {
        await t.container.contacts.createIfAbsentIn(tx, ctx, { firstName: 'Gone', email: 'gone@rollback.example' }, {});
        throw new Error('a later step of the use case failed');
      }),
    ).rejects.toThrow('a later step');
    expect(await eventsOf(owner.me.workspace.id)).toEqual([]);
    await dispatch();
    expect(receiver.at(path)).toHaveLength(0);

    await t.container.uow.tenant(ctx, (tx) => t.container.contacts.createIfAbsentIn(tx, ctx, { firstName: 'Kept', email: 'kept@rollback.example' }, {}));
    expect(await eventsOf(owner.me.workspace.id)).toEqual(['contact.created']);
    await dispatch();
    expect(receiver.at(path)).toHaveLength(1);
  });

  it("sends only the events an endpoint subscribed to, and never another workspace's", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const pathA = newPath();
    const pathB = newPath();
    const pathB2 = newPath();
    const hookA = await register(a, pathA, ['contact.created', 'contact.updated', 'contact.deleted']);
    await register(b, pathB, ['contact.created', 'contact.updated', 'contact.deleted']);
    await register(b, pathB2, ['company.created']);
    const c = (await b.request({ method: 'POST', url: '/api/v1/contacts', payload: { firstName: 'Bee', email: 'bee@b.example' } })).json();
    await b.request({ method: 'PATCH', url: `/api/v1/contacts/${c.id}`, payload: { jobTitle: 'CTO' } });
    await b.request({ method: 'DELETE', url: `/api/v1/contacts/${c.id}` });
    await dispatch();
    expect(receiver.at(pathB).map((g) => JSON.parse(g.body).type)).toEqual(['contact.created', 'contact.updated', 'contact.deleted']);
    expect(JSON.parse(receiver.at(pathB)[1]!.body).data).toMatchObject({ id: c.id, jobTitle: 'CTO' });
    expect(receiver.at(pathB2)).toHaveLength(0);
    expect(receiver.at(pathA)).toHaveLength(0);
    expect(await deliveries(a, hookA.id)).toEqual([]);
  });

  it('a bulk owner change and a bulk delete send one event per record, with what changed', async () => {
    const owner = await signUp(t.app);
    const hookPath = newPath();
    await register(owner, hookPath, ['company.updated', 'company.deleted']);
    const made = [];
    for (const name of ['Acme', 'Globex', 'Initech']) {
      made.push((await owner.request({ method: 'POST', url: '/api/v1/companies', payload: { name } })).json() as { id: string });
    }
    const ids = made.map((c) => c.id);
    const assign = await owner.request({ method: 'POST', url: '/api/v1/companies/bulk/assign-owner', payload: { selection: { ids: ids.slice(0, 2) }, ownerId: null } });
    expect(assign.json()).toEqual({ affected: 2, skipped: 0 });
    const del = await owner.request({ method: 'POST', url: '/api/v1/companies/bulk/delete', payload: { selection: { ids } } });
    // the answer is what it was: no ids added
    expect(del.json()).toEqual({ affected: 3, skipped: 0 });
    await dispatch();
    const got = receiver.at(hookPath).map((g) => JSON.parse(g.body) as { type: string; data: { id: string } });
    expect(got.filter((g) => g.type === 'company.updated').map((g) => g.data).sort((x, y) => x.id.localeCompare(y.id))).toEqual(
      ids.slice(0, 2).sort().map((id) => ({ id, ownerId: null, partial: true })),
    );
    expect(got.filter((g) => g.type === 'company.deleted').map((g) => g.data.id).sort()).toEqual([...ids].sort());
    // one event (its own id) per record and change
    expect(new Set(receiver.at(hookPath).map((g) => (JSON.parse(g.body) as { id: string }).id)).size).toBe(5);
  });

  it('emits list.members_added with the list and the records', async () => {
    const owner = await signUp(t.app);
    const path = newPath();
    await register(owner, path, ['list.members_added']);
    const c = (await owner.request({ method: 'POST', url: '/api/v1/contacts', payload: { firstName: 'Li', email: 'li@lists.example' } })).json();
    const list = (await owner.request({ method: 'POST', url: '/api/v1/lists', payload: { name: 'Hooked', entity: 'contacts' } })).json();
    const added = await owner.request({ method: 'POST', url: `/api/v1/lists/${list.id}/members`, payload: { ids: [c.id] } });
    expect(added.statusCode, added.body).toBe(200);
    // adding them again adds nobody: no event
    await owner.request({ method: 'POST', url: `/api/v1/lists/${list.id}/members`, payload: { ids: [c.id] } });
    await dispatch();
    expect(receiver.at(path).map((g) => JSON.parse(g.body))).toEqual([
      expect.objectContaining({ type: 'list.members_added', data: { listId: list.id, listName: 'Hooked', entity: 'contacts', added: 1, recordIds: [c.id] } }),
    ]);
  });

  it('emits credits.low once, for the spend that takes the balance below the threshold', async () => {
    const owner = await signUp(t.app);
    const path = newPath();
    await register(owner, path, ['credits.low']);
    const ws = owner.me.workspace.id;
    // the Free plan's 50 credits, spent down past CREDITS_LOW_THRESHOLD (10) in three steps
    await t.container.credits.adjust(ws, -30, 'test spend');
    await t.container.credits.adjust(ws, -15, 'test spend');
    await t.container.credits.adjust(ws, -2, 'test spend');
    await dispatch();
    expect(receiver.at(path).map((g) => JSON.parse(g.body))).toEqual([
      expect.objectContaining({ type: 'credits.low', data: { balance: 5, threshold: CREDITS_LOW_THRESHOLD, spent: 15 } }),
    ]);
  });

  it('emits import.completed with the counts, in the transaction that finishes the import', async () => {
    const owner = await signUp(t.app);
    const hookPath = newPath();
    await register(owner, hookPath, ['import.completed', 'contact.created']);
    // the third row names nobody (its email is not one, it has no name): an error row (issue 23)
    const res = await uploadImport(owner, 'hooked.csv', 'Email,First Name\na@imp.example,A\nb@imp.example,B\nnot-an-email,\n');
    expect(res.statusCode, res.body).toBe(201);
    const imp = res.json() as { id: string };
    const ws = owner.me.workspace.id;
    const { importWorker } = t.container;
    expect(await t.container.uow.tenant({ workspaceId: ws }, (tx) => importWorker.repo.transition(tx, ws, imp.id, ['mapping'], { status: 'queued' }))).toBe(true);
    expect(await importWorker.processor.run(ws, imp.id)).toBe('done');
    await dispatch();
    // an import's rows are written in bulk: one import.completed, no contact.created per row
    const got = receiver.at(hookPath).map((g) => JSON.parse(g.body));
    expect(got).toEqual([
      expect.objectContaining({
        type: 'import.completed',
        data: expect.objectContaining({ importId: imp.id, fileName: 'hooked.csv', entity: 'contacts', status: 'completed_with_errors' }),
      }),
    ]);
    expect(got[0].data.counts).toMatchObject({ rows: 3, created: 2, errors: 1 });
  });

  it('emits prospect.revealed, and contact.created for the contact a reveal makes', async () => {
    await ensureTestProspects(t.db.pool);
    const owner = await signUp(t.app);
    const hookPath = newPath();
    await register(owner, hookPath, ['prospect.revealed', 'contact.created']);
    const person = (await t.db.pool.query<{ id: string; email: string }>("select id, email from prospect_people where email is not null and email_status = 'valid' order by id limit 1")).rows[0]!;
    const res = await owner.request({ method: 'POST', url: '/api/v1/prospects/reveal', payload: { ids: [person.id], fields: 'email' }, headers: { 'idempotency-key': `hook-${process.pid}` } });
    expect(res.statusCode, res.body).toBe(200);
    await dispatch();
    const got = receiver.at(hookPath).map((g) => JSON.parse(g.body) as { type: string; data: Record<string, unknown> });
    expect(got.map((g) => g.type)).toEqual(['contact.created', 'prospect.revealed']);
    expect(got[1]!.data).toMatchObject({ revealedBy: owner.me.member.id, charged: 1, people: [{ prospectId: person.id, email: person.email }] });
    expect((got[1]!.data.people as { contactId: string }[])[0]!.contactId).toBe(got[0]!.data.id);
  }, 120_000);

  it('sends a signed sample to a test, and switched off it gets no events', async () => {
    const owner = await signUp(t.app);
    const path = newPath();
    const hook = await register(owner, path);
    const test = await owner.request({ method: 'POST', url: `/api/v1/webhooks/${hook.id}/test` });
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toMatchObject({ eventType: 'webhook.test', status: 'succeeded', attempts: 1, responseCode: 200 });
    const [sample] = receiver.at(path);
    expect(verifyWebhook(hook.secret, sample!.body, sample!.headers['leadtrail-signature'] as string)).toBe(true);
    expect(JSON.parse(sample!.body)).toMatchObject({ type: 'webhook.test', workspaceId: owner.me.workspace.id });
    // the worker does not send it a second time
    await dispatch();
    expect(receiver.at(path)).toHaveLength(1);

    const off = await owner.request({ method: 'PATCH', url: `/api/v1/webhooks/${hook.id}`, payload: { enabled: false } });
    expect(off.json()).toMatchObject({ enabled: false });
    await owner.request({ method: 'POST', url: '/api/v1/contacts', payload: { email: 'quiet@off.example' } });
    await dispatch();
    expect(receiver.at(path)).toHaveLength(1);
  });

  it('disables an endpoint that has failed for a day and emails the owner', async () => {
    const owner = await signUp(t.app);
    const path = newPath();
    const hook = await register(owner, path);
    receiver.fail(path, [500, 500]);
    await owner.request({ method: 'POST', url: '/api/v1/contacts', payload: { email: 'one@down.example' } });
    await dispatch();
    expect((await owner.request({ method: 'GET', url: `/api/v1/webhooks/${hook.id}` })).json()).toMatchObject({ enabled: true, consecutiveFailures: 1 });
    // its failures started a day ago
    await t.db.pool.query(`update webhook_endpoints set failing_since = now() - interval '25 hours' where id = $1`, [hook.id]);
    await timePasses(owner.me.workspace.id);
    await dispatch();
    const ep = (await owner.request({ method: 'GET', url: `/api/v1/webhooks/${hook.id}` })).json();
    expect(ep).toMatchObject({ enabled: false, consecutiveFailures: 2 });
    expect(ep.disabledReason).toMatch(/24 hours/);
    const mail = await t.mail.waitFor(owner.email);
    expect(mail).toContain(receiver.url(path));
    // switched off: nothing more is sent
    await timePasses(owner.me.workspace.id);
    await dispatch();
    expect(receiver.at(path)).toHaveLength(2);
    // switched on again: the waiting delivery goes out
    await owner.request({ method: 'PATCH', url: `/api/v1/webhooks/${hook.id}`, payload: { enabled: true } });
    await timePasses(owner.me.workspace.id);
    await dispatch();
    expect(receiver.at(path)).toHaveLength(3);
    expect((await deliveries(owner, hook.id))[0]).toMatchObject({ status: 'succeeded', attempts: 3 });
  });

  it('prunes events older than 30 days with their deliveries, except those still being retried', async () => {
    const owner = await signUp(t.app);
    const hookPath = newPath();
    const hook = await register(owner, hookPath);
    receiver.fail(hookPath, [500]);
    await owner.request({ method: 'POST', url: '/api/v1/contacts', payload: { email: 'old-done@prune.example' } });
    await owner.request({ method: 'POST', url: '/api/v1/contacts', payload: { email: 'old-retrying@prune.example' } });
    await dispatch();
    // the first was refused (pending, retrying), the second delivered
    expect((await deliveries(owner, hook.id)).map((d) => d.status).sort()).toEqual(['pending', 'succeeded']);
    const ws = owner.me.workspace.id;
    await t.db.pool.query(`update webhook_events set created_at = now() - interval '31 days' where workspace_id = $1`, [ws]);
    await owner.request({ method: 'POST', url: '/api/v1/contacts', payload: { email: 'new@prune.example' } });
    await t.container.webhooks.prune();
    expect((await eventsOf(ws)).length).toBe(2);
    const left = await deliveries(owner, hook.id);
    expect(left.map((d) => d.status).sort()).toEqual(['pending', 'pending']);
  });

  it("answers 404 for another workspace's webhook on every id route", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const path = newPath();
    const hook = await register(a, path);
    await a.request({ method: 'POST', url: '/api/v1/contacts', payload: { email: 'x@tenancy.example' } });
    await dispatch();
    const [delivery] = await deliveries(a, hook.id);
    for (const [method, url, payload] of [
      ['GET', `/api/v1/webhooks/${hook.id}`, undefined],
      ['PATCH', `/api/v1/webhooks/${hook.id}`, { enabled: false }],
      ['DELETE', `/api/v1/webhooks/${hook.id}`, undefined],
      ['GET', `/api/v1/webhooks/${hook.id}/deliveries`, undefined],
      ['POST', `/api/v1/webhooks/${hook.id}/deliveries/${delivery!.id}/resend`, undefined],
      ['POST', `/api/v1/webhooks/${hook.id}/test`, undefined],
    ] as const) {
      expectProblem(await b.request({ method, url, payload }), 404, 'not_found');
    }
    // a's own delivery under b's id is not found either
    const bHook = await register(b, newPath());
    expectProblem(await b.request({ method: 'POST', url: `/api/v1/webhooks/${bHook.id}/deliveries/${delivery!.id}/resend` }), 404, 'not_found');
    expect((await a.request({ method: 'GET', url: `/api/v1/webhooks/${hook.id}` })).json()).toMatchObject({ enabled: true });
    expect(receiver.at(path)).toHaveLength(1);
  });
});

describe('webhooks without WEBHOOK_ALLOW_PRIVATE', () => {
  let strict: TestContext;
  beforeAll(async () => {
    strict = await createTestApp();
  });
  afterAll(() => strict.close());

  it('refuses private, loopback and link-local URLs at registration', async () => {
    const owner = await signUp(strict.app);
    for (const url of [receiver.url('/x'), 'http://localhost/x', 'http://[::1]:8080/x', 'http://169.254.169.254/latest/meta-data', 'http://10.0.0.5/x', 'http://[fd00::1]/x', 'http://0.0.0.0/x']) {
      const res = await owner.request({ method: 'POST', url: '/api/v1/webhooks', payload: { url, events: ['contact.created'] } });
      expectProblem(res, 400, 'validation_failed');
      expect(res.json().errors[0]).toMatchObject({ path: 'url' });
    }
    expect((await owner.request({ method: 'GET', url: '/api/v1/webhooks' })).json().data).toHaveLength(0);
  });

  it('checks again at send time: a delivery to a private address fails without a request', async () => {
    // registered where private targets are allowed, sent by a sender that refuses them
    const owner = await signUp(t.app);
    const path = newPath();
    const hook = await register(owner, path);
    await owner.request({ method: 'POST', url: '/api/v1/contacts', payload: { email: 'ssrf@strict.example' } });
    await strict.container.webhooks.dispatchDue();
    expect(receiver.at(path)).toHaveLength(0);
    const [d] = await deliveries(owner, hook.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, responseCode: null });
    expect(d!.error).toMatch(/private or reserved address/);
  });
});
