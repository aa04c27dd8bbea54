import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MergeBody } from '@leadtrail/contracts';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { ownerContext as ctxOf } from '../../../test/records-kit.js';
import { companyRules, createCompaniesService } from './companies/companies.service.js';
import { contactRules, createContactsService } from './contacts/contacts.service.js';
import type { RecordEntity } from './record-spec.js';
import { createRecordsRepository } from './records.repository.js';

/**
 * Merges and bulk deletes are single units of work, for contacts and companies alike: a
 * failure at any step leaves everything as it was, and opposite merges at the same moment
 * give exactly one winner (issue 12, issue 16 finding 3).
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Owner = Awaited<ReturnType<typeof signUp>>;
const ok = async (res: Promise<{ statusCode: number; body: string; json: () => unknown }>, status = 200) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r.json() as Record<string, unknown> & { id: string };
};

const bodies: Record<RecordEntity, (tag: string) => Record<string, unknown>> = {
  contacts: (tag) => ({ firstName: `First ${tag}`, email: `${tag}@merge.example`, city: tag === 'a' ? 'Lyon' : null }),
  companies: (tag) => ({ name: `Company ${tag}`, domain: `${tag}-${crypto.randomUUID().slice(0, 8)}.example`, city: tag === 'a' ? 'Lyon' : null }),
};

/** Two records with a note each, both in a list; for companies, a contact at each. */
async function fixture(owner: Owner, entity: RecordEntity, tag = '') {
  const post = (url: string, payload: unknown) => owner.request({ method: 'POST', url, payload: payload as Record<string, unknown> });
  const a = await ok(post(`/api/v1/${entity}`, bodies[entity](`a${tag}`)), 201);
  const b = await ok(post(`/api/v1/${entity}`, bodies[entity](`b${tag}`)), 201);
  for (const r of [a, b]) await ok(post(`/api/v1/${entity}/${r.id}/notes`, { body: `about ${r.id}` }), 201);
  const list = await ok(post('/api/v1/lists', { name: `List ${entity} ${tag} ${crypto.randomUUID().slice(0, 6)}`, entity }), 201);
  await ok(post(`/api/v1/lists/${list.id}/members`, { ids: [a.id, b.id] }));
  if (entity === 'companies') {
    for (const r of [a, b]) await ok(post('/api/v1/contacts', { firstName: `Works at ${r.id}`, companyId: r.id }), 201);
  }
  return { a, b, list };
}

/** Everything a merge or a delete touches, as the API shows it. */
async function snapshot(owner: Owner, entity: RecordEntity, ids: string[]) {
  const get = async (url: string) => {
    const res = await owner.request({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() as unknown };
  };
  const out: Record<string, unknown> = {};
  for (const id of ids) {
    out[id] = {
      record: await get(`/api/v1/${entity}/${id}`),
      notes: await get(`/api/v1/${entity}/${id}/notes`),
      activity: await get(`/api/v1/${entity}/${id}/activity?limit=100`),
      lists: await get(`/api/v1/${entity}/${id}/lists`),
      ...(entity === 'companies'
        ? { contacts: await get(`/api/v1/contacts?filter=${encodeURIComponent(JSON.stringify({ field: 'companyId', op: 'is', value: id }))}`) }
        : {}),
    };
  }
  return out;
}

class Injected extends Error {}
/** Runs the real step, then fails: the unit of work must undo the step too. */
const failAfter =
  <A extends unknown[], R>(fn: (...args: A) => Promise<R>, step: string) =>
  async (...args: A): Promise<R> => {
    await fn(...args);
    throw new Injected(`injected failure after ${step}`);
  };

type Step = 'relink' | 'notes' | 'history' | 'lists' | 'delete' | 'update' | 'timeline' | 'bulkDelete';

/** The entity's service as the container builds it, with one step failing. */
function serviceFailingAt(entity: RecordEntity, step: Step) {
  const c = t.container;
  const sqlSpec = entity === 'contacts' ? contactRules.sql : companyRules.sql;
  const real = createRecordsRepository(sqlSpec);
  const recordsRepo = {
    ...real,
    delete: step === 'delete' ? failAfter(real.delete, step) : real.delete,
    update: step === 'update' ? failAfter(real.update, step) : real.update,
    deleteWhere: step === 'bulkDelete' ? failAfter(real.deleteWhere, step) : real.deleteWhere,
  };
  const deps = {
    uow: c.uow,
    customFields: c.customFields,
    notes: { moveAllIn: step === 'notes' ? failAfter(c.notes.moveAllIn, step) : c.notes.moveAllIn },
    lists: { moveMembershipsIn: step === 'lists' ? failAfter(c.lists.moveMembershipsIn, step) : c.lists.moveMembershipsIn },
    activity: {
      ...c.activity,
      moveAllIn: step === 'history' ? failAfter(c.activity.moveAllIn, step) : c.activity.moveAllIn,
      recordIn: step === 'timeline' ? failAfter(c.activity.recordIn, step) : c.activity.recordIn,
    },
    phoneRegion: async (ws: string) => (await c.workspace.settings(ws)).defaultPhoneRegion,
  };
  if (entity === 'contacts') return createContactsService({ ...deps, recordsRepo: recordsRepo as never, companies: c.companies });
  const relink = c.contacts.relinkCompanyIn;
  return createCompaniesService({ ...deps, recordsRepo: recordsRepo as never, relinkContactsIn: step === 'relink' ? failAfter(relink, step) : relink });
}

const mergeSteps: Record<RecordEntity, Step[]> = {
  contacts: ['notes', 'history', 'lists', 'delete', 'update', 'timeline'],
  companies: ['relink', 'notes', 'history', 'lists', 'delete', 'update', 'timeline'],
};

describe.each(['contacts', 'companies'] as const)('%s: merges and bulk deletes are one unit of work', (entity) => {
  it.each(mergeSteps[entity])('a merge failing after the step "%s" leaves both records, notes, lists and history as they were', async (step) => {
    const owner = await signUp(t.app);
    const { a, b } = await fixture(owner, entity);
    const before = await snapshot(owner, entity, [a.id, b.id]);
    const body: MergeBody = { keepId: a.id, mergeId: b.id, values: { city: 'merge' } };
    await expect(serviceFailingAt(entity, step).merge(ctxOf(owner), body)).rejects.toBeInstanceOf(Injected);
    expect(await snapshot(owner, entity, [a.id, b.id])).toEqual(before);
    // and the same merge, without the failure, goes through
    const merged = await ok(owner.request({ method: 'POST', url: `/api/v1/${entity}/merge`, payload: body }));
    expect(merged.city).toBeNull();
    const after = (await snapshot(owner, entity, [a.id, b.id])) as Record<string, { notes: { body: { data: unknown[] } }; lists: { body: { data: unknown[] } } }>;
    expect(after[a.id]!.notes.body.data).toHaveLength(2);
    expect(after[a.id]!.lists.body.data).toHaveLength(1);
  });

  it('a bulk delete failing after it deleted leaves every record, note and list membership', async () => {
    const owner = await signUp(t.app);
    const { a, b, list } = await fixture(owner, entity);
    const before = await snapshot(owner, entity, [a.id, b.id]);
    const svc = serviceFailingAt(entity, 'bulkDelete');
    await expect(svc.bulkDelete(ctxOf(owner), { ids: [a.id, b.id] })).rejects.toBeInstanceOf(Injected);
    await expect(svc.bulkDelete(ctxOf(owner), { matching: { listId: list.id } })).rejects.toBeInstanceOf(Injected);
    expect(await snapshot(owner, entity, [a.id, b.id])).toEqual(before);
    expect(await ok(owner.request({ method: 'POST', url: `/api/v1/${entity}/bulk/delete`, payload: { selection: { ids: [a.id, b.id] } } }))).toEqual({
      affected: 2,
      skipped: 0,
    });
  });

  it('opposite merges at the same moment: exactly one wins, the other answers 404, nothing is lost (x20)', { timeout: 120_000 }, async () => {
    const owner = await signUp(t.app);
    for (let i = 0; i < 20; i++) {
      const { a, b, list } = await fixture(owner, entity, `r${i}`);
      const merge = (keepId: string, mergeId: string) => owner.request({ method: 'POST', url: `/api/v1/${entity}/merge`, payload: { keepId, mergeId } });
      const [ab, ba] = await Promise.all([merge(a.id, b.id), merge(b.id, a.id)]);
      expect([ab.statusCode, ba.statusCode].sort(), `${ab.body} ${ba.body}`).toEqual([200, 404]);
      const loser = ab.statusCode === 404 ? ab : ba;
      expect(loser.json().code).toBe('not_found');
      const winner = ab.statusCode === 200 ? a.id : b.id;
      const gone = winner === a.id ? b.id : a.id;
      expect((await owner.request({ method: 'GET', url: `/api/v1/${entity}/${gone}` })).statusCode).toBe(404);
      const state = (await snapshot(owner, entity, [winner]))[winner] as Record<string, { status: number; body: { data: { id: string }[] } }>;
      expect(state.record!.status).toBe(200);
      expect(state.notes!.body.data).toHaveLength(2);
      expect(state.lists!.body.data.map((l) => l.id)).toEqual([list.id]);
      if (entity === 'companies') expect(state.contacts!.body.data).toHaveLength(2);
    }
  });
});
