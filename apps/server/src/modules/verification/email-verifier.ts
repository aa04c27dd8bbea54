import { randomBytes } from 'node:crypto';
import net from 'node:net';
import PQueue from 'p-queue';
import type { Config } from '../../config.js';
import type { UnitOfWork } from '../../core/unit-of-work.js';
import { createDomainResolver, type DomainAnswer, type MxHost } from './email-domain.js';
import { isDisposableDomain, isRoleLocalPart, isWebmailDomain } from './email-lists.js';
import { isReservedExampleDomain, parseEmail, type ParsedEmail } from './email-syntax.js';
import { createHostLimits } from './mx-host-limits.js';
import { openSmtpSession, type OpenFailure, type RcptOutcome } from './smtp-probe.js';
import {
  acceptedVerdict,
  DEFAULT_GREYLIST,
  greylistRetryAt,
  type GreylistPolicy,
  type Verdict,
  type VerificationResult,
  type VerifyOutcome,
} from './verification-result.js';
import { createVerificationRepository, type CachedAddress, type CachedDomain } from './verification.repository.js';

export type VerifierSettings = {
  /** EHLO name (VERIFY_HELO_HOST) */
  helo: string;
  /** MAIL FROM (VERIFY_MAIL_FROM) */
  mailFrom: string;
  /** DNS servers, host or host:port (VERIFY_DNS_SERVERS); none: the system's */
  dnsServers?: string[];
  /** the exchangers' SMTP port (VERIFY_SMTP_PORT, 25) */
  smtpPort: number;
  /** connections open at once per exchanger (VERIFY_CONCURRENCY) */
  concurrency: number;
  /** connections opened per exchanger per minute */
  perHostPerMinute?: number;
  dnsTimeoutMs?: number;
  dnsTries?: number;
  connectTimeoutMs?: number;
  commandTimeoutMs?: number;
  /** addresses asked about on one connection before another is opened */
  addressesPerConnection?: number;
  /** domains of one batch worked on at once */
  domainConcurrency?: number;
  greylist?: GreylistPolicy;
  /** whose exchanger the start-up check of port 25 connects to */
  reachabilityDomain?: string;
};

/** The settings from the environment (VERIFY_*); timeouts and limits keep their defaults. */
export const verifierSettingsFrom = (c: Config['verify']): VerifierSettings => ({
  helo: c.heloHost,
  mailFrom: c.mailFrom,
  dnsServers: c.dnsServers,
  smtpPort: c.smtpPort,
  concurrency: c.concurrency,
});

type Computed = Verdict & { retryAt: Date | null; cacheRow: CachedAddress | null };

/** Connection attempts (exchangers and their addresses) for one group of addresses. */
const MAX_CONNECT_ATTEMPTS = 3;

/**
 * The email verifier (PRODUCT.md 4a, decision 0030): syntax, the domain's mail exchangers,
 * the classification lists, then SMTP up to RCPT TO, with results cached across workspaces.
 * `verify` takes one address; `verifyBatch` many, grouped by domain (one DNS lookup, one
 * accept-all probe and as few connections as the per-host limits allow per domain).
 */
export function createEmailVerifier(deps: {
  uow: Pick<UnitOfWork, 'admin'>;
  settings: VerifierSettings;
  now?: () => Date;
}) {
  const s = deps.settings;
  const now = deps.now ?? (() => new Date());
  const repo = createVerificationRepository();
  const resolver = createDomainResolver({
    servers: s.dnsServers,
    timeoutMs: s.dnsTimeoutMs ?? 5_000,
    tries: s.dnsTries ?? 2,
  });
  const limits = createHostLimits({ concurrency: s.concurrency, perMinute: s.perHostPerMinute ?? 60 });
  const greylist = s.greylist ?? DEFAULT_GREYLIST;
  const perConnection = s.addressesPerConnection ?? 20;
  const session = {
    port: s.smtpPort,
    helo: s.helo,
    mailFrom: s.mailFrom,
    connectTimeoutMs: s.connectTimeoutMs ?? 10_000,
    commandTimeoutMs: s.commandTimeoutMs ?? 30_000,
  };
  // set by checkPort25(): true where outbound SMTP is blocked (many clouds)
  let blocked = false;

  const verdictOf = (status: Verdict['status'], reason: Verdict['reason'], cacheable: boolean, at: Date): Computed => ({
    status,
    reason,
    retryAt: null,
    cacheRow: cacheable
      ? { address: '', status, reason, checkedAt: at, greylistedSince: null, attempts: 0, retryAt: null }
      : null,
  });

  /** A temporary answer: greylisting retried with back-off, then unknown. */
  function greylisted(prev: CachedAddress | undefined, at: Date): Computed {
    const inCycle = prev?.retryAt != null && prev.greylistedSince != null;
    const since = inCycle ? prev.greylistedSince! : at;
    const attempts = inCycle ? prev.attempts + 1 : 1;
    const retryAt = greylistRetryAt(greylist, since, attempts, at);
    const verdict: Verdict = retryAt
      ? { status: 'risky', reason: 'greylisted' }
      : { status: 'unknown', reason: 'greylisted' };
    return {
      ...verdict,
      retryAt,
      cacheRow: { address: '', ...verdict, checkedAt: at, greylistedSince: since, attempts, retryAt },
    };
  }

  /** One connection's work for some addresses of a domain, on the first exchanger that answers. */
  async function converse(hosts: MxHost[], addresses: string[], probe: string | null) {
    let last: OpenFailure = { kind: 'unreachable', timedOut: true };
    const targets = hosts
      .flatMap((h) => h.addresses.map((address) => ({ name: h.name, address })))
      .slice(0, MAX_CONNECT_ATTEMPTS);
    for (const t of targets) {
      const r = await limits.run(`${t.address}:${s.smtpPort}`, async () => {
        const opened = await openSmtpSession({ ...session, address: t.address, servername: t.name });
        if ('failed' in opened) return opened;
        try {
          const probed = probe ? await opened.session.check(probe) : null;
          const outcomes: RcptOutcome[] = [];
          for (const a of addresses) outcomes.push(await opened.session.check(a));
          return { probed, outcomes };
        } finally {
          opened.session.close();
        }
      });
      if (!('failed' in r)) return r;
      last = r.failed;
      // a server that answered and refused speaks for the domain; only silence tries the next
      if (last.kind !== 'unreachable') break;
    }
    return { failed: last };
  }

  async function verifyDomain(
    domain: string,
    emails: ParsedEmail[],
    facts: CachedDomain | undefined,
    cached: Map<string, CachedAddress>,
    at: Date,
  ) {
    const out = new Map<string, Computed>();
    const all = (c: Computed) => {
      for (const e of emails) out.set(e.address, c);
      return out;
    };

    let answer: DomainAnswer;
    let acceptAll: boolean | null = null;
    if (facts) {
      answer =
        facts.dns === 'mx' ? { kind: 'mx', hosts: facts.mx ?? [], implicit: facts.mxImplicit } : { kind: facts.dns };
      acceptAll = facts.acceptAll;
    } else {
      answer = await resolver.lookup(domain);
      if (answer.kind !== 'timeout') {
        const row = {
          domain,
          dns: answer.kind,
          mx: answer.kind === 'mx' ? answer.hosts : null,
          mxImplicit: answer.kind === 'mx' && answer.implicit,
          checkedAt: at,
        };
        await deps.uow.admin((tx) => repo.saveDomain(tx, row));
      }
    }
    if (answer.kind === 'timeout') return all(verdictOf('unknown', 'timeout', false, at));
    if (answer.kind !== 'mx') return all(verdictOf('invalid', answer.kind, true, at));
    // a throwaway inbox is risky whatever its server says: no SMTP asked
    if (isDisposableDomain(domain)) return all(verdictOf('risky', 'disposable', true, at));
    // known without asking again (7 days), so also where SMTP is blocked
    if (acceptAll === true) return all(verdictOf('risky', 'accept_all', true, at));
    if (blocked) return all(verdictOf('unknown', 'blocked', false, at));
    const hosts = answer.hosts;

    const addresses = emails.map((e) => e.address);
    const groups: string[][] = [];
    for (let i = 0; i < addresses.length; i += perConnection) groups.push(addresses.slice(i, i + perConnection));
    // the first connection also asks for a mailbox nobody has: accepted, the domain takes any
    const probe = acceptAll === null ? `${randomBytes(8).toString('hex')}-lt-probe@${domain}` : null;
    const answers = await Promise.all(groups.map((g, i) => converse(hosts, g, i === 0 ? probe : null)));

    const first = answers[0]!;
    if (!('failed' in first) && first.probed) {
      const known = first.probed.kind === 'accepted' ? true : first.probed.kind === 'rejected' ? false : null;
      if (known !== null) {
        acceptAll = known;
        await deps.uow.admin((tx) => repo.saveAcceptAll(tx, domain, known, at));
      }
    }
    groups.forEach((g, i) => {
      const a = answers[i]!;
      g.forEach((address, j) => {
        const o: RcptOutcome =
          'failed' in a ? (a.failed.kind === 'unreachable' ? { kind: 'timeout' } : a.failed) : a.outcomes[j]!;
        out.set(address, fromOutcome(o, emails[i * perConnection + j]!, acceptAll === true, cached.get(address), at));
      });
    });
    return out;
  }

  function fromOutcome(
    o: RcptOutcome,
    email: ParsedEmail,
    acceptAll: boolean,
    prev: CachedAddress | undefined,
    at: Date,
  ): Computed {
    switch (o.kind) {
      case 'accepted': {
        const v = acceptedVerdict({
          acceptAll,
          role: isRoleLocalPart(email.local),
          webmail: isWebmailDomain(email.domain),
        });
        return verdictOf(v.status, v.reason, true, at);
      }
      case 'rejected':
        return verdictOf('invalid', 'mailbox_not_found', true, at);
      case 'full':
        return verdictOf('invalid', 'mailbox_full', true, at);
      case 'temporary':
        return greylisted(prev, at);
      case 'policy':
        return verdictOf('unknown', 'blocked', false, at);
      case 'timeout':
        return verdictOf('unknown', 'timeout', false, at);
    }
  }

  async function verifyBatch(inputs: string[]): Promise<VerifyOutcome[]> {
    const at = now();
    const out: VerifyOutcome[] = new Array(inputs.length);
    const result = (
      email: string,
      c: Verdict & { retryAt: Date | null },
      checkedAt: Date,
      cached: boolean,
    ): VerificationResult => ({
      email,
      lookedUp: true,
      status: c.status,
      reason: c.reason,
      checkedAt,
      retryAt: c.retryAt,
      cached,
    });

    // the same address twice is looked up once
    const todo = new Map<string, { email: ParsedEmail; at: number[] }>();
    inputs.forEach((input, i) => {
      const r = parseEmail(input);
      if (!r.ok) out[i] = result(input.trim(), { status: 'invalid', reason: 'syntax', retryAt: null }, at, false);
      else if (isReservedExampleDomain(r.email.domain)) out[i] = { email: r.email.address, lookedUp: false };
      else {
        const t = todo.get(r.email.address) ?? { email: r.email, at: [] };
        t.at.push(i);
        todo.set(r.email.address, t);
      }
    });
    if (todo.size === 0) return out;

    const rows = await deps.uow.admin((tx) => repo.findAddresses(tx, [...todo.keys()], at));
    const cached = new Map(rows.map((r) => [r.address, r]));
    const byDomain = new Map<string, ParsedEmail[]>();
    for (const [address, t] of todo) {
      const c = cached.get(address);
      // served from the cache: a settled answer, or greylisting whose retry is not due;
      // an unknown is asked again
      if (c && c.status !== 'unknown' && (c.retryAt === null || c.retryAt > at)) {
        for (const i of t.at) out[i] = result(address, c, c.checkedAt, true);
        continue;
      }
      byDomain.set(t.email.domain, [...(byDomain.get(t.email.domain) ?? []), t.email]);
    }
    if (byDomain.size === 0) return out;

    const facts = new Map(
      (await deps.uow.admin((tx) => repo.findDomains(tx, [...byDomain.keys()], at))).map((d) => [d.domain, d]),
    );
    const domains = new PQueue({ concurrency: s.domainConcurrency ?? 8 });
    const computed = new Map<string, Computed>();
    await Promise.all(
      [...byDomain].map(([domain, emails]) =>
        domains.add(async () => {
          const done = await verifyDomain(domain, emails, facts.get(domain), cached, at);
          for (const [address, c] of done) computed.set(address, c);
          // kept as each domain ends: a job killed mid-batch asks again only what was in flight
          const save = [...done].filter(([, c]) => c.cacheRow).map(([address, c]) => ({ ...c.cacheRow!, address }));
          await deps.uow.admin((tx) => repo.saveAddresses(tx, save));
        }),
      ),
    );

    for (const [address, c] of computed) for (const i of todo.get(address)!.at) out[i] = result(address, c, at, false);
    return out;
  }

  return {
    verify: async (email: string): Promise<VerifyOutcome> => (await verifyBatch([email]))[0]!,
    verifyBatch,

    /**
     * Whether this machine can open SMTP connections at all: a connection to the exchanger of
     * a well-known domain on the SMTP port. Where it can't (many clouds block port 25), every
     * SMTP stage answers unknown with reason blocked, never a false invalid. Run at a worker's
     * start; null when DNS could not tell (nothing changed then).
     */
    async checkPort25(): Promise<{ reachable: boolean | null; target: string | null }> {
      const answer = await resolver.lookup(s.reachabilityDomain ?? 'gmail.com');
      const address = answer.kind === 'mx' ? answer.hosts[0]?.addresses[0] : undefined;
      if (!address) return { reachable: null, target: null };
      const target = `${address}:${s.smtpPort}`;
      const reachable = await new Promise<boolean>((resolve) => {
        const socket = net.connect({ host: address, port: s.smtpPort, timeout: session.connectTimeoutMs });
        const done = (ok: boolean) => {
          socket.destroy();
          resolve(ok);
        };
        socket.once('connect', () => done(true));
        socket.once('timeout', () => done(false));
        socket.once('error', () => done(false));
      });
      blocked = !reachable;
      return { reachable, target };
    },

    get blocked() {
      return blocked;
    },

    close: () => resolver.cancel(),
  };
}

export type EmailVerifier = ReturnType<typeof createEmailVerifier>;
