import { describe, expect, it } from 'vitest';
import { ForbiddenTargetError, isForbiddenAddress, resolvePublic } from './webhook-address.js';

describe('webhook target addresses', () => {
  it.each([
    '127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '0.0.0.0', '100.64.0.1',
    '224.0.0.1', '255.255.255.255', '::', '::1', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1',
    '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:169.254.169.254', '64:ff9b::a00:1', '2002:c0a8:101::1', '::127.0.0.1', 'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  // issue 27, finding 12: each range of IANA's special-purpose registries, by family
  describe.each<[string, string[]]>([
    ['IPv4 special-purpose registry', [
      '0.1.2.3', '10.255.0.1', '100.127.255.254', '127.255.255.255', '169.254.0.1', '172.20.0.1',
      '192.0.0.9', '192.0.0.170', '192.0.2.10', '192.31.196.1', '192.52.193.1', '192.88.99.1', '192.168.255.255',
      '192.175.48.1', '198.18.0.1', '198.19.255.255', '198.51.100.7', '203.0.113.9', '240.0.0.1', '255.255.255.255',
    ]],
    ['IPv4 multicast', ['224.0.0.251', '239.255.255.250']],
    ['IPv6 special-purpose registry', [
      '::', '::1', '100::1', '100:0:0:1::1', '2001:1::1', '2001:1::2', '2001:1::3', '2001:2::1', '2001:3::1',
      '2001:4:112::1', '2001:10::1', '2001:20::1', '2001:30::1', '2001:db8::1', '2620:4f:8000::1', '3fff::1',
      '5f00::1', 'fc00::1', 'fdff::1', 'fe80::1', 'fe80::1%eth0', 'fec0::1',
    ]],
    ['IPv6 multicast and unallocated space', ['ff02::1', 'ff0e::1', '4000::1', '1::1', 'e000::1']],
    ['IPv4 mapped ::ffff:0:0/96 and translated ::ffff:0:0:0/96 carrying a refused address', [
      '::ffff:10.0.0.1', '::ffff:a00:1', '::ffff:0:7f00:1', '::ffff:0:a9fe:a9fe', '::ffff:0:c0a8:101',
    ]],
    ['NAT64: the well-known prefix carrying a refused address; local-use 64:ff9b:1::/48 always', [
      '64:ff9b::127.0.0.1', '64:ff9b::c0a8:101', '64:ff9b:1::a00:1', '64:ff9b:1::808:808', '64:ff9b:1:ffff::1',
    ]],
    ['6to4 carrying a refused address, IPv4-compatible, Teredo', [
      '2002:a00:1::1', '2002:a9fe:a9fe::', '::a00:1', '::7f00:1',
      '2001::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001:0:4136:e378:8000:63bf:f5ff:fffe',
    ]],
  ])('%s', (_family, addresses) => {
    it.each(addresses)('refuses %s', (address) => {
      expect(isForbiddenAddress(address)).toBe(true);
    });
  });

  it.each([
    '93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '198.20.0.1', '2606:4700::1111', '::ffff:8.8.8.8',
    '::ffff:0:808:808', '64:ff9b::808:808', '2002:808:808::1', '2a00:1450:4001::200e', '2001:4860:4860::8888',
  ])('allows %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });

  it('refuses a host resolving to loopback unless private targets are allowed', async () => {
    await expect(resolvePublic('localhost', false)).rejects.toBeInstanceOf(ForbiddenTargetError);
    await expect(resolvePublic('[::1]', false)).rejects.toBeInstanceOf(ForbiddenTargetError);
    await expect(resolvePublic('127.0.0.1', true)).resolves.toEqual([{ address: '127.0.0.1', family: 4 }]);
    await expect(resolvePublic('93.184.216.34', false)).resolves.toEqual([{ address: '93.184.216.34', family: 4 }]);
  });
});
