import { BlockList, isIP } from 'node:net';
import { lookup } from 'node:dns/promises';

/**
 * Where a webhook may not go (SSRF): private, loopback, link-local, unique-local, multicast,
 * unspecified and other non-public ranges, IPv4 and IPv6. IPv6 forms that carry an IPv4
 * address (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by that address.
 */
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['fc00::', 7], // unique-local
  ['ff00::', 8], // multicast
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
] as const) blocked.addSubnet(net, bits, 'ipv6');

/** The IPv4 address an IPv6 one carries (mapped, NAT64, 6to4), or null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const groups = expandIpv6(lower);
  if (!groups) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  // ::ffff:a.b.c.d in hex form, and NAT64's 64:ff9b::/96
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) return v4(groups[6]!, groups[7]!);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0)) return v4(groups[6]!, groups[7]!);
  if (groups[0] === 0x2002) return v4(groups[1]!, groups[2]!);
  // the deprecated IPv4-compatible ::a.b.c.d (not :: or ::1, judged above as IPv6)
  if (groups.slice(0, 6).every((g) => g === 0) && (groups[6]! > 0 || groups[7]! > 1)) return v4(groups[6]!, groups[7]!);
  return null;
}

/** Eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part converted), or null. */
function expandIpv6(address: string): number[] | null {
  let a = address.split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (dotted) {
    const [b0, b1, b2, b3] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    a = a.slice(0, -dotted[1]!.length) + `${((b0 << 8) | b1).toString(16)}:${((b2 << 8) | b3).toString(16)}`;
  }
  const [head, tail] = a.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const t = tail !== undefined ? (tail ? tail.split(':') : []) : null;
  const parts = t === null ? h : [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  if (parts.length !== 8) return null;
  const groups = parts.map((p) => parseInt(p, 16));
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/** Whether an IP address (v4 or v6) is one a webhook may not be sent to. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  if (v4) return blocked.check(v4, 'ipv4');
  return blocked.check(address.split('%')[0]!, 'ipv6');
}

export class ForbiddenTargetError extends Error {
  constructor(readonly host: string, readonly address: string | null) {
    super(address ? `${host} resolves to ${address}, a private or reserved address` : `${host} could not be resolved`);
  }
}

export type Resolved = { address: string; family: 4 | 6 };

/**
 * The addresses a host resolves to, all of them public unless private ones are allowed;
 * throws ForbiddenTargetError otherwise (one forbidden address refuses the host: DNS can
 * answer either). An IP literal is judged as is.
 */
export async function resolvePublic(host: string, allowPrivate: boolean): Promise<Resolved[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  let found: Resolved[];
  if (family) found = [{ address: bare, family: family as 4 | 6 }];
  else {
    try {
      found = (await lookup(bare, { all: true, verbatim: true })).map((r) => ({ address: r.address, family: r.family as 4 | 6 }));
    } catch {
      throw new ForbiddenTargetError(host, null);
    }
  }
  if (!found.length) throw new ForbiddenTargetError(host, null);
  if (!allowPrivate) {
    const bad = found.find((r) => isForbiddenAddress(r.address));
    if (bad) throw new ForbiddenTargetError(host, bad.address);
  }
  return found;
}
