import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { createMailer } from '../lib/mail.js';
import type { Jobs } from '../plugins/jobs.js';
import { attachImportWorker } from './imports/imports.jobs.js';
import { createServices } from './services.js';

export type WorkerDeps = { config: Config; db: Db; jobs: Jobs; log: FastifyBaseLogger };

/** One line per module that has background jobs: its handlers are attached here. */
export async function registerWorkers(deps: WorkerDeps): Promise<void> {
  const { config, db, jobs, log } = deps;
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log });
  const services = createServices({ config, db, jobs, mailer });
  await attachImportWorker(jobs, services.importWorker.processor, services.importWorker.repo, log);
}
