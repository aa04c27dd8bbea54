import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { expectProblem } from '../../../test/records-kit.js';

/**
 * Issue 26: an export's times in the reader's zone, written as a spreadsheet reads them
 * (`2026-11-28 23:05:09`), and every field — custom ones included — when no columns are named.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const rowsOf = (csv: string) => csv.replace(/^\uFEFF/, '').trim().split(/\r?\n/).map((l) => l.split(','));

describe.each(['contacts', 'companies'] as const)('%s export', (entity) => {
  it('writes times in the zone asked for, ISO 8601 UTC without one; an unknown zone is a 400', async () => {
    const a = await signUp(t.app);
    const field = await a.request({ method: 'POST', url: '/api/v1/custom-fields', payload: { entity, label: 'Tier', type: 'text' } });
    expect(field.statusCode, field.body).toBe(201);
    const body = entity === 'contacts' ? { firstName: 'Zoe', email: 'zoe@zone.example' } : { name: 'Zone Co', domain: 'zone.example' };
    const made = await a.request({ method: 'POST', url: `/api/v1/${entity}`, payload: { ...body, customFields: { tier: 'Gold' } } });
    expect(made.statusCode, made.body).toBe(201);
    const createdAt = new Date((made.json() as { createdAt: string }).createdAt);

    const get = (query: string) => a.request({ method: 'GET', url: `/api/v1/${entity}/export?${query}` });
    // Tokyo is UTC+9 all year: the same instant, nine hours on, seconds kept
    const tokyo = rowsOf((await get('tz=Asia/Tokyo')).body);
    const [header, row] = tokyo as [string[], string[]];
    const shown = row[header.indexOf('Created')]!;
    expect(shown).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const expected = new Date(createdAt.getTime() + 9 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(shown).toBe(expected);
    // no columns named: every field, the custom one too
    expect(header).toContain('Tier');
    expect(row[header.indexOf('Tier')]).toBe('Gold');

    const utc = rowsOf((await get('columns=createdAt')).body);
    expect(utc[1]![0]).toBe(createdAt.toISOString());
    expectProblem(await get('tz=Mars/Olympus'), 400, 'validation_failed');
  });
});
