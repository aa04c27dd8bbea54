import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { expectProblem, filterParam, joinAsMember, ownerContext } from '../../../test/records-kit.js';
import { createCustomFieldsRepository } from './custom-fields.repository.js';
import { createCustomFieldsService } from './custom-fields.service.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('custom fields', () => {
  it('creates all ten types, derives keys, lists them in order per entity', async () => {
    const owner = await signUp(t.app);
    const types = ['text', 'long_text', 'number', 'date', 'checkbox', 'single_select', 'multi_select', 'url', 'email', 'phone'];
    for (const type of types) {
      const res = await owner.request({
        method: 'POST',
        url: '/api/v1/custom-fields',
        payload: {
          entity: 'contacts',
          label: `My ${type} Field`,
          type,
          ...(type.endsWith('select') ? { options: [{ label: 'Alpha' }, { label: 'Beta', color: 'blue' }] } : {}),
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ entity: 'contacts', key: `my_${type}_field`, type, required: false, archived: false });
    }
    const list = await owner.request({ method: 'GET', url: '/api/v1/custom-fields?entity=contacts' });
    expect(list.json().data.map((f: { type: string }) => f.type)).toEqual(types);
    expect(list.json().data.map((f: { position: number }) => f.position)).toEqual(types.map((_, i) => i));
    const companies = await owner.request({ method: 'GET', url: '/api/v1/custom-fields?entity=companies' });
    expect(companies.json().data).toEqual([]);

    // same label again: a fresh key; an explicit duplicate key: 409
    const again = await owner.request({ method: 'POST', url: '/api/v1/custom-fields', payload: { entity: 'contacts', label: 'My text Field', type: 'text' } });
    expect(again.json().key).toBe('my_text_field_2');
    const dup = await owner.request({ method: 'POST', url: '/api/v1/custom-fields', payload: { entity: 'contacts', label: 'X', key: 'my_text_field', type: 'text' } });
    expectProblem(dup, 409, 'duplicate');
    // the same key on the other entity is fine
    const other = await owner.request({ method: 'POST', url: '/api/v1/custom-fields', payload: { entity: 'companies', label: 'X', key: 'my_text_field', type: 'text' } });
    expect(other.statusCode).toBe(201);
  });

  it('validates the definition', async () => {
    const owner = await signUp(t.app);
    const post = (payload: Record<string, unknown>) => owner.request({ method: 'POST', url: '/api/v1/custom-fields', payload });
    const noOptions = expectProblem(await post({ entity: 'contacts', label: 'Tier', type: 'single_select' }), 400, 'validation_failed');
    expect(noOptions.errors?.[0]?.path).toBe('options');
    expectProblem(await post({ entity: 'contacts', label: 'Score', type: 'number', options: [{ label: 'x' }] }), 400, 'validation_failed');
    expectProblem(await post({ entity: 'contacts', label: 'Score', type: 'money' }), 400, 'validation_failed');
    expectProblem(await post({ entity: 'deals', label: 'Score', type: 'number' }), 400, 'validation_failed');
    expectProblem(await post({ entity: 'contacts', label: 'Score', key: 'Bad Key', type: 'number' }), 400, 'validation_failed');
    const twice = expectProblem(await post({ entity: 'contacts', label: 'T', type: 'single_select', options: [{ label: 'A' }, { label: 'a' }] }), 400);
    expect(twice.errors?.[0]?.path).toBe('options.1.label');
    expectProblem(await post({ entity: 'contacts', label: '', type: 'text' }), 400, 'validation_failed');
  });

  it('renames options without losing values; removing an option clears its values', async () => {
    const owner = await signUp(t.app);
    const field = (
      await owner.request({
        method: 'POST',
        url: '/api/v1/custom-fields',
        payload: { entity: 'contacts', label: 'Tier', type: 'single_select', options: [{ label: 'Gold' }, { label: 'Silver' }] },
      })
    ).json();
    const tags = (
      await owner.request({
        method: 'POST',
        url: '/api/v1/custom-fields',
        payload: { entity: 'contacts', label: 'Tags', type: 'multi_select', options: [{ label: 'vip' }, { label: 'churn-risk' }] },
      })
    ).json();
    const [gold, silver] = field.options;
    const [vip, churn] = tags.options;
    const a = (await owner.request({ method: 'POST', url: '/api/v1/contacts', payload: { email: 'a@cf.example', customFields: { tier: 'Gold', tags: ['vip', churn.id] } } })).json();
    const b = (await owner.request({ method: 'POST', url: '/api/v1/contacts', payload: { email: 'b@cf.example', customFields: { tier: silver.id, tags: [churn.id] } } })).json();
    expect(a.customFields).toEqual({ tier: gold.id, tags: [vip.id, churn.id] });

    const renamed = await owner.request({
      method: 'PATCH',
      url: `/api/v1/custom-fields/${field.id}`,
      payload: { options: [{ id: gold.id, label: 'Platinum' }, { id: silver.id, label: 'Silver' }, { label: 'Bronze' }] },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().options.map((o: { label: string }) => o.label)).toEqual(['Platinum', 'Silver', 'Bronze']);
    expect(renamed.json().options[0].id).toBe(gold.id);
    expect((await owner.request({ method: 'GET', url: `/api/v1/contacts/${a.id}` })).json().customFields.tier).toBe(gold.id);
    // the filter accepts the new label
    const byLabel = await owner.request({ method: 'GET', url: `/api/v1/contacts?filter=${filterParam({ field: 'custom:tier', op: 'is', value: 'Platinum' })}` });
    expect(byLabel.json().data.map((c: { id: string }) => c.id)).toEqual([a.id]);

    // drop Silver and churn-risk: b loses its tier; both lose churn-risk (b's tags become empty)
    await owner.request({ method: 'PATCH', url: `/api/v1/custom-fields/${field.id}`, payload: { options: [{ id: gold.id, label: 'Platinum' }] } });
    await owner.request({ method: 'PATCH', url: `/api/v1/custom-fields/${tags.id}`, payload: { options: [{ id: vip.id, label: 'vip' }] } });
    expect((await owner.request({ method: 'GET', url: `/api/v1/contacts/${b.id}` })).json().customFields).toEqual({});
    expect((await owner.request({ method: 'GET', url: `/api/v1/contacts/${a.id}` })).json().customFields).toEqual({ tier: gold.id, tags: [vip.id] });

    const unknownOption = await owner.request({ method: 'PATCH', url: `/api/v1/custom-fields/${field.id}`, payload: { options: [{ id: 'nope', label: 'X' }] } });
    expect(expectProblem(unknownOption, 400).errors?.[0]?.path).toBe('options.0.id');
  });

  it('drops values with their field or option in one unit of work: a failure after the drop changes nothing', async () => {
    const owner = await signUp(t.app);
    const ctx = ownerContext(owner);
    const mk = async (payload: Record<string, unknown>) => (await owner.request({ method: 'POST', url: '/api/v1/custom-fields', payload: { entity: 'contacts', ...payload } })).json();
    const score = await mk({ label: 'Score', type: 'number' });
    const tier = await mk({ label: 'Tier', type: 'single_select', options: [{ label: 'Gold' }, { label: 'Silver' }] });
    const c = (await owner.request({ method: 'POST', url: '/api/v1/contacts', payload: { email: 'atomic@fields.example', customFields: { score: 7, tier: 'Gold' } } })).json();
    const values = async () => (await owner.request({ method: 'GET', url: `/api/v1/contacts/${c.id}` })).json().customFields;
    expect(await values()).toEqual({ score: 7, tier: tier.options[0].id });

    // the same service on the same unit of work, its last write failing
    const repo = createCustomFieldsRepository();
    const failing = createCustomFieldsService({
      uow: t.container.uow,
      repo: {
        ...repo,
        delete: () => Promise.reject(new Error('injected: delete fails')),
        update: () => Promise.reject(new Error('injected: update fails')),
      },
    });
    await expect(failing.delete(ctx, score.id)).rejects.toThrow('injected');
    await expect(failing.update(ctx, tier.id, { options: [{ id: tier.options[1].id, label: 'Silver' }] })).rejects.toThrow('injected');
    expect(await values()).toEqual({ score: 7, tier: tier.options[0].id });
    const fields = (await owner.request({ method: 'GET', url: '/api/v1/custom-fields?entity=contacts' })).json().data;
    expect(fields.map((f: { key: string }) => f.key)).toEqual(['score', 'tier']);
    expect(fields[1].options.map((o: { label: string }) => o.label)).toEqual(['Gold', 'Silver']);
  });

  it('archives (values kept, hidden, writes refused), restores, deletes (values dropped), reorders', async () => {
    const owner = await signUp(t.app);
    const mk = async (label: string, type: string) =>
      (await owner.request({ method: 'POST', url: '/api/v1/custom-fields', payload: { entity: 'contacts', label, type } })).json();
    const score = await mk('Score', 'number');
    const note = await mk('Remark', 'text');
    const c = (await owner.request({ method: 'POST', url: '/api/v1/contacts', payload: { email: 'x@arch.example', customFields: { score: 7, remark: 'hi' } } })).json();

    await owner.request({ method: 'PATCH', url: `/api/v1/custom-fields/${score.id}`, payload: { archived: true } });
    expect((await owner.request({ method: 'GET', url: `/api/v1/contacts/${c.id}` })).json().customFields).toEqual({ remark: 'hi' });
    const refused = await owner.request({ method: 'PATCH', url: `/api/v1/contacts/${c.id}`, payload: { customFields: { score: 3 } } });
    expect(expectProblem(refused, 400).errors?.[0]).toMatchObject({ path: 'customFields.score' });
    const active = (await owner.request({ method: 'GET', url: '/api/v1/custom-fields?entity=contacts' })).json().data;
    expect(active.map((f: { key: string }) => f.key)).toEqual(['remark']);
    const all = (await owner.request({ method: 'GET', url: '/api/v1/custom-fields?entity=contacts&includeArchived=true' })).json().data;
    expect(all.map((f: { key: string }) => f.key)).toEqual(['score', 'remark']);

    await owner.request({ method: 'PATCH', url: `/api/v1/custom-fields/${score.id}`, payload: { archived: false } });
    expect((await owner.request({ method: 'GET', url: `/api/v1/contacts/${c.id}` })).json().customFields).toEqual({ score: 7, remark: 'hi' });

    const reorder = await owner.request({ method: 'POST', url: '/api/v1/custom-fields/reorder', payload: { entity: 'contacts', ids: [note.id, score.id] } });
    expect(reorder.json().data.map((f: { key: string }) => f.key)).toEqual(['remark', 'score']);
    expectProblem(await owner.request({ method: 'POST', url: '/api/v1/custom-fields/reorder', payload: { entity: 'contacts', ids: [note.id] } }), 400, 'invalid_order');

    const del = await owner.request({ method: 'DELETE', url: `/api/v1/custom-fields/${score.id}` });
    expect(del.statusCode).toBe(204);
    // a new field with the same key doesn't bring the old values back
    await mk('Score', 'number');
    expect((await owner.request({ method: 'GET', url: `/api/v1/contacts/${c.id}` })).json().customFields).toEqual({ remark: 'hi' });
  });

  it('requires required fields on create and refuses clearing them', async () => {
    const owner = await signUp(t.app);
    await owner.request({ method: 'POST', url: '/api/v1/custom-fields', payload: { entity: 'contacts', label: 'Region code', type: 'text', required: true } });
    const missing = expectProblem(await owner.request({ method: 'POST', url: '/api/v1/contacts', payload: { email: 'r@req.example' } }), 400, 'validation_failed');
    expect(missing.errors).toEqual([{ path: 'customFields.region_code', message: 'Region code is required' }]);
    const c = (await owner.request({ method: 'POST', url: '/api/v1/contacts', payload: { email: 'r@req.example', customFields: { region_code: 'EU' } } })).json();
    const cleared = await owner.request({ method: 'PATCH', url: `/api/v1/contacts/${c.id}`, payload: { customFields: { region_code: null } } });
    expectProblem(cleared, 400, 'validation_failed');
    const other = await owner.request({ method: 'PATCH', url: `/api/v1/contacts/${c.id}`, payload: { jobTitle: 'CEO' } });
    expect(other.statusCode).toBe(200);
  });

  it('lets members read but not manage fields; other workspaces get 404', async () => {
    const owner = await signUp(t.app);
    const field = (await owner.request({ method: 'POST', url: '/api/v1/custom-fields', payload: { entity: 'companies', label: 'Tier', type: 'text' } })).json();
    const member = await joinAsMember(t.db, owner, await signUp(t.app));
    expect((await member.request({ method: 'GET', url: '/api/v1/custom-fields' })).json().data).toHaveLength(1);
    expect((await member.request({ method: 'GET', url: `/api/v1/custom-fields/${field.id}` })).statusCode).toBe(200);
    expectProblem(await member.request({ method: 'POST', url: '/api/v1/custom-fields', payload: { entity: 'contacts', label: 'X', type: 'text' } }), 403, 'forbidden');
    expectProblem(await member.request({ method: 'PATCH', url: `/api/v1/custom-fields/${field.id}`, payload: { label: 'Y' } }), 403, 'forbidden');
    expectProblem(await member.request({ method: 'DELETE', url: `/api/v1/custom-fields/${field.id}` }), 403, 'forbidden');
    expectProblem(await member.request({ method: 'POST', url: '/api/v1/custom-fields/reorder', payload: { entity: 'companies', ids: [field.id] } }), 403);

    const stranger = await signUp(t.app);
    expectProblem(await stranger.request({ method: 'GET', url: `/api/v1/custom-fields/${field.id}` }), 404, 'not_found');
    expectProblem(await stranger.request({ method: 'PATCH', url: `/api/v1/custom-fields/${field.id}`, payload: { label: 'Y' } }), 404, 'not_found');
    expectProblem(await stranger.request({ method: 'DELETE', url: `/api/v1/custom-fields/${field.id}` }), 404, 'not_found');
    expect((await stranger.request({ method: 'GET', url: '/api/v1/custom-fields' })).json().data).toEqual([]);
    expectProblem(await t.app.inject({ method: 'GET', url: '/api/v1/custom-fields' }), 401);
  });
});
