import type { FastifyBaseLogger } from 'fastify';
import type { Container } from '../container.js';
import type { Jobs } from '../core/jobs.js';
import { attachBillingWorker } from './billing/billing.jobs.js';
import { attachImportWorker } from './imports/imports.jobs.js';
import { attachCreditsWorker } from './credits/credits.jobs.js';
import { attachRevealWorker } from './prospects/prospects-reveal.jobs.js';
import { attachPrivacyWorker } from './privacy/privacy.jobs.js';
import { attachAuditWorker } from './audit/audit.jobs.js';
import { attachWebhooksWorker } from './webhooks/webhooks.jobs.js';
import { attachRecordsBulkWorker } from './records/records-bulk.jobs.js';
import { attachVerificationWorker } from './verification/verification.jobs.js';

export type WorkerDeps = { jobs: Jobs; container: Container; log: FastifyBaseLogger };

/** One line per module that has background jobs: its handlers are attached here. */
export async function registerWorkers(deps: WorkerDeps): Promise<void> {
  const { jobs, container, log } = deps;
  await attachImportWorker(jobs, container.importWorker.processor, log);
  await attachCreditsWorker(jobs, container.credits, log);
  await attachRevealWorker(jobs, container.reveal, log);
  await attachPrivacyWorker(jobs, container.privacy, log);
  await attachAuditWorker(jobs, container.audit, log);
  attachWebhooksWorker(container.webhooks, log);
  await attachBillingWorker(jobs, container.billing.renewal, log);
  await attachRecordsBulkWorker(jobs, { contacts: container.contacts, companies: container.companies }, log);
  await attachVerificationWorker(jobs, container.verification, container.verifier, log);
}
