import { describe, expect, it } from 'vitest';
import type { ValueDef } from '../custom-fields/custom-field-values.js';
import { contactImportRow } from './import-contact-row.js';

const defs: ValueDef[] = [
  { key: 'tier', label: 'Tier', type: 'single_select', options: [{ id: 'o1', label: 'Gold', color: null }], required: false, archived: false },
  { key: 'score', label: 'Score', type: 'number', options: [], required: false, archived: false },
  { key: 'met', label: 'Met', type: 'date', options: [], required: false, archived: false },
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

describe('contactImportRow', () => {
  it('issue 26: keeps further emails and phones, typed by their column; a bad one is a warning', () => {
    const r = contactImportRow(
      {
        email: 'ann@acme.example ::: ann.lee@acme.example',
        additionalPersonalEmail: 'ann@gmail.com; ANN@acme.example\nnope',
        additionalWorkPhone: '(415) 555-0101',
        workPhone: '415 555 0101',
      },
      ctx,
    );
    expect(r.record?.key).toBe('ann@acme.example');
    expect(JSON.parse(String(r.record?.data.additional_channels))).toEqual([
      { kind: 'email', value: 'ann.lee@acme.example', type: 'other', pos: 0 },
      { kind: 'email', value: 'ann@gmail.com', type: 'personal', pos: 1 },
    ]);
    expect(r.warnings).toEqual([{ target: 'additionalPersonalEmail', message: '"nope" is not a valid email address' }]);
    // no email column value: the first further address is the email
    const promoted = contactImportRow({ fullName: 'Cy Fox', additionalOtherEmail: 'cy@fox.example\ncy@home.example' }, ctx);
    expect(promoted.record?.key).toBe('cy@fox.example');
    expect(JSON.parse(String(promoted.record?.data.additional_channels))).toEqual([{ kind: 'email', value: 'cy@home.example', type: 'other', pos: 0 }]);
  });


  it('normalises a good row by the API rules, reading the exporters words', () => {
    const r = contactImportRow(
      {
        fullName: 'Dr. Jane van der Berg',
        email: ' Jane@ACME.com ',
        workPhone: '(415) 555-0100',
        linkedinUrl: 'linkedin.com/in/jane',
        seniority: 'VP-Level',
        emailStatus: 'Verified',
        department: 'Engineering & Technical',
        country: 'Deutschland',
        companyName: 'Acme',
        'custom:tier': 'gold',
        'custom:score': '1,200',
        'custom:tags': 'A; B',
        notes: 'hello',
      },
      ctx,
    );
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(r.record).toEqual({
      key: 'jane@acme.com',
      data: {
        first_name: 'Jane',
        last_name: 'van der Berg',
        email: 'jane@acme.com',
        email_status: 'valid',
        seniority: 'vp',
        department: 'engineering',
        country: 'Germany',
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
    expect(contactImportRow({ email: 'a@globex.io' }, ctx).record).toMatchObject({ companyDomain: 'globex.io', companyCreate: false });
    expect(contactImportRow({ email: 'a@gmail.com' }, ctx).record).toMatchObject({ companyDomain: null, companyCreate: false });
    expect(contactImportRow({ email: 'a@gmail.com', website: 'https://www.initech.io/about' }, ctx).record).toMatchObject({
      companyDomain: 'initech.io',
      companyCreate: true,
    });
  });

  it('imports a person with a name and leaves every unusable cell empty, with a warning each', () => {
    const r = contactImportRow(
      {
        firstName: 'Ann',
        email: 'nope',
        mobilePhone: '12',
        seniority: 'Galactic Overlord',
        emailStatus: 'Sparkly',
        linkedinUrl: 'ftp://x',
        'custom:score': 'lots',
        companyDomain: 'not a domain',
        companyEmployees: 'many',
      },
      ctx,
    );
    expect(r.errors).toEqual([]);
    expect(r.record).toMatchObject({ key: null, data: { first_name: 'Ann' }, custom: null });
    expect(Object.keys(r.record!.data)).toEqual(['first_name']);
    expect(r.warnings.map((i) => i.target).sort()).toEqual([
      'companyDomain',
      'companyEmployees',
      'custom:score',
      'email',
      'emailStatus',
      'linkedinUrl',
      'mobilePhone',
      'seniority',
    ]);
    expect(r.warnings.find((i) => i.target === 'email')!.message).toBe('Enter a valid email address');
  });

  it('refuses only a row that names nobody, with all its problems', () => {
    expect(contactImportRow({ jobTitle: 'CEO' }, ctx)).toEqual({
      record: null,
      errors: [{ target: 'email', message: 'The row has neither a name nor an email' }],
      warnings: [],
    });
    const bad = contactImportRow({ email: 'nope', mobilePhone: '12' }, ctx);
    expect(bad.record).toBeNull();
    expect(bad.errors).toEqual([
      { target: 'email', message: 'Enter a valid email address (a contact needs a name or an email)' },
      { target: 'mobilePhone', message: 'Enter a valid phone number' },
    ]);
    // a name too long is left out; the email still makes the person
    const long = contactImportRow({ firstName: 'x'.repeat(101), email: 'a@x.io' }, ctx);
    expect(long.record?.key).toBe('a@x.io');
    expect(long.warnings).toEqual([{ target: 'firstName', message: 'Use at most 100 characters' }]);
  });

  it('reads decimal commas and local dates into custom fields', () => {
    const de = { defs, phoneRegion: 'DE' };
    expect(contactImportRow({ email: 'a@x.io', 'custom:score': '1.234,5', 'custom:met': '03.04.2025' }, de).record?.custom).toEqual({
      score: 1234.5,
      met: '2025-04-03',
    });
    expect(contactImportRow({ email: 'a@x.io', 'custom:met': '03/04/2025' }, ctx).record?.custom).toEqual({ met: '2025-03-04' });
  });

  it('reports a name problem on the full-name column it came from', () => {
    const r = contactImportRow({ fullName: `Jo ${'x'.repeat(101)}`, email: 'a@x.io' }, ctx);
    expect(r.warnings).toEqual([{ target: 'fullName', message: 'Use at most 100 characters' }]);
    expect(r.record?.data.first_name).toBe('Jo');
  });

  it('needs required custom fields (an error: the API refuses such a contact)', () => {
    const required: ValueDef[] = [{ key: 'region_code', label: 'Region code', type: 'text', options: [], required: true, archived: false }];
    expect(contactImportRow({ email: 'a@x.io' }, { defs: required, phoneRegion: 'US' }).errors).toEqual([
      { target: 'custom:region_code', message: 'Region code is required' },
    ]);
  });
});

describe('the owner column (issue 26)', () => {
  const members = new Set(['peter@initech.io', 'peter gibbons']);
  it('keeps a member by email or name without a warning', () => {
    for (const owner of ['PETER@initech.io', ' Peter Gibbons ']) {
      const r = contactImportRow({ email: 'a@x.io', owner }, { ...ctx, members });
      expect(r.warnings).toEqual([]);
      expect(r.record!.data.owner_ref).toBe(owner.trim().toLowerCase());
      expect(r.record!.data.owner_unassigned).toBeUndefined();
    }
  });

  it('warns about an owner who is not a member, marking the row unassigned only when asked', () => {
    const given = contactImportRow({ email: 'a@x.io', owner: 'Milton' }, { ...ctx, members });
    expect(given.warnings).toEqual([{ target: 'owner', message: "Not a member of this workspace: given the import's owner", code: 'owner_not_member' }]);
    expect(given.record!.data.owner_unassigned).toBeUndefined();
    const left = contactImportRow({ email: 'a@x.io', owner: 'Milton' }, { ...ctx, members, unknownOwners: 'unassigned' });
    expect(left.warnings[0]!.message).toBe('Not a member of this workspace: left without an owner');
    expect(left.record!.data.owner_unassigned).toBe(1);
    // without the members (not checked) nothing is said
    expect(contactImportRow({ email: 'a@x.io', owner: 'Milton' }, ctx).warnings).toEqual([]);
  });
});
