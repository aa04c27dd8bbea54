import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureTestProspects } from '../src/modules/prospects/cli/prospects-fixture.js';
import { uploadImport } from '../src/modules/imports/testing/upload-import.js';
import { createTestApp, ORIGIN, signIn, signUp, STRONG_PASSWORD, uniqueEmail, type TestContext } from './helpers.js';
import { addTeammate, createApiKey } from './team-helpers.js';

/**
 * The pen test's tenancy probes, kept (issue 27): every registered route whose path holds an
 * id, called as workspace B with workspace A's ids, once with B's session and once with B's
 * API key. Each must answer 404 (403 where an API key may not use the route at all), and A's
 * rows must be byte-for-byte the same afterwards. Routes come from Fastify itself, so a new
 * route is walked as soon as it exists; one the walk can't fill an id for fails the test.
 */

// every route, as registered (as in permission-matrix.int.test.ts)
const registered = vi.hoisted(() => [] as RouteOptions[]);
vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<typeof import('fastify')>();
  const wrapped = ((opts?: Parameters<typeof mod.default>[0]) => {
    const app = mod.default(opts);
    app.addHook('onRoute', (route) => {
      registered.push(route);
    });
    return app;
  }) as typeof mod.default;
  return { ...mod, default: wrapped, fastify: wrapped };
});

/** Path parameters that are not a workspace's object, each with why. Keep it short. */
const EXEMPT: Record<string, string> = {
  '/api/v1/grid-preferences/:grid': "a grid's name; the preferences are always the caller's own member's",
  '/api/v1/credit-packs/:id': "a pack of the price list every workspace shares, bought for the caller's workspace",
  '/api/v1/prospects/:id':
    'a person of the shared prospect database: any workspace may open them, masked unless it revealed them (a body probe below)',
};

/** Single routes whose id is not a workspace's object id, each with why. */
const EXEMPT_ROUTES: Record<string, string> = {
  'GET /api/v1/invitations/:id':
    'the emailed token, public by design: whoever holds it may preview (invitations.routes.test.ts)',
  'POST /api/v1/invitations/:id/accept': 'the emailed token; a wrong account is refused (invitations.routes.test.ts)',
};

/**
 * Which object each id stands for, by the path up to and including it (earlier ids written
 * as they are registered). A route under a known prefix is walked with no change here.
 */
const KINDS: Record<string, string> = {
  '/api/v1/me/sessions/:id': 'session',
  '/api/v1/me/api-keys/:id': 'apiKey',
  '/api/v1/members/:id': 'member',
  '/api/v1/invitations/:id': 'invitation',
  '/api/v1/suppressions/:id': 'suppression',
  '/api/v1/custom-fields/:id': 'customField',
  '/api/v1/contacts/:id': 'contact',
  '/api/v1/contacts/:id/notes/:noteId': 'contactNote',
  '/api/v1/contacts/bulk-update/:editId': 'contactEdit',
  '/api/v1/companies/:id': 'company',
  '/api/v1/companies/:id/notes/:noteId': 'companyNote',
  '/api/v1/companies/bulk-update/:editId': 'companyEdit',
  '/api/v1/contacts/bulk-jobs/:id': 'contactBulkJob',
  '/api/v1/contacts/duplicates/merges/:id': 'contactMerge',
  '/api/v1/companies/bulk-jobs/:id': 'companyBulkJob',
  '/api/v1/lists/:id': 'list',
  '/api/v1/imports/:id': 'import',
  '/api/v1/prospects/reveal-jobs/:id': 'revealJob',
  '/api/v1/verifications/:jobId': 'verificationJob',
  '/api/v1/saved-searches/:id': 'savedSearch',
  '/api/v1/saved-views/:id': 'savedView',
  '/api/v1/credit-transactions/:id': 'creditTransaction',
  '/api/v1/privacy/exports/:id': 'privacyExport',
  '/api/v1/webhooks/:id': 'webhook',
  '/api/v1/webhooks/:id/deliveries/:deliveryId': 'webhookDelivery',
  '/api/v1/payment-methods/:id': 'paymentMethod',
  '/api/v1/invoices/:id': 'invoice',
};

/** A body that passes each route's schema, so the probe reaches the id look-up (a 400 would prove nothing). */
const BODIES: Record<string, unknown> = {
  'PATCH /api/v1/members/:id': { role: 'admin' },
  'POST /api/v1/members/:id/transfer-ownership': { password: STRONG_PASSWORD },
  'POST /api/v1/members/:id/reassign-records': { toMemberId: 'own:owner' },
  'PUT /api/v1/members/:id/credit-limit': { limit: 1 },
  'PATCH /api/v1/custom-fields/:id': { label: 'Taken' },
  'PATCH /api/v1/contacts/:id': { firstName: 'Taken' },
  'PATCH /api/v1/companies/:id': { name: 'Taken' },
  'POST /api/v1/contacts/:id/notes': { body: 'planted' },
  'POST /api/v1/companies/:id/notes': { body: 'planted' },
  'PATCH /api/v1/contacts/:id/notes/:noteId': { body: 'taken' },
  'PATCH /api/v1/companies/:id/notes/:noteId': { body: 'taken' },
  'PATCH /api/v1/lists/:id': { name: 'Taken' },
  'POST /api/v1/lists/:id/members': { ids: ['own:contact'] },
  'DELETE /api/v1/lists/:id/members': { ids: ['own:contact'] },
  'PATCH /api/v1/imports/:id': { entity: 'contacts' },
  'POST /api/v1/imports/:id/enrich-preview': { cap: 1 },
  'POST /api/v1/imports/:id/preflight': { duplicates: 'skip' },
  'PATCH /api/v1/saved-searches/:id': { name: 'Taken' },
  'PATCH /api/v1/saved-views/:id': { name: 'Taken' },
  'PATCH /api/v1/webhooks/:id': { enabled: false },
  'POST /api/v1/invoices/:id/pay': {},
};

type Route = { method: string; url: string; hasBody: boolean; sessionOnly: boolean };
type Ids = Record<string, string>;

let t: TestContext;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt-walk-'));
let routes: Route[] = [];
let a: Awaited<ReturnType<typeof signUp>>;
let b: Awaited<ReturnType<typeof signUp>>;
let bKey: string;
const ids: { a: Ids; b: Ids } = { a: {}, b: {} };

type Who = Pick<Awaited<ReturnType<typeof signUp>>, 'request' | 'me'>;
async function made(
  who: Who,
  method: 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  status = [200, 201, 202],
  extra: object = {},
) {
  const res = await who.request({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    ...extra,
  });
  expect(status, `${method} ${url}: ${res.body}`).toContain(res.statusCode);
  return res.json() as Record<string, unknown> & { id: string };
}
async function firstOf(who: Who, url: string) {
  const res = await who.request({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  const row = (res.json() as { data: { id: string }[] }).data[0];
  expect(row, `${url} is empty`).toBeDefined();
  return row!.id;
}

/** Polls A's `url` until its status is `status` (up to 30 s). */
async function settled(url: string, status: string) {
  let now = '';
  for (let i = 0; i < 300 && now !== status; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, 100));
    now = ((await a.request({ method: 'GET', url })).json() as { status: string }).status;
  }
  expect(now, url).toBe(status);
}

/** The objects the id routes of a workspace need; B gets the parents a two-id route is tried under. */
async function parents(who: Who, into: Ids, tag: string) {
  into.webhook = (
    await made(who, 'POST', '/api/v1/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['contact.created'] })
  ).id;
  into.contact = (
    await made(who, 'POST', '/api/v1/contacts', { firstName: 'Ada', email: `ada-${tag}@walk.example` })
  ).id;
  into.company = (
    await made(who, 'POST', '/api/v1/companies', { name: `Walk ${tag}`, domain: `${tag}.walk.example` })
  ).id;
  into.member = (await addTeammate(t, who.request, 'member', `Mate ${tag}`)).memberId;
  into.owner = who.me.member.id;
}

async function fixturesOfA() {
  const A = ids.a;
  await parents(a, A, 'a');
  await ensureTestProspects(t.db.pool);
  const people = (
    await t.db.pool.query<{ id: string }>(
      "select id from prospect_people where email is not null and email_status = 'valid' order by id limit 102",
    )
  ).rows;
  const reveal = (personIds: string[], key: string) =>
    made(a, 'POST', '/api/v1/prospects/reveal', undefined, [200, 202], {
      payload: { ids: personIds, fields: 'email' },
      headers: { 'idempotency-key': `${key}-${process.pid}` },
    });
  // A's contact is a revealed one: its email can be reported invalid (one route needs that)
  A.person = people[0]!.id;
  A.contact = ((await reveal([people[0]!.id], 'walk-one')).revealed as { contactId: string }[])[0]!.contactId;
  A.contactNote = (await made(a, 'POST', `/api/v1/contacts/${A.contact}/notes`, { body: 'a note' })).id;
  A.companyNote = (await made(a, 'POST', `/api/v1/companies/${A.company}/notes`, { body: 'a note' })).id;
  A.contactEdit = (
    await made(a, 'POST', '/api/v1/contacts/bulk-update', {
      selection: { ids: [A.contact] },
      field: 'seniority',
      value: 'head',
    })
  ).editId as string;
  A.companyEdit = (
    await made(a, 'POST', '/api/v1/companies/bulk-update', {
      selection: { ids: [A.company] },
      field: 'foundedYear',
      value: 1999,
    })
  ).editId as string;
  // a merge of two duplicates (the same LinkedIn URL), undoable
  const twins: string[] = [];
  for (const tag of ['one', 'two']) {
    twins.push((await made(a, 'POST', '/api/v1/contacts', { firstName: `Twin ${tag}`, linkedinUrl: 'https://www.linkedin.com/in/walk-twin' })).id);
  }
  A.contactMerge = (
    await made(a, 'POST', '/api/v1/contacts/duplicates/merge', { pairs: [{ keepId: twins[0], mergeId: twins[1] }] })
  ).id as string;
  A.list = (await made(a, 'POST', '/api/v1/lists', { name: 'Walk list', entity: 'contacts' })).id;
  await made(a, 'POST', `/api/v1/lists/${A.list}/members`, { ids: [A.contact] });
  A.customField = (
    await made(a, 'POST', '/api/v1/custom-fields', { entity: 'contacts', label: 'Tier', type: 'text' })
  ).id;
  await made(a, 'POST', '/api/v1/suppressions', { entries: [{ value: 'blocked.walk.example' }] });
  A.suppression = await firstOf(a, '/api/v1/suppressions');
  A.savedSearch = (await made(a, 'POST', '/api/v1/saved-searches', { name: 'Walk search', query: {} })).id;
  A.savedView = (await made(a, 'POST', '/api/v1/saved-views', { grid: 'contacts', name: 'Walk view' })).id;
  A.apiKey = (await made(a, 'POST', '/api/v1/me/api-keys', { name: 'A key' })).id;
  // a second session of A's, so A's own (the test's) is not the one probed
  await signIn(t.app, a.email);
  const sessions = await a.request({ method: 'GET', url: '/api/v1/me/sessions' });
  A.session = (sessions.json() as { data: { id: string; current: boolean }[] }).data.find((x) => !x.current)!.id;
  const imported = await uploadImport(a, 'walk.csv', 'email,first name\nbea@walk.example,Bea\n');
  expect(imported.statusCode, imported.body).toBe(201);
  A.import = (imported.json() as { id: string }).id;
  // a paid plan: a payment method, an invoice, seats for the invitation and credits for a bulk reveal
  const year = new Date().getUTCFullYear() + 2;
  A.paymentMethod = (
    await made(a, 'POST', '/api/v1/payment-methods', {
      number: '4242424242424242',
      expMonth: 12,
      expYear: year,
      cvc: '123',
    })
  ).id;
  await made(a, 'PUT', '/api/v1/subscription', { plan: 'starter', interval: 'month' });
  A.invoice = await firstOf(a, '/api/v1/invoices');
  A.creditTransaction = await firstOf(a, '/api/v1/credit-transactions');
  await made(a, 'POST', '/api/v1/invitations', { email: uniqueEmail('walk'), role: 'member' });
  A.invitation = await firstOf(a, '/api/v1/invitations');
  A.revealJob = (
    await reveal(
      people.slice(1).map((p) => p.id),
      'walk-bulk',
    )
  ).id;
  A.privacyExport = (await made(a, 'POST', '/api/v1/privacy/exports')).id;
  // a verification job of A's contact (its .example address is never looked up: it ends at once)
  A.verificationJob = (await made(a, 'POST', '/api/v1/verifications', { contactIds: [A.contact] })).jobId as string;
  await settled(`/api/v1/verifications/${A.verificationJob}`, 'completed');
  // both run in the background here: settled before A's rows are taken as the reference
  await settled(`/api/v1/prospects/reveal-jobs/${A.revealJob}`, 'completed');
  await settled(`/api/v1/privacy/exports/${A.privacyExport}`, 'ready');
  // the contact's creation is an event for the webhook: one (failed) delivery attempt
  await t.container.webhooks.dispatchDue();
  A.webhookDelivery = await firstOf(a, `/api/v1/webhooks/${A.webhook}/deliveries`);
  // a bulk edit of all matching records is a job where the app has them (decision 0029)
  for (const [entity, kind, change] of [
    ['contacts', 'contactBulkJob', { field: 'seniority', value: 'vp' }],
    ['companies', 'companyBulkJob', { field: 'foundedYear', value: 2001 }],
  ] as const) {
    const res = await made(a, 'POST', `/api/v1/${entity}/bulk-update`, {
      selection: { matching: { q: 'matches-nothing-at-all' } },
      ...change,
    });
    const job = (res as { job?: { id: string } }).job;
    if (job) {
      A[kind] = job.id;
      await settled(`/api/v1/${entity}/bulk-jobs/${job.id}`, 'completed');
    }
  }
}

/** B's own objects the body probes point at A's from; strings only A's data holds. */
async function fixturesOfB() {
  const B = ids.b;
  B.list = (await made(b, 'POST', '/api/v1/lists', { name: 'B list', entity: 'contacts' })).id;
  const imported = await uploadImport(b, 'b.csv', 'email\ncy@walk-b.example\n');
  expect(imported.statusCode, imported.body).toBe(201);
  B.import = (imported.json() as { id: string }).id;
  // a deactivated member: the one whose records can be handed on
  B.gone = (await addTeammate(t, b.request, 'member', 'Gone b')).memberId;
  const off = await b.request({
    method: 'PATCH',
    url: `/api/v1/members/${B.gone}`,
    payload: { status: 'deactivated' },
  });
  expect(off.statusCode, off.body).toBe(200);
  B.person = (
    await t.db.pool.query<{ id: string }>(
      "select id from prospect_people where email is not null and email_status = 'valid' order by id desc limit 1",
    )
  ).rows[0]!.id;
  ids.a.workspace = a.me.workspace.id;
  const contact = await a.request({ method: 'GET', url: `/api/v1/contacts/${ids.a.contact}` });
  markersOfA.push(
    a.email,
    (contact.json() as { email: string }).email,
    'ada-a@walk.example',
    'Walk a',
    'Walk A',
    'Walk list',
    'Mate a',
    'a note',
    'blocked.walk.example',
  );
}
const markersOfA: string[] = [];
/** 'a:contact', 'b:list' … in a URL or body become that workspace's id. */
const placed = (text: string) =>
  text.replace(/\b([ab]):([A-Za-z]+)\b/g, (whole, who: 'a' | 'b', kind: string) => {
    const id = ids[who][kind];
    if (!id) throw new Error(`workspace ${who} has no ${kind} (${whole})`);
    return id;
  });

/** Every row that names A's workspace, in every table that has the column, plus A's users. */
async function snapshotOfA() {
  const ws = a.me.workspace.id;
  const tables = await t.db.pool.query<{ table_name: string }>(
    `select table_name from information_schema.columns
     where table_schema = 'public' and column_name = 'workspace_id'
       and table_name in (select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE')
     order by table_name`,
  );
  const snap: Record<string, string> = {};
  for (const { table_name: name } of tables.rows) {
    const r = await t.db.pool.query<{ rows: string }>(
      `select count(*) || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as rows from "${name}" x where workspace_id = $1`,
      [ws],
    );
    snap[name] = r.rows[0]!.rows;
  }
  const own = await t.db.pool.query<{ rows: string }>(
    `select md5(string_agg(x::text, '|' order by x::text)) as rows from (
       select w::text from workspaces w where w.id = $1
       union all select u::text from users u where u.id in (select user_id from members where workspace_id = $1)) x`,
    [ws],
  );
  snap['workspaces+users'] = own.rows[0]!.rows;
  return snap;
}

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', DATA_DIR: dataDir });
  a = await signUp(t.app, { companyName: 'Walk A' });
  b = await signUp(t.app, { companyName: 'Walk B' });
  bKey = await createApiKey(b.request, 'B key');
  await fixturesOfA();
  await parents(b, ids.b, 'b');
  await fixturesOfB();

  const seen = new Set<string>();
  for (const r of registered) {
    if (!r.url.startsWith('/api/v1/') || !r.url.includes(':')) continue;
    const methods = (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
    for (const method of methods) {
      if (seen.has(`${method} ${r.url}`)) continue;
      seen.add(`${method} ${r.url}`);
      routes.push({
        method,
        url: r.url,
        hasBody: !!(r.schema as { body?: unknown } | undefined)?.body,
        sessionOnly: !!(r.config as { sessionOnly?: boolean } | undefined)?.sessionOnly,
      });
    }
  }
  routes = routes.sort((x, y) => x.url.localeCompare(y.url) || x.method.localeCompare(y.method));
}, 180_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The kinds of a route's ids, in order; a string when one can't be filled (the test reports it). */
function kindsOf(url: string): string[] | string {
  const out: string[] = [];
  for (const m of url.matchAll(/:[A-Za-z]+/g)) {
    const prefix = url.slice(0, m.index + m[0].length);
    if (EXEMPT[prefix]) return [];
    const kind = KINDS[prefix];
    if (!kind) return `no fixture for the id at ${prefix}: add it to KINDS (or, with a reason, to EXEMPT)`;
    out.push(kind);
  }
  return out;
}

/** The URL with each id taken from `owners[i]`'s objects. */
const fill = (url: string, kinds: string[], owners: ('a' | 'b')[]) => {
  let i = 0;
  return url.replace(/:[A-Za-z]+/g, () => {
    const id = ids[owners[i]!][kinds[i]!];
    if (!id) throw new Error(`workspace ${owners[i]} has no ${kinds[i]}`);
    i++;
    return id;
  });
};

/** 'own:contact' in a body becomes the caller's own contact: only the path's id is foreign. */
const bodyOf = (route: Route, caller: 'a' | 'b'): unknown =>
  JSON.parse(JSON.stringify(BODIES[`${route.method} ${route.url}`] ?? null), (_k, v: unknown) =>
    typeof v === 'string' && v.startsWith('own:') ? ids[caller][v.slice(4)] : v,
  );

function send(route: Route, url: string, payload: unknown, headers: Record<string, string>) {
  return t.app.inject({
    method: route.method as 'GET',
    url,
    headers: payload === null ? headers : { ...headers, 'content-type': 'application/json' },
    ...(payload === null ? {} : { payload: JSON.stringify(payload) }),
  });
}

/** The walked routes with their ids' kinds; a route that can't be filled is a failure. */
function walked(failures: string[]) {
  const out: { route: Route; kinds: string[] }[] = [];
  for (const route of routes) {
    if (EXEMPT_ROUTES[`${route.method} ${route.url}`]) continue;
    const kinds = kindsOf(route.url);
    if (typeof kinds === 'string') failures.push(`${route.method} ${route.url}: ${kinds}`);
    else if (kinds.length === 0) continue;
    else if (route.hasBody && !(`${route.method} ${route.url}` in BODIES))
      failures.push(`${route.method} ${route.url}: no body in BODIES that passes its schema`);
    else out.push({ route, kinds });
  }
  return out;
}

/**
 * A's ids where a request carries them in its body or query, on B's own objects. `refused`:
 * a 4xx problem; `nothing`: any answer but 5xx, with none of A's data in it (the snapshot
 * shows nothing of A's changed).
 */
const BODY_PROBES: [
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body: unknown,
  expect: 'refused' | 'nothing',
][] = [
  ['POST', '/api/v1/me/workspace', { workspaceId: 'a:workspace' }, 'refused'],
  ['POST', '/api/v1/members/b:gone/reassign-records', { toMemberId: 'a:owner' }, 'refused'],
  ['POST', '/api/v1/contacts', { email: 'linked@walk-b.example', companyId: 'a:company' }, 'refused'],
  ['POST', '/api/v1/contacts', { email: 'owned@walk-b.example', ownerId: 'a:owner' }, 'refused'],
  ['PATCH', '/api/v1/contacts/b:contact', { companyId: 'a:company' }, 'refused'],
  ['PATCH', '/api/v1/contacts/b:contact', { ownerId: 'a:owner' }, 'refused'],
  ['POST', '/api/v1/companies', { name: 'Owned B', ownerId: 'a:owner' }, 'refused'],
  ['PATCH', '/api/v1/companies/b:company', { ownerId: 'a:owner' }, 'refused'],
  ['PATCH', '/api/v1/lists/b:list', { ownerId: 'a:owner' }, 'refused'],
  ['PATCH', '/api/v1/imports/b:import', { options: { listId: 'a:list' } }, 'refused'],
  ['PATCH', '/api/v1/imports/b:import', { options: { ownerId: 'a:owner' } }, 'refused'],
  ['POST', '/api/v1/contacts/merge', { keepId: 'b:contact', mergeId: 'a:contact' }, 'refused'],
  ['POST', '/api/v1/contacts/merge', { keepId: 'a:contact', mergeId: 'b:contact' }, 'refused'],
  ['POST', '/api/v1/companies/merge', { keepId: 'b:company', mergeId: 'a:company' }, 'refused'],
  ['POST', '/api/v1/companies/merge', { keepId: 'a:company', mergeId: 'b:company' }, 'refused'],
  ['POST', '/api/v1/contacts/bulk/assign-owner', { selection: { ids: ['a:contact'] }, ownerId: null }, 'nothing'],
  ['POST', '/api/v1/contacts/bulk/assign-owner', { selection: { ids: ['b:contact'] }, ownerId: 'a:owner' }, 'refused'],
  ['POST', '/api/v1/companies/bulk/assign-owner', { selection: { ids: ['b:company'] }, ownerId: 'a:owner' }, 'refused'],
  ['POST', '/api/v1/contacts/bulk/delete', { selection: { ids: ['a:contact'] } }, 'nothing'],
  ['POST', '/api/v1/contacts/bulk/delete', { selection: { matching: { listId: 'a:list' } } }, 'nothing'],
  [
    'POST',
    '/api/v1/contacts/bulk/assign-owner',
    { selection: { matching: { listId: 'a:list' } }, ownerId: null },
    'nothing',
  ],
  ['POST', '/api/v1/companies/bulk/delete', { selection: { ids: ['a:company'] } }, 'nothing'],
  [
    'POST',
    '/api/v1/contacts/bulk-update',
    { selection: { ids: ['a:contact'] }, field: 'seniority', value: 'vp' },
    'nothing',
  ],
  [
    'POST',
    '/api/v1/contacts/bulk-update',
    { selection: { matching: { listId: 'a:list' } }, field: 'seniority', value: 'vp' },
    'nothing',
  ],
  ['POST', '/api/v1/lists/b:list/members', { ids: ['a:contact'] }, 'nothing'],
  ['DELETE', '/api/v1/suppressions', { ids: ['a:suppression'] }, 'nothing'],
  ['POST', '/api/v1/custom-fields/reorder', { entity: 'contacts', ids: ['a:customField'] }, 'refused'],
  ['POST', '/api/v1/privacy/erasures/files', { importIds: ['a:import'] }, 'nothing'],
  ['POST', '/api/v1/prospects/reveal/preview', { ids: ['b:person'], fields: 'email', listId: 'a:list' }, 'nothing'],
  ['POST', '/api/v1/prospects/reveal', { ids: ['b:person'], fields: 'email', listId: 'a:list' }, 'refused'],
  ['GET', '/api/v1/prospects/a:person', null, 'nothing'],
  ['GET', '/api/v1/contacts/export?ids=a:contact', null, 'nothing'],
  ['GET', '/api/v1/lists/b:list/export?ids=a:contact', null, 'nothing'],
  ['GET', '/api/v1/audit-log?memberId=a:owner', null, 'nothing'],
  ['GET', '/api/v1/credit-transactions?memberId=a:owner', null, 'nothing'],
  ['GET', '/api/v1/credit-transactions/usage?memberId=a:owner', null, 'nothing'],
];

describe('tenancy route walk (issue 27)', () => {
  it('finds the id routes of every module', () => {
    const urls = routes.map((r) => r.url);
    for (const u of [
      '/api/v1/contacts/:id',
      '/api/v1/webhooks/:id/deliveries/:deliveryId/resend',
      '/api/v1/invoices/:id/pdf',
      '/api/v1/me/api-keys/:id',
    ]) {
      expect(urls).toContain(u);
    }
    expect(routes.length).toBeGreaterThan(60);
  });

  it("refuses or ignores A's ids in B's bodies and queries, showing and changing nothing of A's", async () => {
    const before = await snapshotOfA();
    const failures: string[] = [];
    for (const [method, rawUrl, body, want] of BODY_PROBES) {
      const url = placed(rawUrl);
      const payload = body === null ? null : (JSON.parse(placed(JSON.stringify(body))) as unknown);
      const headers: Record<string, string> = { ...ORIGIN, cookie: b.cookie };
      if (rawUrl.includes('/reveal'))
        headers['idempotency-key'] = `walk-body-${process.pid}-${failures.length}-${url.length}`;
      const res = await send(
        { method, url: rawUrl, hasBody: payload !== null, sessionOnly: false },
        url,
        payload,
        headers,
      );
      const leaked = markersOfA.filter((m) => res.body.includes(m));
      const problem = String(res.headers['content-type']).includes('application/problem+json');
      const ok = want === 'refused' ? res.statusCode >= 400 && res.statusCode < 500 && problem : res.statusCode < 500;
      if (!ok || leaked.length)
        failures.push(
          `${method} ${rawUrl} ${JSON.stringify(body)}: ${res.statusCode} (${want}${leaked.length ? `, shows ${leaked.join(', ')}` : ''}) — ${res.body.slice(0, 200)}`,
        );
    }
    expect(failures).toEqual([]);
    expect(await snapshotOfA()).toEqual(before);
  });

  it("answers another workspace's ids with 404, by session and by API key, and changes nothing of theirs", async () => {
    const before = await snapshotOfA();
    const failures: string[] = [];
    const walk = walked(failures);
    let probes = 0;
    for (const { route, kinds } of walk) {
      // all of A's ids; then, under two ids, B's own parent with A's child
      const variants: ('a' | 'b')[][] = [kinds.map(() => 'a')];
      if (kinds.length > 1) variants.push(kinds.map((_, i) => (i === kinds.length - 1 ? 'a' : 'b')));
      for (const owners of variants) {
        for (const via of ['session', 'API key'] as const) {
          const headers: Record<string, string> =
            via === 'session' ? { ...ORIGIN, cookie: b.cookie } : { authorization: `Bearer ${bKey}` };
          const res = await send(route, fill(route.url, kinds, owners), bodyOf(route, 'b'), headers);
          probes++;
          // an API key may not use a session-only route at all: 403 before any look-up
          const want = via === 'API key' && route.sessionOnly ? 403 : 404;
          const problem = String(res.headers['content-type']).includes('application/problem+json');
          const leaked = markersOfA.filter((m) => res.body.includes(m));
          if (res.statusCode !== want || !problem || leaked.length)
            failures.push(
              `${route.method} ${route.url} [ids of ${owners.join(',')}] by B's ${via}: ${res.statusCode}, expected ${want} — ${res.body.slice(0, 200)}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(probes).toBeGreaterThan(150);
    expect(await snapshotOfA()).toEqual(before);

    // the control: the same ids are A's real objects, so B's 404 is about the workspace.
    // Reads first, then writes, then deletes (children before parents); ownership last.
    const rank = ({ route }: (typeof walk)[number]) =>
      route.url.endsWith('/transfer-ownership') ? 4 : route.method === 'GET' ? 0 : route.method === 'DELETE' ? 2 : 1;
    const ordered = [...walk].sort(
      (x, y) => rank(x) - rank(y) || (rank(x) === 2 ? y.route.url.length - x.route.url.length : 0),
    );
    for (const { route, kinds } of ordered) {
      const res = await send(
        route,
        fill(
          route.url,
          kinds,
          kinds.map(() => 'a'),
        ),
        bodyOf(route, 'a'),
        { ...ORIGIN, cookie: a.cookie },
      );
      if (res.statusCode === 404 || res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500)
        failures.push(
          `control: ${route.method} ${route.url} by A's session: ${res.statusCode} — ${res.body.slice(0, 200)}`,
        );
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
