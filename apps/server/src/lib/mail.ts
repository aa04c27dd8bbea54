import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { createUnitOfWork } from '../core/unit-of-work.js';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';
import { newId } from './ids.js';

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };

/**
 * SMTP when SMTP_URL is set; every message is also kept in the outbox table,
 * and without SMTP it is written to the log so a developer can follow its links.
 */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
}): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const uow = createUnitOfWork(opts.db);
  return {
    async send(mail) {
      let sent = false;
      if (transport) {
        await transport.sendMail({ from: opts.from, ...mail });
        sent = true;
      } else {
        opts.log.info({ mailTo: mail.to, subject: mail.subject }, `mail (no SMTP configured):\n${mail.text}`);
      }
      await uow.admin((tx) =>
        tx.insert(mailOutbox).values({
          id: newId(),
          toAddress: mail.to,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html ?? null,
          sent,
        }),
      );
    },
  };
}
