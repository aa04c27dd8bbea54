import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createDb } from '../../db/client.js';
import { createUnitOfWork } from '../../core/unit-of-work.js';
import {
  silentUdpPort,
  startDnsPeer,
  startSmtpPeers,
  UNREACHABLE_HOST,
  type SmtpPeer,
} from '../../../test/verify-peers.js';
import { loadConfig } from '../../config.js';
import { createEmailVerifier, verifierSettingsFrom, type VerifierSettings } from './email-verifier.js';
import type { VerifyOutcome } from './verification-result.js';
import { createVerificationRepository } from './verification.repository.js';

/**
 * The verifier end to end against real protocol peers on loopback: a DNS server (dns2) and
 * SMTP servers (smtp-server) of each behaviour, each on its own loopback address, all on one
 * port; the cache in the run's PostgreSQL. The clock is the test's, so a day passes at once.
 */

const db = createDb(inject('databaseUrl'), { max: 2 });
const uow = createUnitOfWork(db);
let dns: Awaited<ReturnType<typeof startDnsPeer>>;
let silent: Awaited<ReturnType<typeof silentUdpPort>>;
const peers: Record<string, SmtpPeer> = {};
let port = 0;
let clock = Date.parse('2026-03-02T09:00:00Z');
const MANY = Array.from({ length: 12 }, (_, i) => `person${i}@many.test`);

beforeAll(async () => {
  // smtp-server hands the handlers a punycode domain decoded (bücher.test)
  const knownMailboxes = [
    'jane@known.test',
    'sales@known.test',
    'jane@backup.test',
    'jane@bare.test',
    'jane.doe@gmail.com',
    'jane@bücher.test',
  ];
  const started = await startSmtpPeers({
    known: ['127.0.0.2', { kind: 'known', mailboxes: knownMailboxes, full: ['full@known.test'] }],
    catchall: ['127.0.0.3', { kind: 'accept_all' }],
    grey: ['127.0.0.4', { kind: 'greylist', mailboxes: ['jane@grey.test'], always: ['stuck@grey.test'] }],
    reject: ['127.0.0.5', { kind: 'reject_all' }],
    tls: ['127.0.0.6', { kind: 'require_tls', mailboxes: ['jane@tls.test'] }],
    drop: ['127.0.0.7', { kind: 'drop' }],
    slow: ['127.0.0.8', { kind: 'slow', delayMs: 1_500 }],
    many: ['127.0.0.9', { kind: 'known', mailboxes: MANY }],
    blocklisted: ['127.0.0.10', { kind: 'blocklisted' }],
  });
  port = started.port;
  Object.assign(peers, started.peers);
  const mx = (host: string) => ({ mx: [{ exchange: host, priority: 10 }] });
  dns = await startDnsPeer({
    'known.test': mx('mx.known.test'),
    'mx.known.test': { a: ['127.0.0.2'] },
    'gmail.com': mx('mx.known.test'),
    'xn--bcher-kva.test': mx('mx.known.test'),
    'catchall.test': mx('mx.catchall.test'),
    'mx.catchall.test': { a: ['127.0.0.3'] },
    'mailinator.com': mx('mx.catchall.test'),
    'grey.test': mx('mx.grey.test'),
    'mx.grey.test': { a: ['127.0.0.4'] },
    'reject.test': mx('mx.reject.test'),
    'mx.reject.test': { a: ['127.0.0.5'] },
    'tls.test': mx('mx.tls.test'),
    'mx.tls.test': { a: ['127.0.0.6'] },
    'drop.test': mx('mx.drop.test'),
    'mx.drop.test': { a: ['127.0.0.7'] },
    'slow.test': mx('mx.slow.test'),
    'mx.slow.test': { a: ['127.0.0.8'] },
    'blocklisting.test': mx('mx.blocklisting.test'),
    'mx.blocklisting.test': { a: ['127.0.0.10'] },
    'many.test': mx('mx.many.test'),
    'mx.many.test': { a: ['127.0.0.9'] },
    // the preferred exchanger is down: the next one answers
    'backup.test': {
      mx: [
        { exchange: 'mx.known.test', priority: 20 },
        { exchange: 'down.backup.test', priority: 10 },
      ],
    },
    'down.backup.test': { a: [UNREACHABLE_HOST] },
    'bare.test': { a: ['127.0.0.2'] },
    'nomail.test': { mx: [{ exchange: '', priority: 0 }] },
    'empty.test': {},
    'blocked-probe.test': mx('down.backup.test'),
  });
  silent = await silentUdpPort();
});

afterAll(async () => {
  await Promise.all(Object.values(peers).map((p) => p.close()));
  await dns.close();
  await silent.close();
  await db.close();
});

const settings = (over: Partial<VerifierSettings> = {}): VerifierSettings => ({
  // as a deployment configures it
  ...verifierSettingsFrom(
    loadConfig({
      VERIFY_HELO_HOST: 'verify.leadtrail.test',
      VERIFY_MAIL_FROM: 'bounces@leadtrail.test',
      VERIFY_DNS_SERVERS: dns.server,
      VERIFY_SMTP_PORT: String(port),
      VERIFY_CONCURRENCY: '2',
    }).verify,
  ),
  dnsTimeoutMs: 200,
  dnsTries: 1,
  connectTimeoutMs: 500,
  commandTimeoutMs: 300,
  greylist: { firstRetryMs: 60_000, giveUpAfterMs: 24 * 3_600_000 },
  ...over,
});
const verifier = (over: Partial<VerifierSettings> = {}) =>
  createEmailVerifier({ uow, settings: settings(over), now: () => new Date(clock) });
const brief = (r: VerifyOutcome) => (r.lookedUp ? [r.email, r.status, r.reason] : [r.email, 'not looked up']);

describe('email verifier', () => {
  it('reaches each status and reason in one batch, in the input’s order', async () => {
    const v = verifier();
    const results = await v.verifyBatch([
      'Jane@Known.test',
      'jane@Bücher.test',
      'jane.doe@gmail.com',
      'sales@known.test',
      'nobody@known.test',
      'full@known.test',
      'anyone@catchall.test',
      'someone@mailinator.com',
      'nobody@reject.test',
      'jane@blocklisting.test',
      'jane@tls.test',
      'jane@backup.test',
      'jane@bare.test',
      'jane@nomail.test',
      'jane@empty.test',
      'jane@missing.test',
      'jane@drop.test',
      'jane@slow.test',
      'not an address',
      'ada@acme.example',
    ]);
    expect(results.map(brief)).toEqual([
      ['jane@known.test', 'valid', null],
      ['jane@xn--bcher-kva.test', 'valid', null],
      ['jane.doe@gmail.com', 'valid', 'webmail'],
      ['sales@known.test', 'risky', 'role'],
      ['nobody@known.test', 'invalid', 'mailbox_not_found'],
      ['full@known.test', 'invalid', 'mailbox_full'],
      ['anyone@catchall.test', 'risky', 'accept_all'],
      ['someone@mailinator.com', 'risky', 'disposable'],
      ['nobody@reject.test', 'invalid', 'mailbox_not_found'],
      // 550 5.7.1 is about us, not the mailbox: never a false invalid
      ['jane@blocklisting.test', 'unknown', 'blocked'],
      ['jane@tls.test', 'valid', null],
      ['jane@backup.test', 'valid', null],
      ['jane@bare.test', 'valid', null],
      ['jane@nomail.test', 'invalid', 'null_mx'],
      ['jane@empty.test', 'invalid', 'no_mx'],
      ['jane@missing.test', 'invalid', 'no_domain'],
      ['jane@drop.test', 'unknown', 'timeout'],
      ['jane@slow.test', 'unknown', 'timeout'],
      ['not an address', 'invalid', 'syntax'],
      ['ada@acme.example', 'not looked up'],
    ]);
    // the disposable domain's server was never asked; the TLS one was asked over TLS
    expect(peers.catchall!.rcpts.some((r) => r.endsWith('@mailinator.com'))).toBe(false);
    expect(peers.tls!.secureRcpts).toBeGreaterThan(0);
    // the configured EHLO name and sender
    expect(new Set(peers.known!.heloNames)).toEqual(new Set(['verify.leadtrail.test']));
    expect(new Set(peers.known!.mailFroms)).toEqual(new Set(['bounces@leadtrail.test']));
  });

  it('answers from the cache the second time: no DNS, no SMTP', async () => {
    const v = verifier();
    const queries = dns.queries;
    const rcpts = peers.known!.rcpts.length;
    const [again, fresh] = await v.verifyBatch(['jane@known.test', 'nobody@catchall.test']);
    expect(again).toMatchObject({ status: 'valid', cached: true });
    // the domain's accept-all is cached too: every address there is risky without asking
    expect(fresh).toMatchObject({ status: 'risky', reason: 'accept_all', cached: false });
    expect(dns.queries).toBe(queries);
    expect(peers.known!.rcpts.length).toBe(rcpts);
    expect(peers.catchall!.rcpts.some((r) => r === 'nobody@catchall.test')).toBe(false);
  });

  it('retries greylisting with back-off: risky until the retry, valid once the server accepts', async () => {
    const v = verifier();
    const first = await v.verify('jane@grey.test');
    expect(first).toMatchObject({ status: 'risky', reason: 'greylisted', retryAt: new Date(clock + 60_000) });
    // before the retry is due: the cached answer, the server is not asked again
    const asked = peers.grey!.rcpts.length;
    expect(await v.verify('jane@grey.test')).toMatchObject({ reason: 'greylisted', cached: true });
    expect(peers.grey!.rcpts.length).toBe(asked);
    clock += 61_000;
    expect(await v.verify('jane@grey.test')).toMatchObject({
      status: 'valid',
      reason: null,
      retryAt: null,
      cached: false,
    });
  });

  it('gives up on greylisting after a day: unknown', async () => {
    const v = verifier();
    const since = clock;
    expect(await v.verify('stuck@grey.test')).toMatchObject({
      status: 'risky',
      reason: 'greylisted',
      retryAt: new Date(since + 60_000),
    });
    clock += 120_000;
    expect(await v.verify('stuck@grey.test')).toMatchObject({ status: 'risky', retryAt: new Date(clock + 120_000) });
    clock = since + 24 * 3_600_000;
    expect(await v.verify('stuck@grey.test')).toMatchObject({ status: 'unknown', reason: 'greylisted', retryAt: null });
  });

  it('keeps to the per-host concurrency, reusing each connection for several addresses', async () => {
    const v = verifier({ concurrency: 2, addressesPerConnection: 3 });
    const results = await v.verifyBatch([...MANY, 'ghost@many.test']);
    expect(results.map((r) => (r.lookedUp ? r.status : null))).toEqual([...MANY.map(() => 'valid'), 'invalid']);
    // 13 addresses, 3 a connection: 5 connections, never more than 2 at once
    expect(peers.many!.connections).toBe(5);
    expect(peers.many!.maxOpen).toBe(2);
  });

  it('answers unknown (timeout), never invalid, when the DNS server does not answer', async () => {
    const v = verifier({ dnsServers: [silent.server], dnsTimeoutMs: 100 });
    expect(brief(await v.verify('jane@unresolved.test'))).toEqual(['jane@unresolved.test', 'unknown', 'timeout']);
  });

  it('where port 25 is unreachable, says so and answers unknown (blocked) instead of asking', async () => {
    const v = verifier({ reachabilityDomain: 'blocked-probe.test' });
    expect(await v.checkPort25()).toEqual({ reachable: false, target: `${UNREACHABLE_HOST}:${port}` });
    const connections = peers.reject!.connections;
    expect(brief(await v.verify('someone-else@reject.test'))).toEqual([
      'someone-else@reject.test',
      'unknown',
      'blocked',
    ]);
    expect(peers.reject!.connections).toBe(connections);
    // and a machine that can reach it goes on asking
    expect(await verifier({ reachabilityDomain: 'known.test' }).checkPort25()).toEqual({
      reachable: true,
      target: `127.0.0.2:${port}`,
    });
  });

  it('drops cached results past their time: addresses after 30 days, domains after 7', async () => {
    const repo = createVerificationRepository();
    const at = new Date(clock);
    const daysAgo = (d: number) => new Date(clock - d * 86_400_000);
    await uow.admin(async (tx) => {
      await repo.saveAddresses(tx, [
        {
          address: 'old@expiry.test',
          status: 'valid',
          reason: null,
          checkedAt: daysAgo(31),
          greylistedSince: null,
          attempts: 0,
          retryAt: null,
        },
        {
          address: 'recent@expiry.test',
          status: 'valid',
          reason: null,
          checkedAt: daysAgo(29),
          greylistedSince: null,
          attempts: 0,
          retryAt: null,
        },
      ]);
      await repo.saveDomain(tx, {
        domain: 'old.expiry.test',
        dns: 'no_mx',
        mx: null,
        mxImplicit: false,
        checkedAt: daysAgo(8),
      });
      await repo.saveDomain(tx, {
        domain: 'recent.expiry.test',
        dns: 'no_mx',
        mx: null,
        mxImplicit: false,
        checkedAt: daysAgo(6),
      });
    });
    // past its time a result is not served, even before it is dropped
    const found = await uow.admin((tx) => repo.findAddresses(tx, ['old@expiry.test', 'recent@expiry.test'], at));
    expect(found.map((r) => r.address)).toEqual(['recent@expiry.test']);
    const domains = await uow.admin((tx) => repo.findDomains(tx, ['old.expiry.test', 'recent.expiry.test'], at));
    expect(domains.map((d) => d.domain)).toEqual(['recent.expiry.test']);
    const dropped = await uow.admin((tx) => repo.deleteExpired(tx, at));
    expect(dropped.addresses).toBeGreaterThanOrEqual(1);
    expect(dropped.domains).toBeGreaterThanOrEqual(1);
    const left = await db.pool.query(
      `select address from email_verifications where address like '%@expiry.test' union all select domain from email_domains where domain like '%expiry.test'`,
    );
    expect(left.rows.map((r) => r.address).sort()).toEqual(['recent.expiry.test', 'recent@expiry.test']);
  });

  it('never sends DATA', () => {
    expect(Object.values(peers).reduce((n, p) => n + p.dataCalls, 0)).toBe(0);
  });
});
