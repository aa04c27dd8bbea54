import { describe, expect, it } from 'vitest';
import { contactChannels, mergeContactChannels } from './contact.js';

/** Issue 26: the one rule of a contact's additional emails and phones, and what a merge keeps of them. */
describe('contactChannels', () => {
  it('normalises like the primary, drops the primary, repeats and blanks, names each bad item', () => {
    const emails = contactChannels(
      'email',
      [{ value: ' A@Home.Example ', type: 'personal' }, { value: 'a@work.example' }, { value: 'a@home.example' }, { value: '  ' }, { value: 'nope' }],
      ['a@work.example'],
      'US',
    );
    expect(emails.value).toEqual([{ value: 'a@home.example', type: 'personal' }]);
    expect(emails.problems).toEqual([{ field: 'additionalEmails.4.value', message: '"nope" is not a valid email address' }]);

    const phones = contactChannels('phone', [{ value: '(415) 555-0100' }, { value: '+1 415 555 0199', type: 'work' }, { value: '12' }], ['+14155550100'], 'US');
    expect(phones.value).toEqual([{ value: '+14155550199', type: 'work' }]);
    expect(phones.problems.map((p) => p.field)).toEqual(['additionalPhones.2.value']);
  });

  it('keeps at most ten and says so', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ value: `p${i}@x.example` }));
    const r = contactChannels('email', many, [], 'US');
    expect(r.value).toHaveLength(10);
    expect(r.problems).toEqual([{ field: 'additionalEmails', message: 'A contact keeps at most 10 additional emails' }]);
  });
});

describe('mergeContactChannels', () => {
  const contact = (o: Partial<Parameters<typeof mergeContactChannels>[0]>) => ({
    email: null,
    workPhone: null,
    mobilePhone: null,
    otherPhone: null,
    additionalEmails: [],
    additionalPhones: [],
    ...o,
  });

  it('keeps every distinct value once; what the chosen fields do not hold becomes additional', () => {
    const keep = contact({ email: 'ann@acme.example', mobilePhone: '+14155550101', additionalEmails: [{ value: 'ann@gmail.com', type: 'personal' }] });
    const gone = contact({
      email: 'ann.lee@gmail.com',
      workPhone: '+14155550101',
      otherPhone: '+14155550102',
      additionalEmails: [{ value: 'ann@gmail.com', type: 'other' }],
      additionalPhones: [{ value: '+14155550103', type: 'personal' }],
    });
    expect(mergeContactChannels(keep, gone, {})).toEqual({
      additionalEmails: [
        { value: 'ann@gmail.com', type: 'personal' },
        { value: 'ann.lee@gmail.com', type: 'personal' },
      ],
      additionalPhones: [
        { value: '+14155550102', type: 'other' },
        { value: '+14155550103', type: 'personal' },
      ],
    });
    // the merged one's email chosen as primary: the kept one's becomes additional (a work address)
    const swapped = mergeContactChannels(keep, gone, { email: 'ann.lee@gmail.com' });
    expect('additionalEmails' in swapped && swapped.additionalEmails[0]).toEqual({ value: 'ann@acme.example', type: 'work' });
  });

  it('refuses rather than dropping past the limit', () => {
    const five = (p: string) => Array.from({ length: 6 }, (_, i) => ({ value: `${p}${i}@x.example`, type: 'other' as const }));
    expect(mergeContactChannels(contact({ additionalEmails: five('a') }), contact({ additionalEmails: five('b') }), {})).toEqual({
      field: 'values',
      message: 'The merged contact would have 12 additional emails (at most 10): remove some from either contact first',
    });
  });
});
