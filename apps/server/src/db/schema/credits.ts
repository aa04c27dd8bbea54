import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bulkJobStopReasons, creditFeatures, creditKinds, revealFields, revealJobStatuses } from '@leadtrail/contracts';

/** Tables of credits and reveals (migration 0620). The ledger is append-only. */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const creditGrantSources = ['plan', 'purchase', 'adjustment', 'refund'] as const;
export type CreditGrantSource = (typeof creditGrantSources)[number];

/** One row per workspace: locked by every change of the balance. */
export const creditAccounts = pgTable('credit_accounts', {
  workspaceId: uuid('workspace_id').primaryKey(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const creditGrants = pgTable(
  'credit_grants',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: uuid('id').notNull(),
    source: text('source', { enum: creditGrantSources }).notNull(),
    amount: integer('amount').notNull(),
    remaining: integer('remaining').notNull(),
    periodStart: ts('period_start'),
    expiresAt: ts('expires_at'),
    expiredAt: ts('expired_at'),
    reference: text('reference'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

export type CreditDraw = { grantId: string; amount: number };

export const creditLedger = pgTable(
  'credit_ledger',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: uuid('id').notNull(),
    kind: text('kind', { enum: creditKinds }).notNull(),
    feature: text('feature', { enum: creditFeatures }).notNull(),
    amount: integer('amount').notNull(),
    grantId: uuid('grant_id'),
    draws: jsonb('draws').$type<CreditDraw[]>(),
    memberId: uuid('member_id'),
    reference: text('reference'),
    description: text('description').notNull(),
    dataRequested: text('data_requested'),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** A person's spend or refund: the reveal (its life) it paid for and the address's SHA-256 (decision 0027). */
    revealId: uuid('reveal_id'),
    valueHash: text('value_hash'),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);

/** The people a reveal's one ledger row paid for (decision 0035): a line per person and feature. */
export const creditLedgerLines = pgTable(
  'credit_ledger_lines',
  {
    workspaceId: uuid('workspace_id').notNull(),
    ledgerId: uuid('ledger_id').notNull(),
    line: integer('line').notNull(),
    feature: text('feature', { enum: ['prospect_email', 'prospect_phone'] }).notNull(),
    amount: integer('amount').notNull(),
    reference: text('reference').notNull(),
    revealId: uuid('reveal_id'),
    valueHash: text('value_hash'),
    grantId: uuid('grant_id'),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.ledgerId, t.line] })],
);

export const memberCreditLimits = pgTable(
  'member_credit_limits',
  {
    workspaceId: uuid('workspace_id').notNull(),
    memberId: uuid('member_id').notNull(),
    monthlyLimit: integer('monthly_limit'),
    updatedBy: uuid('updated_by'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.memberId] })],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    workspaceId: uuid('workspace_id').notNull(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    memberId: uuid('member_id'),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.scope, t.key] })],
);

export const revealJobs = pgTable(
  'reveal_jobs',
  {
    workspaceId: uuid('workspace_id').notNull(),
    id: uuid('id').notNull(),
    memberId: uuid('member_id').notNull(),
    userId: uuid('user_id').notNull(),
    status: text('status', { enum: revealJobStatuses }).notNull().default('queued'),
    fields: text('fields', { enum: revealFields }).notNull(),
    listId: uuid('list_id'),
    prospectIds: uuid('prospect_ids').array().notNull(),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    estimatedCost: integer('estimated_cost').notNull(),
    charged: integer('charged').notNull().default(0),
    revealed: integer('revealed').notNull().default(0),
    free: integer('free').notNull().default(0),
    suppressed: integer('suppressed').notNull().default(0),
    noData: integer('no_data').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** Only valid emails charged and revealed (decision 0035). */
    validOnly: boolean('valid_only').notNull().default(false),
    /** Emails left out and never charged (invalid, or not valid with validOnly). */
    skippedEmails: integer('skipped_emails').notNull().default(0),
    error: text('error'),
    stopReason: text('stop_reason', { enum: bulkJobStopReasons }),
    cancelledBy: uuid('cancelled_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] })],
);
