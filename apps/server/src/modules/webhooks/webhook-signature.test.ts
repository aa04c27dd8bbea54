import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signWebhook, verifyWebhook } from './webhook-signature.js';

describe('webhook signature', () => {
  const secret = newWebhookSecret();
  const body = JSON.stringify({ id: '0190f3b6-0000-7000-8000-000000000001', type: 'contact.created', data: { email: 'ada@example.com' } });
  const t = 1_767_225_600;

  it('signs "<t>.<body>" with HMAC-SHA256 in the Stripe scheme, and verifies it back', () => {
    const header = signWebhook(secret, body, t);
    const hex = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(header).toBe(`t=${t},v1=${hex}`);
    expect(verifyWebhook(secret, body, header, { now: t + 10 })).toBe(true);
  });

  it('refuses another secret, a changed body, a changed timestamp and a stale one', () => {
    const header = signWebhook(secret, body, t);
    expect(verifyWebhook(newWebhookSecret(), body, header, { now: t })).toBe(false);
    expect(verifyWebhook(secret, body.replace('ada', 'eve'), header, { now: t })).toBe(false);
    expect(verifyWebhook(secret, body, header.replace(`t=${t}`, `t=${t + 1}`), { now: t })).toBe(false);
    expect(verifyWebhook(secret, body, header, { now: t + 301 })).toBe(false);
    expect(verifyWebhook(secret, body, 'garbage', { now: t })).toBe(false);
    expect(verifyWebhook(secret, body, null, { now: t })).toBe(false);
  });

  it('accepts any matching v1 among several (secret rotation on the receiver side)', () => {
    const good = signWebhook(secret, body, t).split(',')[1]!;
    expect(verifyWebhook(secret, body, `t=${t},v1=${'0'.repeat(64)},${good}`, { now: t })).toBe(true);
  });

  it('makes secrets that differ and carry 32 random bytes', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(newWebhookSecret());
  });
});
