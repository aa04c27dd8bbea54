import { SMTPServer } from 'smtp-server';

export type CaughtMail = { to: string[]; raw: string };

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startMailCatcher() {
  const messages: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Waits for the oldest unread message to an address, marks it read and returns its decoded text. */
    async waitFor(to: string, timeoutMs = 5000): Promise<string> {
      const start = Date.now();
      for (;;) {
        const found = messages.find((m) => m.to.includes(to.toLowerCase()));
        if (found) {
          messages.splice(messages.indexOf(found), 1);
          return decodeQuotedPrintable(found.raw);
        }
        if (Date.now() - start > timeoutMs) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export const firstLinkIn = (text: string) => text.match(/https?:\/\/[^\s"'<>]+/)?.[0] ?? null;
