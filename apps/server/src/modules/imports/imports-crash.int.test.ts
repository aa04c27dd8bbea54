import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportDetail } from '@leadtrail/contracts';
import { outboxMail } from '../../../test/helpers.js';
import { serverProcess } from '../../../test/server-process.js';

/**
 * Kill -9 of a real server process in the middle of an import, twice (once while it reads the
 * file, once while it writes records), then a restart: the import must finish with exactly the
 * right records and counts. Rows without an email (no identity to deduplicate on) show any
 * batch written twice.
 */

let server: Awaited<ReturnType<typeof serverProcess>>;
let pool: pg.Pool;
const api = (...args: Parameters<typeof server.api>) => server.api(...args);

beforeAll(async () => {
  server = await serverProcess({ tmpPrefix: 'lt-crash-', startTimeoutMs: 30000 });
  pool = new pg.Pool({ connectionString: server.databaseUrl, max: 2 });
  await server.start();
}, 60_000);

afterAll(async () => {
  // the pool first: stopping drops the server's database, which would cut its connections
  await pool?.end();
  await server?.stop();
});

/** The file, and what each row must end up as (in the processor's order of precedence). */
function makeFile(rows: number) {
  const lines = ['First Name,Last Name,Email,Company,Title'];
  const expected = { created: 0, duplicates: 0, duplicatesInFile: 0, suppressed: 0, errors: 0, noEmailCreated: 0 };
  const existing: string[] = [];
  const seen = new Set<string>();
  for (let i = 1; i <= rows; i++) {
    let email = `person${i}@company${i % 997}.test`;
    if (i % 100 === 0) {
      // no name and no usable email: nobody, so an error (a name would import it without the email)
      lines.push(`,,not-an-email-${i},Co,Dev`);
      expected.errors++;
      continue;
    }
    if (i % 50 === 0) {
      lines.push(`Nomail,Person${i},,Co ${i % 13},Dev`);
      expected.created++;
      expected.noEmailCreated++;
      continue;
    }
    if (i % 20 === 0) email = `person${i - 10}@company${(i - 10) % 997}.test`; // repeats an earlier row
    if (i % 333 === 0) email = `person${i}@blocked.test`;
    if (i % 250 === 0) existing.push(email);
    lines.push(`First${i},Last${i},${email},Company ${i % 997},Title ${i % 7}`);
    if (email.endsWith('@blocked.test')) expected.suppressed++;
    else if (seen.has(email)) {
      expected.duplicates++;
      expected.duplicatesInFile++;
    } else if (existing.includes(email)) expected.duplicates++;
    else expected.created++;
    seen.add(email);
  }
  return { csv: `${lines.join('\n')}\n`, expected, existing };
}

async function waitFor(id: string, until: (imp: ImportDetail) => boolean, timeoutMs: number): Promise<ImportDetail> {
  const end = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    const res = await api('GET', `/api/v1/imports/${id}`);
    if (res.status === 200) {
      const imp = res.json() as ImportDetail;
      last = `${imp.status} ${JSON.stringify(imp.progress)} ${JSON.stringify(imp.counts)}`;
      if (until(imp)) return imp;
      if (['completed', 'completed_with_errors', 'failed', 'cancelled'].includes(imp.status)) {
        throw new Error(
          `import ended before the condition: ${imp.status} ${imp.error ?? ''} ${JSON.stringify(imp.progress)}`,
        );
      }
    }
    if (Date.now() > end) throw new Error(`timed out waiting for the import: ${last}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('an import survives kill -9 of the server', () => {
  it('finishes after two kills with no row lost and none doubled', async () => {
    const email = `crash-${Date.now()}@test.example`;
    const asked = await api('POST', '/api/v1/auth/register', {
      name: 'Crash Tester',
      email,
      password: 'correct horse battery staple',
      companyName: 'Crash Co',
    });
    expect(asked.status, asked.text).toBe(202);
    // registration finishes by the emailed link (the server has no SMTP: the outbox holds it)
    const token = (await outboxMail(server.databaseUrl, email)).match(/\/register\/confirm\/([\w-]+)/)![1];
    const reg = await api('POST', '/api/v1/auth/register/confirm', { token });
    expect(reg.status, reg.text).toBe(201);
    server.keepSession(reg);
    const workspaceId = reg.json().workspace.id as string;

    const { csv, expected, existing } = makeFile(250_000);
    // contacts the workspace already has (duplicates mode skip leaves them alone)
    for (const email of existing) {
      const r = await api('POST', '/api/v1/contacts', { email, firstName: 'Already', lastName: 'Here' });
      expect(r.status, r.text).toBe(201);
    }
    const sup = await api('POST', '/api/v1/suppressions', { entries: [{ value: 'blocked.test' }] });
    expect(sup.status, sup.text).toBe(200);

    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'big.csv');
    const up = await api('POST', '/api/v1/imports', form);
    expect(up.status, up.text).toBe(201);
    const id = (up.json() as ImportDetail).id;
    const started = await api('POST', `/api/v1/imports/${id}/start`);
    expect(started.status, started.text).toBe(200);

    // kill while reading
    const reading = await waitFor(id, (i) => i.progress.phase === 'reading' && i.progress.rowsRead > 20_000, 60_000);
    expect(reading.progress.rowsRead).toBeLessThan(250_000);
    await server.kill();
    await server.start();

    // kill while writing
    const writing = await waitFor(id, (i) => i.progress.phase === 'writing' && i.counts.created > 10_000, 120_000);
    expect(writing.counts.created).toBeLessThan(expected.created);
    await server.kill();
    await server.start();

    const done = await waitFor(id, (i) => i.status === 'completed_with_errors', 120_000);
    expect(done.counts).toEqual({
      rows: 250_000,
      created: expected.created,
      updated: 0,
      duplicates: expected.duplicates,
      duplicatesInFile: expected.duplicatesInFile,
      suppressed: expected.suppressed,
      errors: expected.errors,
      warnings: 0,
      ownersNotMembers: 0,
    });
    expect(done.progress).toMatchObject({ rowsTotal: 250_000, rowsDone: 250_000, phase: 'done' });

    const counts = await pool.query(
      `select count(*)::int as created,
              count(*) filter (where email is null)::int as no_email,
              count(distinct email)::int as distinct_emails,
              count(*) filter (where email is not null)::int as with_email
       from contacts where workspace_id = $1 and import_id = $2`,
      [workspaceId, id],
    );
    expect(counts.rows[0]).toEqual({
      created: expected.created,
      no_email: expected.noEmailCreated,
      distinct_emails: expected.created - expected.noEmailCreated,
      with_email: expected.created - expected.noEmailCreated,
    });
    const errors = await pool.query(
      'select count(distinct row_number)::int as n from import_errors where import_id = $1',
      [id],
    );
    expect(errors.rows[0].n).toBe(expected.errors);
    const total = await pool.query('select count(*)::int as n from contacts where workspace_id = $1', [workspaceId]);
    expect(total.rows[0].n).toBe(existing.length + expected.created);
    const staging = await pool.query('select count(*)::int as n from import_rows where import_id = $1', [id]);
    expect(staging.rows[0].n).toBe(0);
  }, 300_000);
});
