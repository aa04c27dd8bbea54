import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

/** The email verifier's settings (VERIFY_*): defaults, and refusals that name the variable. */
describe('config: VERIFY_*', () => {
  it('defaults: the host of APP_URL, the address of MAIL_FROM, the system’s DNS, port 25, 2 connections', () => {
    expect(
      loadConfig({ APP_URL: 'https://app.leadtrail.io', MAIL_FROM: 'Leadtrail <hello@leadtrail.io>' }).verify,
    ).toEqual({
      heloHost: 'app.leadtrail.io',
      mailFrom: 'hello@leadtrail.io',
      dnsServers: undefined,
      smtpPort: 25,
      concurrency: 2,
    });
  });

  it('reads each setting', () => {
    const c = loadConfig({
      VERIFY_HELO_HOST: 'verify.leadtrail.io',
      VERIFY_MAIL_FROM: 'bounces@leadtrail.io',
      VERIFY_DNS_SERVERS: '127.0.0.1:5353, [::1]:53,1.1.1.1',
      VERIFY_SMTP_PORT: '2525',
      VERIFY_CONCURRENCY: '4',
    });
    expect(c.verify).toEqual({
      heloHost: 'verify.leadtrail.io',
      mailFrom: 'bounces@leadtrail.io',
      dnsServers: ['127.0.0.1:5353', '[::1]:53', '1.1.1.1'],
      smtpPort: 2525,
      concurrency: 4,
    });
  });

  it.each([
    ['VERIFY_DNS_SERVERS', 'dns.google'],
    ['VERIFY_DNS_SERVERS', '127.0.0.1:70000'],
    ['VERIFY_HELO_HOST', 'bad host\r\nRCPT TO:<x@y>'],
    ['VERIFY_MAIL_FROM', 'not an address'],
    ['VERIFY_SMTP_PORT', '0'],
    ['VERIFY_CONCURRENCY', '0'],
  ])('refuses %s=%j, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
