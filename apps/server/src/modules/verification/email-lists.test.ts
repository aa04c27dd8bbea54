import { describe, expect, it } from 'vitest';
import { isDisposableDomain, isRoleLocalPart, isWebmailDomain } from './email-lists.js';

describe('classification lists (from their npm packages)', () => {
  it('finds disposable domains and their subdomains, not ordinary ones', () => {
    expect(isDisposableDomain('mailinator.com')).toBe(true);
    expect(isDisposableDomain('eu.mailinator.com')).toBe(true);
    expect(isDisposableDomain('acme.com')).toBe(false);
    expect(isDisposableDomain('gmail.com')).toBe(false);
  });

  it('finds free webmail by the exact domain', () => {
    expect(isWebmailDomain('gmail.com')).toBe(true);
    expect(isWebmailDomain('gmx.de')).toBe(true);
    expect(isWebmailDomain('acme.com')).toBe(false);
    expect(isWebmailDomain('mail.gmail.com.acme.com')).toBe(false);
  });

  it('finds role accounts by the local part, with or without a +tag', () => {
    expect(isRoleLocalPart('sales')).toBe(true);
    expect(isRoleLocalPart('Info+web')).toBe(true);
    expect(isRoleLocalPart('jane.doe')).toBe(false);
    expect(isRoleLocalPart('salesforce.admin.jane')).toBe(false);
  });
});
