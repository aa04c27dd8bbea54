import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentUdpPort, startDnsPeer } from '../../../test/verify-peers.js';
import { createDomainResolver } from './email-domain.js';

let dns: Awaited<ReturnType<typeof startDnsPeer>>;
let silent: Awaited<ReturnType<typeof silentUdpPort>>;
beforeAll(async () => {
  dns = await startDnsPeer({
    'acme.test': {
      mx: [
        { exchange: 'mx2.acme.test', priority: 20 },
        { exchange: 'mx1.acme.test', priority: 10 },
      ],
    },
    'mx1.acme.test': { a: ['127.0.0.2'] },
    'mx2.acme.test': { a: ['127.0.0.3'], aaaa: ['::1'] },
    'bare.test': { a: ['127.0.0.4'] },
    'nomail.test': { mx: [{ exchange: '', priority: 0 }] },
    'empty.test': {},
    'dangling.test': { mx: [{ exchange: 'gone.dangling.test', priority: 10 }] },
  });
  silent = await silentUdpPort();
});
afterAll(async () => {
  await dns.close();
  await silent.close();
});

const resolver = () => createDomainResolver({ servers: [dns.server], timeoutMs: 200, tries: 1 });

describe('domain lookup (against a DNS server on loopback)', () => {
  it('lists the exchangers by priority with their addresses, IPv4 first', async () => {
    expect(await resolver().lookup('acme.test')).toEqual({
      kind: 'mx',
      implicit: false,
      hosts: [
        { name: 'mx1.acme.test', priority: 10, addresses: ['127.0.0.2'] },
        { name: 'mx2.acme.test', priority: 20, addresses: ['127.0.0.3', '::1'] },
      ],
    });
  });

  it('falls back to the domain’s own address without MX (RFC 5321 5.1)', async () => {
    expect(await resolver().lookup('bare.test')).toEqual({
      kind: 'mx',
      implicit: true,
      hosts: [{ name: 'bare.test', priority: 0, addresses: ['127.0.0.4'] }],
    });
  });

  it('tells null MX, no such domain, no mail records and exchangers that resolve to nothing apart', async () => {
    const r = resolver();
    expect(await r.lookup('nomail.test')).toEqual({ kind: 'null_mx' });
    expect(await r.lookup('missing.test')).toEqual({ kind: 'no_domain' });
    expect(await r.lookup('empty.test')).toEqual({ kind: 'no_mx' });
    expect(await r.lookup('dangling.test')).toEqual({ kind: 'no_mx' });
  });

  it('answers timeout, never a verdict, when the DNS server does not answer', async () => {
    const started = Date.now();
    expect(
      await createDomainResolver({ servers: [silent.server], timeoutMs: 100, tries: 1 }).lookup('acme.test'),
    ).toEqual({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
