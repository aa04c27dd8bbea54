import { describe, expect, it } from 'vitest';
import type { ValueDef } from '../custom-fields/custom-field-values.js';
import { normalizeContactImportRow, toEmailStatus, toSeniority } from './contacts-import.service.js';

const defs: ValueDef[] = [
  {
    key: 'tier',
    label: 'Tier',
    type: 'single_select',
    options: [{ id: 'o1', label: 'Gold', color: null }],
    required: false,
    archived: false,
  },
  { key: 'score', label: 'Score', type: 'number', options: [], required: false, archived: false },
  {
    key: 'tags',
    label: 'Tags',
    type: 'multi_select',
    options: [
      { id: 't1', label: 'A', color: null },
      { id: 't2', label: 'B', color: null },
    ],
    required: false,
    archived: false,
  },
];
const ctx = { defs, phoneRegion: 'US' };

describe('normalizeContactImportRow', () => {
  it('normalises a good row by the API rules', () => {
    const r = normalizeContactImportRow(
      {
        fullName: 'Dr. Jane van der Berg',
        email: ' Jane@ACME.com ',
        workPhone: '(415) 555-0100',
        linkedinUrl: 'linkedin.com/in/jane',
        seniority: 'C-Level',
        emailStatus: 'Verified',
        companyName: 'Acme',
        'custom:tier': 'gold',
        'custom:score': '1,200',
        'custom:tags': 'A; B',
        notes: 'hello',
      },
      ctx,
    );
    expect(r.issues).toEqual([]);
    expect(r.record).toEqual({
      key: 'jane@acme.com',
      data: {
        first_name: 'Jane',
        last_name: 'van der Berg',
        email: 'jane@acme.com',
        email_status: 'valid',
        seniority: 'c_suite',
        work_phone: '+14155550100',
        linkedin_url: 'https://linkedin.com/in/jane',
      },
      custom: { tier: 'o1', score: 1200, tags: ['t1', 't2'] },
      companyDomain: 'acme.com',
      companyName: 'Acme',
      companyCreate: true,
      note: 'hello',
    });
  });

  it('links by a work email domain only, never a free-mail one, and creates only what the row names', () => {
    expect(normalizeContactImportRow({ email: 'a@globex.io' }, ctx).record).toMatchObject({
      companyDomain: 'globex.io',
      companyCreate: false,
    });
    expect(normalizeContactImportRow({ email: 'a@gmail.com' }, ctx).record).toMatchObject({
      companyDomain: null,
      companyCreate: false,
    });
    expect(
      normalizeContactImportRow({ email: 'a@gmail.com', website: 'https://www.initech.io/about' }, ctx).record,
    ).toMatchObject({
      companyDomain: 'initech.io',
      companyCreate: true,
    });
  });

  it('names every problem of a row, by target', () => {
    const r = normalizeContactImportRow(
      {
        email: 'nope',
        mobilePhone: '12',
        seniority: 'Mid-level',
        linkedinUrl: 'ftp://x',
        'custom:score': 'lots',
        companyDomain: 'not a domain',
      },
      ctx,
    );
    expect(r.record).toBeNull();
    expect(r.issues.map((i) => i.target).sort()).toEqual([
      'companyDomain',
      'custom:score',
      'email',
      'linkedinUrl',
      'mobilePhone',
      'seniority',
    ]);
    expect(r.issues.find((i) => i.target === 'email')!.message).toBe('Enter a valid email address');
  });

  it('refuses a row with neither a name nor an email, and over-long values', () => {
    expect(normalizeContactImportRow({ jobTitle: 'CEO' }, ctx).issues).toEqual([
      { target: 'email', message: 'The row has neither a name nor an email' },
    ]);
    expect(normalizeContactImportRow({ firstName: 'x'.repeat(101) }, ctx).issues).toEqual([
      { target: 'firstName', message: 'Use at most 100 characters' },
    ]);
  });

  it('needs required custom fields', () => {
    const required: ValueDef[] = [
      { key: 'region_code', label: 'Region code', type: 'text', options: [], required: true, archived: false },
    ];
    expect(normalizeContactImportRow({ email: 'a@x.io' }, { defs: required, phoneRegion: 'US' }).issues).toEqual([
      { target: 'custom:region_code', message: 'Region code is required' },
    ]);
  });
});

describe('toEmailStatus and toSeniority', () => {
  it('read the words exports use', () => {
    expect(toEmailStatus('Verified')).toBe('valid');
    expect(toEmailStatus('catch-all')).toBe('risky');
    expect(toEmailStatus('Bounced')).toBe('invalid');
    expect(toEmailStatus('whatever')).toBe('unknown');
    expect(toSeniority('VP')).toBe('vp');
    expect(toSeniority('Vice President')).toBe('vp');
    expect(toSeniority('c_suite')).toBe('c_suite');
    expect(toSeniority('Mid-level')).toBeNull();
  });
});
