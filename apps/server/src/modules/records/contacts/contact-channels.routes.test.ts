import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact, ImportDetail } from '@leadtrail/contracts';
import { createTestApp, signUp, type TestContext } from '../../../../test/helpers.js';
import { expectProblem, parseCsv } from '../../../../test/records-kit.js';
import { uploadImport } from '../../imports/testing/upload-import.js';

/** Issue 26: a contact's additional emails and phones through the API, search, merge, export and imports. */
let t: TestContext;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt-channels-'));
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Account = Awaited<ReturnType<typeof signUp>>;
const req = (who: Account, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
  who.request({ method, url, ...(payload ? { payload } : {}) });
async function ok(res: Awaited<ReturnType<typeof req>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as Contact;
}

describe('additional emails and phones', () => {
  it('are created, read, replaced, made primary and checked item by item; another workspace gets 404', async () => {
    const owner = await signUp(t.app);
    const c = await ok(
      await req(owner, 'POST', '/api/v1/contacts', {
        firstName: 'Ada',
        email: 'ada@globex.example',
        workPhone: '+1 415 555 0100',
        additionalEmails: [
          { value: ' Ada@Home.example ', type: 'personal' },
          { value: 'ADA@globex.example', type: 'work' }, // the primary: dropped
          { value: 'ada@home.example', type: 'other' }, // repeated: dropped
          { value: 'ada.l@globex.example' }, // type defaults to other
        ],
        additionalPhones: [{ value: '(415) 555-0199', type: 'personal' }, { value: '+14155550100' }],
      }),
      201,
    );
    expect(c.additionalEmails).toEqual([
      { value: 'ada@home.example', type: 'personal' },
      { value: 'ada.l@globex.example', type: 'other' },
    ]);
    expect(c.additionalPhones).toEqual([{ value: '+14155550199', type: 'personal' }]);
    expect(await ok(await req(owner, 'GET', `/api/v1/contacts/${c.id}`))).toEqual(c);
    // the grid's rows carry them too
    const grid = (await req(owner, 'GET', '/api/v1/contacts?limit=10')).json() as { data: Contact[] };
    expect(grid.data.find((r) => r.id === c.id)?.additionalEmails).toHaveLength(2);

    // PATCH {email} with an additional address makes it primary: the old primary takes its place and type
    const swapped = await ok(await req(owner, 'PATCH', `/api/v1/contacts/${c.id}`, { email: 'ada@home.example' }));
    expect(swapped.email).toBe('ada@home.example');
    expect(swapped.additionalEmails).toEqual([
      { value: 'ada@globex.example', type: 'personal' },
      { value: 'ada.l@globex.example', type: 'other' },
    ]);
    const timeline = (await req(owner, 'GET', `/api/v1/contacts/${c.id}/activity`)).json() as { data: { data: { field?: string; to?: unknown } }[] };
    expect(timeline.data.map((e) => e.data)).toContainEqual(
      expect.objectContaining({ field: 'additionalEmails', to: 'ada@globex.example, ada.l@globex.example' }),
    );

    // the same for a phone field: PATCH {workPhone} with an additional number swaps them
    const phoned = await ok(await req(owner, 'PATCH', `/api/v1/contacts/${c.id}`, { workPhone: '+1 415 555 0199' }));
    expect(phoned.workPhone).toBe('+14155550199');
    expect(phoned.additionalPhones).toEqual([{ value: '+14155550100', type: 'personal' }]);

    // a list given replaces the contact's; [] clears it
    const replaced = await ok(
      await req(owner, 'PATCH', `/api/v1/contacts/${c.id}`, { additionalEmails: [{ value: 'a@work.example', type: 'work' }], additionalPhones: [] }),
    );
    expect(replaced.additionalEmails).toEqual([{ value: 'a@work.example', type: 'work' }]);
    expect(replaced.additionalPhones).toEqual([]);

    // bad items are named, nothing changes
    const bad = expectProblem(
      await req(owner, 'PATCH', `/api/v1/contacts/${c.id}`, {
        additionalEmails: [{ value: 'ok@x.example' }, { value: 'not-an-email' }],
        additionalPhones: [{ value: '12' }],
      }),
      400,
      'validation_failed',
    );
    expect(bad.errors?.map((e) => e.path)).toEqual(['additionalEmails.1.value']);
    const badPhone = expectProblem(await req(owner, 'PATCH', `/api/v1/contacts/${c.id}`, { additionalPhones: [{ value: 'call me' }] }), 400);
    expect(badPhone.errors).toEqual([{ path: 'additionalPhones.0.value', message: '"call me" is not a valid phone number' }]);
    const tooMany = expectProblem(
      await req(owner, 'PATCH', `/api/v1/contacts/${c.id}`, { additionalEmails: Array.from({ length: 11 }, (_, i) => ({ value: `a${i}@x.example` })) }),
      400,
    );
    expect(tooMany.errors?.[0]?.path).toBe('additionalEmails');
    expectProblem(await req(owner, 'PATCH', `/api/v1/contacts/${c.id}`, { additionalEmails: [{ value: 'a@x.example', type: 'home' }] }), 400);
    expect((await ok(await req(owner, 'GET', `/api/v1/contacts/${c.id}`))).additionalEmails).toEqual(replaced.additionalEmails);

    // another workspace's contact: 404, its list untouched
    const stranger = await signUp(t.app);
    expectProblem(await req(stranger, 'GET', `/api/v1/contacts/${c.id}`), 404, 'not_found');
    expectProblem(await req(stranger, 'PATCH', `/api/v1/contacts/${c.id}`, { additionalEmails: [] }), 404, 'not_found');
    expect((await ok(await req(owner, 'GET', `/api/v1/contacts/${c.id}`))).additionalEmails).toEqual(replaced.additionalEmails);
    // nor does its search find them
    const theirs = (await req(stranger, 'GET', '/api/v1/contacts?q=work.example')).json() as { data: Contact[] };
    expect(theirs.data).toEqual([]);
  });

  it('are found by the grid search and the palette, kept by a merge, and exported as numbered columns', async () => {
    const owner = await signUp(t.app);
    const keep = await ok(
      await req(owner, 'POST', '/api/v1/contacts', {
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace@navy.example',
        mobilePhone: '+1 202 555 0101',
        additionalEmails: [{ value: 'amazing.grace@gmail.com', type: 'personal' }],
      }),
      201,
    );
    const gone = await ok(
      await req(owner, 'POST', '/api/v1/contacts', {
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'ghopper@yale.example',
        workPhone: '+1 202 555 0102',
        additionalEmails: [{ value: 'amazing.grace@gmail.com', type: 'other' }, { value: 'g@cobol.example', type: 'work' }],
        additionalPhones: [{ value: '+1 202 555 0101' }, { value: '+1 202 555 0103', type: 'personal' }],
      }),
      201,
    );
    await req(owner, 'POST', '/api/v1/contacts', { firstName: 'Other', email: 'other@navy.example' });

    const grid = async (q: string) => ((await req(owner, 'GET', `/api/v1/contacts?q=${encodeURIComponent(q)}`)).json() as { data: Contact[] }).data.map((r) => r.id);
    expect(await grid('amazing.grace')).toEqual(expect.arrayContaining([keep.id, gone.id]));
    expect(await grid('cobol')).toEqual([gone.id]);
    expect(await grid('2025550103')).toEqual([gone.id]);
    const palette = (await req(owner, 'GET', '/api/v1/search?q=cobol.example')).json() as { contacts: { id: string }[] };
    expect(palette.contacts.map((x) => x.id)).toEqual([gone.id]);

    // the merged contact's primary and its additional ones stay, once each
    const merged = await ok(await req(owner, 'POST', '/api/v1/contacts/merge', { keepId: keep.id, mergeId: gone.id }));
    expect(merged.email).toBe('grace@navy.example');
    expect(merged.workPhone).toBe('+12025550102');
    expect(merged.additionalEmails).toEqual([
      { value: 'amazing.grace@gmail.com', type: 'personal' },
      { value: 'ghopper@yale.example', type: 'work' },
      { value: 'g@cobol.example', type: 'work' },
    ]);
    expect(merged.additionalPhones).toEqual([{ value: '+12025550103', type: 'personal' }]);
    expect(await grid('cobol')).toEqual([keep.id]);

    // choosing the merged one's email as primary: the kept one's becomes an additional address
    const third = await ok(await req(owner, 'POST', '/api/v1/contacts', { firstName: 'Grace', email: 'grace@mit.example' }), 201);
    const again = await ok(await req(owner, 'POST', '/api/v1/contacts/merge', { keepId: keep.id, mergeId: third.id, values: { email: 'merge' } }));
    expect(again.email).toBe('grace@mit.example');
    expect(again.additionalEmails.map((e) => e.value)).toEqual([
      'grace@navy.example',
      'amazing.grace@gmail.com',
      'ghopper@yale.example',
      'g@cobol.example',
    ]);

    const csv = parseCsv(await req(owner, 'GET', '/api/v1/contacts/export?sort=createdAt'));
    const header = csv[0]!;
    expect(header.slice(header.indexOf('Email'), header.indexOf('Email') + 6)).toEqual(['Email', 'Email 2', 'Email 3', 'Email 4', 'Email 5', 'Email status']);
    expect(header).toContain('Phone 2');
    expect(header).not.toContain('Phone 3');
    const row = csv.find((r) => r.includes('grace@mit.example'))!;
    const at = header.indexOf('Email 2');
    expect(row.slice(at, at + 4)).toEqual(['grace@navy.example', 'amazing.grace@gmail.com', 'ghopper@yale.example', 'g@cobol.example']);
    // a leading + is neutralised against formulas (our import takes it off again)
    expect(row[header.indexOf('Phone 2')]).toBe("'+12025550103");
    const chosen = parseCsv(await req(owner, 'GET', '/api/v1/contacts/export?columns=email,email2'));
    expect(chosen[0]).toEqual(['Email', 'Email 2']);
  });

  it('belong to the person: an erasure of an additional address erases the contact holding it', async () => {
    const owner = await signUp(t.app);
    const held = await ok(
      await req(owner, 'POST', '/api/v1/contacts', { firstName: 'Rosa', email: 'rosa@work.example', additionalEmails: [{ value: 'rosa@home.example' }] }),
      201,
    );
    const other = await ok(await req(owner, 'POST', '/api/v1/contacts', { firstName: 'Olga', email: 'olga@work.example' }), 201);
    const erased = await req(owner, 'POST', '/api/v1/privacy/erasures', { email: 'ROSA@home.example' });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ removed: { contacts: 1 } });
    expectProblem(await req(owner, 'GET', `/api/v1/contacts/${held.id}`), 404);
    await ok(await req(owner, 'GET', `/api/v1/contacts/${other.id}`));
    const left = await t.db.pool.query(`select count(*)::int as n from contact_channels where value = 'rosa@home.example'`);
    expect(left.rows[0].n).toBe(0);
  });

  it('refuses a merge that would keep more additional emails than a contact holds, changing nothing', async () => {
    const owner = await signUp(t.app);
    const many = (p: string) => Array.from({ length: 6 }, (_, i) => ({ value: `${p}${i}@x.example` }));
    const a = await ok(await req(owner, 'POST', '/api/v1/contacts', { firstName: 'A', additionalEmails: many('a') }), 201);
    const b = await ok(await req(owner, 'POST', '/api/v1/contacts', { firstName: 'B', additionalEmails: many('b') }), 201);
    const res = expectProblem(await req(owner, 'POST', '/api/v1/contacts/merge', { keepId: a.id, mergeId: b.id }), 400, 'validation_failed');
    expect(res.errors?.[0]?.message).toMatch(/12 additional emails \(at most 10\)/);
    expect((await ok(await req(owner, 'GET', `/api/v1/contacts/${b.id}`))).additionalEmails).toHaveLength(6);
  });
});

async function imported(who: Account, fileName: string, csv: string, options?: Record<string, unknown>) {
  const up = await uploadImport(who, fileName, csv);
  expect(up.statusCode, up.body).toBe(201);
  const imp = up.json() as ImportDetail;
  if (options) expect((await req(who, 'PATCH', `/api/v1/imports/${imp.id}`, { options })).statusCode).toBe(200);
  const start = await req(who, 'POST', `/api/v1/imports/${imp.id}/start`);
  expect(start.statusCode, start.body).toBe(200);
  for (const end = Date.now() + 20_000; ; ) {
    const now = (await req(who, 'GET', `/api/v1/imports/${imp.id}`)).json() as ImportDetail;
    if (['completed', 'completed_with_errors', 'failed', 'cancelled'].includes(now.status)) return { before: imp, after: now };
    if (Date.now() > end) throw new Error(`import still ${now.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const mappingOf = (imp: ImportDetail) => Object.fromEntries(imp.mapping.map((m) => [imp.columns[m.index]!.header, m.target]));
const byEmail = async (who: Account) =>
  new Map(((await req(who, 'GET', '/api/v1/contacts?limit=100')).json() as { data: Contact[] }).data.map((c) => [c.email, c]));

describe('imports of additional emails and phones', () => {
  it('keeps every address of a Google Contacts file and of an Outlook file', async () => {
    const owner = await signUp(t.app);
    const google = await imported(
      owner,
      'contacts.csv',
      [
        'First Name,Last Name,E-mail 1 - Label,E-mail 1 - Value,E-mail 2 - Label,E-mail 2 - Value,Phone 1 - Label,Phone 1 - Value,Phone 2 - Label,Phone 2 - Value,Phone 3 - Label,Phone 3 - Value',
        'Ann,Lee,* Work,ann@acme.example,Home,ann.lee@gmail.com ::: ann@lee.family,Mobile,+1 415 555 0101,Home,+1 415 555 0102,Work,+1 415 555 0103',
        'Bob,Ray,* Work,bob@acme.example,Home,not an email,,,,,,',
        'Cy,Fox,,,Home,cy@fox.example,,,,,,',
      ].join('\n'),
    );
    expect(mappingOf(google.before)).toMatchObject({
      'E-mail 1 - Value': 'email',
      'E-mail 2 - Value': 'additionalOtherEmail',
      'Phone 1 - Value': 'workPhone',
      'Phone 2 - Value': 'otherPhone',
      'Phone 3 - Value': 'additionalOtherPhone',
    });
    // the bad address is a warning: its row is kept
    expect(google.after).toMatchObject({ status: 'completed', counts: { created: 3, errors: 0, warnings: 1 } });
    const outlook = await imported(
      owner,
      'outlook.csv',
      [
        'First Name,Last Name,E-mail Address,E-mail 2 Address,E-mail 3 Address,Home Phone,Business Phone,Business Phone 2',
        'Dee,Park,dee@initech.example,DEE@home.example,dee.park@initech.example,+1 212 555 0101,+1 212 555 0102,+1 212 555 0103',
        'Ann,Lee,ann@acme.example,ann@second.example,,,,',
      ].join('\n'),
      { duplicates: 'fill' },
    );
    expect(mappingOf(outlook.before)).toMatchObject({
      'E-mail Address': 'email',
      'E-mail 2 Address': 'additionalOtherEmail',
      'E-mail 3 Address': 'additionalOtherEmail',
      'Business Phone 2': 'additionalWorkPhone',
    });
    expect(outlook.after.status).toBe('completed');
    const all = await byEmail(owner);
    // Ann was in the first file: fill adds the second file's address after hers
    expect(all.get('ann@acme.example')).toMatchObject({
      additionalEmails: [
        { value: 'ann.lee@gmail.com', type: 'other' },
        { value: 'ann@lee.family', type: 'other' },
        { value: 'ann@second.example', type: 'other' },
      ],
      additionalPhones: [{ value: '+14155550103', type: 'other' }],
    });
    expect(all.get('bob@acme.example')?.additionalEmails).toEqual([]);
    // no first email: the second is the primary one
    expect(all.get('cy@fox.example')?.additionalEmails).toEqual([]);
    expect(all.get('dee@initech.example')).toMatchObject({
      additionalEmails: [
        { value: 'dee@home.example', type: 'other' },
        { value: 'dee.park@initech.example', type: 'other' },
      ],
      additionalPhones: [{ value: '+12125550103', type: 'work' }],
    });

    // our own export reads back through an import with every address
    const csv = (await req(owner, 'GET', '/api/v1/contacts/export?columns=firstName,email,email2,email3,email4')).body;
    const other = await signUp(t.app);
    const back = await imported(other, 'export.csv', csv.slice(1));
    expect(mappingOf(back.before)).toMatchObject({ Email: 'email', 'Email 2': 'additionalOtherEmail', 'Email 4': 'additionalOtherEmail' });
    expect((await byEmail(other)).get('ann@acme.example')?.additionalEmails.map((e) => e.value)).toEqual([
      'ann.lee@gmail.com',
      'ann@lee.family',
      'ann@second.example',
    ]);
  });
});
