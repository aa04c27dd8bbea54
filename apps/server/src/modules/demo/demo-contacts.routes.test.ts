import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { seedDemoContacts } from './demo-contacts.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('demo contacts', () => {
  it('fills a workspace with ~200 linked contacts over 40 companies and custom fields', async () => {
    const owner = await signUp(t.app);
    const services = t.container;
    const made = await seedDemoContacts(services, { userId: owner.me.user.id, workspaceId: owner.me.workspace.id, memberId: owner.me.member.id });
    expect(made).toEqual({ companies: 40, contacts: 200 });

    const get = async (url: string) => (await owner.request({ method: 'GET', url })).json();
    expect((await get('/api/v1/companies/count')).total).toBe(40);
    expect((await get('/api/v1/contacts/count')).total).toBe(200);
    const unlinked = encodeURIComponent(JSON.stringify({ field: 'companyId', op: 'isEmpty' }));
    expect((await get(`/api/v1/contacts/count?filter=${unlinked}`)).total).toBe(0);
    const fields = (await get('/api/v1/custom-fields')).data.map((f: { key: string }) => f.key);
    expect(fields).toEqual(expect.arrayContaining(['lead_score', 'lifecycle_stage', 'interests', 'last_meeting', 'newsletter', 'account_tier', 'renewal_date']));
    const page = await get('/api/v1/contacts?limit=200');
    for (const c of page.data) {
      expect(c.email === null || c.email.endsWith('.example')).toBe(true);
      expect(typeof c.customFields.lead_score).toBe('number');
    }
    const customers = encodeURIComponent(JSON.stringify({ field: 'custom:lifecycle_stage', op: 'is', value: 'Customer' }));
    expect((await get(`/api/v1/contacts/count?filter=${customers}`)).total).toBeGreaterThan(0);
  });
});
