import { isIP } from 'node:net';
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may not go (SSRF): every range of IANA's IPv4 and IPv6 special-purpose
 * address registries (private, loopback, link-local, shared, documentation, benchmarking,
 * AS112, AMT, ORCHID, segment routing, discard, …) and multicast, as ipaddr.js's range()
 * classifies them (anything but 'unicast'), and on IPv6 anything outside 2000::/3, the only
 * space IANA allocates for global unicast (the rest is reserved or special; 100:0:0:1::/64,
 * RFC 9780, is newer than ipaddr.js's table and falls there).
 *
 * IPv6 forms that only spell an IPv4 destination (mapped ::ffff:0:0/96, translated
 * ::ffff:0:0:0/96, IPv4-compatible ::/96, the well-known NAT64 prefix 64:ff9b::/96, 6to4
 * 2002::/16) are judged by the IPv4 address they carry: allowed exactly when it is. Local-use
 * NAT64 (64:ff9b:1::/48, RFC 8215) translates into a private network and Teredo (2001::/32)
 * reaches a host behind a NAT: refused whatever they carry.
 */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96') as [ipaddr.IPv6, number];
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96') as [ipaddr.IPv6, number];

const v4Of = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 255, lo >> 8, lo & 255]);

/** The IPv4 address an IPv6 one only re-spells, or null (not such a form). */
function carriedIpv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = v6.parts;
  const range = v6.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145') return v4Of(p[6]!, p[7]!);
  if (range === 'rfc6052' && v6.match(NAT64_WELL_KNOWN)) return v4Of(p[6]!, p[7]!);
  if (range === '6to4') return v4Of(p[1]!, p[2]!);
  // ::a.b.c.d (deprecated); :: and ::1 are judged as IPv6 (unspecified, loopback)
  if (range === 'unicast' && v6.match(IPV4_COMPATIBLE)) return v4Of(p[6]!, p[7]!);
  return null;
}

const forbiddenV4 = (v4: ipaddr.IPv4) => v4.range() !== 'unicast';

/** Whether an IP address (v4 or v6) is one a webhook may not be sent to. */
export function isForbiddenAddress(address: string): boolean {
  if (!isIP(address) || !ipaddr.isValid(address)) return true;
  const ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv4') return forbiddenV4(ip as ipaddr.IPv4);
  const v6 = ip as ipaddr.IPv6;
  const v4 = carriedIpv4(v6);
  if (v4) return forbiddenV4(v4);
  return v6.range() !== 'unicast' || !v6.match(GLOBAL_UNICAST_V6);
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
