import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeers, UNREACHABLE_HOST, type SmtpPeer } from '../../../test/verify-peers.js';
import { openSmtpSession, rcptOutcome, type SessionOptions } from './smtp-probe.js';

let port = 0;
const peers: Record<string, SmtpPeer> = {};
beforeAll(async () => {
  // one port for all, as the verifier's SMTP port is one setting
  const started = await startSmtpPeers({
    known: ['127.0.0.2', { kind: 'known', mailboxes: ['jane@acme.test'], full: ['full@acme.test'] }],
    tls: ['127.0.0.3', { kind: 'require_tls', mailboxes: ['jane@secure.test'] }],
    drop: ['127.0.0.4', { kind: 'drop' }],
    slow: ['127.0.0.5', { kind: 'slow', delayMs: 1_000 }],
  });
  port = started.port;
  Object.assign(peers, started.peers);
});
afterAll(async () => {
  await Promise.all(Object.values(peers).map((p) => p.close()));
});

const options = (address: string): SessionOptions => ({
  address,
  port,
  helo: 'verify.leadtrail.test',
  mailFrom: 'bounce@leadtrail.test',
  connectTimeoutMs: 500,
  commandTimeoutMs: 300,
});

async function open(address: string) {
  const r = await openSmtpSession(options(address));
  if (!('session' in r)) throw new Error(`not connected: ${JSON.stringify(r.failed)}`);
  return r.session;
}

describe('SMTP probe (against smtp-server on loopback)', () => {
  it('asks about several mailboxes on one connection, with the configured EHLO name and sender, never DATA', async () => {
    const session = await open('127.0.0.2');
    expect(await session.check('jane@acme.test')).toEqual({ kind: 'accepted', code: 250 });
    expect(await session.check('nobody@acme.test')).toMatchObject({ kind: 'rejected', code: 550 });
    expect(await session.check('full@acme.test')).toMatchObject({ kind: 'full', code: 552 });
    session.close();
    expect(peers.known!.connections).toBe(1);
    expect(peers.known!.rcpts).toEqual(['jane@acme.test', 'nobody@acme.test', 'full@acme.test']);
    expect(peers.known!.heloNames).toEqual(Array(3).fill('verify.leadtrail.test'));
    expect(peers.known!.mailFroms).toEqual(Array(3).fill('bounce@leadtrail.test'));
    expect(peers.known!.dataCalls).toBe(0);
  });

  it('upgrades with STARTTLS when offered, accepting the server’s self-signed certificate', async () => {
    const session = await open('127.0.0.3');
    expect(await session.check('jane@secure.test')).toEqual({ kind: 'accepted', code: 250 });
    session.close();
    expect(peers.tls!.secureRcpts).toBe(1);
  });

  it('answers timeout for a server that drops the connection, and for the addresses after it', async () => {
    const session = await open('127.0.0.4');
    expect(await session.check('jane@drop.test')).toEqual({ kind: 'timeout' });
    expect(await session.check('john@drop.test')).toEqual({ kind: 'timeout' });
    session.close();
  });

  it('answers timeout for a server slower than the command timeout, within about that time', async () => {
    const session = await open('127.0.0.5');
    const started = Date.now();
    expect(await session.check('jane@slow.test')).toEqual({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(900);
    session.close();
  });

  it('says unreachable when nothing listens', async () => {
    expect(await openSmtpSession(options(UNREACHABLE_HOST))).toEqual({
      failed: { kind: 'unreachable', timedOut: false },
    });
  });
});

describe('rcptOutcome', () => {
  it.each([
    ['250 2.1.5 Ok', 'accepted'],
    ['550 5.1.1 No such user', 'rejected'],
    ['551 User not local', 'rejected'],
    ['553 5.1.3 Bad recipient address syntax', 'rejected'],
    ['552 5.2.2 Mailbox full', 'full'],
    ['450 4.7.1 Greylisted', 'temporary'],
    ['451 4.3.0 Local error', 'temporary'],
    ['452 4.2.2 Over quota', 'temporary'],
    ['421 4.7.0 Try again later', 'temporary'],
    // a block of our sender is no verdict on the mailbox
    ['550 5.7.1 Client host blocked using a blocklist', 'policy'],
    ['554 5.7.1 Relay access denied', 'policy'],
    ['554 Transaction failed', 'policy'],
  ])('%s -> %s', (reply, kind) => {
    expect(rcptOutcome(reply).kind).toBe(kind);
  });
});
