import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { createUnitOfWork, onCommit, type Tx } from '../core/unit-of-work.js';
import type { Db } from '../db/client.js';
import { mailOutboxSql } from './mail-outbox.sql.js';
import { newId } from './ids.js';

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = {
  /**
   * In the caller's unit of work: the outbox row commits or rolls back with the use case (a
   * rolled-back use case sends no mail, as with webhooks); the message goes once it committed.
   */
  sendIn: (tx: Tx, mail: Mail) => Promise<void>;
  /** In a unit of work of its own: a use case with nothing else to commit (an inquiry, a job's notice). */
  send: (mail: Mail) => Promise<void>;
};

/**
 * SMTP when SMTP_URL is set; every message is also kept in the outbox table (written in the use
 * case's transaction, marked sent once SMTP took it), and without SMTP it is written to the log
 * so a developer can follow its links. Delivery happens after the commit, outside the answer: a
 * failure is logged and the row stays unsent.
 */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
}): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const uow = createUnitOfWork(opts.db);

  async function deliver(id: string, mail: Mail) {
    if (!transport) {
      opts.log.info({ mailTo: mail.to, subject: mail.subject }, `mail (no SMTP configured):\n${mail.text}`);
      return;
    }
    try {
      await transport.sendMail({ from: opts.from, ...mail });
      await uow.admin((tx) => mailOutboxSql.markSent(tx, id));
    } catch (err) {
      opts.log.error({ err, mailTo: mail.to, subject: mail.subject }, 'mail could not be sent');
    }
  }

  async function sendIn(tx: Tx, mail: Mail) {
    const id = newId();
    await mailOutboxSql.insert(tx, { id, toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html ?? null });
    onCommit(tx, () => void deliver(id, mail));
  }

  return {
    sendIn,
    send: (mail) => uow.admin((tx) => sendIn(tx, mail)),
  };
}
