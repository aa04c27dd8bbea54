import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProspectFacets } from '@leadtrail/contracts';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { ensureTestProspects } from './cli/prospects-fixture.js';

/**
 * The facets keep a workspace's exceptions (mine, suppressed) between requests while nothing
 * they depend on changes: every change to contacts' emails and LinkedIn URLs, reveals and
 * suppression entries shows in the next request's counts. Expected figures come from SQL.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await ensureTestProspects(t.db.pool);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Person = { id: string; email: string; linkedin_url: string };

describe('facets after the workspace changes', () => {
  it('counts mine and suppressed anew after each change of contacts, reveals and suppression entries', async () => {
    const owner = await signUp(t.app);
    const totals = async () => {
      const res = await owner.request({ method: 'GET', url: '/api/v1/prospects/facets?includeSuppressed=true' });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as ProspectFacets).totals;
    };
    const people = (
      await t.db.pool.query<Person>(
        `select id, email, linkedin_url from prospect_people where email is not null and linkedin_url is not null order by id limit 3`,
      )
    ).rows;
    const [p1, p2, p3] = people as [Person, Person, Person];
    const start = await totals();
    expect(start).toMatchObject({ mine: 0, suppressed: 0 });
    // twice the same: the kept exceptions answer the same
    expect(await totals()).toEqual(start);

    const created = await owner.request({ method: 'POST', url: '/api/v1/contacts', payload: { email: p1.email } });
    expect(created.statusCode, created.body).toBe(201);
    const contactId = (created.json() as { id: string }).id;
    expect(await totals()).toMatchObject({ mine: 1 });

    // the email changes to nobody's: not mine any more; a LinkedIn URL of another person: that one is
    let res = await owner.request({ method: 'PATCH', url: `/api/v1/contacts/${contactId}`, payload: { email: 'nobody@nowhere.example' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await totals()).toMatchObject({ mine: 0 });
    res = await owner.request({ method: 'PATCH', url: `/api/v1/contacts/${contactId}`, payload: { linkedinUrl: p2.linkedin_url } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await totals()).toMatchObject({ mine: 1 });

    // a reveal makes its person mine
    await t.container.credits.adjust(owner.me.workspace.id, 5, 'cache test');
    res = await owner.request({ method: 'POST', url: '/api/v1/prospects/reveal', payload: { ids: [p3.id], fields: 'email' }, headers: { 'idempotency-key': 'cache-1' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await totals()).toMatchObject({ mine: 2 });

    // a suppression entry, then its removal
    res = await owner.request({ method: 'POST', url: '/api/v1/suppressions', payload: { entries: [{ value: p1.email }] } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await totals()).toMatchObject({ mine: 2, suppressed: 1 });
    const entry = (await t.db.pool.query<{ id: string }>('select id from suppressions where workspace_id = $1', [owner.me.workspace.id])).rows[0]!;
    res = await owner.request({ method: 'DELETE', url: `/api/v1/suppressions/${entry.id}` });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await totals()).toMatchObject({ mine: 2, suppressed: 0 });

    // the contact goes: only the reveal stays mine
    res = await owner.request({ method: 'DELETE', url: `/api/v1/contacts/${contactId}` });
    expect(res.statusCode, res.body).toBeLessThan(300);
    // the revealed person's contact is still there (made by the reveal): mine by reveal and email
    expect(await totals()).toMatchObject({ mine: 1, suppressed: 0 });
    expect((await totals()).all).toBe(start.all);
  }, 120_000);
});
