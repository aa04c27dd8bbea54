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

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '2a00:1450:4001::200e'])('allows %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });

  it('refuses a host resolving to loopback unless private targets are allowed', async () => {
    await expect(resolvePublic('localhost', false)).rejects.toBeInstanceOf(ForbiddenTargetError);
    await expect(resolvePublic('[::1]', false)).rejects.toBeInstanceOf(ForbiddenTargetError);
    await expect(resolvePublic('127.0.0.1', true)).resolves.toEqual([{ address: '127.0.0.1', family: 4 }]);
    await expect(resolvePublic('93.184.216.34', false)).resolves.toEqual([{ address: '93.184.216.34', family: 4 }]);
  });
});
