import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { mailDir, smtpPort } from './support/env';

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

  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
