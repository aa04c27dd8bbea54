import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { addTeammate } from '../../../test/team-helpers.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
type Requester = Awaited<ReturnType<typeof signUp>>['request'];

const add = (request: Requester, payload: unknown) => request({ method: 'POST', url: '/api/v1/suppressions', payload: payload as Record<string, unknown> });

function multipart(content: string, filename = 'list.csv') {
  const boundary = '----lt' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function listAll(request: Requester, query = '') {
  const res = await request({ method: 'GET', url: `/api/v1/suppressions?limit=500${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { data: { id: string; kind: string; value: string; reason: string; note: string | null; addedBy: { name: string } | null }[]; nextCursor: string | null; total?: number };
}

describe('adding entries', () => {
  it('takes pasted text: detects kinds, normalises, reports invalid lines by number, ignores and counts duplicates', async () => {
    const owner = await signUp(t.app, { name: 'Olga Owner' });
    const text = ['Jane.Doe+News@ACME.com', '', 'https://www.Competitor.io/pricing', 'not an entry', sha('x@y.com').toUpperCase(), 'jane.doe+news@acme.com', 'jo@', 'Bücher.de'].join('\n');
    const res = await add(owner.request, { text, reason: 'competitor', note: 'Q3 clean-up' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      added: 4,
      duplicates: 1,
      invalid: [
        { line: 4, value: 'not an entry', message: expect.any(String) },
        { line: 7, value: 'jo@', message: 'Not a valid email address' },
      ],
      invalidCount: 2,
    });
    const { data } = await listAll(owner.request);
    expect(data.map((d) => [d.kind, d.value]).sort()).toEqual(
      [
        ['domain', 'competitor.io'],
        ['domain', 'xn--bcher-kva.de'],
        ['email', 'jane.doe+news@acme.com'],
        ['hash', sha('x@y.com')],
      ].sort(),
    );
    expect(data[0]).toMatchObject({ reason: 'competitor', note: 'Q3 clean-up', addedBy: { name: 'Olga Owner' } });

    // the same again: all duplicates, nothing added
    const again = await add(owner.request, { text });
    expect(again.json()).toMatchObject({ added: 0, duplicates: 5, invalidCount: 2 });
  });

  it('takes entries with their own kind, reason and note; a wrong kind is an invalid line, the rest is added', async () => {
    const owner = await signUp(t.app);
    const res = await add(owner.request, {
      entries: [
        { value: 'ceo@bigcustomer.com', reason: 'customer', note: 'Signed' },
        { value: 'jane@acme.com', kind: 'domain' },
        { value: 'acme.com', kind: 'domain', reason: 'legal' },
      ],
      reason: 'requested_opt_out',
    });
    expect(res.json()).toEqual({
      added: 2,
      duplicates: 0,
      invalid: [{ line: 2, value: 'jane@acme.com', message: expect.stringContaining('give just the domain') }],
      invalidCount: 1,
    });
    const { data } = await listAll(owner.request);
    expect(data.find((d) => d.value === 'ceo@bigcustomer.com')).toMatchObject({ reason: 'customer', note: 'Signed' });
    expect(data.find((d) => d.value === 'acme.com')).toMatchObject({ kind: 'domain', reason: 'legal', note: null });
  });

  it('refuses a malformed body with field errors and changes nothing', async () => {
    const owner = await signUp(t.app);
    for (const payload of [{}, { entries: [] }, { text: 'a@b.com', reason: 'because' }, { entries: [{ value: 'a@b.com', kind: 'phone' }] }]) {
      const res = await add(owner.request, payload);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    expect((await listAll(owner.request)).data).toEqual([]);
  });
});

describe('uploading a CSV', () => {
  it('streams a file with a header, reads value, reason and note columns, reports rows by number', async () => {
    const owner = await signUp(t.app);
    const csv = '\uFEFFEmail,Reason,Note\r\njane@acme.com,Requested opt-out,asked by phone\r\n"sales.globex.com",competitor,\r\nnope,,\r\n\r\nbob@initech.com,angry,\r\nbob@initech.com,,\r\n';
    const res = await owner.request({ method: 'POST', url: '/api/v1/suppressions/upload?reason=bounced', ...multipart(csv) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      added: 3,
      duplicates: 0,
      invalid: [
        { line: 4, value: 'nope', message: expect.any(String) },
        { line: 6, value: 'bob@initech.com', message: expect.stringContaining('Unknown reason "angry"') },
      ],
      invalidCount: 2,
    });
    const { data } = await listAll(owner.request);
    const by = Object.fromEntries(data.map((d) => [d.value, d]));
    expect(by['jane@acme.com']).toMatchObject({ kind: 'email', reason: 'requested_opt_out', note: 'asked by phone' });
    expect(by['sales.globex.com']).toMatchObject({ kind: 'domain', reason: 'competitor', note: null });
    // no reason in the row: the upload's default
    expect(by['bob@initech.com']).toMatchObject({ reason: 'bounced' });
  });

  it('reads a file without a header from its first column, counting duplicates', async () => {
    const owner = await signUp(t.app);
    const lines = Array.from({ length: 4500 }, (_, i) => `person${i % 4000}@example.org,ignored`);
    const res = await owner.request({ method: 'POST', url: '/api/v1/suppressions/upload', ...multipart(lines.join('\n')) });
    expect(res.json()).toEqual({ added: 4000, duplicates: 500, invalid: [], invalidCount: 0 });
    expect((await owner.request({ method: 'GET', url: '/api/v1/suppressions?limit=1&count=true' })).json().total).toBe(4000);
  });

  it('reports lines with text the database cannot hold (NUL) as invalid and adds the rest', async () => {
    const owner = await signUp(t.app);
    const csv = ['email,note', 'ok@example.org,fine', 'nul@example.org,bad\u0000note', 'b\u0000d@example.org,'].join('\n');
    const res = await owner.request({ method: 'POST', url: '/api/v1/suppressions/upload', ...multipart(csv) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ added: 1, invalidCount: 2 });
    expect(res.json().invalid.map((i: { line: number; message: string }) => [i.line, i.message])).toEqual([
      [3, expect.stringContaining('NUL')],
      [4, expect.stringContaining('NUL')],
    ]);
    expect((await listAll(owner.request)).data.map((d) => d.value)).toEqual(['ok@example.org']);
  });

  it('answers 400 for a multipart body cut short, adding nothing', async () => {
    const owner = await signUp(t.app);
    const { payload, headers } = multipart('email\na@example.org\nb@example.org');
    const cut = payload.subarray(0, payload.length - 20);
    const res = await owner.request({ method: 'POST', url: '/api/v1/suppressions/upload', payload: cut, headers });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('invalid_multipart');
    expect((await listAll(owner.request)).data).toEqual([]);
  });

  it('asks for a file when none is sent', async () => {
    const owner = await signUp(t.app);
    const res = await owner.request({ method: 'POST', url: '/api/v1/suppressions/upload', payload: { text: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('file_required');
  });
});

describe('searching and paging', () => {
  it('filters by kind and reason, searches values and notes, and a full email finds what suppresses it', async () => {
    const owner = await signUp(t.app);
    await add(owner.request, { entries: [{ value: 'acme.com', reason: 'competitor' }, { value: 'jo@other.org' }, { value: sha('ann@example.net') }, { value: 'x@y.io', note: 'from the ACME event' }] });
    expect((await listAll(owner.request, '&kind=domain')).data.map((d) => d.value)).toEqual(['acme.com']);
    expect((await listAll(owner.request, '&reason=competitor')).data.map((d) => d.value)).toEqual(['acme.com']);
    expect((await listAll(owner.request, '&q=acme')).data.map((d) => d.value).sort()).toEqual(['acme.com', 'x@y.io']);
    // an address on a subdomain finds the domain entry; a hashed address finds its hash
    expect((await listAll(owner.request, `&q=${encodeURIComponent('Jo@Sales.Acme.com')}`)).data.map((d) => d.value)).toEqual(['acme.com']);
    expect((await listAll(owner.request, `&q=${encodeURIComponent('ann@example.net')}`)).data.map((d) => d.kind)).toEqual(['hash']);
    // LIKE wildcards are literal
    expect((await listAll(owner.request, '&q=%25')).data).toEqual([]);
  });

  it('pages by cursor, newest first, with the total when asked', async () => {
    const owner = await signUp(t.app);
    await add(owner.request, { text: Array.from({ length: 7 }, (_, i) => `p${i}@page.test`).join('\n') });
    const seen: string[] = [];
    let cursor: string | null = null;
    let first = true;
    do {
      const url: string = `/api/v1/suppressions?limit=3${first ? '&count=true' : ''}${cursor ? `&cursor=${cursor}` : ''}`;
      const body = (await owner.request({ method: 'GET', url })).json();
      if (first) expect(body.total).toBe(7);
      first = false;
      seen.push(...body.data.map((d: { value: string }) => d.value));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    const bad = await owner.request({ method: 'GET', url: '/api/v1/suppressions?cursor=garbage' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the check', () => {
  it('matches emails case-insensitively, domains with their subdomains (labels, not characters), and hashes', async () => {
    const owner = await signUp(t.app);
    await add(owner.request, { entries: [{ value: 'acme.com' }, { value: 'Jane@Initech.com' }, { value: sha('ann@example.net') }, { value: 'eu.globex.co.uk' }] });
    const emails = [
      'jo@acme.com',
      'jo@sales.acme.com',
      'jo@deep.er.sales.acme.com',
      'jo@notacme.com',
      'jo@acme.com.evil.io',
      'JANE@initech.com',
      'jane+news@initech.com',
      'ANN@example.net',
      'jo@eu.globex.co.uk',
      'jo@x.eu.globex.co.uk',
      'jo@globex.co.uk',
      'not an email',
    ];
    const res = await owner.request({ method: 'POST', url: '/api/v1/suppressions/check', payload: { emails } });
    expect(res.statusCode).toBe(200);
    const got = Object.fromEntries(res.json().results.map((r: { email: string; suppressed: boolean; match: { value: string } | null }) => [r.email, r.match?.value ?? null]));
    expect(got).toEqual({
      'jo@acme.com': 'acme.com',
      'jo@sales.acme.com': 'acme.com',
      'jo@deep.er.sales.acme.com': 'acme.com',
      'jo@notacme.com': null,
      'jo@acme.com.evil.io': null,
      'JANE@initech.com': 'jane@initech.com',
      // a plus address is another mailbox
      'jane+news@initech.com': null,
      'ANN@example.net': sha('ann@example.net'),
      'jo@eu.globex.co.uk': 'eu.globex.co.uk',
      'jo@x.eu.globex.co.uk': 'eu.globex.co.uk',
      // a subdomain entry never covers its parent
      'jo@globex.co.uk': null,
      'not an email': null,
    });
  });

  it('prefers the most specific entry and takes effect at once when an entry goes', async () => {
    const owner = await signUp(t.app);
    await add(owner.request, { entries: [{ value: 'acme.com' }, { value: 'sales.acme.com' }, { value: 'jo@sales.acme.com' }] });
    const check = async () =>
      (await owner.request({ method: 'POST', url: '/api/v1/suppressions/check', payload: { emails: ['jo@sales.acme.com'] } })).json().results[0].match?.value ?? null;
    expect(await check()).toBe('jo@sales.acme.com');
    const { data } = await listAll(owner.request);
    const idOf = (v: string) => data.find((d) => d.value === v)!.id;
    await owner.request({ method: 'DELETE', url: `/api/v1/suppressions/${idOf('jo@sales.acme.com')}` });
    expect(await check()).toBe('sales.acme.com');
    await owner.request({ method: 'DELETE', url: `/api/v1/suppressions/${idOf('sales.acme.com')}` });
    expect(await check()).toBe('acme.com');
    await owner.request({ method: 'DELETE', url: `/api/v1/suppressions/${idOf('acme.com')}` });
    expect(await check()).toBeNull();
  });
});

describe('removing', () => {
  it('is for owners and admins: a member gets 403 and the entry stays', async () => {
    const owner = await signUp(t.app);
    const admin = await addTeammate(t, owner.request, 'admin');
    const member = await addTeammate(t, owner.request, 'member');
    // members may view and add
    expect((await add(member.request, { text: 'a@member.test\nb@member.test\nc@member.test' })).json().added).toBe(3);
    const { data } = await listAll(member.request);
    const [a, b, c] = data;
    const denied = await member.request({ method: 'DELETE', url: `/api/v1/suppressions/${a!.id}` });
    expect(denied.statusCode).toBe(403);
    expect((await member.request({ method: 'DELETE', url: '/api/v1/suppressions', payload: { ids: [a!.id] } })).statusCode).toBe(403);
    expect((await listAll(owner.request)).data).toHaveLength(3);

    expect((await admin.request({ method: 'DELETE', url: `/api/v1/suppressions/${a!.id}` })).statusCode).toBe(204);
    expect((await admin.request({ method: 'DELETE', url: `/api/v1/suppressions/${a!.id}` })).statusCode).toBe(404);
    const bulk = await owner.request({ method: 'DELETE', url: '/api/v1/suppressions', payload: { ids: [b!.id, c!.id, a!.id] } });
    expect(bulk.json()).toEqual({ removed: 2 });
    expect((await listAll(owner.request)).data).toEqual([]);
  });
});

describe('another workspace', () => {
  it("can't see, remove or be matched by this workspace's entries (404 like a missing id)", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await add(a.request, { text: 'acme.com' });
    const [entry] = (await listAll(a.request)).data;
    expect((await b.request({ method: 'GET', url: `/api/v1/suppressions/${entry!.id}` })).statusCode).toBe(404);
    expect((await b.request({ method: 'DELETE', url: `/api/v1/suppressions/${entry!.id}` })).statusCode).toBe(404);
    expect((await b.request({ method: 'DELETE', url: '/api/v1/suppressions', payload: { ids: [entry!.id] } })).json()).toEqual({ removed: 0 });
    expect((await listAll(b.request)).data).toEqual([]);
    const check = await b.request({ method: 'POST', url: '/api/v1/suppressions/check', payload: { emails: ['jo@acme.com'] } });
    expect(check.json().results[0].suppressed).toBe(false);
    expect((await a.request({ method: 'GET', url: `/api/v1/suppressions/${entry!.id}` })).json()).toMatchObject({ value: 'acme.com' });
    // b may add the same value to its own list
    expect((await add(b.request, { text: 'acme.com' })).json().added).toBe(1);
  });
});

describe('exporting', () => {
  it('streams CSV with a BOM, the current filter, and formula-like notes neutralised', async () => {
    const owner = await signUp(t.app, { name: 'Exporter' });
    await add(owner.request, { entries: [{ value: 'acme.com', note: '=HYPERLINK("http://evil")' }, { value: 'jo@x.org', reason: 'bounced' }] });
    const res = await owner.request({ method: 'GET', url: '/api/v1/suppressions/export' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="suppression-list-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.body.startsWith('\uFEFFvalue,kind,reason,note,added_by,added_at\r\n')).toBe(true);
    expect(res.body).toContain(`acme.com,Domain,Other,"'=HYPERLINK(""http://evil"")",Exporter,`);
    expect(res.body).toContain('jo@x.org,Email,Bounced,,Exporter,');
    const filtered = await owner.request({ method: 'GET', url: '/api/v1/suppressions/export?kind=email' });
    expect(filtered.body.trim().split('\r\n')).toHaveLength(2);
  });
});
