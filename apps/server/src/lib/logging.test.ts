import { describe, expect, it } from 'vitest';
import { newToken } from './tokens.js';
import { redactUrl } from './logging.js';

describe('redactUrl', () => {
  it('hides tokens in paths and keeps ids and route words', () => {
    const token = newToken();
    const id = '0190f5c2-7b1a-7c3d-9e4f-0123456789ab';
    expect(redactUrl(`/reset-password/${token}`)).toBe('/reset-password/[redacted]');
    expect(redactUrl(`/api/v1/invitations/${token}/accept`)).toBe('/api/v1/invitations/[redacted]/accept');
    expect(redactUrl(`/api/v1/contacts/${id}`)).toBe(`/api/v1/contacts/${id}`);
    expect(redactUrl('/settings/masters/custom-fields')).toBe('/settings/masters/custom-fields');
    expect(redactUrl('/monitoring?o=7&p=42')).toBe('/monitoring?o=7&p=42');
    // short tokens too, on the routes known to carry them; route patterns stay readable
    expect(redactUrl('/user-invite/abc123')).toBe('/user-invite/[redacted]');
    expect(redactUrl('/reset-password/short-one?x=1')).toBe('/reset-password/[redacted]?x=1');
    expect(redactUrl('/reset-password/:token')).toBe('/reset-password/:token');
    expect(redactUrl('/reset-password')).toBe('/reset-password');
  });

  it('hides credential query parameters, whatever their case or encoding', () => {
    expect(redactUrl('/login?next=%2Fsettings&token=abc')).toBe('/login?next=%2Fsettings&token=[redacted]');
    expect(redactUrl('/x?API_KEY=k&sentry_key=s&code=123456&page=2')).toBe('/x?API_KEY=[redacted]&sentry_key=[redacted]&code=[redacted]&page=2');
    expect(redactUrl('/x?%74oken=abc')).toBe('/x?%74oken=[redacted]');
    expect(redactUrl('/x?password')).toBe('/x?password');
  });
});
