import net from 'node:net';
import { Packet, UDPServer } from 'dns2';
import { SMTPServer, type SMTPServerOptions, type SMTPServerSession } from 'smtp-server';

/**
 * Real protocol peers on loopback for the email verifier's tests: a DNS server (dns2) and
 * SMTP servers (smtp-server) of several behaviours, each on its own loopback address and all
 * on one port (the verifier's SMTP port is one setting, as port 25 is in production).
 */

export type ZoneEntry = {
  mx?: { exchange: string; priority: number }[];
  a?: string[];
  aaaa?: string[];
};

/** RFC 1035 4.1.1 (dns2 has the constant but its types don't declare it) */
const NXDOMAIN = 3;

/** Names absent from the zone answer NXDOMAIN; a name without a record type answers NOERROR, no data. */
export async function startDnsPeer(zone: Record<string, ZoneEntry>, port = 0) {
  let queries = 0;
  const server = new UDPServer((request, send) => {
    queries++;
    const response = Packet.createResponseFromRequest(request);
    const question = request.questions[0]!;
    const name = question.name.toLowerCase().replace(/\.$/, '');
    const entry = zone[name];
    // dns2's types describe answers as encoded resources; plain records are what it encodes
    const answers = response.answers as unknown as object[];
    if (!entry) {
      response.header.rcode = NXDOMAIN;
      void send(response);
      return;
    }
    const base = { name: question.name, class: Packet.CLASS.IN, ttl: 60 };
    if (question.type === Packet.TYPE.MX) {
      for (const mx of entry.mx ?? [])
        answers.push({ ...base, type: Packet.TYPE.MX, exchange: mx.exchange, priority: mx.priority });
    } else if (question.type === Packet.TYPE.A) {
      for (const address of entry.a ?? []) answers.push({ ...base, type: Packet.TYPE.A, address });
    } else if (question.type === Packet.TYPE.AAAA) {
      for (const address of entry.aaaa ?? []) answers.push({ ...base, type: Packet.TYPE.AAAA, address });
    }
    void send(response);
  });
  await server.listen(port, '127.0.0.1');
  const bound = server.address().port;
  return {
    /** for VERIFY_DNS_SERVERS */
    server: `127.0.0.1:${bound}`,
    get queries() {
      return queries;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback UDP port where nothing answers: a DNS server that can't be reached. */
export async function silentUdpPort() {
  const { createSocket } = await import('node:dgram');
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  return { server: `127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => socket.close(() => resolve())) };
}

export type Behaviour =
  /** accepts only the listed mailboxes (550 5.1.1 for others) */
  | { kind: 'known'; mailboxes: string[]; full?: string[] }
  /** accepts every recipient */
  | { kind: 'accept_all' }
  /** 450 4.7.1 for the first attempt of each recipient (every attempt for `always`), then as `known` */
  | { kind: 'greylist'; mailboxes: string[]; always?: string[] }
  /** 550 5.1.1 for every recipient */
  | { kind: 'reject_all' }
  /** 550 5.7.1 for every recipient: our sender is blocklisted, nothing said of the mailbox */
  | { kind: 'blocklisted' }
  /** refuses MAIL FROM until STARTTLS, then accepts only the listed mailboxes */
  | { kind: 'require_tls'; mailboxes: string[] }
  /** drops the connection when a recipient is given */
  | { kind: 'drop' }
  /** answers each RCPT TO after `delayMs` (longer than the client's command timeout) */
  | { kind: 'slow'; delayMs: number };

export type SmtpPeer = {
  host: string;
  /** connections open right now, and the most ever open at once */
  open: number;
  maxOpen: number;
  connections: number;
  rcpts: string[];
  /** onData calls: must stay 0, the verifier never sends DATA */
  dataCalls: number;
  heloNames: string[];
  mailFroms: string[];
  secureRcpts: number;
  close: () => Promise<void>;
};

const smtpError = (message: string, responseCode: number) => Object.assign(new Error(message), { responseCode });

/** One SMTP server on `host:port` with the given behaviour; port 0 picks a free one. */
export async function startSmtpPeer(
  host: string,
  port: number,
  behaviour: Behaviour,
): Promise<SmtpPeer & { port: number }> {
  const peer: SmtpPeer = {
    host,
    open: 0,
    maxOpen: 0,
    connections: 0,
    rcpts: [],
    dataCalls: 0,
    heloNames: [],
    mailFroms: [],
    secureRcpts: 0,
    close: async () => {},
  };
  const greylisted = new Set<string>();
  const options: SMTPServerOptions = {
    authOptional: true,
    // STARTTLS (with smtp-server's built-in self-signed certificate) only where the test needs it
    hideSTARTTLS: behaviour.kind !== 'require_tls',
    logger: false,
    onConnect(_session, cb) {
      peer.connections++;
      peer.open++;
      peer.maxOpen = Math.max(peer.maxOpen, peer.open);
      cb();
    },
    onClose() {
      peer.open--;
    },
    onMailFrom(address, session, cb) {
      peer.heloNames.push(session.hostNameAppearsAs);
      peer.mailFroms.push(address.address);
      if (behaviour.kind === 'require_tls' && !session.secure)
        return cb(smtpError('Must issue a STARTTLS command first', 530));
      cb();
    },
    onRcptTo(address, session, cb) {
      const to = address.address.toLowerCase();
      peer.rcpts.push(to);
      if (session.secure) peer.secureRcpts++;
      switch (behaviour.kind) {
        case 'known':
          if (behaviour.full?.includes(to)) return cb(smtpError('Mailbox full', 552));
          return behaviour.mailboxes.includes(to) ? cb() : cb(smtpError('5.1.1 No such user', 550));
        case 'require_tls':
          return behaviour.mailboxes.includes(to) ? cb() : cb(smtpError('5.1.1 No such user', 550));
        case 'accept_all':
          return cb();
        case 'reject_all':
          return cb(smtpError('5.1.1 No such user', 550));
        case 'blocklisted':
          return cb(smtpError('5.7.1 Client host blocked using a blocklist', 550));
        case 'greylist':
          if (!greylisted.has(to) || behaviour.always?.includes(to)) {
            greylisted.add(to);
            return cb(smtpError('4.7.1 Greylisted, try again later', 450));
          }
          return behaviour.mailboxes.includes(to) ? cb() : cb(smtpError('5.1.1 No such user', 550));
        case 'drop':
          return dropConnection(server, session);
        case 'slow':
          setTimeout(() => cb(), behaviour.delayMs);
          return;
      }
    },
    onData(stream, _session, cb) {
      peer.dataCalls++;
      stream.resume();
      stream.on('end', () => cb());
    },
  };
  const server = new SMTPServer(options);
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const bound = (server.server.address() as net.AddressInfo).port;
  peer.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return Object.assign(peer, { port: bound });
}

/**
 * Servers on several loopback addresses, all on one free port: the first picks it; if another
 * process holds it on one of the other addresses (a wildcard listener), all start again.
 */
export async function startSmtpPeers<K extends string>(specs: Record<K, [host: string, behaviour: Behaviour]>) {
  for (let attempt = 1; ; attempt++) {
    const started: [K, SmtpPeer & { port: number }][] = [];
    try {
      for (const [name, [host, behaviour]] of Object.entries(specs) as [K, [string, Behaviour]][]) {
        started.push([name, await startSmtpPeer(host, started[0]?.[1].port ?? 0, behaviour)]);
      }
      return { port: started[0]![1].port, peers: Object.fromEntries(started) as unknown as Record<K, SmtpPeer> };
    } catch (err) {
      await Promise.all(started.map(([, p]) => p.close()));
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 5) throw err;
    }
  }
}

/** Ends the client's connection without a reply (a server that hangs up mid-conversation). */
function dropConnection(server: SMTPServer, session: SMTPServerSession) {
  const connections = (server as unknown as { connections: Set<{ id: string; _socket: net.Socket }> }).connections;
  for (const c of connections) if (c.id === session.id) c._socket.destroy();
}

/** A loopback address and port where nothing listens: connections are refused. */
export const UNREACHABLE_HOST = '127.0.0.99';
