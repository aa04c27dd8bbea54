import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { seedDemoContacts } from './demo-contacts.js';
import { seedDemoLists } from './demo-lists.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('demo lists and suppressions', () => {
  it('adds lists built by filter and entries that suppress some demo contacts', async () => {
    const owner = await signUp(t.app);
    const account = { userId: owner.me.user.id, workspaceId: owner.me.workspace.id, memberId: owner.me.member.id };
    const services = t.container;
    await seedDemoContacts(services, account);
    const made = await seedDemoLists(services, account);
    expect(made.lists).toBe(3);
    expect(made.members).toBeGreaterThan(0);
    expect(made.suppressions).toBe(3);

    const get = async (url: string) => (await owner.request({ method: 'GET', url })).json();
    const lists = (await get('/api/v1/lists?sort=name')).data as { name: string; memberCount: number }[];
    expect(lists.map((l) => l.name)).toEqual(['North America accounts', 'Q3 outreach: Germany and Switzerland', 'Webinar follow-up']);
    expect(lists[0]!.memberCount).toBeGreaterThan(0);
    const suppressed = encodeURIComponent(JSON.stringify({ field: 'suppressed', op: 'is', value: true }));
    expect((await get(`/api/v1/contacts/count?filter=${suppressed}`)).total).toBeGreaterThan(0);
  });
});
