import type { Prospect } from '@leadtrail/contracts';
import { describe, expect, it } from 'vitest';
import { emailDisplay, fullName, phoneDisplay, revealable } from './masked-display';

const person = (over: Partial<Prospect>): Prospect => ({
  id: '00000000-0000-4000-8000-000000000001',
  firstName: 'Jane',
  lastName: 'Doe',
  jobTitle: 'CTO',
  seniority: 'c_suite',
  department: 'c_suite',
  companyName: 'Acme Robotics',
  companyDomain: 'acme-robotics.example',
  industry: 'Robotics',
  employeeRange: '11-50',
  revenueRange: '1M-10M',
  country: 'United States',
  region: 'California',
  city: 'San Francisco',
  linkedinUrl: null,
  emailMasked: 'j•••@acme-robotics.example',
  phoneMasked: '+1 415 ••• ••12',
  hasEmail: true,
  hasPhone: true,
  emailStatus: 'valid',
  contactId: null,
  alreadyMine: false,
  revealed: { email: false, phone: false },
  suppressed: false,
  ...over,
});

describe('masked details', () => {
  it('shows the mask, and reads it out as hidden rather than bullets', () => {
    const d = emailDisplay(person({}));
    expect(d).toMatchObject({ text: 'j•••@acme-robotics.example', revealed: false, missing: false });
    expect(d.srText).toBe('Email j hidden @acme-robotics.example, not revealed');
    expect(phoneDisplay(person({})).srText).toBe('Phone +1 415 hidden hidden 12, not revealed');
  });

  it('shows a revealed value as it is', () => {
    const d = emailDisplay(person({ emailMasked: 'jane@acme-robotics.example', revealed: { email: true, phone: false } }));
    expect(d).toEqual({ text: 'jane@acme-robotics.example', revealed: true, missing: false, srText: 'jane@acme-robotics.example' });
  });

  it('says when there is nothing, so nobody pays for nothing', () => {
    expect(emailDisplay(person({ hasEmail: false, emailMasked: null, emailStatus: null })).text).toBe('No email');
    expect(phoneDisplay(person({ hasPhone: false, phoneMasked: null })).missing).toBe(true);
  });

  it('offers to reveal only data that exists, is not revealed and is not suppressed', () => {
    expect(revealable(person({}))).toEqual({ email: true, phone: true });
    expect(revealable(person({ hasPhone: false, phoneMasked: null }))).toEqual({ email: true, phone: false });
    expect(revealable(person({ revealed: { email: true, phone: false } }))).toEqual({ email: false, phone: true });
    expect(revealable(person({ suppressed: true }))).toEqual({ email: false, phone: false });
  });

  it('names a person, or says they have no name', () => {
    expect(fullName(person({}))).toBe('Jane Doe');
    expect(fullName(person({ firstName: null, lastName: null }))).toBe('Unnamed person');
  });
});
