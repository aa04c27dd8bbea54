import net from 'node:net';
import SMTPConnection from 'nodemailer/lib/smtp-connection';

/**
 * One SMTP conversation with a mail exchanger, up to RCPT TO and never DATA, on nodemailer's
 * SMTPConnection: it does the greeting, EHLO (HELO fallback), STARTTLS when offered and the
 * timeouts. Its public send() always ends an accepted envelope with DATA, so MAIL FROM and
 * RCPT TO go through its command queue (`_sendCommand` + `_responseActions`, as its own
 * reset() and quit() do); RSET is its reset().
 */

/** What the server said to one recipient. */
export type RcptOutcome =
  /** 250: the mailbox takes mail */
  | { kind: 'accepted'; code: number }
  /** 550/551/553 about the mailbox: it does not exist */
  | { kind: 'rejected'; code: number; response: string }
  /** 552: over its quota */
  | { kind: 'full'; code: number; response: string }
  /** 421/450/451/452, or another 4xx: try again later (greylisting) */
  | { kind: 'temporary'; code: number; response: string }
  /** a refusal about us, not the mailbox (policy, 5.7.x, a refused sender): says nothing of it */
  | { kind: 'policy'; code: number; response: string }
  /** no answer in time, or the connection went away */
  | { kind: 'timeout' };

type Refusal = Extract<RcptOutcome, { kind: 'temporary' | 'policy' }>;

/** Why a session could not be opened: `unreachable` lets the caller try the next exchanger. */
export type OpenFailure = { kind: 'unreachable'; timedOut: boolean } | Refusal;

export type SessionOptions = {
  /** an address (the caller resolved the exchanger with its own DNS servers) */
  address: string;
  port: number;
  /** the exchanger's name, for TLS SNI */
  servername?: string;
  helo: string;
  mailFrom: string;
  connectTimeoutMs: number;
  /** each reply, the greeting and a STARTTLS handshake included */
  commandTimeoutMs: number;
};

type Internals = { _sendCommand(line: string): void; _responseActions: ((str: string) => void)[] };

const codeOf = (reply: string) => Number(reply.slice(0, 3)) || 0;
/** The enhanced status code's class and subject (RFC 3463), e.g. 5.1.1 -> [5, 1]. */
const enhanced = (reply: string) => {
  const m = /^\d{3}[ -](\d)\.(\d{1,3})\.\d{1,3}\b/.exec(reply);
  return m ? [Number(m[1]), Number(m[2])] : null;
};

/** A RCPT TO reply as an outcome. */
export function rcptOutcome(reply: string): RcptOutcome {
  const code = codeOf(reply);
  const response = reply.trim();
  if (code >= 200 && code < 300) return { kind: 'accepted', code };
  if (code >= 400 && code < 500) return { kind: 'temporary', code, response };
  // 5.7.x is security or policy ("blocked using a blocklist" often comes as 550 5.7.1):
  // a refusal of the sender, not a verdict on the mailbox
  if (enhanced(reply)?.[1] === 7) return { kind: 'policy', code, response };
  if (code === 550 || code === 551 || code === 553) return { kind: 'rejected', code, response };
  if (code === 552) return { kind: 'full', code, response };
  return { kind: 'policy', code, response };
}

/** A failed MAIL FROM or greeting as an outcome for every recipient of the session. */
const refusal = (code: number, response: string): Refusal =>
  code >= 400 && code < 500 ? { kind: 'temporary', code, response } : { kind: 'policy', code, response };

export type SmtpSession = {
  /** MAIL FROM, RCPT TO the address, then RSET: one transaction, never DATA. */
  check(address: string): Promise<RcptOutcome>;
  /** QUIT, then the connection is closed (a server that does not answer it included). */
  close(): void;
};

function connect(
  opts: SessionOptions,
  ignoreTLS: boolean,
): Promise<{ conn: SMTPConnection } | { error: NodeJS.ErrnoException & { responseCode?: number; response?: string } }> {
  const conn = new SMTPConnection({
    host: opts.address,
    port: opts.port,
    name: opts.helo,
    // verification, not delivery: an MX's certificate is often self-signed or for another name
    tls: {
      rejectUnauthorized: false,
      ...(opts.servername && !net.isIP(opts.servername) ? { servername: opts.servername } : {}),
    },
    ignoreTLS,
    connectionTimeout: opts.connectTimeoutMs,
    greetingTimeout: opts.commandTimeoutMs,
    socketTimeout: opts.commandTimeoutMs,
    socketCloseTimeout: 1_000,
    logger: false,
  });
  return new Promise((resolve) => {
    // kept until connected: a second error on a failed connection must not go unheard (it throws)
    const onError = (error: NodeJS.ErrnoException) => resolve({ error });
    conn.on('error', onError);
    conn.connect((err) => {
      conn.off('error', onError);
      resolve(err ? { error: err } : { conn });
    });
  });
}

/** Opens a session: greeting, EHLO, STARTTLS when offered; or why it could not. */
export async function openSmtpSession(
  opts: SessionOptions,
): Promise<{ session: SmtpSession } | { failed: OpenFailure }> {
  let attempt = await connect(opts, false);
  // a TLS handshake that fails is retried in plain text: a server that insists on TLS then
  // says so (530), and one that merely offered it goes on
  if ('error' in attempt && attempt.error.code === 'ETLS') attempt = await connect(opts, true);
  if ('error' in attempt) {
    const { error } = attempt;
    if (error.responseCode && error.response) return { failed: refusal(error.responseCode, String(error.response)) };
    return { failed: { kind: 'unreachable', timedOut: error.code === 'ETIMEDOUT' } };
  }
  return { session: sessionOn(attempt.conn, opts.mailFrom) };
}

function sessionOn(conn: SMTPConnection, mailFrom: string): SmtpSession {
  const internals = conn as unknown as Internals;
  let pending: { resolve: (reply: string) => void; reject: (err: Error) => void } | null = null;
  let lost = false;
  const fail = (err: Error) => {
    lost = true;
    const p = pending;
    pending = null;
    p?.reject(err);
  };
  // an error or a close while a reply is awaited (socket timeout, dropped connection)
  conn.on('error', (err) => fail(err));
  conn.on('end', () => fail(new Error('connection closed')));

  const command = (line: string) =>
    new Promise<string>((resolve, reject) => {
      if (lost || conn.destroyed) return reject(new Error('connection closed'));
      pending = { resolve, reject };
      internals._responseActions.push((reply) => {
        const p = pending;
        pending = null;
        p?.resolve(reply);
      });
      internals._sendCommand(line);
    });

  const reset = () =>
    new Promise<void>((resolve) => {
      if (lost || conn.destroyed) return resolve();
      // a failed RSET leaves the session unusable: later checks answer timeout
      conn.reset((err) => {
        if (err) lost = true;
        resolve();
      });
    });

  return {
    async check(address) {
      try {
        const mail = await command(`MAIL FROM:<${mailFrom}>`);
        if (codeOf(mail) >= 300) {
          const failure = refusal(codeOf(mail), mail.trim());
          await reset();
          return failure;
        }
        const outcome = rcptOutcome(await command(`RCPT TO:<${address}>`));
        await reset();
        return outcome;
      } catch {
        return { kind: 'timeout' };
      }
    },
    close() {
      if (lost || conn.destroyed) return conn.close();
      conn.quit();
      // QUIT's reply closes it; a server that never answers is closed anyway
      setTimeout(() => conn.close(), 1_000).unref();
    },
  };
}
