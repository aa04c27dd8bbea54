import { Resolver } from 'node:dns/promises';

/** A mail exchanger and the addresses to reach it on (IPv4 first: many hosts have no IPv6 route). */
export type MxHost = { name: string; priority: number; addresses: string[] };

/**
 * What DNS says about a domain's mail:
 * - mx: exchangers by priority (`implicit`: none published, the domain's own A/AAAA, RFC 5321 5.1);
 * - no_domain: NXDOMAIN; no_mx: neither MX nor A/AAAA, or MX names that resolve to nothing;
 * - null_mx: the domain says it takes no mail (RFC 7505: a single MX "." of priority 0);
 * - timeout: no usable answer (unreachable server, timeout, SERVFAIL): unknown, never invalid.
 */
export type DomainAnswer =
  | { kind: 'mx'; hosts: MxHost[]; implicit: boolean }
  | { kind: 'no_domain' }
  | { kind: 'no_mx' }
  | { kind: 'null_mx' }
  | { kind: 'timeout' };

export type DomainResolverOptions = {
  /** host or host:port ([v6]:port) of each DNS server; none: the system's */
  servers?: string[];
  /** per try, ms */
  timeoutMs?: number;
  tries?: number;
};

const NO_DATA = new Set(['ENODATA', 'ENOTFOUND']);

/** One `Resolver` with the configured servers (never the process-wide one tests can't point). */
export function createDomainResolver(opts: DomainResolverOptions = {}) {
  const resolver = new Resolver({ timeout: opts.timeoutMs ?? 5_000, tries: opts.tries ?? 2 });
  if (opts.servers?.length) resolver.setServers(opts.servers);

  /** A name's addresses; null when DNS did not answer. */
  async function addressesOf(name: string): Promise<string[] | null> {
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(name), resolver.resolve6(name)]);
    const out: string[] = [];
    let failed = false;
    for (const r of [v4, v6]) {
      if (r.status === 'fulfilled') out.push(...r.value);
      else if (!NO_DATA.has((r.reason as NodeJS.ErrnoException).code ?? '')) failed = true;
    }
    return out.length === 0 && failed ? null : out;
  }

  async function lookup(domain: string): Promise<DomainAnswer> {
    let records: { exchange: string; priority: number }[];
    try {
      records = await resolver.resolveMx(domain);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOTFOUND') return { kind: 'no_domain' };
      if (code !== 'ENODATA') return { kind: 'timeout' };
      records = [];
    }
    // "." arrives as an empty exchange name
    const real = records.filter((r) => r.exchange !== '' && r.exchange !== '.');
    if (records.length > 0 && real.length === 0) return { kind: 'null_mx' };
    if (real.length === 0) {
      const own = await addressesOf(domain);
      if (own === null) return { kind: 'timeout' };
      if (own.length === 0) return { kind: 'no_mx' };
      return { kind: 'mx', implicit: true, hosts: [{ name: domain, priority: 0, addresses: own }] };
    }
    real.sort((a, b) => a.priority - b.priority);
    const resolved = await Promise.all(real.map(async (r) => ({ r, addresses: await addressesOf(r.exchange) })));
    const hosts = resolved
      .filter((h) => h.addresses?.length)
      .map((h) => ({ name: h.r.exchange.toLowerCase(), priority: h.r.priority, addresses: h.addresses! }));
    if (hosts.length > 0) return { kind: 'mx', implicit: false, hosts };
    // exchangers that resolve to nothing can't take mail; unless DNS failed to say
    return resolved.some((h) => h.addresses === null) ? { kind: 'timeout' } : { kind: 'no_mx' };
  }

  return { lookup, cancel: () => resolver.cancel() };
}

export type DomainResolver = ReturnType<typeof createDomainResolver>;
