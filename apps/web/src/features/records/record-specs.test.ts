import type { CustomField } from '@leadtrail/contracts';
import { describe, expect, it } from 'vitest';
import type { Viewer } from '../../lib/viewer';
import { companySpec } from './companies/company-spec';
import { contactSpec } from './contacts/contact-spec';

const viewer: Viewer = {
  memberId: '0190a000-0000-7000-8000-000000000001',
  name: 'Ada',
  canWrite: true,
  canExport: true,
  canDeleteAny: false,
  isManager: false,
};

const tier: CustomField = {
  id: '0190a000-0000-7000-8000-0000000000f1',
  entity: 'contacts',
  key: 'tier',
  label: 'Tier',
  type: 'text',
  options: [],
  required: false,
  archived: false,
  position: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const columnsOf = (spec: typeof contactSpec | typeof companySpec, customFields: CustomField[] = []) =>
  spec.columns({ customFields, owners: [], ownerName: () => null }).map((c) => c.key);

describe('record specs', () => {
  it.each([contactSpec, companySpec] as const)('$entity: one column per field, the common ones last', (spec) => {
    const keys = columnsOf(spec, [tier]);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys[0]).toBe('name');
    expect(keys.slice(-3)).toEqual(['createdAt', 'updatedAt', 'custom:tier']);
    expect(keys).toEqual(expect.arrayContaining(['ownerId', 'source']));
  });

  it('contacts keep the suppressed column between the source and the timestamps', () => {
    const keys = columnsOf(contactSpec);
    expect(keys.slice(keys.indexOf('source'), keys.indexOf('source') + 3)).toEqual([
      'source',
      'suppressed',
      'createdAt',
    ]);
  });

  it('the contact form sends what was typed, trimmed, and the picked company', () => {
    const values = {
      ...contactSpec.form.initialValues(viewer),
      firstName: '  Grace ',
      email: '',
      company: { id: '0190a000-0000-7000-8000-0000000000c1', name: 'Navy' },
      customFields: {},
    };
    const body = contactSpec.form.toBody(values);
    expect(body).toEqual({ firstName: 'Grace', emailStatus: 'unknown', companyId: values.company.id });
    expect(contactSpec.form.schema.safeParse(body).success).toBe(true);
  });

  it('an empty contact form fails with the API’s own message', () => {
    const body = contactSpec.form.toBody({ ...contactSpec.form.initialValues(viewer), customFields: {} });
    const parsed = contactSpec.form.schema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Enter a name or an email');
  });

  it('the company form asks for a name and sends the year only when one was typed', () => {
    const empty = companySpec.form.toBody({ ...companySpec.form.initialValues(viewer), customFields: {} });
    expect(empty).toEqual({ name: '' });
    expect(companySpec.form.schema.safeParse(empty).error?.issues[0]?.message).toBe('Enter the company name');
    const body = companySpec.form.toBody({
      ...companySpec.form.initialValues(viewer),
      name: 'Analytical Engines',
      foundedYear: 1837,
      revenueRange: '<1M',
      customFields: {},
    });
    expect(body).toEqual({ name: 'Analytical Engines', foundedYear: 1837, revenueRange: '<1M' });
  });

  it.each([contactSpec, companySpec] as const)('$entity: every detail field has a label', (spec) => {
    for (const field of spec.detail.fields) {
      const key = field.kind === 'owner' ? 'ownerId' : field.key;
      expect(spec.labels[key], key).toBeTruthy();
    }
  });
});
