import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { createTestApp, requester, signUp, type TestContext } from '../../test/helpers.js';
import { addTeammate } from '../../test/team-helpers.js';
import { filterParam } from '../../test/records-kit.js';

/**
 * Issue 13: each process keeps the credentials it has just checked and the custom-field
 * definitions its reads used (notified-cache.ts), and any change that ends a credential, changes
 * its role or changes a field reaches every process at once, whoever made it. Two apps on one
 * database stand for two web processes.
 */
let a: TestContext;
let b: TestContext;
let sql: pg.Client;

beforeAll(async () => {
  [a, b] = await Promise.all([createTestApp(), createTestApp()]);
  sql = new pg.Client({ connectionString: inject('databaseUrl') });
  await sql.connect();
});
afterAll(async () => {
  await sql.end();
  await Promise.all([a.close(), b.close()]);
});

/** Database connections a request takes from the app's write pool and the credential pool (decision 0029). */
async function checkouts(t: TestContext, run: () => Promise<unknown>) {
  let n = 0;
  const count = () => void n++;
  const pools = [t.db.pool, t.db.authPool];
  for (const p of pools) p.on('acquire', count);
  try {
    await run();
  } finally {
    for (const p of pools) p.off('acquire', count);
  }
  return n;
}

/** The status a request gets once the other process has heard the change (at most 2 s). */
async function statusSoon(request: () => Promise<{ statusCode: number }>, want: number) {
  const until = Date.now() + 2_000;
  let status = (await request()).statusCode;
  while (status !== want && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 20));
    status = (await request()).statusCode;
  }
  return status;
}

describe('notified caches', () => {
  it('a credential checked once is not read again within the minute', async () => {
    expect(a.container.caches.active).toBe(true);
    const owner = await signUp(a.app);
    // the first request reads the session; the sign-in touched it, so it is fresh
    await owner.request({ method: 'GET', url: '/api/v1/me' });
    const first = await checkouts(a, () => owner.request({ method: 'GET', url: '/api/v1/custom-fields?entity=contacts' }));
    a.container.caches.clearAll();
    const uncached = await checkouts(a, () => owner.request({ method: 'GET', url: '/api/v1/custom-fields?entity=contacts' }));
    const cached = await checkouts(a, () => owner.request({ method: 'GET', url: '/api/v1/custom-fields?entity=contacts' }));
    expect(first).toBe(cached);
    expect(uncached).toBe(cached + 1);
  });

  it('requests arriving together with a credential due for its touch share one check and one touch', async () => {
    const owner = await signUp(a.app);
    await sql.query(`update sessions set last_seen_at = now() - interval '5 minutes' where user_id = $1`, [owner.me.user.id]);
    a.container.caches.clearAll();
    const n = await checkouts(a, () => Promise.all(Array.from({ length: 30 }, () => owner.request({ method: 'GET', url: '/api/v1/me' }))));
    // one read of the credential and one transaction touching it (GET /me reads on the read pool)
    expect(n).toBe(2);
    const seen = await sql.query(`select last_seen_at > now() - interval '1 minute' as fresh from sessions where user_id = $1`, [owner.me.user.id]);
    expect(seen.rows[0].fresh).toBe(true);
  });

  it('signing out ends the session at once in this process and in another', async () => {
    const owner = await signUp(a.app);
    const onB = requester(b.app, owner.cookie);
    expect((await owner.request({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(200);
    expect((await onB({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(200);
    expect((await owner.request({ method: 'POST', url: '/api/v1/auth/logout' })).statusCode).toBe(204);
    // the same process: no window at all
    expect((await owner.request({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(401);
    expect(await statusSoon(() => onB({ method: 'GET', url: '/api/v1/me' }), 401)).toBe(401);
  });

  it("a role changed in one process changes what the member may do in the other", async () => {
    const owner = await signUp(a.app);
    const member = await addTeammate(a, owner.request, 'member');
    const onB = requester(b.app, member.cookie);
    // inviting is for owners and admins
    const invite = () => onB({ method: 'GET', url: '/api/v1/invitations' });
    expect((await invite()).statusCode).toBe(403);
    expect((await owner.request({ method: 'PATCH', url: `/api/v1/members/${member.memberId}`, payload: { role: 'admin' } })).statusCode).toBe(200);
    expect(await statusSoon(invite, 200)).toBe(200);
    expect((await owner.request({ method: 'PATCH', url: `/api/v1/members/${member.memberId}`, payload: { status: 'deactivated' } })).statusCode).toBe(200);
    expect(await statusSoon(() => onB({ method: 'GET', url: '/api/v1/me' }), 401)).toBe(401);
  });

  it('a revocation written outside the app (plain SQL) is heard too', async () => {
    const owner = await signUp(a.app);
    expect((await owner.request({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(200);
    await sql.query('update sessions set revoked_at = now() where user_id = $1', [owner.me.user.id]);
    expect(await statusSoon(() => owner.request({ method: 'GET', url: '/api/v1/me' }), 401)).toBe(401);
  });

  it('a custom field added in one process can be filtered on at once in both', async () => {
    const owner = await signUp(a.app);
    const onB = requester(b.app, owner.cookie);
    const byTier = (request: typeof onB) =>
      request({ method: 'GET', url: `/api/v1/contacts?filter=${filterParam({ field: 'custom:tier', op: 'is', value: 'gold' })}` });
    // both processes read (and keep) the workspace's contact fields: none yet
    expect((await owner.request({ method: 'GET', url: '/api/v1/contacts' })).statusCode).toBe(200);
    expect((await onB({ method: 'GET', url: '/api/v1/contacts' })).statusCode).toBe(200);
    expect((await byTier(owner.request)).statusCode).toBe(400);
    const made = await onB({ method: 'POST', url: '/api/v1/custom-fields', payload: { entity: 'contacts', label: 'Tier', key: 'tier', type: 'text' } });
    expect(made.statusCode).toBe(201);
    // the process that made it: at once
    expect((await byTier(onB)).statusCode).toBe(200);
    expect(await statusSoon(() => byTier(owner.request), 200)).toBe(200);
    const contact = await owner.request({ method: 'POST', url: '/api/v1/contacts', payload: { firstName: 'Ada', customFields: { tier: 'gold' } } });
    expect(contact.statusCode).toBe(201);
    const page = (await byTier(onB)).json() as { data: { firstName: string; customFields: Record<string, unknown> }[] };
    expect(page.data.map((c) => [c.firstName, c.customFields.tier])).toEqual([['Ada', 'gold']]);
  });

  it('while its listener is lost the cache is off, and it comes back', async () => {
    const owner = await signUp(a.app);
    expect((await owner.request({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(200);
    const killed = await sql.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and query = 'listen leadtrail_cache' and state = 'idle' and pid <> pg_backend_pid()`,
    );
    expect(killed.rowCount).toBeGreaterThan(0);
    const until = Date.now() + 2_000;
    while (a.container.caches.active && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    expect(a.container.caches.active).toBe(false);
    // requests still work, each reading its credential
    expect((await owner.request({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(200);
    const back = Date.now() + 5_000;
    while (!(a.container.caches.active && b.container.caches.active) && Date.now() < back) await new Promise((r) => setTimeout(r, 50));
    expect(a.container.caches.active).toBe(true);
    expect(b.container.caches.active).toBe(true);
  });
});
