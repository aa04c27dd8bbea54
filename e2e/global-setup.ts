import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { startDnsPeer, startSmtpPeer } from '../apps/server/test/verify-peers';
import { mailDir, smtpPort, verifyDnsPort, verifySmtpPort } from './support/env';

const safeName = (address: string): string => address.toLowerCase().replace(/[^a-z0-9@._+-]/g, '_');

/** Catches the app's mail on 127.0.0.1:2526 (E2E_SMTP_PORT) and writes each message to e2e/.mail/. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  fs.rmSync(mailDir, { recursive: true, force: true });
  fs.mkdirSync(mailDir, { recursive: true });

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const stamp = Date.now();
        for (const rcpt of session.envelope.rcptTo) {
          // written aside, then renamed: a test polling the folder never reads half a message (a cut link)
          const file = path.join(mailDir, `${stamp}-${safeName(rcpt.address)}.eml`);
          fs.writeFileSync(`${file}.part`, raw);
          fs.renameSync(`${file}.part`, file);
        }
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(smtpPort, '127.0.0.1', () => resolve());
  });

  // the email verifier's world (issue 24): e2e-mail.test has these mailboxes and no others
  const dns = await startDnsPeer(
    { 'e2e-mail.test': { mx: [{ exchange: 'mx.e2e-mail.test', priority: 10 }] }, 'mx.e2e-mail.test': { a: ['127.0.0.1'] } },
    verifyDnsPort,
  );
  const mx = await startSmtpPeer('127.0.0.1', verifySmtpPort, {
    kind: 'known',
    mailboxes: ['ada.lovelace@e2e-mail.test', 'grace.hopper@e2e-mail.test', 'mary.good@e2e-mail.test'],
  });

  return async () => {
    await Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), dns.close(), mx.close()]);
  };
}
