import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import type { Contact, FieldValues } from '@leadtrail/contracts';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { addTeammate } from '../../../test/team-helpers.js';
import { filterParam, finishedJob } from '../../../test/records-kit.js';

/**
 * Issue 14's grid endpoints of contacts and companies: a field's values among the matches
 * (with counts), bulk "edit field" on a selection or on all matching, and its undo.
 */
let t: TestContext;
let a: Awaited<ReturnType<typeof signUp>>;
let b: Awaited<ReturnType<typeof signUp>>;
type Requester = typeof a.request;
let member: Awaited<ReturnType<typeof addTeammate>>;
const ids: Record<string, string> = {};
let selectKey = '';
let optionIds: string[] = [];

async function post(who: Requester, url: string, payload: unknown, status = 201) {
  const res = await who({ method: 'POST', url, payload: payload as Record<string, unknown> });
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}
async function contact(who: Requester, id: string) {
  const res = await who({ method: 'GET', url: `/api/v1/contacts/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Contact;
}
async function values(who: Requester, qs: string) {
  const res = await who({ method: 'GET', url: `/api/v1/contacts/values?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as FieldValues).data;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await signUp(t.app, { companyName: 'Bulk A', name: 'Alice Owner' });
  b = await signUp(t.app, { companyName: 'Bulk B' });
  member = await addTeammate(t, a.request, 'member', 'Mia Member');
  const field = await post(a.request, '/api/v1/custom-fields', {
    entity: 'contacts', label: 'Tier', type: 'single_select', options: [{ label: 'Gold' }, { label: 'Silver' }],
  });
  selectKey = field.key;
  optionIds = field.options.map((o: { id: string }) => o.id);
  const people: [string, string, string | null][] = [
    ['ann', 'France', 'vp'], ['bob', 'France', 'vp'], ['cid', 'france', 'director'], ['dee', 'Germany', null], ['eve', 'Spain', 'vp'],
  ];
  for (const [name, country, seniority] of people) {
    const c = await post(a.request, '/api/v1/contacts', { firstName: name, email: `${name}@bulk.example`, country, seniority });
    ids[name] = c.id;
  }
  // one owned by the member, tiered Gold
  const mine = await post(member.request, '/api/v1/contacts', { firstName: 'fay', email: 'fay@bulk.example', country: 'Spain', customFields: { [selectKey]: optionIds[0] } });
  ids.fay = mine.id;
  await post(b.request, '/api/v1/contacts', { firstName: 'zed', email: 'zed@other.example', country: 'Italy' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('GET /api/v1/{contacts|companies}/values', () => {
  it('lists a field’s values among the matching records, most frequent first, with counts', async () => {
    expect(await values(a.request, 'field=country')).toEqual([
      { value: 'France', label: 'France', count: 2 },
      { value: 'Spain', label: 'Spain', count: 2 },
      { value: 'france', label: 'france', count: 1 },
      { value: 'Germany', label: 'Germany', count: 1 },
    ].sort((x, y) => y.count - x.count || (x.value < y.value ? -1 : 1)));
    // enum labels, and only among the records the filter keeps
    const vps = await values(a.request, `field=seniority&filter=${filterParam({ field: 'country', op: 'is', value: 'france' })}`);
    expect(vps).toEqual([
      { value: 'vp', label: 'VP', count: 2 },
      { value: 'director', label: 'Director', count: 1 },
    ]);
    // owners by name; select options by label
    const owners = await values(a.request, 'field=ownerId');
    expect(owners.map((o) => [o.label, o.count])).toEqual([['Alice Owner', 5], ['Mia Member', 1]]);
    expect(await values(a.request, `field=custom:${selectKey}`)).toEqual([{ value: optionIds[0], label: 'Gold', count: 1 }]);
    // typed narrowing and the grid's quick search
    expect((await values(a.request, 'field=country&search=sp')).map((v) => v.value)).toEqual(['Spain']);
    expect((await values(a.request, 'field=country&q=ann')).map((v) => v.value)).toEqual(['France']);
  });

  it('refuses fields with no list of values, and never counts another workspace', async () => {
    const email = await a.request({ method: 'GET', url: '/api/v1/contacts/values?field=email' });
    expect(email.statusCode).toBe(400);
    const unknown = await a.request({ method: 'GET', url: '/api/v1/contacts/values?field=salary' });
    expect(unknown.statusCode).toBe(400);
    expect((await values(b.request, 'field=country')).map((v) => v.value)).toEqual(['Italy']);
    const companies = await a.request({ method: 'GET', url: '/api/v1/companies/values?field=employeeRange' });
    expect(companies.statusCode, companies.body).toBe(200);
  });
});

describe('POST /api/v1/{contacts|companies}/bulk-update and its undo', () => {
  it('sets a standard field on the selected records and undo puts each previous value back', async () => {
    const before = await Promise.all(['ann', 'cid', 'dee'].map((n) => contact(a.request, ids[n]!)));
    const res = await post(a.request, '/api/v1/contacts/bulk-update', { selection: { ids: [ids.ann, ids.cid, ids.dee] }, field: 'seniority', value: 'head' }, 200);
    // cid was a director, dee had none, ann a vp: all three change
    expect(res.affected).toBe(3);
    for (const n of ['ann', 'cid', 'dee']) expect((await contact(a.request, ids[n]!)).seniority).toBe('head');
    expect((await contact(a.request, ids.bob!)).seniority).toBe('vp');

    // each record's timeline says what changed, as a single edit does
    const timeline = async (id: string) =>
      ((await a.request({ method: 'GET', url: `/api/v1/contacts/${id}/activity` })).json() as { data: { type: string; data: Record<string, unknown> }[] }).data
        .filter((e) => e.type === 'edited' && e.data.field === 'seniority')
        .map((e) => [e.data.from, e.data.to]);
    expect(await timeline(ids.cid!)).toEqual([['director', 'head']]);

    const undo = await post(a.request, `/api/v1/contacts/bulk-update/${res.editId}/undo`, {}, 200);
    expect(undo).toEqual({ restored: 3, notRestored: 0 });
    for (const [name, was] of [['cid', 'director'], ['dee', null]] as const) {
      const entries = await timeline(ids[name]!);
      expect(entries).toHaveLength(2);
      expect(entries).toEqual(expect.arrayContaining([[was, 'head'], ['head', was]]));
    }
    const after = await Promise.all(['ann', 'cid', 'dee'].map((n) => contact(a.request, ids[n]!)));
    expect(after.map((c) => c.seniority)).toEqual(before.map((c) => c.seniority));
    // once only
    const again = await a.request({ method: 'POST', url: `/api/v1/contacts/bulk-update/${res.editId}/undo` });
    expect(again.statusCode).toBe(409);
  });

  it('sets a custom field on all matching records as a job, counting only those that change, and clears it on undo', async () => {
    const matching = { matching: { filter: { field: 'country', op: 'is', value: 'spain' } } };
    const accepted = await a.request({ method: 'POST', url: '/api/v1/contacts/bulk-update', payload: { selection: matching, field: `custom:${selectKey}`, value: 'Gold' } });
    expect(accepted.json().job).toMatchObject({ kind: 'update', field: `custom:${selectKey}`, status: 'queued', done: 0 });
    const res = await finishedJob(a.request, accepted);
    // fay is Gold already (the label is accepted as the option)
    expect(res).toMatchObject({ status: 'completed', total: 2, done: 2, affected: 1, error: null });
    expect((await contact(a.request, ids.eve!)).customFields[selectKey]).toBe(optionIds[0]);
    // another workspace's job is not found
    expect((await b.request({ method: 'GET', url: `/api/v1/contacts/bulk-jobs/${res.id}` })).statusCode).toBe(404);
    expect((await a.request({ method: 'GET', url: `/api/v1/companies/bulk-jobs/${res.id}` })).statusCode).toBe(404);
    await post(a.request, `/api/v1/contacts/bulk-update/${res.editId}/undo`, {}, 200);
    expect((await contact(a.request, ids.eve!)).customFields[selectKey] ?? null).toBeNull();
    expect((await contact(a.request, ids.fay!)).customFields[selectKey]).toBe(optionIds[0]);
  });

  it('refuses a bad value or filter of a job before queueing it', async () => {
    const matching = { matching: { filter: { field: 'country', op: 'is', value: 'spain' } } };
    const bad = await a.request({ method: 'POST', url: '/api/v1/contacts/bulk-update', payload: { selection: matching, field: 'seniority', value: 'emperor' } });
    expect(bad.statusCode).toBe(400);
    const unknown = await a.request({ method: 'POST', url: '/api/v1/contacts/bulk/delete', payload: { selection: { matching: { filter: { field: 'nope', op: 'is', value: 1 } } } } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('selection.matching.filter');
  });

  it("refuses to undo an edit while its job still applies it (the undo would miss the job's later batches)", async () => {
    const res = await post(a.request, '/api/v1/contacts/bulk-update', { selection: { ids: [ids.dee] }, field: 'city', value: 'Graz' }, 200);
    // a job of this edit, as a running one looks between two batches
    const db = new pg.Client({ connectionString: inject('databaseUrl') });
    await db.connect();
    try {
      await db.query(
        `insert into record_bulk_jobs (workspace_id, id, entity, kind, member_id, user_id, status, selection, field, value, edit_id)
         values ($1, gen_random_uuid(), 'contacts', 'update', $2, $3, 'running', '{}', 'city', '"Graz"', $4)`,
        [a.me.workspace.id, a.me.member.id, a.me.user.id, res.editId],
      );
      const early = await a.request({ method: 'POST', url: `/api/v1/contacts/bulk-update/${res.editId}/undo` });
      expect(early.statusCode, early.body).toBe(409);
      expect((await contact(a.request, ids.dee!)).city).toBe('Graz');
      await db.query(`update record_bulk_jobs set status = 'completed' where edit_id = $1`, [res.editId]);
    } finally {
      await db.end();
    }
    expect(await post(a.request, `/api/v1/contacts/bulk-update/${res.editId}/undo`, {}, 200)).toEqual({ restored: 1, notRestored: 0 });
  });

  it("refuses a workspace's fourth bulk job while three are queued or running (429 with Retry-After), not another workspace's", async () => {
    const db = new pg.Client({ connectionString: inject('databaseUrl') });
    await db.connect();
    const insertRunning = (who: typeof a) =>
      db.query(
        `insert into record_bulk_jobs (workspace_id, id, entity, kind, member_id, user_id, status, selection)
         select $1, gen_random_uuid(), 'contacts', 'delete', $2, $3, 'running', '{"q": "nobody"}' from generate_series(1, 3)`,
        [who.me.workspace.id, who.me.member.id, who.me.user.id],
      );
    const body = { selection: { matching: { q: 'nobody at all' } } };
    try {
      await insertRunning(a);
      const refused = await a.request({ method: 'POST', url: '/api/v1/contacts/bulk/delete', payload: body });
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.headers['retry-after']).toBe('10');
      expect(refused.json()).toMatchObject({ code: 'bulk_jobs_busy', limit: 3 });
      expect(await finishedJob(b.request, await b.request({ method: 'POST', url: '/api/v1/contacts/bulk/delete', payload: body }))).toMatchObject({ status: 'completed', affected: 0 });
    } finally {
      await db.query(`update record_bulk_jobs set status = 'completed' where workspace_id = $1 and status = 'running'`, [a.me.workspace.id]);
      await db.end();
    }
  });

  it('refuses bad values, unknown and identity fields, and changes nothing', async () => {
    const sel = { ids: [ids.ann] };
    const cases = [
      { field: 'seniority', value: 'emperor' },
      { field: 'email', value: 'same@bulk.example' },
      { field: 'salary', value: 1 },
      { field: `custom:${selectKey}`, value: 'Platinum' },
      { field: 'custom:nope', value: 'x' },
      { field: 'workPhone', value: 'not a phone' },
    ];
    for (const body of cases) {
      const res = await a.request({ method: 'POST', url: '/api/v1/contacts/bulk-update', payload: { selection: sel, ...body } });
      expect(res.statusCode, `${body.field}: ${res.body}`).toBe(400);
    }
    const ann = await contact(a.request, ids.ann!);
    expect(ann).toMatchObject({ seniority: 'vp', email: 'ann@bulk.example', workPhone: null });
  });

  it('clears a field with null and lets only its author or an owner/admin undo', async () => {
    const res = await post(member.request, '/api/v1/contacts/bulk-update', { selection: { ids: [ids.bob, ids.fay] }, field: 'country', value: null }, 200);
    expect(res.affected).toBe(2);
    expect((await contact(a.request, ids.bob!)).country).toBeNull();
    const edit2 = await post(a.request, '/api/v1/contacts/bulk-update', { selection: { ids: [ids.dee] }, field: 'department', value: 'Sales' }, 200);
    const byMember = await member.request({ method: 'POST', url: `/api/v1/contacts/bulk-update/${edit2.editId}/undo` });
    expect(byMember.statusCode).toBe(403);
    expect(await post(a.request, `/api/v1/contacts/bulk-update/${res.editId}/undo`, {}, 200)).toEqual({ restored: 2, notRestored: 0 });
    expect((await contact(a.request, ids.bob!)).country).toBe('France');
    expect((await contact(a.request, ids.fay!)).country).toBe('Spain');
  });

  it("answers 404 for another workspace's edit and touches none of its records", async () => {
    const res = await post(a.request, '/api/v1/contacts/bulk-update', { selection: { ids: [ids.eve] }, field: 'city', value: 'Madrid' }, 200);
    const fromB = await b.request({ method: 'POST', url: `/api/v1/contacts/bulk-update/${res.editId}/undo` });
    expect(fromB.statusCode).toBe(404);
    // a company edit id is not a contact edit
    const asCompanies = await a.request({ method: 'POST', url: `/api/v1/companies/bulk-update/${res.editId}/undo` });
    expect(asCompanies.statusCode).toBe(404);
    // B's selection of A's ids changes nothing
    const cross = await post(b.request, '/api/v1/contacts/bulk-update', { selection: { ids: [ids.ann] }, field: 'city', value: 'Rome' }, 200);
    expect(cross.affected).toBe(0);
    expect((await contact(a.request, ids.ann!)).city).toBeNull();
    expect((await contact(a.request, ids.eve!)).city).toBe('Madrid');
  });

  it('undoes what it can once an edited record was deleted or merged, and says how many could not be', async () => {
    const made = [];
    for (const n of ['gus', 'hal', 'ida', 'jo']) made.push((await post(a.request, '/api/v1/contacts', { firstName: n, email: `${n}@gone.example`, city: 'Lyon' })).id as string);
    const [gus, hal, ida, jo] = made as [string, string, string, string];
    const res = await post(a.request, '/api/v1/contacts/bulk-update', { selection: { ids: made }, field: 'city', value: 'Paris' }, 200);
    expect(res.affected).toBe(4);
    // one deleted, one merged into another edited record
    expect((await a.request({ method: 'DELETE', url: `/api/v1/contacts/${gus}` })).statusCode).toBe(204);
    await post(a.request, '/api/v1/contacts/merge', { keepId: ida, mergeId: hal }, 200);
    const undo = await post(a.request, `/api/v1/contacts/bulk-update/${res.editId}/undo`, {}, 200);
    expect(undo).toEqual({ restored: 2, notRestored: 2 });
    expect((await contact(a.request, ida)).city).toBe('Lyon');
    expect((await contact(a.request, jo)).city).toBe('Lyon');
    // once only, still
    expect((await a.request({ method: 'POST', url: `/api/v1/contacts/bulk-update/${res.editId}/undo` })).statusCode).toBe(409);
  });

  it('edits companies the same way', async () => {
    const co = await post(a.request, '/api/v1/companies', { name: 'Acme', domain: 'acme.example', industry: 'Tools' });
    const res = await post(a.request, '/api/v1/companies/bulk-update', { selection: { ids: [co.id] }, field: 'foundedYear', value: 1999 }, 200);
    expect(res.affected).toBe(1);
    expect((await a.request({ method: 'GET', url: `/api/v1/companies/${co.id}` })).json()).toMatchObject({ foundedYear: 1999 });
    await post(a.request, `/api/v1/companies/bulk-update/${res.editId}/undo`, {}, 200);
    expect((await a.request({ method: 'GET', url: `/api/v1/companies/${co.id}` })).json()).toMatchObject({ foundedYear: null, industry: 'Tools' });
  });
});
