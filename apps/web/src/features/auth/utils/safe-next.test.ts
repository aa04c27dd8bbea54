import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './safe-next';

const origin = 'https://app.leadtrail.example';
const next = (value: string | null | undefined) => safeNextPath(value, { origin });

describe('safeNextPath', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(next('/settings/company')).toBe('/settings/company');
    expect(next('/my-contacts/contacts?q=ada&sort=-createdAt#top')).toBe('/my-contacts/contacts?q=ada&sort=-createdAt#top');
  });

  it('falls back to the dashboard when there is nothing to return to', () => {
    expect(next(null)).toBe('/');
    expect(next(undefined)).toBe('/');
    expect(next('')).toBe('/');
  });

  it.each([
    'https://evil.example/steal',
    '//evil.example/steal',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'settings/company',
    '/\tevil',
    '/%0a//evil.example',
  ])('refuses %s', (value) => {
    const result = next(value);
    expect(result.startsWith('/')).toBe(true);
    expect(new URL(result, origin).origin).toBe(origin);
    if (!value.startsWith('/%0a')) expect(result).toBe('/');
  });

  it('does not return to the sign-in screens themselves', () => {
    expect(next('/login?next=/x')).toBe('/');
    expect(next('/register')).toBe('/');
    expect(next('/reset-password/abc')).toBe('/');
  });
});

describe('loginPathFor', () => {
  it('encodes the path asked for', () => {
    expect(loginPathFor('/settings/company?tab=address')).toBe('/login?next=%2Fsettings%2Fcompany%3Ftab%3Daddress');
    expect(loginPathFor('/')).toBe('/login');
  });
});
